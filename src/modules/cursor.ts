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
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;

export function filterFingerprint(filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(filters).sort().map((k) => [k, filters[k] ?? null]));
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

export function encodeCursor(key: CursorKey, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ v: 1, t: key.t, id: key.id, f: fingerprint })).toString('base64url');
}

export function decodeCursor(cursor: string, fingerprint: string): CursorKey {
  const bad = (why: string) =>
    new DomainError('INVALID_CURSOR', `The cursor is not valid: ${why}`, {
      issues: [{ field: 'query.cursor', message: why }],
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad('it is not a cursor returned by this API');
  }
  if (
    !parsed || typeof parsed !== 'object' ||
    (parsed as { v?: unknown }).v !== 1 ||
    typeof (parsed as { t?: unknown }).t !== 'string' ||
    typeof (parsed as { id?: unknown }).id !== 'string' ||
    !TIMESTAMP.test((parsed as { t: string }).t)
  ) {
    throw bad('it is not a cursor returned by this API');
  }
  const { t, id, f } = parsed as { t: string; id: string; f?: unknown };
  if (f !== fingerprint) throw bad('it was issued for other filters; send the same filters as the first page');
  return { t, id };
}
