import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { AppDeps } from '../deps.js';
import { DomainError } from './errors.js';

/** What a domain function needs to start, query or update workflows. */
export interface TemporalAccess {
  client: Client;
  taskQueue: string;
}

/**
 * The app's Temporal client and task queue, or a 503 problem when the
 * process runs without Temporal (the API still serves reads then).
 */
export function temporalAccess(deps: Pick<AppDeps, 'temporal' | 'config'>): TemporalAccess {
  if (!deps.temporal?.client) throw temporalUnavailable();
  return { client: deps.temporal.client, taskQueue: deps.config.temporal.taskQueue };
}

/**
 * Starts workflow `workflowId` of `workflowType` once. The id is the business key (a row's id): a second start
 * of it is refused, and "already started" counts as started (a retried request, a racing caller, a dispatcher
 * whose claim lapsed). Any other failure is thrown, for the caller to close its row.
 */
export async function startWorkflowOnce<W extends Workflow>(
  temporal: TemporalAccess,
  workflowType: string,
  workflowId: string,
  args: Parameters<W>,
): Promise<void> {
  try {
    await temporal.client.workflow.start(workflowType, {
      taskQueue: temporal.taskQueue,
      workflowId,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.FAIL,
      // Typed by this function's signature (the SDK's own typing of `args` does not resolve for a generic W).
      args: args as unknown[],
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    throw error;
  }
}

/**
 * Starts the workflow that runs a row (a release, a campaign, an outbound call, a voice clone). Already started
 * is success (a retry). Any other failure means no workflow will ever run the row: `close` marks it finished with
 * the reason ("The <noun> could not start: ..."), and the caller hears 503 naming what was not accepted.
 */
export async function startWorkflowOrClose<W extends Workflow>(
  temporal: TemporalAccess,
  workflowType: string,
  workflowId: string,
  args: Parameters<W>,
  row: { noun: string; details: Record<string, unknown>; close: (reason: string) => Promise<unknown> },
): Promise<void> {
  try {
    await startWorkflowOnce<W>(temporal, workflowType, workflowId, args);
  } catch (error) {
    await row.close(`The ${row.noun} could not start: ${(error as Error).message}`);
    throw new DomainError('UNAVAILABLE', `The workflow service (Temporal) did not accept the ${row.noun}: try again later`, row.details);
  }
}

/**
 * Runs an update that moves a running workflow (pause a campaign, approve a release) and says why it did not, once
 * for every move: the workflow's validator or handler refused (409 with the workflow's own reason), or no such
 * workflow runs (409 `notRunning`). Anything else (Temporal unreachable) is thrown as it is.
 */
export async function moveWorkflow<T>(
  update: () => Promise<T>,
  refusal: { noun: string; move: string; notRunning: string; details: Record<string, unknown> },
): Promise<T> {
  try {
    return await update();
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError) {
      throw new DomainError('CONFLICT', (error.cause as Error | undefined)?.message ?? `The ${refusal.noun} refused ${refusal.move}`, {
        ...refusal.details,
        move: refusal.move,
      });
    }
    if (error instanceof WorkflowNotFoundError) throw new DomainError('CONFLICT', refusal.notRunning, refusal.details);
    throw error;
  }
}

/** The 503 for a workflow service this process has no connection to, or cannot reach now. */
export function temporalUnavailable(): DomainError {
  return new DomainError('UNAVAILABLE', 'The workflow service (Temporal) is not reachable: try again later');
}
