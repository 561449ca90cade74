import { sql, type Em } from '../../../db/orm.js';
import { newId } from '../../ids.js';
import { DomainError } from '../../errors.js';
import { parseInput } from '../../validation.js';
import { z } from 'zod';
import { E164Number } from '../telephony.schemas.js';
import { providerFor, type TelephonySettings } from '../carriers/connections.js';
import type { FoundCall, TelephonyProvider } from '../carriers/telephony-provider.js';
import { twilioStatusUrl } from '../carriers/twilio/twilio-status.js';
import { connectStreamTwiml } from '../carriers/twilio/twiml.js';
import { twilioStreamUrl } from '../carriers/twilio/twilio-stream.js';
import { telnyxStreamUrl } from '../carriers/telnyx/telnyx-stream.js';
import { telnyxEventsUrl } from '../carriers/telnyx/telnyx-events.js';
import type { TelnyxCredentials } from '../carriers/telnyx/telnyx-client.js';
import type { CallOutcome } from '../telephony.entity.js';

export const PlaceCallInput = z
  .object({
    organizationId: z.string().min(1),
    /** Null or absent: the built-in simulated carrier with its default rules. */
    connectionId: z.string().min(1).nullable().optional(),
    from: E164Number,
    to: E164Number,
    idempotencyKey: z.string().trim().min(1).max(200),
    webhookUrl: z.url().optional(),
  })
  .strict();
export type PlaceCallInput = z.input<typeof PlaceCallInput>;

export interface PlaceCallResult {
  callLogId: string;
  provider: 'simulated' | 'twilio' | 'telnyx';
  callId: string;
  status: string;
  /** True when this key had placed a call before: that first call is returned, nothing was dialled. */
  deduplicated: boolean;
  /**
   * True when the provider reports the call's outcome later, by signed callbacks to PUBLIC_URL
   * (carrier_call_log.outcome; awaitCarrierOutcome): Twilio, and Telnyx with the account's public key.
   */
  reportsOutcome: boolean;
}

interface LogRow {
  id: string;
  provider_call_id: string | null;
  status: string;
}

/** How far before its reservation a provider's clock may date the call (clock skew). */
const SKEW_MS = 60_000;

/**
 * A reservation in doubt (the provider's answer to the placement was lost):
 * the provider is asked for calls from → to since the reservation, leaving
 * out calls another key of ours already holds.
 * - exactly one: that is the lost call; the row takes it (nothing is dialled);
 * - none: nothing was placed; the row goes back to `reserved` (only one
 *   caller wins that move) and the caller dials;
 * - more than one, or no way to look: still in doubt (null), refused.
 */
async function settleInDoubt(
  em: Em,
  provider: TelephonyProvider,
  row: LogRow,
  call: { organizationId: string; from: string; to: string },
): Promise<{ found: FoundCall | null } | null> {
  if (!provider.findCalls) return null;
  const [reservation] = await sql<{ created_at: Date }>(em, 'select created_at from carrier_call_log where id = ?', [row.id]);
  const since = new Date(new Date(reservation.created_at).getTime() - SKEW_MS);
  const calls = await provider.findCalls({ from: call.from, to: call.to, since });
  const known = calls.length
    ? new Set(
        (
          await sql<{ provider_call_id: string }>(
            em,
            'select provider_call_id from carrier_call_log where provider = ? and provider_call_id in (select json_array_elements_text(?::json))',
            [provider.kind, JSON.stringify(calls.map((c) => c.callId))],
          )
        ).map((r) => r.provider_call_id),
      )
    : new Set<string>();
  const unclaimed = calls.filter((c) => !known.has(c.callId));
  if (unclaimed.length > 1) return null;
  if (unclaimed.length === 1) {
    const found = unclaimed[0];
    const taken = await sql(em, `update carrier_call_log set provider_call_id = ?, status = ? where id = ? and status = 'in_doubt' returning id`, [
      found.callId,
      found.status,
      row.id,
    ]);
    return taken.length ? { found } : null;
  }
  const reopened = await sql(em, `update carrier_call_log set status = 'reserved' where id = ? and status = 'in_doubt' returning id`, [row.id]);
  return reopened.length ? { found: null } : null;
}

