import { setTimeout as sleep } from 'node:timers/promises';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/client';
import type { Logger } from 'pino';
import { sql, type Em, type Orm } from '../../db/orm.js';
import type { TemporalAccess } from '../../temporal/temporal-access.js';
import { workflowIds } from '../../temporal/workflow-ids.js';
import type { TriggerRunInput } from '../../../workflows/trigger-run/messages.js';

/**
 * Starts the triggerRun workflow of each run (after the transaction that made
 * the runs committed). The workflow id is the run's business key and
 * duplicates are rejected, so starting a run twice (this and the outbox
 * relay racing, a retried request) starts one workflow. Marks each run
 * started; a run whose start failed stays unmarked and the relay retries it.
 */
export async function startTriggerRuns(em: Em, temporal: TemporalAccess, runIds: readonly string[]): Promise<void> {
  const started: string[] = [];
  let failure: unknown;
  await Promise.all(runIds.map(async (runId) => {
    try {
      await temporal.client.workflow.start<(input: TriggerRunInput) => Promise<void>>('triggerRun', {
        taskQueue: temporal.taskQueue,
        workflowId: workflowIds.triggerRun(runId),
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.FAIL,
        args: [{ runId }],
      });
      started.push(runId);
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) started.push(runId);
      else failure ??= error;
    }
  }));
  if (started.length) {
    await sql(
      em,
      'update trigger_run set workflow_started_at = now() where id in (select json_array_elements_text(?::json)) and workflow_started_at is null',
      [JSON.stringify(started)],
    );
  }
  if (failure) throw failure;
}

/**
 * The outbox relay: runs written by callers that hold no Temporal client (the
 * engine records a session and its events in one transaction, wherever it
 * runs) are started here, `pollMs` after they commit at the latest. Runs in
 * the API and in the worker process; several relays only race to start the
 * same workflow ids, which Temporal deduplicates.
 */
export function startTriggerDispatcher(options: { orm: Orm; temporal: TemporalAccess; pollMs: number; logger?: Logger }): { stop(): Promise<void> } {
  const controller = new AbortController();
  const loop = (async () => {
    while (!controller.signal.aborted) {
      try {
        const em = options.orm.em.fork();
        const rows = await sql<{ id: string }>(
          em,
          "select id from trigger_run where workflow_started_at is null and status = 'pending' order by id limit 200",
        );
        if (rows.length) await startTriggerRuns(em, options.temporal, rows.map((r) => r.id));
        // A full page: there is more waiting, go again at once.
        if (rows.length === 200) continue;
      } catch (error) {
        options.logger?.warn({ err: error }, 'trigger run relay: could not start runs; retrying');
      }
      await sleep(options.pollMs, undefined, { signal: controller.signal }).catch(() => undefined);
    }
  })();
  return {
    async stop() {
      controller.abort();
      await loop;
    },
  };
}
