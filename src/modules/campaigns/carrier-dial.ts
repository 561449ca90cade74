import { sql } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { EngineDeps } from '../engine/run-conversation.js';
import { defaultEngineSettings } from '../engine/engine-settings.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import { finishDial, prepareDial, settleAbandonedDial, type ClaimedRecipient } from './campaign-steps.js';
import { converseOutboundCall, dialOutboundCall, isCallBlocked, recordUnansweredCall } from './outbound-call-steps.js';
import { outboundCallRoute } from './outbound-route.js';
import type { OutboundCallFinal } from '../../../workflows/outbound-call/messages.js';

/**
 * How one campaign dial through the carrier ended; `sip`: its caller number
 * goes out through a SIP trunk, so a media process must place it (a
 * campaignDial workflow, started by the batch's workflow), and it is still in
 * flight.
 */
export type CarrierDialResult = { status: OutboundCallFinal; costMicros: number } | { status: 'sip' };

/**
 * One attempt at one campaign recipient through the carrier, from the call
 * row to the recipient's result, called directly (no workflow per dial:
 * decision 0033). The same steps as a campaignDial workflow, in the same
 * order and with the same keys, so it is as safe to run again: the call row
 * is keyed by `dial/<campaign>/<contact>/<attempt>`, which is also the
 * carrier's idempotency key (a second run gets the first dial back, never a
 * second call), the session is written once under the call's session id, and
 * the recipient's result is applied to its attempt once.
 *
 * A refusal (a DomainError: the caller number is gone, the carrier refused)
 * ends the dial as `failed`, recorded like any other ending. Anything else
 * (the database away) is thrown: the batch's activity runs the dial again
 * (see dialCampaignBatch).
 */
export async function runCarrierDial(deps: EngineDeps, campaignId: string, dial: ClaimedRecipient): Promise<CarrierDialResult> {
  const em = () => deps.orm.em.fork();
  const settings = deps.settings ?? defaultEngineSettings();
  let callId: string | undefined;
  let result: { status: OutboundCallFinal; costMicros: number };
  try {
    callId = await prepareDial(em(), campaignId, dial.recipientId, dial.attempt, workflowIds.dial(campaignId, dial.contactId, dial.attempt));
    if ((await outboundCallRoute(em(), callId)).via === 'sip') return { status: 'sip' };
    if (await isCallBlocked(em(), callId)) {
      await recordUnansweredCall(em(), callId, 'dnc_blocked');
      result = { status: 'dnc_blocked', costMicros: 0 };
    } else {
      const outcome = await dialOutboundCall(em(), settings, callId);
      if (outcome === 'answered') {
        result = { status: 'completed', costMicros: (await converseOutboundCall(deps, callId)).costMicros };
      } else {
        await recordUnansweredCall(em(), callId, outcome);
        result = { status: outcome, costMicros: 0 };
      }
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (callId) await recordUnansweredCall(em(), callId, 'failed', error.message);
    result = { status: 'failed', costMicros: 0 };
  }
  await finishDial(em(), campaignId, dial.recipientId, dial.attempt, result.status, result.costMicros);
  return result;
}

/** The dials of a claim not finished yet (finishDial clears the claim): what a batch run again still has to do. */
async function openDialsOfClaim(deps: Pick<EngineDeps, 'orm'>, campaignId: string, token: string): Promise<ClaimedRecipient[]> {
  const rows = await sql<{ id: string; contact_id: string; attempts: number }>(
    deps.orm.em.fork(),
    `
    select id, contact_id, attempts from campaign_recipient
     where campaign_id = ? and claim = ? and state in ('dialling', 'in_call') order by seq`,
    [campaignId, token],
  );
  return rows.map((r) => ({ recipientId: r.id, contactId: r.contact_id, attempt: r.attempts }));
}

/**
 * Marks a claim's open dials as alive (their rows' updated_at), so the
 * campaign's sweep, which reconciles dials in flight whose rows have not
 * moved for a minute and whose workflow is gone, leaves a batch's long calls
 * alone while the batch runs.
 */
async function touchDialsOfClaim(deps: Pick<EngineDeps, 'orm'>, campaignId: string, token: string): Promise<void> {
  await sql(
    deps.orm.em.fork(),
    `update campaign_recipient set updated_at = now()
    where campaign_id = ? and claim = ? and state in ('dialling', 'in_call')`,
    [campaignId, token],
  );
}

/**
 * A batch whose activity failed for good: each of its claim's open dials is
 * settled (settleAbandonedDial, as one that ran): the call's own ending if it
 * reached one, else failed with `reason`. Returns how many it settled.
 */
export async function settleFailedBatch(deps: Pick<EngineDeps, 'orm'>, campaignId: string, token: string, reason: string): Promise<number> {
  let settled = 0;
  for (const dial of await openDialsOfClaim(deps, campaignId, token)) {
    if (await settleAbandonedDial(deps.orm.em.fork(), campaignId, dial, reason, { ran: true })) settled++;
  }
  return settled;
}

/** How often a running batch marks its open dials alive (the sweep looks at rows unchanged for a minute). */
const CLAIM_TOUCH_MS = 15_000;

/**
 * The open dials of one claim, side by side, each through runCarrierDial
 * (decision 0033); what the dialCampaignBatch activity runs. Run again (a
 * retry, or another worker after a crash), it goes on with the dials of the
 * claim not finished yet, each safe to run twice. It keeps their rows fresh
 * meanwhile, so the campaign's sweep leaves a long call alone. Returns the
 * dials whose caller number goes out through a SIP trunk (still in flight,
 * for the batch's workflow to start as campaignDial workflows); throws the
 * first failure once every dial has stopped.
 */
export async function runClaimDials(deps: EngineDeps, campaignId: string, token: string): Promise<{ sip: ClaimedRecipient[] }> {
  const open = await openDialsOfClaim(deps, campaignId, token);
  const fresh = setInterval(() => void touchDialsOfClaim(deps, campaignId, token).catch(() => undefined), CLAIM_TOUCH_MS);
  try {
    const results = await Promise.allSettled(open.map(async (dial) => ({ dial, result: await runCarrierDial(deps, campaignId, dial) })));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return { sip: results.flatMap((r) => (r.status === 'fulfilled' && r.value.result.status === 'sip' ? [r.value.dial] : [])) };
  } finally {
    clearInterval(fresh);
  }
}
