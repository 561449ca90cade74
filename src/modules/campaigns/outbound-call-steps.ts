import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { Agent } from '../agents/agents.entity.js';
import { DEFAULT_PRICE_LIST, Organization } from '../org/org.entity.js';
import type { EndReason, SessionKind } from '../calls/calls.entity.js';
import { recordSessions } from '../calls/record-sessions.js';
import { ABANDONED_AFTER_MS, finalizeLostSession } from '../calls/live-sessions.js';
import { runConversation, type EngineDeps } from '../engine/run-conversation.js';
import { dncCheck } from '../outbound/dnc-check.js';
import { awaitCarrierOutcome, placeCall } from '../telephony/calls/place-call.js';
import { providerFor } from '../telephony/carriers/connections.js';
import type { TelephonySettings } from '../telephony/carriers/connections.js';
import { CALL_OUTCOMES, type CallOutcome } from '../telephony/telephony.entity.js';
import { OutboundCall, TERMINAL_OUTBOUND_CALL_STATUSES, type OutboundCallStatus } from './campaigns.entity.js';
import { outboundCallRoute } from './outbound-route.js';
import { defaultEngineSettings } from '../engine/engine-settings.js';
import { emitEvent } from '../triggers/emit-event.js';
import { callEndedData, sessionEventId } from '../triggers/emit-session-events.js';

/**
 * The outboundCall workflow's steps, each idempotent per call so Temporal may
 * retry any of them (or a new worker re-run one a dead worker started):
 * the dial is deduplicated by the carrier log on the key `call/<session id>`,
 * and the session is written once under the call's pre-assigned session id.
 */
export type DialOutcome = CallOutcome;
export const UNANSWERED_OUTCOMES = ['no_answer', 'busy', 'voicemail', 'failed', 'dnc_blocked'] as const;
export type UnansweredOutcome = (typeof UNANSWERED_OUTCOMES)[number];

async function loadCall(em: Em, id: string): Promise<OutboundCall> {
  const call = await em.findOne(OutboundCall, { id });
  if (!call) throw new DomainError('NOT_FOUND', `Outbound call ${id} was not found`, { resource: 'Outbound call', id });
  return call;
}

/** Whether the callee is on the organization's do-not-call list now (one indexed lookup). */
export async function isCallBlocked(em: Em, id: string): Promise<boolean> {
  const call = await loadCall(em, id);
  return (await dncCheck(em, call.organization, call.toNumber)).blocked;
}

/**
 * Dials once per call: the idempotency key is the workflow id, so a retry
 * (or a worker that died after dialling) gets the first call back from
 * carrier_call_log instead of a second dial.
 */
export async function dialOutboundCall(em: Em, settings: TelephonySettings, id: string): Promise<DialOutcome> {
  const call = await loadCall(em, id);
  await setStatus(em, id, 'dialling');
  const placed = await placeCall(em, settings, {
    organizationId: call.organization,
    connectionId: call.connectionId,
    from: call.fromNumber,
    to: call.toNumber,
    idempotencyKey: call.dialKey,
  });
  await em.nativeUpdate(OutboundCall, { id }, { callLogId: placed.callLogId });
  if (CALL_OUTCOMES.includes(placed.status as CallOutcome)) return placed.status as CallOutcome;
  // Real carriers answer `queued` and report the outcome later, by signed callbacks to PUBLIC_URL.
  const carrier = placed.provider === 'twilio' ? 'Twilio' : 'Telnyx';
  if (!placed.reportsOutcome) {
    throw new DomainError(
      'UNPROCESSABLE',
      `${carrier} reports a call’s outcome by signed callbacks to PUBLIC_URL${placed.provider === 'telnyx' ? ', verified with the connection’s public_key' : ''}, which is not set: the outcome cannot be learned`,
      { provider: placed.provider },
    );
  }
  const outcome = await awaitCarrierOutcome(em, placed.callLogId, CARRIER_OUTCOME_WAIT_MS);
  // An answered call's audio reaches the media runtime over the stream its placement named (Twilio's TwiML, Telnyx's
  // stream_url): the conversation step waits for its record. A machine that answered is hung up rather than talked to.
  if (outcome === null || outcome === 'voicemail') {
    const { provider } = await providerFor(em, call.organization, call.connectionId, settings);
    await provider.hangUp(placed.callId).catch(() => undefined);
  }
  if (outcome === null) {
    throw new DomainError(
      'UNAVAILABLE',
      `No status came from ${carrier} within ${CARRIER_OUTCOME_WAIT_MS / 1000} s: check that PUBLIC_URL reaches this platform`,
      { provider: placed.provider },
    );
  }
  return outcome;
}

