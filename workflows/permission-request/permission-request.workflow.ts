import { ActivityFailure, condition, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import { classifyConfirmation, classifyKeypadConfirmation } from './confirmation-words.js';
import {
  answerSignal,
  stateQuery,
  type CallerAnswer,
  type ConfirmedToolOutcome,
  type PermissionDecision,
  type PermissionRequestInput,
  type PermissionResult,
  type PermissionState,
} from './messages.js';

const action = proxyActivities<Activities>(presets.confirmedAction);

/**
 * One Ask-permission action (spec 2.7, decision 0021): started by the
 * engine when the agent wants to run an `ask` tool, after it has read back
 * exactly what will change. It waits for the caller's answer (a signal, which
 * Temporal accepts while no worker runs, so a restart loses nothing), up to
 * the timeout. Only the first answer counts. A clear yes runs the tool once,
 * as a single activity attempt that is never retried (at most once: a worker
 * that dies during it leaves the action not retried, and the result says
 * so); a no, an unclear answer, a hang-up or the timeout end the request
 * without running anything. The result (decision, the caller's words, the
 * action's outcome) is the workflow's result: an engine asking again for the
 * same request id (a conversation replayed after a crash) reads it instead
 * of running the action a second time.
 */
export async function permissionRequest(input: PermissionRequestInput): Promise<PermissionResult> {
  let answer: CallerAnswer | undefined;
  let ignoredAnswers = 0;
  let status: PermissionState['status'] = 'waiting';
  setHandler(answerSignal, (received) => {
    if (answer === undefined && status === 'waiting') answer = received;
    else ignoredAnswers++;
  });
  setHandler(stateQuery, () => ({ status, callerWords: answer?.words ?? null, ignoredAnswers }));

  const answered = await condition(() => answer !== undefined, input.timeoutMs);
  const decidedAt = new Date().toISOString();
  let decision: PermissionDecision;
  if (!answered || answer === undefined) decision = 'expired';
  else if (answer.words === null) decision = 'hung_up';
  // patched: a history decided before keypad answers existed replays with the words alone.
  else decision = (patched('keypad-confirmation') ? classifyKeypadConfirmation(answer.words) : null) ?? classifyConfirmation(answer.words);

  let outcome: ConfirmedToolOutcome | null = null;
  if (decision === 'confirmed') {
    status = 'running';
    try {
      outcome = await action.runConfirmedTool(input);
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      // Not retried: the action may have taken effect before the failure.
      outcome = {
        status: 'failed',
        result: {
          error: 'tool_failed',
          message: `${input.toolName} was confirmed but did not finish, and is not retried (it may have run): ${error.cause?.message ?? error.message}`,
        },
      };
    }
  }
  status = decision;
  return { requestId: input.requestId, decision, callerWords: answer?.words ?? null, decidedAt, outcome };
}
