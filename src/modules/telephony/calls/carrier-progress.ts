import { sql, type Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import { decryptSecret } from '../../secrets/secret-box.js';
import type { CallOutcome } from '../telephony.entity.js';

/**
 * The carrier log row a callback names, with its connection's credentials
 * decrypted (what verifies the carrier's signature); null when no call was
 * placed through `provider` here under that id.
 */
export async function carrierCall<C>(
  em: Em,
  encryptionKey: Buffer,
  callLogId: string,
  provider: 'twilio' | 'telnyx',
): Promise<{ providerCallId: string | null; credentials: C } | null> {
  const [row] = await sql<{ organization_id: string; provider_call_id: string | null; credentials_encrypted: string | null }>(
    em,
    `select l.organization_id, l.provider_call_id, c.credentials_encrypted
       from carrier_call_log l join telephony_connection c on c.id = l.connection_id
      where l.id = ? and l.provider = ?`,
    [callLogId, provider],
  );
  if (!row?.credentials_encrypted) return null;
  return {
    providerCallId: row.provider_call_id,
    credentials: JSON.parse(decryptSecret(encryptionKey, row.credentials_encrypted, row.organization_id)) as C,
  };
}

/**
 * Writes one carrier callback on its call's carrier log row (twilio-status.ts,
 * telnyx-events.ts): the status of the latest callback by `sequence` (one
 * arriving late does not move it back), the carrier's call id when the row
 * has none yet (the callback came before the placement's answer was written),
 * the first outcome one decides (`outcome`: SQL over the row, with its
 * parameters), who answered and the call's seconds when given. A row holding
 * another call's id is a CONFLICT.
 */
export async function recordCarrierProgress(
  em: Em,
  callLogId: string,
  progress: {
    sequence: number;
    status: string;
    callId: string;
    outcome: { sql: string; params: unknown[] };
    answeredBy: string | null;
    durationSeconds: number | null;
  },
): Promise<{ status: string; outcome: CallOutcome | null }> {
  const [updated] = await sql<{ status: string; outcome: CallOutcome | null }>(
    em,
    `update carrier_call_log
        set status = case when status_sequence is null or status_sequence < ? then ? else status end,
            status_sequence = greatest(coalesce(status_sequence, -1), ?),
            provider_call_id = coalesce(provider_call_id, ?),
            outcome = coalesce(outcome, ${progress.outcome.sql}),
            answered_by = coalesce(?, answered_by),
            duration_seconds = coalesce(?, duration_seconds),
            status_updated_at = now()
      where id = ? and (provider_call_id is null or provider_call_id = ?)
      returning status, outcome`,
    [
      progress.sequence,
      progress.status,
      progress.sequence,
      progress.callId,
      ...progress.outcome.params,
      progress.answeredBy,
      progress.durationSeconds,
      callLogId,
      progress.callId,
    ],
  );
  if (!updated) throw new DomainError('CONFLICT', `Call ${callLogId} took another call's progress meanwhile`);
  return updated;
}
