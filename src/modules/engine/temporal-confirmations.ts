import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  WorkflowNotFoundError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import { isDeadlineError, withinDeadline } from '../../temporal/deadline.js';
import { answerSignal } from '../../../workflows/permission-request/messages.js';
import type { Confirmations, PermissionRequestInput, PermissionResult } from './confirmations.js';

type PermissionWorkflow = (input: PermissionRequestInput) => Promise<PermissionResult>;

/** How much longer than the request's own timeout the engine waits for a result (a worker coming back). */
const RESULT_GRACE_MS = 60_000;

/**
 * Confirmations through the permissionRequest workflow (workflows/
 * permission-request). `open` starts it, or finds it when the same request
 * was opened before (a conversation run again after a crash: it then reads
 * the recorded result, so the action does not run twice). `answer` signals
 * the caller's words (accepted by Temporal even while no worker runs) and
 * waits for the result. If no result comes within the request's timeout plus
 * a grace, the request is terminated, so it can never run after the caller
 * was told it did not.
 */
export function temporalConfirmations(client: Client, taskQueue: string, options: { graceMs?: number } = {}): Confirmations {
  const graceMs = options.graceMs ?? RESULT_GRACE_MS;
  return {
    async open(input) {
      const workflowId = workflowIds.permissionRequest(input.requestId);
      let handle: WorkflowHandle<PermissionWorkflow>;
      try {
        handle = await client.workflow.start<PermissionWorkflow>('permissionRequest', {
          taskQueue,
          workflowId,
          args: [input],
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
        handle = client.workflow.getHandle<PermissionWorkflow>(workflowId);
      }
      return {
        async answer(words) {
          try {
            await handle.signal(answerSignal, { words });
          } catch (error) {
            // Already decided (expired, or answered in an earlier run of this conversation): its result stands.
            if (!(error instanceof WorkflowNotFoundError)) throw error;
          }
          // Under a gRPC deadline, not a race with a timer: a lost race would leave the long poll running on.
          try {
            return await withinDeadline(client, input.timeoutMs + graceMs, () => handle.result());
          } catch (error) {
            if (!isDeadlineError(error)) throw error;
          }
          try {
            await handle.terminate('no result in time: the caller is told the action did not run');
          } catch (error) {
            // It finished after all, between the deadline and the terminate: its result stands.
            if (error instanceof WorkflowNotFoundError) return handle.result();
            throw error;
          }
          return { requestId: input.requestId, decision: 'expired', callerWords: words, decidedAt: new Date().toISOString(), outcome: null };
        },
      };
    },
  };
}
