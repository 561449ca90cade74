import type { Logger } from 'pino';
import { sql, type Em, type Orm } from '../../db/orm.js';
import { listenToChannel } from '../../db/listen.js';
import { startWorkflowOnce, type TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { TriggerRunInput } from '../../../workflows/trigger-run/messages.js';
import { deliverWebhookAttempt } from './trigger-run-steps.js';
import type { TriggerSettings } from './trigger-settings.js';
import type { TriggerRunStatus } from './triggers.schemas.js';

/**
 * Webhook deliveries at the speed of a plain loop, with the guarantees of a
 * workflow (issue 14, docs/decisions/0032). A trigger run is written in the
 * transaction of what it reports (emitEvent) and announced with NOTIFY on
 * commit. Each worker's dispatcher LISTENs, claims waiting runs with
 * `FOR UPDATE SKIP LOCKED` for a lease, and makes the first attempt itself,
 * with the same attempt function the workflow uses (recorded before the
 * request goes out, the event id as webhook-id). Only a run that needs more
 * (the receiver failed and the schedule says retry, or the claim lapsed
 * because its worker died mid-attempt) becomes a durable triggerRun workflow,
 * which goes on from where the dispatcher stopped. A poll catches what a
 * notification missed and claims that lapsed.
 */
export const TRIGGER_RUNS_CHANNEL = 'trigger_run_waiting';

/** Wakes every worker's dispatcher (delivered when `em`'s transaction, if any, commits). */
export async function announceTriggerRuns(em: Em): Promise<void> {
  await sql(em, 'select pg_notify(?, ?)', [TRIGGER_RUNS_CHANNEL, '']);
}

export type RunWorkflowStart = TriggerRunInput;

/**
 * Starts the triggerRun workflow of each run. The workflow id is the run's
 * business key and duplicates are rejected, so two dispatchers racing for a
 * run whose claim lapsed start one workflow. Marks each run started, which
 * takes it out of the dispatcher's reach; a run whose start failed stays
 * unmarked, and its claim's lapse hands it to a dispatcher again.
 */
export async function startRunWorkflows(em: Em, temporal: TemporalAccess, runs: readonly RunWorkflowStart[]): Promise<void> {
  const started: string[] = [];
  let failure: unknown;
  await Promise.all(
    runs.map(async (input) => {
      try {
        await startWorkflowOnce<(input: TriggerRunInput) => Promise<void>>(temporal, 'triggerRun', workflowIds.triggerRun(input.runId), [input]);
        started.push(input.runId);
      } catch (error) {
        failure ??= error;
      }
    }),
  );
  if (started.length) {
    await sql(em, 'update trigger_run set workflow_started_at = now() where id in (select json_array_elements_text(?::json)) and workflow_started_at is null', [
      JSON.stringify(started),
    ]);
  }
  if (failure) throw failure;
}

interface Claimed {
  id: string;
  /** The lapsed claim's end; null for a run nobody claimed before. */
  previous: Date | null;
  status: TriggerRunStatus;
  attempts: number;
  next_attempt_at: Date | null;
}

export interface WebhookDispatcherOptions {
  orm: Orm;
  temporal: TemporalAccess;
  settings: TriggerSettings;
  /** The database the LISTEN connection opens (the ORM's own). */
  databaseUrl: string;
  /** The safety net: how often it looks for runs without being told (missed notifications, lapsed claims). */
  pollMs: number;
  /** First attempts in flight at once in this process. */
  concurrency?: number;
  /** Only these organizations' runs (a dispatcher of some tenants; test files that share a database); absent: all. */
  organizations?: readonly string[];
  logger: Logger;
}

export interface WebhookDispatcher {
  /** Resolves once it listens. */
  ready: Promise<void>;
  /** Stops claiming; resolves once the attempts in flight are recorded. */
  stop(): Promise<void>;
}

/** The worker role's dispatcher of first attempts (see the top of this file). */
export function startWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { orm, temporal, settings, logger } = options;
  const concurrency = options.concurrency ?? 64;
  // Longer than any attempt can take: a claim lapses only when its worker is gone.
  const leaseMs = settings.timeoutMs + 5_000;
  const flights = new Set<Promise<void>>();
  let stopped = false;
  let dirty = false;
  let saturated = false;
  let pumping: Promise<void> | undefined;

  const scope = options.organizations ? 'and organization_id in (select json_array_elements_text(?::json))' : '';
  const claim = (limit: number) =>
    sql<Claimed>(
      orm.em.fork(),
      `with c as (
       select id, claimed_until from trigger_run
       where workflow_started_at is null and status in ('pending', 'delivering') and (claimed_until is null or claimed_until < now()) ${scope}
       order by id limit ? for update skip locked)
     update trigger_run r set claimed_until = now() + ? * interval '1 millisecond'
     from c where r.id = c.id
     returning r.id, c.claimed_until as previous, r.status, jsonb_array_length(r.attempts)::int as attempts, r.next_attempt_at`,
      [...(options.organizations ? [JSON.stringify(options.organizations)] : []), limit, leaseMs],
    );

  const handle = async (run: Claimed): Promise<void> => {
    if (run.previous === null && run.status === 'pending' && run.attempts === 0) {
      const outcome = await deliverWebhookAttempt(orm.em.fork(), run.id, 0, settings);
      if (outcome.next === 'retry') await startRunWorkflows(orm.em.fork(), temporal, [{ runId: run.id, fromAttempt: 1, firstWaitMs: outcome.waitMs }]);
      return;
    }
    // A claim that lapsed: its worker died during the first attempt (redo it: at least once), or after it, before
    // the workflow started (go on with the schedule's wait that is left).
    const answered = run.status === 'delivering';
    const waitMs = answered && run.next_attempt_at ? Math.max(0, new Date(run.next_attempt_at).getTime() - Date.now()) : 0;
    await startRunWorkflows(orm.em.fork(), temporal, [{ runId: run.id, fromAttempt: answered ? run.attempts : 0, firstWaitMs: waitMs }]);
  };

  const pump = async (): Promise<void> => {
    while (dirty && !stopped) {
      dirty = false;
      const room = concurrency - flights.size;
      if (room <= 0) return; // a flight that lands wakes it
      let runs: Claimed[];
      try {
        runs = await claim(room);
      } catch (error) {
        logger.warn({ err: error }, 'webhook dispatcher: could not claim runs; the poll retries');
        return;
      }
      // A full claim: more may be waiting, so each landing flight looks again.
      saturated = runs.length === room;
      if (saturated) dirty = true;
      for (const run of runs) {
        const flight: Promise<void> = handle(run)
          .catch((error: unknown) => logger.warn({ err: error, run_id: run.id }, 'webhook dispatcher: a run failed; its claim lapses to a workflow'))
          .finally(() => {
            flights.delete(flight);
            if (saturated) wake();
          });
        flights.add(flight);
      }
    }
  };

  const wake = (): void => {
    dirty = true;
    if (pumping || stopped) return;
    pumping = pump().finally(() => {
      pumping = undefined;
      if (dirty && !stopped && flights.size < concurrency) wake();
    });
  };

  const listener = listenToChannel(
    options.databaseUrl,
    TRIGGER_RUNS_CHANNEL,
    () => wake(),
    logger,
    "webhook dispatcher's listener (the poll delivers meanwhile)",
  );
  const poll = setInterval(wake, options.pollMs);
  poll.unref();
  wake();

  return {
    ready: listener.ready,
    async stop() {
      stopped = true;
      clearInterval(poll);
      await listener.close();
      await pumping;
      await Promise.all([...flights]);
    },
  };
}
