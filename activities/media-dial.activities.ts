import { heartbeating } from './heartbeat.js';
import { ApplicationFailure } from '@temporalio/common';
import { sql, type Em } from '../src/db/orm.js';
import type { MediaDeps } from '../src/media/call/live-call.js';
import { dialOutboundCall } from '../src/media/call/dial-call.js';
import { loadTrunkForDial } from '../src/modules/telephony/trunks/load-trunk-for-dial.js';
import { outboundCallRoute } from '../src/modules/campaigns/outbound-route.js';
import { OutboundCall } from '../src/modules/campaigns/campaigns.entity.js';
import type { CallOutcome } from '../src/modules/telephony/telephony.entity.js';
import { defaultEngineSettings } from '../src/modules/engine/engine-settings.js';

/**
 * The SIP outcome as the dial outcomes campaigns already use: a callee who declines (603) is busy to a
 * campaign (try later); a number the trunk does not know is a failed call.
 */
function dialOutcome(outcome: string): CallOutcome {
  if (outcome === 'declined') return 'busy';
  return (['no_answer', 'busy', 'voicemail'] as string[]).includes(outcome) ? (outcome as CallOutcome) : 'failed';
}

/** Ring this long before CANCEL (a campaign's no-answer). */
const RING_TIMEOUT_MS = 30_000;
const ROOM_POLL_MS = 200;

/**
 * Whether this media process has room for one more talking call, waiting (heartbeating) up to deps.dialWaitMs for
 * a call to end: a dial counts against MEDIA_MAX_CALLS like an INVITE, which beyond it is answered 503.
 */
async function roomForDial(deps: MediaDeps): Promise<boolean> {
  if (!deps.atCapacity?.(1)) return true;
  const deadline = Date.now() + (deps.dialWaitMs ?? 0);
  return heartbeating(
    async () => {
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, ROOM_POLL_MS));
        if (!deps.atCapacity?.(1)) return true;
      }
      return false;
    },
    { first: true },
  );
}

export interface SipDialResult {
  outcome: CallOutcome;
  /** Answered calls: how the conversation ended and what it cost (the session is recorded by then). */
  endReason?: string;
  costMicros?: number;
  reason?: string;
}

/**
 * Served by every media process on the shared media task queue
 * (<main queue>-media): an outbound call through a SIP trunk is placed by
 * whichever process picks it up, and the agent's conversation runs there. The
 * activity lasts until the call is over, heartbeating, so the outbound call's
 * workflow learns how it ended; it is never retried (a retry would dial again).
 */
export function createMediaDialActivities(deps: MediaDeps) {
  return {
    async dialSipCall(outboundCallId: string): Promise<SipDialResult> {
      const em = deps.orm.em.fork();
      const call = await em.findOne(OutboundCall, { id: outboundCallId });
      if (!call) throw ApplicationFailure.create({ nonRetryable: true, message: `Outbound call ${outboundCallId} was not found` });
      const route = await outboundCallRoute(em, outboundCallId);
      if (route.via !== 'sip')
        throw ApplicationFailure.create({ nonRetryable: true, message: `Outbound call ${outboundCallId} is not routed through a SIP trunk` });
      const trunk = await loadTrunkForDial(em, deps.engine.settings ?? defaultEngineSettings(), call.organization, route.trunkId);
      if (!(await roomForDial(deps))) {
        return {
          outcome: 'busy',
          reason: `the media process was at its capacity of ${deps.maxCalls} talking calls for ${Math.round((deps.dialWaitMs ?? 0) / 1000)} s; nobody was dialled`,
        };
      }
      // From here the dial is one of the process's talking calls, until it fails or its conversation is over.
      let settle = () => {};
      deps.track?.(new Promise<void>((resolve) => (settle = resolve)));
      try {
        return await dialAndTalk(deps, em, call, outboundCallId, trunk);
      } finally {
        settle();
      }
    },
  };
}
export type MediaDialActivities = ReturnType<typeof createMediaDialActivities>;

/** Places the call and, once answered, holds the activity (heartbeating) until the conversation is recorded. */
async function dialAndTalk(
  deps: MediaDeps,
  em: Em,
  call: OutboundCall,
  outboundCallId: string,
  trunk: Awaited<ReturnType<typeof loadTrunkForDial>>,
): Promise<SipDialResult> {
  await em.nativeUpdate(OutboundCall, { id: outboundCallId }, { status: 'dialling' });
  const dialled = await dialOutboundCall(deps, {
    organizationId: call.organization,
    projectId: call.project,
    agentId: call.agent,
    versionId: call.versionId,
    sessionId: call.sessionId,
    to: call.toNumber,
    from: call.fromNumber,
    trunk,
    ringTimeoutMs: RING_TIMEOUT_MS,
    variables: call.variables,
  });
  if (dialled.outcome !== 'answered' || !dialled.conversation) return { outcome: dialOutcome(dialled.outcome), reason: dialled.reason };
  await em.nativeUpdate(OutboundCall, { id: outboundCallId }, { status: 'in_call' });
  if (call.campaignId) {
    await sql(em, `update campaign_recipient set state = 'in_call' where campaign_id = ? and last_call_id = ? and state = 'dialling'`, [
      call.campaignId,
      outboundCallId,
    ]);
  }
  await heartbeating(() => dialled.conversation!, { first: true });
  const [session] = await sql<{ end_reason: string | null; total_cost_micros: string | number }>(
    em,
    'select end_reason, total_cost_micros from call_session where id = ?',
    [call.sessionId],
  );
  return { outcome: 'answered', endReason: session?.end_reason ?? 'unknown', costMicros: Number(session?.total_cost_micros ?? 0) };
}
