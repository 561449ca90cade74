import { sql } from '../db/orm.js';
import { withinDeadline } from '../temporal/deadline.js';
import type { AppDeps } from '../deps.js';

/** Readiness: the database answers a query and Temporal answers a health check, each within 2 s. */
export async function checkReadiness(deps: AppDeps) {
  if (deps.lifecycle?.draining) return { status: 'draining' as const, checks: {} };
  const within = <T>(p: Promise<T>) =>
    Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out after 2 s')), 2000).unref())]);
  const check = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    try {
      await within(fn());
      return { status: 'ok' as const, ms: Math.round(performance.now() - started) };
    } catch (error) {
      return { status: 'error' as const, error: (error as Error).message };
    }
  };
  const database = await check(() => sql(deps.orm.em.fork(), 'select 1'));
  const temporal = deps.temporal
    ? await check(() => withinDeadline(deps.temporal!.client, 2000, () => deps.temporal!.connection.healthService.check({})))
    : { status: 'error' as const, error: 'this process has no Temporal connection' };
  const status = database.status === 'ok' && temporal.status === 'ok' ? ('ok' as const) : ('error' as const);
  return { status, checks: { database, temporal } };
}
