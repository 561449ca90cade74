import { proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import type { OutboundCallOutcome, OutboundCallProgress } from '../outbound-call/messages.js';
import { describe, runOutboundCall } from '../outbound-call/run-call.js';
import type { DialInput } from './messages.js';

// Idempotent database steps, run as local activities (no server round trip each).
const db = proxyLocalActivities<Activities>(presets.campaignLocalStep);

/**
 * One attempt at one campaign recipient, `dial/<campaign>/<contact>/<attempt>`:
 * the call row is keyed by this workflow's id, which is also the carrier's
 * idempotency key, so a worker that crashes mid-dial never dials twice. The
 * recipient's state is always written at the end (done, queued for a retry,
 * skipped_dnc or failed), so the campaign's in-flight count (read from the
 * database) always gets its slot back.
 */
export async function campaignDial(input: DialInput): Promise<OutboundCallOutcome> {
  const progress: OutboundCallProgress = { stage: 'checking' };
  let outcome: OutboundCallOutcome;
  try {
    const callId = await db.prepareCampaignDial(input.campaignId, input.recipientId, input.attempt, workflowInfo().workflowId);
    outcome = await runOutboundCall(callId, progress);
  } catch (error) {
    outcome = { status: 'failed', endReason: describe(error), costMicros: 0 };
  }
  await db.finishCampaignDial(input.campaignId, input.recipientId, input.attempt, outcome.status, outcome.costMicros);
  return outcome;
}
