import { createHash, randomUUID } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import { sql, type Em } from '../db/orm.js';
import { DomainError, validationFailed } from '../modules/errors.js';
import { IdempotencyKey } from '../modules/idempotency-key.js';

/**
 * `Idempotency-Key` on every create (docs/decisions/0036): the first request
 * with a key claims it and runs; its success is stored and a later request
 * with the same key and the same request gets that response again (with
 * `Idempotent-Replayed: true`), whatever has changed since. A different
 * request under a used key is refused with 422; one that arrives while the
 * first still runs is refused with 409 and Retry-After. A request that fails
 * stores nothing, so it can be retried with its key (a 503 while Temporal is
 * away, a 400). Keys are scoped to the organization and kept for a day.
 *
 * A claim left behind by a process that died mid-request is taken over once
 * it is older than `IN_FLIGHT_TAKEOVER_S`: far longer than any create runs.
 * The routes that start work (calls, campaigns, releases, voice clones,
 * trigger runs) also pass the key to their domain, which keys its row by it,
 * so even a takeover after such a crash creates nothing twice there.
 */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const IN_FLIGHT_TAKEOVER_S = 120;
/** Response headers worth replaying (an agent's ETag). */
const REPLAYED_HEADERS = ['etag', 'location'] as const;

export interface StoredResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export type IdempotencyClaim = { kind: 'claimed'; token: string } | { kind: 'replay'; response: StoredResponse };

/** The header's value, checked like a field (a bad one is a 400 naming the header); undefined when absent. */
export function idempotencyKeyHeader(ctx: ParameterizedContext): string | undefined {
  const value = ctx.get('idempotency-key');
  if (value === '') return undefined;
  const parsed = IdempotencyKey.safeParse(value);
  if (!parsed.success) throw validationFailed([{ field: 'header.Idempotency-Key', message: parsed.error.issues[0].message }]);
  return parsed.data;
}

/** JSON with object keys sorted, so the same request written in another key order hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": the operation, its path parameters, query and body. */
export function requestFingerprint(operationId: string, request: { params: unknown; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(canonical({ operation: operationId, params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? null }))
    .digest('base64url');
}

/**
 * Claims `key` for this request, or says what the earlier request with it
 * answered. Throws 422 for another request under the key, 409 while the
 * earlier one still runs.
 */
export async function claimIdempotencyKey(
  em: Em,
  organizationId: string,
  key: string,
  operationId: string,
  fingerprint: string,
  tries = 3,
): Promise<IdempotencyClaim> {
  const token = randomUUID();
  // A new key, an expired one (reused after its day) or an abandoned claim of the same request: this request owns it.
  const [claimed] = await sql<{ token: string }>(
    em,
    `
    insert into idempotency_record (organization_id, key, operation_id, fingerprint, token, state, created_at, updated_at)
    values (?, ?, ?, ?, ?, 'running', now(), now())
    on conflict (organization_id, key) do update
       set operation_id = excluded.operation_id, fingerprint = excluded.fingerprint, token = excluded.token, state = 'running',
           status = null, body = null, headers = null, created_at = now(), updated_at = now()
     where idempotency_record.created_at < now() - make_interval(hours => ?)
        or (idempotency_record.state = 'running' and idempotency_record.fingerprint = excluded.fingerprint
            and idempotency_record.updated_at < now() - make_interval(secs => ?))
    returning token`,
    [organizationId, key, operationId, fingerprint, token, IDEMPOTENCY_KEY_TTL_HOURS, IN_FLIGHT_TAKEOVER_S],
  );
  if (claimed?.token === token) return { kind: 'claimed', token };

  const [earlier] = await sql<{
    operation_id: string;
    fingerprint: string;
    state: string;
    status: number | null;
    body: string | null;
    headers: Record<string, string> | null;
  }>(em, 'select operation_id, fingerprint, state, status, body, headers from idempotency_record where organization_id = ? and key = ?', [organizationId, key]);
  if (!earlier) {
    // Gone between the two statements (released by a failed first request): take it again.
    if (tries > 1) return claimIdempotencyKey(em, organizationId, key, operationId, fingerprint, tries - 1);
    throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'Requests with this Idempotency-Key keep racing: retry shortly', { idempotency_key: key, retry_after: 1 });
  }
  if (earlier.fingerprint !== fingerprint) {
    throw new DomainError(
      'IDEMPOTENCY_KEY_REUSED',
      `This Idempotency-Key was already used with a different request (${earlier.operation_id === operationId ? 'other parameters or body' : earlier.operation_id}): ` +
        'send a new key for a new request',
      { idempotency_key: key },
    );
  }
  if (earlier.state === 'running' || earlier.status === null || earlier.body === null) {
    throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed: retry shortly', {
      idempotency_key: key,
      retry_after: 1,
    });
  }
  return { kind: 'replay', response: { status: earlier.status, body: earlier.body, headers: earlier.headers ?? {} } };
}

/** Stores the claimed request's success for replay. */
export async function completeIdempotencyKey(
  em: Em,
  organizationId: string,
  key: string,
  token: string,
  ctx: ParameterizedContext,
  status: number,
  body: string,
): Promise<void> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = ctx.response.get(name);
    if (value) headers[name] = value;
  }
  await sql(
    em,
    `update idempotency_record set state = 'done', status = ?, body = ?, headers = ?::jsonb, updated_at = now()
    where organization_id = ? and key = ? and token = ?`,
    [status, body, JSON.stringify(headers), organizationId, key, token],
  );
}

/** Gives the key back after a failed request, so the same request can be retried under it. */
export async function releaseIdempotencyKey(em: Em, organizationId: string, key: string, token: string): Promise<void> {
  await sql(em, `delete from idempotency_record where organization_id = ? and key = ? and token = ? and state = 'running'`, [organizationId, key, token]);
}

/** Deletes keys past their day, a bounded batch at a time (called by the maintenance loop). */
export async function purgeIdempotencyKeys(em: Em, limit = 1000): Promise<number> {
  const rows = await sql(
    em,
    `delete from idempotency_record where ctid in (
    select ctid from idempotency_record where created_at < now() - make_interval(hours => ?) limit ?) returning 1`,
    [IDEMPOTENCY_KEY_TTL_HOURS, limit],
  );
  return rows.length;
}
