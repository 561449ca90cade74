import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  WorkflowNotFoundError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import { workflowIds } from '../../temporal/workflow-ids.js';
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
export function temporalConfirmations(client: Client, taskQueue: string): Confirmations {
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
          const deadline = input.timeoutMs + RESULT_GRACE_MS;
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<'late'>((resolve) => {
            timer = setTimeout(() => resolve('late'), deadline);
          });
          try {
            const result = await Promise.race([handle.result(), late]);
            if (result !== 'late') return result;
          } finally {
            clearTimeout(timer);
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