/**
 * Places one call per idempotency key (derived from the workflow id). The key is
 * reserved in carrier_call_log (unique on provider + key) before the
 * provider is asked, so a retry or a racing twin finds the row and gets the
 * first call back. What happens when the provider's answer is lost:
 * - simulated: the outcome is a pure function of the number, so the row is
 *   written complete in one statement;
 * - telnyx: asking again is safe, Telnyx deduplicates on Idempotency-Key;
 * - twilio: it is not (no idempotency keys), so a reservation whose answer
 *   was lost or ambiguous (5xx, timeout) is "in doubt": the next attempt asks
 *   Twilio for the calls from → to since the reservation and takes the one
 *   it finds, or dials if there is none; more than one (or a twin in flight)
 *   answers 409 and the caller decides (settleInDoubt).
 * A definite refusal (4xx) removes the reservation: nothing was dialled.
 */
export async function placeCall(em: Em, settings: TelephonySettings, input: PlaceCallInput): Promise<PlaceCallResult> {
  const call = parseInput(PlaceCallInput, input, '');
  const { provider, connection, credentials } = await providerFor(em, call.organizationId, call.connectionId, settings, 'connectionId');
  const kind = provider.kind;
  // Where the provider posts the call's progress, naming its log row (twilio-status.ts, telnyx-events.ts).
  const callbackUrl = (rowId: string): string | undefined =>
    !settings.publicUrl
      ? undefined
      : kind === 'twilio'
        ? twilioStatusUrl(settings.publicUrl, rowId)
        : kind === 'telnyx' && (credentials as TelnyxCredentials | undefined)?.public_key
          ? telnyxEventsUrl(settings.publicUrl, rowId)
          : undefined;

  if (kind === 'simulated') {
    const placed = await provider.placeCall(call);
    const [inserted] = await sql<LogRow>(em, insertLog, [
      newId('carrierCall'),
      call.organizationId,
      kind,
      connection?.id ?? null,
      call.idempotencyKey,
      call.from,
      call.to,
      placed.callId,
      placed.status,
    ]);
    if (inserted) return { callLogId: inserted.id, provider: kind, callId: placed.callId, status: placed.status, deduplicated: false, reportsOutcome: false };
    const existing = await readLog(em, kind, call.idempotencyKey);
    return {
      callLogId: existing.id,
      provider: kind,
      callId: existing.provider_call_id ?? placed.callId,
      status: existing.status,
      deduplicated: true,
      reportsOutcome: false,
    };
  }

  const [reserved] = await sql<LogRow>(em, insertLog, [
    newId('carrierCall'),
    call.organizationId,
    kind,
    connection?.id ?? null,
    call.idempotencyKey,
    call.from,
    call.to,
    null,
    'reserved',
  ]);
  let rowId: string;
  if (reserved) {
    rowId = reserved.id;
  } else {
    const existing = await readLog(em, kind, call.idempotencyKey);
    if (existing.provider_call_id) {
      return {
        callLogId: existing.id,
        provider: kind,
        callId: existing.provider_call_id,
        status: existing.status,
        deduplicated: true,
        reportsOutcome: callbackUrl(existing.id) !== undefined,
      };
    }
    if (kind === 'twilio') {
      const settled = existing.status === 'in_doubt' ? await settleInDoubt(em, provider, existing, call) : null;
      if (settled?.found) {
        return {
          callLogId: existing.id,
          provider: kind,
          callId: settled.found.callId,
          status: settled.found.status,
          deduplicated: true,
          reportsOutcome: callbackUrl(existing.id) !== undefined,
        };
      }
      if (!settled) {
        throw new DomainError(
          'CONFLICT',
          `A call with idempotency key ${call.idempotencyKey} is in flight or its outcome is unknown: it is not dialled again`,
          {
            call_log_id: existing.id,
            status: existing.status,
          },
        );
      }
    }
    rowId = existing.id;
  }

  try {
    const statusCallbackUrl = callbackUrl(rowId);
    // Answered, a Twilio call connects its audio to the media runtime over a Media Stream naming this row.
    const twiml = kind === 'twilio' && settings.publicUrl ? connectStreamTwiml(twilioStreamUrl(settings.publicUrl, rowId)) : undefined;
    // Telnyx streams an answered call's media to the media runtime too, when its events reach us to say so.
    const streamUrl =
      kind === 'telnyx' && statusCallbackUrl && settings.publicUrl ? telnyxStreamUrl(settings.publicUrl, settings.encryptionKey, rowId) : undefined;
    if (connection) await awaitDialSlot(em, connection.id);
    const placed = await provider.placeCall({ ...call, statusCallbackUrl, twiml, streamUrl });
    // A status callback may have come before this answer: it is newer than `queued`, so it stays.
    await sql(
      em,
      'update carrier_call_log set provider_call_id = coalesce(provider_call_id, ?), status = case when status_sequence is null then ? else status end where id = ?',
      [placed.callId, placed.status, rowId],
    );
    return {
      callLogId: rowId,
      provider: kind,
      callId: placed.callId,
      status: placed.status,
      deduplicated: false,
      reportsOutcome: statusCallbackUrl !== undefined,
    };
  } catch (error) {
    const ambiguous = error instanceof DomainError && (error.code === 'BAD_GATEWAY' || error.code === 'UNAVAILABLE');
    if (ambiguous && kind === 'twilio') {
      await sql(em, 'update carrier_call_log set status = ? where id = ?', ['in_doubt', rowId]);
    } else {
      await sql(em, 'delete from carrier_call_log where id = ? and provider_call_id is null', [rowId]);
    }
    throw error;
  }
}