/** How long a dial through a carrier waits for its outcome: Twilio rings for 60 s, and detecting a machine takes up to 30 s more. */
export const CARRIER_OUTCOME_WAIT_MS = 150_000;

/** The answered call's conversation through the engine, written once as the call's session. */
export async function converseOutboundCall(deps: EngineDeps, id: string): Promise<{ sessionId: string; endReason: string; costMicros: number }> {
  const em = deps.orm.em.fork();
  const call = await loadCall(em, id);
  const recorded = await sessionEndReason(em, call.sessionId);
  let endReason = recorded;
  if (endReason === undefined) {
    await setStatus(em, id, 'in_call');
    if (call.campaignId) {
      await sql(em, `update campaign_recipient set state = 'in_call' where campaign_id = ? and last_call_id = ? and state = 'dialling'`, [call.campaignId, id]);
    }
    if (await streamsAudio(em, call)) {
      // The media runtime converses on the carrier's stream and records the session itself: wait for that record.
      endReason = await awaitStreamedSession(em, deps, call);
      await em.nativeUpdate(OutboundCall, { id }, { status: 'completed', endReason });
      const [row] = await sql<{ total_cost_micros: string | number }>(em, 'select total_cost_micros from call_session where id = ?', [call.sessionId]);
      return { sessionId: call.sessionId, endReason, costMicros: Number(row?.total_cost_micros ?? 0) };
    }
    const result = await runConversation(deps, {
      organizationId: call.organization,
      projectId: call.project,
      agentId: call.agent,
      versionId: call.versionId,
      direction: 'outbound',
      kind: await outboundCallKind(em, call),
      caller: { address: call.toNumber },
      phoneNumber: call.fromNumber,
      customerTurns: call.customerScript,
      sessionId: call.sessionId,
    });
    endReason = result.endReason;
  }
  await em.nativeUpdate(OutboundCall, { id }, { status: 'completed', endReason: endReason ?? null });
  const [cost] = await sql<{ total_cost_micros: string | number }>(em, 'select total_cost_micros from call_session where id = ?', [call.sessionId]);
  return { sessionId: call.sessionId, endReason: endReason ?? 'unknown', costMicros: Number(cost?.total_cost_micros ?? 0) };
}

/** Whether the call went out through a carrier whose audio streams to the media runtime (Twilio, Telnyx). */
async function streamsAudio(em: Em, call: OutboundCall): Promise<boolean> {
  if (!call.callLogId) return false;
  const [row] = await sql<{ provider: string }>(em, 'select provider from carrier_call_log where id = ?', [call.callLogId]);
  return row?.provider === 'twilio' || row?.provider === 'telnyx';
}

/** How long after the answer a carrier's media stream may take to reach a media process before the call is given up. */
export const STREAM_CONNECT_WAIT_MS = 30_000;

/**
 * Waits, polling, for the session the media runtime records once the callee
 * hangs up (carrier-streams.ts): its end reason. The media runtime opens the
 * session in progress when the stream starts; a stream that never came within
 * STREAM_CONNECT_WAIT_MS (PUBLIC_URL does not reach a media process) is hung
 * up and recorded as failed, saying so. A media process killed mid-call is
 * the liveCall workflow's to finalize (media_lost), which ends this wait too.
 */
