import { createHash } from 'node:crypto';
import { DomainError } from './errors.js';

/**
 * Opaque keyset cursors: the sort key of the last row of a page plus a
 * fingerprint of the filters it was made under. Base64url JSON; the server
 * checks its shape and the fingerprint, so a cursor cannot be replayed with
 * other filters. Not secret: it only names a position in data the caller may
 * read anyway.
 */
export interface CursorKey {
  /** The sort timestamp (ISO) and the id that breaks ties. */
  t: string;
  id: string;
  /**
   * The time window the first page resolved (ISO from, ISO exclusive to), so
   * later pages keep it when the client left from/to to their defaults
   * ("the last 30 days" must not move between pages).
   */
  w?: [string, string];
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;

export function filterFingerprint(filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .sort()
      .map((k) => [k, filters[k] ?? null]),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

export function encodeCursor(key: CursorKey, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ v: 1, t: key.t, id: key.id, w: key.w, f: fingerprint })).toString('base64url');
}

export function decodeCursor(cursor: string, fingerprint: string): CursorKey {
  const bad = (why: string) =>
    new DomainError('INVALID_CURSOR', `The cursor is not valid: ${why}`, {
      issues: [{ field: 'cursor', message: why }],
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad('it is not a cursor returned by this API');
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    (parsed as { v?: unknown }).v !== 1 ||
    typeof (parsed as { t?: unknown }).t !== 'string' ||
    typeof (parsed as { id?: unknown }).id !== 'string' ||
    !TIMESTAMP.test((parsed as { t: string }).t)
  ) {
    throw bad('it is not a cursor returned by this API');
  }
  const { t, id, f, w } = parsed as { t: string; id: string; f?: unknown; w?: unknown };
  if (f !== fingerprint) throw bad('it was issued for other filters; send the same filters as the first page');
  if (w !== undefined && !(Array.isArray(w) && w.length === 2 && w.every((x) => typeof x === 'string' && !Number.isNaN(Date.parse(x))))) {
    throw bad('it is not a cursor returned by this API');
  }
  return w ? { t, id, w: w as [string, string] } : { t, id };
}

/**
 * The time window of a listing page: from the cursor when there is one (the
 * window of the first page), else from the query with its defaults.
 * `to` is inclusive to the second: 12:00:00 includes 12:00:00.999.
 */
export function resolveWindow(
  query: { from_time?: Date; to_time?: Date; cursor?: string },
  filters: Record<string, unknown>,
  defaultRangeMs: number,
  now = new Date(),
): { from: Date; toExclusive: Date; fingerprint: string; after?: CursorKey } {
  // Explicit times are part of the fingerprint; defaulted ones come from the cursor.
  const fingerprint = filterFingerprint({
    ...filters,
    from_time: query.from_time?.toISOString(),
    to_time: query.to_time?.toISOString(),
  });
  if (query.cursor) {
    const after = decodeCursor(query.cursor, fingerprint);
    if (after.w) return { from: new Date(after.w[0]), toExclusive: new Date(after.w[1]), fingerprint, after };
  }
  const to = query.to_time ?? now;
  const from = query.from_time ?? new Date(to.getTime() - defaultRangeMs);
  if (from.getTime() > to.getTime()) {
    throw new DomainError('VALIDATION_FAILED', 'from_time is after to_time', {
      issues: [{ field: 'from_time', message: 'must not be after to_time' }],
    });
  }
  const toExclusive = new Date(Math.floor(to.getTime() / 1000) * 1000 + 1000);
  const after = query.cursor ? decodeCursor(query.cursor, fingerprint) : undefined;
  return { from, toExclusive, fingerprint, after };
}
