import type { Agent } from 'undici';
import { loadConfig, type Config } from '../../config.js';
import { guardedDispatcher } from '../outbound-http.js';

/**
 * What the engine needs from the configuration. The REST app passes it from
 * its config; callers that hold only an ORM (Temporal activities) leave it
 * out and get it from the environment, read once per process.
 */
export interface EngineSettings {
  encryptionKey: Buffer;
  allowedHosts: readonly string[];
  modelTimeoutMs: number;
}

export function engineSettingsFrom(config: Pick<Config, 'secrets' | 'outbound' | 'engine'>): EngineSettings {
  return { encryptionKey: config.secrets.encryptionKey, allowedHosts: config.outbound.allowedHosts, modelTimeoutMs: config.engine.modelTimeoutMs };
}

let fromEnvironment: EngineSettings | undefined;
export function defaultEngineSettings(): EngineSettings {
  fromEnvironment ??= engineSettingsFrom(loadConfig(process.env));
  return fromEnvironment;
}

/** One guarded connection pool per allowlist, kept for the process (keep-alive to the model provider matters per turn). */
const dispatchers = new Map<string, Agent>();
export function dispatcherFor(settings: EngineSettings): Agent {
  const key = [...settings.allowedHosts].sort().join(',');
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = guardedDispatcher(settings.allowedHosts);
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}

/** Closes the pooled connections (tests' afterAll, shutdown). */
export async function closeEngineDispatchers(): Promise<void> {
  const all = [...dispatchers.values()];
  dispatchers.clear();
  await Promise.all(all.map((d) => d.close()));
}
