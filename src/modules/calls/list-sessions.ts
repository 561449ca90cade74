import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { encodeCursor, resolveWindow } from '../cursor.js';
import { SESSION_KINDS } from './calls.entity.js';
import type { ListSessionsQuery, SessionView } from './calls.schemas.js';
import { assembleSessions, SESSION_COLUMNS, type SessionRow } from './session-views.js';

const DEFAULT_RANGE_MS = 30 * 24 * 3600 * 1000;

/** The window, fingerprint and position of a listing page (see resolveWindow). */
export function listingWindow(query: ListSessionsQuery, now = new Date()) {
  return resolveWindow(
    query,
    // kind only when given, so cursors issued before the filter existed stay valid.
    {
      agent: query.agent_id,
      project: query.project_id,
      status: query.status,
      direction: query.direction,
      // Only when given, as kind: cursors issued before the filter existed stay valid.
      ...(query.end_reason ? { end_reason: query.end_reason } : {}),
      ...(query.kind ? { kind: query.kind.join(',') } : {}),
    },
    DEFAULT_RANGE_MS,
    now,
  );
}

/**
 * Newest first, by (started_at, id) descending, with keyset pagination: the
 * cursor holds the last row's key and the next page starts strictly after it,
 * so a deep page costs what the first does, and sessions added between pages
 * can never make the listing skip or repeat a session that was there before.
 */
export async function listSessions(
  em: Em,
  organizationId: string,
  query: ListSessionsQuery,
): Promise<{ sessions: SessionView[]; has_more: boolean; next_cursor: string | null }> {
  const { from, toExclusive, fingerprint, after } = listingWindow(query);
  const where = ['s.organization_id = ?', 's.started_at >= ?', 's.started_at < ?'];
  const params: unknown[] = [organizationId, from.toISOString(), toExclusive.toISOString()];
  const filters: [string, unknown][] = [
    ['s.agent_id = ?', query.agent_id],
    ['s.project_id = ?', query.project_id],
    ['s.status = ?', query.status],
    ['s.direction = ?', query.direction],
    ['s.end_reason = ?', query.end_reason],
  ];
  for (const [condition, value] of filters) {
    if (value === undefined) continue;
    where.push(condition);
    params.push(value);
  }
  // Every kind is no filter at all. Kinds without live let PostgreSQL use the
  // partial index of non-live sessions (call_session_org_not_live_idx), so a
  // page of test sessions does not walk past the live ones.
  if (query.kind && query.kind.length < SESSION_KINDS.length) {
    where.push('s.kind in (?)');
    params.push(query.kind);
  }
  if (after) {
    where.push('(s.started_at, s.id) < (?::timestamptz, ?)');
    params.push(after.t, after.id);
  }
  params.push(query.page_size + 1);
  const rows = await sql<SessionRow & { started_key: string }>(
    em,
    `select ${SESSION_COLUMNS}, s.started_at::text as started_key
       from call_session s
      where ${where.join(' and ')}
      order by s.started_at desc, s.id desc
      limit ?`,
    params,
  );
  const hasMore = rows.length > query.page_size;
  const page = hasMore ? rows.slice(0, query.page_size) : rows;
  const last = page.at(-1);
  return {
    sessions: await assembleSessions(em, page),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor({ t: last.started_key, id: last.id, w: [from.toISOString(), toExclusive.toISOString()] }, fingerprint) : null,
  };
}
