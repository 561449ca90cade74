import { sql, type Em } from '../../../../db/orm.js';
import { carrierCall, recordCarrierProgress } from '../../calls/carrier-progress.js';
import { DomainError } from '../../../errors.js';
import type { CallOutcome } from '../../telephony.entity.js';
import type { TwilioCredentials } from './twilio-client.js';
import { formField as field, verifyTwilioSignature, type FormParams } from './twilio-signature.js';

/**
 * Twilio's status callbacks (issue 15): each call placed through a Twilio
 * connection names, as its StatusCallback, this route with its carrier log
 * row, so the callback finds its call even when it arrives before the
 * placement's answer has been written. The URL is part of what Twilio signs:
 * nobody without the account's auth token can post to it.
 */
export const TWILIO_STATUS_ROUTE = '/carriers/twilio/status/:call_log_id';

export function twilioStatusUrl(publicUrl: string, callLogId: string): string {
  return `${publicUrl}/carriers/twilio/status/${encodeURIComponent(callLogId)}`;
}

/**
 * Inbound calls (issue 29): a number pointed at the platform has this as its StatusCallback, one address for all
 * its calls (a number's callback cannot name a row), so the call is found by its CallSid: the voice webhook wrote its
 * row under `inbound/<CallSid>`. Twilio posts there how each call to the number ended (completed, busy, ...).
 */
export const TWILIO_NUMBER_STATUS_ROUTE = '/carriers/twilio/status';

export function twilioNumberStatusUrl(publicUrl: string): string {
  return `${publicUrl}${TWILIO_NUMBER_STATUS_ROUTE}`;
}

/** Twilio's CallStatus values that end a call, and the outcome each means. */
const ENDED: Record<string, CallOutcome | 'answered_or_voicemail'> = {
  completed: 'answered_or_voicemail',
  busy: 'busy',
  'no-answer': 'no_answer',
  failed: 'failed',
  canceled: 'failed',
};
const CALL_STATUSES = ['queued', 'initiated', 'ringing', 'in-progress', ...Object.keys(ENDED)];

/**
 * The outcome a callback decides, if it decides one: an answer is `voicemail`
 * when answering-machine detection heard a machine, `failed` for a fax, else
 * `answered`; a call that ended unanswered says how (busy, no-answer, failed,
 * canceled). Queued, initiated and ringing decide nothing yet.
 */
export function twilioOutcome(callStatus: string, answeredBy: string | undefined): CallOutcome | null {
  const answer = (): CallOutcome => (answeredBy?.startsWith('machine') ? 'voicemail' : answeredBy === 'fax' ? 'failed' : 'answered');
  if (callStatus === 'in-progress') return answer();
  const ended = ENDED[callStatus];
  if (ended === undefined) return null;
  return ended === 'answered_or_voicemail' ? answer() : ended;
}

/**
 * Records one status callback on its call's carrier log row, once its
 * signature is checked against the connection's auth token (`url`: the
 * address Twilio posted to, as it was given it). The row keeps the status of
 * the latest callback by Twilio's SequenceNumber (callbacks can arrive out of
 * order), and the first outcome one decides. Refusals: an unknown row or one
 * not placed through Twilio (NOT_FOUND), a missing or wrong signature
 * (FORBIDDEN, nothing recorded), a callback of another call than the row's
 * (CONFLICT), fields missing or malformed (VALIDATION_FAILED).
 */
export async function recordTwilioStatus(
  em: Em,
  encryptionKey: Buffer,
  input: { callLogId: string; url: string; params: FormParams; signature: string | undefined },
): Promise<{ status: string; outcome: CallOutcome | null }> {
  const call = await carrierCall<TwilioCredentials>(em, encryptionKey, input.callLogId, 'twilio');
  if (!call) {
    throw new DomainError('NOT_FOUND', `Call ${input.callLogId} was not placed through Twilio here`, { resource: 'Carrier call', id: input.callLogId });
  }
  const { credentials } = call;
  if (!verifyTwilioSignature(credentials.auth_token, input.url, input.params, input.signature)) {
    throw new DomainError('FORBIDDEN', input.signature ? 'The X-Twilio-Signature does not match this request' : 'The X-Twilio-Signature header is missing');
  }

  const callSid = field(input.params, 'CallSid');
  const callStatus = field(input.params, 'CallStatus');
  const sequence = Number(field(input.params, 'SequenceNumber') ?? 0);
  const issues = [
    ...(callSid ? [] : [{ field: 'CallSid', message: 'is required' }]),
    ...(callStatus && CALL_STATUSES.includes(callStatus) ? [] : [{ field: 'CallStatus', message: `must be one of ${CALL_STATUSES.join(', ')}` }]),
    ...(Number.isInteger(sequence) && sequence >= 0 ? [] : [{ field: 'SequenceNumber', message: 'must be a whole number' }]),
  ];
  if (issues.length > 0) throw new DomainError('VALIDATION_FAILED', 'The status callback is malformed', { issues });
  if (call.providerCallId && call.providerCallId !== callSid) {
    throw new DomainError('CONFLICT', `This callback is of call ${callSid}, not of ${call.providerCallId}`);
  }

  const answeredBy = field(input.params, 'AnsweredBy');
  const duration = Number(field(input.params, 'CallDuration'));
  const outcome = twilioOutcome(callStatus!, answeredBy);
  return recordCarrierProgress(em, input.callLogId, {
    sequence,
    status: callStatus!,
    callId: callSid!,
    outcome: { sql: '?::text', params: [outcome] },
    answeredBy: answeredBy ?? null,
    durationSeconds: Number.isInteger(duration) ? duration : null,
  });
}

/**
 * A status callback of an inbound call to one of our numbers: its row found by CallSid (the shape checked before
 * the query), then recorded as recordTwilioStatus does, with the same signature check against the row's connection.
 * An unknown call is NOT_FOUND (Twilio gives up on a 4xx); a malformed CallSid is VALIDATION_FAILED.
 */
export async function recordTwilioNumberStatus(
  em: Em,
  encryptionKey: Buffer,
  input: { url: string; params: FormParams; signature: string | undefined },
): Promise<{ status: string; outcome: CallOutcome | null }> {
  const callSid = field(input.params, 'CallSid');
  if (!callSid || !/^CA[0-9a-f]{32}$/i.test(callSid)) {
    throw new DomainError('VALIDATION_FAILED', 'CallSid is missing or malformed', { issues: [{ field: 'CallSid', message: 'must be a Twilio call SID' }] });
  }
  const [row] = await sql<{ id: string }>(em, "select id from carrier_call_log where provider = 'twilio' and idempotency_key = ?", [`inbound/${callSid}`]);
  if (!row) throw new DomainError('NOT_FOUND', `Call ${callSid} did not reach a number here`, { resource: 'Carrier call', id: callSid });
  return recordTwilioStatus(em, encryptionKey, { ...input, callLogId: row.id });
}