async function awaitStreamedSession(em: Em, deps: EngineDeps, call: OutboundCall): Promise<string> {
  const answeredAt = Date.now();
  for (;;) {
    const [session] = await sql<{ status: string; end_reason: string | null; abandoned: boolean | null }>(
      em,
      'select status, end_reason, coalesce(media_heartbeat_at, started_at) < now() - make_interval(secs => ?) as abandoned from call_session where id = ?',
      [ABANDONED_AFTER_MS / 1000, call.sessionId],
    );
    if (session && session.status !== 'in_progress') return session.end_reason ?? 'unknown';
    // The process holding the call stopped before its liveCall workflow started: nobody else will finalize it.
    if (session?.abandoned) {
      await finalizeLostSession(em.fork(), call.sessionId);
      continue;
    }
    if (!session && Date.now() - answeredAt > STREAM_CONNECT_WAIT_MS) {
      const { provider } = await providerFor(em, call.organization, call.connectionId, deps.settings ?? defaultEngineSettings());
      const [log] = await sql<{ provider_call_id: string | null }>(em, 'select provider_call_id from carrier_call_log where id = ?', [call.callLogId]);
      if (log?.provider_call_id) await provider.hangUp(log.provider_call_id).catch(() => undefined);
      throw new DomainError(
        'UNAVAILABLE',
        `The callee answered, but the call's media stream did not reach a media process within ${STREAM_CONNECT_WAIT_MS / 1000} s (PUBLIC_URL must route /carriers/<carrier>/stream/ to one): it was hung up`,
        {},
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A call the media process carried to its end (a SIP trunk call): its session is recorded; the row says how it ended. */
export async function completeOutboundCall(em: Em, id: string, endReason: string): Promise<void> {
  await em.nativeUpdate(OutboundCall, { id }, { status: 'completed', endReason });
}

/**
 * A call that never reached a conversation (not answered, busy, voicemail,
 * failed, or blocked by the do-not-call list) is still a call session with
 * that end reason, so call lists and analytics show every attempt, and it
 * emits call.ended, so webhook receivers hear of every attempt too.
 */
export async function recordUnansweredCall(em: Em, id: string, outcome: UnansweredOutcome, error: string | null = null): Promise<void> {
  const call = await loadCall(em, id);
  // Any session of the call, even one a media process holds in progress (a stream that came anyway), is its record.
  const [existing] = await sql(em, 'select 1 from call_session where id = ?', [call.sessionId]);
  if (!existing) {
    const agent = await em.findOne(Agent, { id: call.agent });
    const organization = await em.findOne(Organization, { id: call.organization });
    const prices = organization?.priceList ?? DEFAULT_PRICE_LIST;
    // Read before the transaction: a query on `em` inside it would wait for a second pooled connection.
    const kind = await outboundCallKind(em, call);
    const status = outcome === 'failed' ? 'failed' : 'ended';
    const startedAt = new Date();
    await em.fork().transactional(async (tx) => {
      await recordSessions(
        tx,
        [
          {
            id: call.sessionId,
            organizationId: call.organization,
            projectId: call.project,
            agentId: call.agent,
            agentName: agent?.name ?? call.agent,
            agentVersionId: call.versionId,
            status,
            endReason: outcome as EndReason,
            direction: 'outbound',
            kind,
            caller: { address: call.toNumber },
            phoneNumber: call.fromNumber,
            startedAt,
            variables: Object.entries(call.variables).map(([key, value]) => ({ key, value })),
            legs: [],
          },
        ],
        () => prices,
      );
      // Every dial's outcome reaches webhook receivers, not only the answered calls' (issue #12): call.ended in the
      // transaction that records the session, once per session.
      await emitEvent(tx, {
        id: sessionEventId(call.sessionId, 'E'),
        organizationId: call.organization,
        agentId: call.agent,
        type: 'call.ended',
        data: {
          session_id: call.sessionId,
          agent_id: call.agent,
          agent_version_id: call.versionId,
          ...callEndedData({ status, endReason: outcome, direction: 'outbound', startedAt, durationSeconds: 0, costMicros: 0 }),
          outbound_call: { outbound_call_id: call.id, to: call.toNumber, from: call.fromNumber, campaign_id: call.campaignId ?? null, error },
        },
      });
    });
  }
  await em.nativeUpdate(OutboundCall, { id }, { status: outcome, endReason: outcome, error });
}

/**
 * The session kind of an outbound call (decision 0022): through the built-in
 * simulated carrier (no connection, or a `simulated` one) nothing is dialled,
 * so it is a simulation; through Twilio or Telnyx the platform placed a call
 * to a real number, so it is live (billed, counted), answered or not.
 */
async function outboundCallKind(em: Em, call: OutboundCall): Promise<SessionKind> {
  // Through a SIP trunk a real number was dialled: live, answered or not.
  if ((await outboundCallRoute(em, call.id)).via === 'sip') return 'live';
  if (!call.connectionId) return 'simulation';
  const [row] = await sql<{ provider: string }>(em, 'select provider from telephony_connection where id = ?', [call.connectionId]);
  return row?.provider === 'simulated' ? 'simulation' : 'live';
}

/** undefined: no session recorded yet (none, or one a media process holds in progress). */
async function sessionEndReason(em: Em, sessionId: string): Promise<string | null | undefined> {
  const [row] = await sql<{ end_reason: string | null; status: string }>(em, 'select end_reason, status from call_session where id = ?', [sessionId]);
  return row && row.status !== 'in_progress' ? row.end_reason : undefined;
}

/** Moves forward only: a retried early step never puts a finished call back to dialling. */
async function setStatus(em: Em, id: string, status: OutboundCallStatus): Promise<void> {
  await em.nativeUpdate(OutboundCall, { id, status: { $nin: [...TERMINAL_OUTBOUND_CALL_STATUSES] } }, { status });
}
