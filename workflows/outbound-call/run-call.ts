import { ActivityFailure, ApplicationFailure, patched, proxyActivities, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import type { MediaDialActivities } from '../../activities/media-dial.activities.js';
import { mediaTaskQueue } from '../task-queues.js';
import { presets } from '../activity-presets.js';
import { DNC_BLOCKED, type OutboundCallOutcome, type OutboundCallProgress } from './messages.js';

// Database steps run as local activities (idempotent per call): only the dial and the conversation go through the server.
const db = proxyLocalActivities<Activities>(presets.campaignLocalStep);
const dial = proxyActivities<Activities>(presets.dial);
const talk = proxyActivities<Activities>(presets.conversation);

/**
 * One call of an outbound_call row: do-not-call check → place → converse →
 * record. Shared by the outboundCall workflow and a campaign's dials. The
 * DNC check runs immediately before the dial, so an entry added after the
 * call (or the campaign) was created still blocks it. Every ending is
 * recorded as a call session with its end reason; a step that fails for
 * good (after its retries) records the call as failed rather than leaving
 * it dialling.
 */
export async function runOutboundCall(id: string, progress: OutboundCallProgress): Promise<OutboundCallOutcome> {
  const finish = async (status: 'no_answer' | 'busy' | 'voicemail' | 'failed' | 'dnc_blocked', error: string | null = null): Promise<OutboundCallOutcome> => {
    progress.stage = 'recording';
    await db.recordUnansweredCall(id, status, error);
    progress.stage = 'done';
    return { status, endReason: status, costMicros: 0 };
  };

  progress.stage = 'checking';
  try {
    await db.checkDoNotCall(id);
  } catch (error) {
    if (isFailureOfType(error, DNC_BLOCKED)) return finish('dnc_blocked');
    return finish('failed', describe(error));
  }

  // Calls whose caller-id number goes out through a SIP trunk are placed by a media process, which also runs the
  // conversation (patched: histories of calls started before this existed replay without the route step).
  if (patched('sip-trunk-route') && (await db.outboundCallRoute(id)).via === 'sip') {
    progress.stage = 'dialling';
    const media = proxyActivities<MediaDialActivities>({ ...presets.sipDial, taskQueue: mediaTaskQueue(workflowInfo().taskQueue) });
    let sip: Awaited<ReturnType<MediaDialActivities['dialSipCall']>>;
    try {
      sip = await media.dialSipCall(id);
    } catch (error) {
      return finish('failed', describe(error));
    }
    if (sip.outcome !== 'answered') return finish(sip.outcome, sip.reason ?? null);
    progress.stage = 'done';
    await db.completeOutboundCall(id, sip.endReason ?? 'unknown');
    return { status: 'completed', endReason: sip.endReason ?? 'unknown', costMicros: sip.costMicros ?? 0 };
  }

  progress.stage = 'dialling';
  let outcome: Awaited<ReturnType<Activities['dialOutboundCall']>>;
  try {
    outcome = await dial.dialOutboundCall(id);
  } catch (error) {
    return finish('failed', describe(error));
  }
  if (outcome !== 'answered') return finish(outcome);

  progress.stage = 'in_call';
  try {
    const { endReason, costMicros } = await talk.converseOutboundCall(id);
    progress.stage = 'done';
    return { status: 'completed', endReason, costMicros };
  } catch (error) {
    return finish('failed', describe(error));
  }
}

/** Whether the failure or one of its causes is an application failure of `type` (local activities wrap it differently). */
function isFailureOfType(error: unknown, type: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof ApplicationFailure && e.type === type) return true;
    if ((e as { type?: unknown }).type === type) return true;
  }
  return false;
}

export function describe(error: unknown): string {
  const cause = error instanceof ActivityFailure && error.cause ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