const insertLog =
  'insert into carrier_call_log (id, organization_id, provider, connection_id, idempotency_key, from_number, to_number, provider_call_id, status, created_at) ' +
  'values (?, ?, ?, ?, ?, ?, ?, ?, ?, now()) on conflict (provider, idempotency_key) do nothing returning id, provider_call_id, status';

async function readLog(em: Em, provider: string, key: string): Promise<LogRow> {
  const [row] = await sql<LogRow>(em, 'select id, provider_call_id, status from carrier_call_log where provider = ? and idempotency_key = ?', [provider, key]);
  if (!row) throw new DomainError('CONFLICT', `The call with idempotency key ${key} was removed while it was read: try again`);
  return row;
}

/**
 * The outcome the provider's status callbacks decide for a call placed
 * through it (carrier_call_log.outcome, written by twilio-status.ts on
 * whichever API process the callback reaches), waited for up to `timeoutMs`;
 * null when none came by then. Read every `pollMs`: the caller is an activity
 * that heartbeats meanwhile.
 */
export async function awaitCarrierOutcome(em: Em, callLogId: string, timeoutMs: number, pollMs = 500): Promise<CallOutcome | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ outcome: CallOutcome | null }>(em, 'select outcome from carrier_call_log where id = ?', [callLogId]);
    if (row?.outcome) return row.outcome;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
  }
}

/**
 * Waits for this dial's slot under the connection's calls-per-second limit
 * (none: at once). The slot is reserved in one statement that moves the
 * connection's next_dial_at forward by 1/cps, so dials from every worker
 * process queue in one line and the carrier never sees more than its limit.
 */
export async function awaitDialSlot(em: Em, connectionId: string): Promise<void> {
  const [slot] = await sql<{ wait_ms: number }>(
    em,
    `update telephony_connection
        set next_dial_at = greatest(coalesce(next_dial_at, clock_timestamp()), clock_timestamp()) + make_interval(secs => 1 / calls_per_second)
      where id = ? and calls_per_second is not null
      returning greatest(0, extract(epoch from (next_dial_at - make_interval(secs => 1 / calls_per_second) - clock_timestamp())) * 1000)::float8 as wait_ms`,
    [connectionId],
  );
  if (slot && slot.wait_ms > 0) await new Promise((resolve) => setTimeout(resolve, slot.wait_ms));
}
