import { sql, type Em } from '../../../../db/orm.js';
import { DomainError } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { decryptSecret } from '../../../secrets/secret-box.js';
import { tryNormalizePhone } from '../../../phone.js';
import { routeInboundCall } from '../../routing/route-inbound-call.js';
import { clientFor, type TelephonySettings } from '../connections.js';
import type { TelnyxCredentials } from './telnyx-client.js';
import { checkTelnyxSignature, telnyxEventsUrl } from './telnyx-events.js';
import { telnyxStreamUrl } from './telnyx-stream.js';

/**
 * Telnyx's voice path (issue 15): the Call Control application's webhook
 * (PUBLIC_URL/carriers/telnyx/voice) hears of each call to its numbers; a
 * `call.initiated` of an incoming call to a number routed to an agent is
 * answered through Call Control with a bidirectional media stream to the
 * media runtime (/carriers/telnyx/stream/{call_log_id}/{token}); one routed
 * nowhere is rejected. The answer names the call's own events address (telnyx-events.ts) as its webhook_url: the
 * call's later events (answered, hangup) settle its carrier log row there.
 */
export const TELNYX_VOICE_ROUTE = '/carriers/telnyx/voice';

interface VoiceEvent {
  data?: { event_type?: unknown; payload?: { call_control_id?: unknown; to?: unknown; from?: unknown; direction?: unknown } };
}

/**
 * One Call Control event for an inbound call: the number called (`to`) names the Telnyx connection whose public key
 * must verify the event (FORBIDDEN otherwise, nothing done). Returns what was done: answered (with the carrier log
 * row the stream names), rejected, or nothing (another event).
 */
export async function answerTelnyxVoice(
  em: Em,
  settings: TelephonySettings,
  input: { rawBody: string; body: unknown; signature: string | undefined; timestamp: string | undefined; publicUrl: string },
): Promise<{ action: 'answered'; callLogId: string } | { action: 'rejected' | 'none' }> {
  const event = (input.body ?? {}) as VoiceEvent;
  const payload = event.data?.payload ?? {};
  const to = tryNormalizePhone(typeof payload.to === 'string' ? payload.to : '');
  const [number] = to.ok
    ? await sql<{ organization_id: string; connection_id: string; credentials_encrypted: string | null; base_url: string | null }>(
        em,
        `select n.organization_id, c.id as connection_id, c.credentials_encrypted, c.base_url
           from phone_number n join telephony_connection c on c.id = n.connection_id
          where n.number = ? and c.provider = 'telnyx'`,
        [to.phone.e164],
      )
    : [];
  if (!number?.credentials_encrypted || !number.base_url) {
    throw new DomainError('NOT_FOUND', 'No number of a Telnyx connection here is called', { resource: 'Phone number' });
  }
  const credentials = JSON.parse(decryptSecret(settings.encryptionKey, number.credentials_encrypted, number.organization_id)) as TelnyxCredentials;
  if (!credentials.public_key) {
    throw new DomainError('NOT_FOUND', 'The Telnyx connection of this number has no public_key to verify its events with', { resource: 'Phone number' });
  }
  checkTelnyxSignature(credentials.public_key, input);
  if (event.data?.event_type !== 'call.initiated' || payload.direction !== 'incoming') return { action: 'none' };
  const callControlId = payload.call_control_id;
  if (typeof callControlId !== 'string' || !callControlId) {
    throw new DomainError('VALIDATION_FAILED', 'The event has no call_control_id', {
      issues: [{ field: 'data.payload.call_control_id', message: 'is required' }],
    });
  }
  const from = typeof payload.from === 'string' ? payload.from : '';
  const carrier = clientFor('telnyx', credentials, number.base_url, settings);
  try {
    await routeInboundCall(em, to.ok ? to.phone.e164 : '', from);
  } catch (error) {
    if (!(error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'CONFLICT'))) throw error;
    await carrier.rejectCall!(callControlId);
    return { action: 'rejected' };
  }
  // Once per call, however often Telnyx retries the event.
  const [row] = await sql<{ id: string; fresh: boolean }>(
    em,
    `insert into carrier_call_log (id, organization_id, provider, connection_id, idempotency_key, from_number, to_number, provider_call_id, status, created_at)
     values (?, ?, 'telnyx', ?, ?, ?, ?, ?, 'initiated', now())
     on conflict (provider, idempotency_key) do update set status = carrier_call_log.status
     returning id, (xmax = 0) as fresh`,
    [
      newId('carrierCall'),
      number.organization_id,
      number.connection_id,
      `inbound/${callControlId}`,
      from.slice(0, 20),
      to.ok ? to.phone.e164 : '',
      callControlId,
    ],
  );
  if (row.fresh) {
    try {
      await carrier.answerCall!(callControlId, telnyxStreamUrl(input.publicUrl, settings.encryptionKey, row.id), telnyxEventsUrl(input.publicUrl, row.id));
    } catch (error) {
      // Not answered: Telnyx's retry of this event starts afresh.
      await sql(em, 'delete from carrier_call_log where id = ?', [row.id]);
      throw error;
    }
  }
  return { action: 'answered', callLogId: row.id };
}
