import { createPublicKey, verify } from 'node:crypto';
import type { Em } from '../../../../db/orm.js';
import { carrierCall, recordCarrierProgress } from '../../calls/carrier-progress.js';
import { DomainError } from '../../../errors.js';
import type { CallOutcome } from '../../telephony.entity.js';
import type { TelnyxCredentials } from './telnyx-client.js';

/**
 * Telnyx's Call Control events (issue 15): each call placed through a Telnyx
 * connection names this route with its carrier log row as its webhook_url, and
 * so does the answer of each inbound call (telnyx-voice.ts, issue 29).
 * Telnyx signs each event with the account's Ed25519 key over
 * `<telnyx-timestamp>|<the raw body>` (header telnyx-signature-ed25519); the
 * connection's public_key verifies it, and a timestamp more than five minutes
 * off is refused (a replayed event).
 */
export const TELNYX_EVENTS_ROUTE = '/carriers/telnyx/events/:call_log_id';
export const TELNYX_TOLERANCE_SECONDS = 300;

export function telnyxEventsUrl(publicUrl: string, callLogId: string): string {
  return `${publicUrl}/carriers/telnyx/events/${encodeURIComponent(callLogId)}`;
}

// An Ed25519 public key as SubjectPublicKeyInfo: this fixed prefix, then the 32 raw bytes.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Whether `signature` (base64) is the Ed25519 signature of `<timestamp>|<body>` by `publicKey` (base64, 32 bytes). */
export function verifyTelnyxSignature(publicKey: string, timestamp: string, rawBody: string, signature: string): boolean {
  const raw = Buffer.from(publicKey, 'base64');
  const sig = Buffer.from(signature, 'base64');
  if (raw.length !== 32 || sig.length !== 64) return false;
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  return verify(null, Buffer.from(`${timestamp}|${rawBody}`, 'utf8'), key, sig);
}

/**
 * The order of the events a call goes through: a later one that arrives
 * first keeps the status, as Twilio's SequenceNumber does. Telnyx numbers
 * nothing, so the rank stands in for it.
 */
const RANK: Record<string, number> = {
  'call.initiated': 0,
  'call.ringing': 1,
  'call.answered': 2,
  'call.machine.detection.ended': 3,
  'call.hangup': 4,
};
const STATUS: Record<string, string> = {
  'call.initiated': 'initiated',
  'call.ringing': 'ringing',
  'call.answered': 'answered',
  'call.machine.detection.ended': 'answered',
  'call.hangup': 'hangup',
};

/**
 * The outcome an event decides, if it does: machine detection tells a
 * person (or not sure) from a voicemail greeting; a hang-up before any answer
 * says how the call failed (user_busy, timeout or no_answer, anything else);
 * a hang-up after an answer whose detection never reported is `answered`.
 */
export function telnyxOutcome(event: string, payload: { result?: string; hangup_cause?: string }, answered: boolean): CallOutcome | null {
  if (event === 'call.machine.detection.ended') return payload.result === 'machine' ? 'voicemail' : 'answered';
  if (event !== 'call.hangup') return null;
  if (answered) return 'answered';
  if (payload.hangup_cause === 'user_busy') return 'busy';
  if (payload.hangup_cause === 'timeout' || payload.hangup_cause === 'no_answer') return 'no_answer';
  return 'failed';
}

interface EventBody {
  data?: { event_type?: unknown; payload?: { call_control_id?: unknown; result?: unknown; hangup_cause?: unknown } };
}

/**
 * Records one Call Control event on its call's carrier log row, once its
 * signature and timestamp are checked against the connection's public key.
 * Refusals: an unknown row or one not placed through Telnyx, or a connection
 * without a public key (NOT_FOUND); a missing or wrong signature, or a
 * timestamp off by more than five minutes (FORBIDDEN, nothing recorded); an
 * event of another call (CONFLICT); a body without event_type or
 * call_control_id (VALIDATION_FAILED). Events the platform does not follow
 * are answered and ignored.
 */
/**
 * Refuses (FORBIDDEN) an event whose telnyx-signature-ed25519 does not verify with the account's public key over
 * `timestamp|body`, or whose telnyx-timestamp is missing or more than TELNYX_TOLERANCE_SECONDS off (a replay).
 */
export function checkTelnyxSignature(
  publicKey: string,
  input: { rawBody: string; signature: string | undefined; timestamp: string | undefined; now?: Date },
): void {
  if (!input.signature || !input.timestamp) throw new DomainError('FORBIDDEN', 'The telnyx-signature-ed25519 or telnyx-timestamp header is missing');
  const skew = Math.abs((input.now ?? new Date()).getTime() / 1000 - Number(input.timestamp));
  if (!(skew <= TELNYX_TOLERANCE_SECONDS)) throw new DomainError('FORBIDDEN', `The telnyx-timestamp is more than ${TELNYX_TOLERANCE_SECONDS} s off`);
  if (!verifyTelnyxSignature(publicKey, input.timestamp, input.rawBody, input.signature)) {
    throw new DomainError('FORBIDDEN', 'The telnyx-signature-ed25519 does not match this event');
  }
}

export async function recordTelnyxEvent(
  em: Em,
  encryptionKey: Buffer,
  /** `rawBody`: the bytes Telnyx signed; `body`: the same, parsed (the body parser refuses what is not JSON). */
  input: { callLogId: string; rawBody: string; body: unknown; signature: string | undefined; timestamp: string | undefined; now?: Date },
): Promise<{ status: string; outcome: CallOutcome | null } | null> {
  const call = await carrierCall<TelnyxCredentials>(em, encryptionKey, input.callLogId, 'telnyx');
  const credentials = call?.credentials;
  if (!call || !credentials?.public_key) {
    throw new DomainError('NOT_FOUND', `Call ${input.callLogId} was not placed here through a Telnyx connection with a public key`, {
      resource: 'Carrier call',
      id: input.callLogId,
    });
  }
  checkTelnyxSignature(credentials.public_key, input);

  const body = (input.body ?? {}) as EventBody;
  const event = body.data?.event_type;
  const callId = body.data?.payload?.call_control_id;
  if (typeof event !== 'string' || typeof callId !== 'string') {
    throw new DomainError('VALIDATION_FAILED', 'The event is malformed', {
      issues: [
        ...(typeof event === 'string' ? [] : [{ field: 'data.event_type', message: 'is required' }]),
        ...(typeof callId === 'string' ? [] : [{ field: 'data.payload.call_control_id', message: 'is required' }]),
      ],
    });
  }
  if (call.providerCallId && call.providerCallId !== callId)
    throw new DomainError('CONFLICT', `This event is of call ${callId}, not of ${call.providerCallId}`);
  const rank = RANK[event];
  if (rank === undefined) return null;

  const payload = body.data!.payload!;
  const result = typeof payload.result === 'string' ? payload.result : undefined;
  const hangupOutcome = telnyxOutcome(event, { hangup_cause: typeof payload.hangup_cause === 'string' ? payload.hangup_cause : undefined }, false);
  return recordCarrierProgress(em, input.callLogId, {
    sequence: rank,
    status: STATUS[event],
    callId,
    // A hang-up decides by whether the call was answered before it, which the row knows (rank 2 or more).
    outcome:
      event === 'call.hangup'
        ? { sql: "case when coalesce(status_sequence, -1) >= 2 then 'answered' else ?::text end", params: [hangupOutcome] }
        : { sql: '?::text', params: [telnyxOutcome(event, { result }, false)] },
    answeredBy: event === 'call.machine.detection.ended' ? (result ?? null) : null,
    durationSeconds: null,
  });
}
