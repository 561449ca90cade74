import { sql, type Em } from '../../../../db/orm.js';
import { DomainError } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { decryptSecret } from '../../../secrets/secret-box.js';
import { tryNormalizePhone } from '../../../phone.js';
import { routeInboundCall } from '../../routing/route-inbound-call.js';
import type { TwilioCredentials } from './twilio-client.js';
import { formField as field, verifyTwilioSignature, type FormParams } from './twilio-signature.js';
import { connectStreamTwiml, rejectTwiml } from './twiml.js';
import { twilioStreamUrl } from './twilio-stream.js';

/**
 * Twilio's voice path (issue 15): calls carry their audio over a bidirectional
 * Media Stream (TwiML <Connect><Stream>) to the media runtime, at
 * /carriers/twilio/stream/{call_log_id} under PUBLIC_URL (ws:// or wss://).
 * Twilio takes no query string on a stream URL and signs the URL it connects
 * to, so the carrier log row is named in the path and the signature is
 * checked against its connection's auth token (media/call/carrier-streams.ts).
 */
export const TWILIO_VOICE_ROUTE = '/carriers/twilio/voice';

/**
 * The voice webhook of a number at Twilio (set to PUBLIC_URL/carriers/twilio/voice when the number is bought or
 * imported): finds the number and its Twilio connection by `To`, checks X-Twilio-Signature with that connection's
 * auth token, and answers TwiML connecting a Media Stream for the call, whose carrier log row (key
 * `inbound/<CallSid>`, written once however often Twilio retries) the stream names. A number routed to no agent
 * is refused with <Reject>. Refusals before the signature is checked say only NOT_FOUND / FORBIDDEN.
 */
export async function answerTwilioVoice(
  em: Em,
  encryptionKey: Buffer,
  input: { url: string; params: FormParams; signature: string | undefined; publicUrl: string },
): Promise<string> {
  const to = tryNormalizePhone(field(input.params, 'To') ?? '');
  const [number] = to.ok
    ? await sql<{ organization_id: string; connection_id: string; credentials_encrypted: string | null }>(
        em,
        `select n.organization_id, c.id as connection_id, c.credentials_encrypted
           from phone_number n join telephony_connection c on c.id = n.connection_id
          where n.number = ? and c.provider = 'twilio'`,
        [to.phone.e164],
      )
    : [];
  if (!number?.credentials_encrypted) throw new DomainError('NOT_FOUND', 'No number of a Twilio connection here is called', { resource: 'Phone number' });
  const credentials = JSON.parse(decryptSecret(encryptionKey, number.credentials_encrypted, number.organization_id)) as TwilioCredentials;
  if (!verifyTwilioSignature(credentials.auth_token, input.url, input.params, input.signature)) {
    throw new DomainError('FORBIDDEN', input.signature ? 'The X-Twilio-Signature does not match this request' : 'The X-Twilio-Signature header is missing');
  }
  const callSid = field(input.params, 'CallSid');
  const from = field(input.params, 'From') ?? '';
  if (!callSid || !/^CA[0-9a-f]{32}$/i.test(callSid)) {
    throw new DomainError('VALIDATION_FAILED', 'CallSid is missing or malformed', { issues: [{ field: 'CallSid', message: 'must be a Twilio call SID' }] });
  }
  try {
    await routeInboundCall(em, to.ok ? to.phone.e164 : '', from);
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'CONFLICT')) return rejectTwiml();
    throw error;
  }
  const [row] = await sql<{ id: string }>(
    em,
    `insert into carrier_call_log (id, organization_id, provider, connection_id, idempotency_key, from_number, to_number, provider_call_id, status, created_at)
     values (?, ?, 'twilio', ?, ?, ?, ?, ?, 'in-progress', now())
     on conflict (provider, idempotency_key) do update set status = carrier_call_log.status
     returning id`,
    [newId('carrierCall'), number.organization_id, number.connection_id, `inbound/${callSid}`, from.slice(0, 20), to.ok ? to.phone.e164 : '', callSid],
  );
  return connectStreamTwiml(twilioStreamUrl(input.publicUrl, row.id));
}
