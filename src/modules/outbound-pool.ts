import type { Agent } from 'undici';
import { guardedDispatcher } from './outbound-http.js';

/**
 * Guarded connection pools, one per allowlist, kept for the process: keep-alive
 * matters to a model provider (every turn) and to a webhook receiver (bursts).
 * Shared by the engine and the webhook deliveries, closed on shutdown and in
 * tests' afterAll.
 */
const pools = new Map<string, Agent>();

export function pooledDispatcher(allowedHosts: readonly string[]): Agent {
  const key = [...allowedHosts].sort().join(',');
  let pool = pools.get(key);
  if (!pool) {
    pool = guardedDispatcher(allowedHosts);
    pools.set(key, pool);
  }
  return pool;
}

export async function closePooledDispatchers(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}
