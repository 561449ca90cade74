import type { Agent } from 'undici';
import { loadConfig, type Config } from '../../config.js';
import { closePooledDispatchers, pooledDispatcher } from '../outbound-pool.js';

/**
 * What the engine needs from the configuration. The REST app passes it from
 * its config; callers that hold only an ORM (Temporal activities) leave it
 * out and get it from the environment, read once per process.
 */
export interface EngineSettings {
  encryptionKey: Buffer;
  allowedHosts: readonly string[];
  /** The hosts a telephony connection may talk to (CARRIER_API_HOSTS): checked at create and at every use. */
  carrierHosts: readonly string[];
  modelTimeoutMs: number;
  /** How long an Ask-permission request waits for the caller's answer (CONFIRMATION_TIMEOUT_MS). */
  confirmationTimeoutMs: number;
  /** Where carriers reach this platform (PUBLIC_URL): their status callbacks go to it. Absent: none are asked for. */
  publicUrl?: string;
}

export function engineSettingsFrom(config: Pick<Config, 'secrets' | 'outbound' | 'engine'> & { http?: Pick<Config['http'], 'publicUrl'> }): EngineSettings {
  return {
    encryptionKey: config.secrets.encryptionKey,
    allowedHosts: config.outbound.allowedHosts,
    carrierHosts: config.outbound.carrierHosts,
    modelTimeoutMs: config.engine.modelTimeoutMs,
    confirmationTimeoutMs: config.engine.confirmationTimeoutMs,
    publicUrl: config.http?.publicUrl?.replace(/\/+$/, ''),
  };
}

let fromEnvironment: EngineSettings | undefined;
export function defaultEngineSettings(): EngineSettings {
  fromEnvironment ??= engineSettingsFrom(loadConfig(process.env));
  return fromEnvironment;
}

/** The guarded pool for the engine's allowlist (modules/outbound-pool.ts). */
export function dispatcherFor(settings: EngineSettings): Agent {
  return pooledDispatcher(settings.allowedHosts);
}

/** Closes the pooled connections (tests' afterAll, shutdown). */
export const closeEngineDispatchers = closePooledDispatchers;
