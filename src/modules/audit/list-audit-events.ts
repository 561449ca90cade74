import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toIso, toJson } from '../../db/values.js';
import { encodeCursor, resolveWindow } from '../cursor.js';
import type { ListAuditQuery } from './audit.schemas.js';

const DEFAULT_RANGE_MS = 90 * 24 * 3600 * 1000;

/** Newest first, keyset-paginated like every listing (docs/decisions/0006). */
export async function listAuditEvents(em: Em, organizationId: string, query: ListAuditQuery) {
  const { from, toExclusive, fingerprint, after } = resolveWindow(
    query,
    { actor: query.actor_id, action: query.action, via: query.via, project: query.project_id },
    DEFAULT_RANGE_MS,
  );
  const where = ['organization_id = ?', 'created_at >= ?', 'created_at < ?'];
  const params: unknown[] = [organizationId, from.toISOString(), toExclusive.toISOString()];
  for (const [condition, value] of [
    ['actor_id = ?', query.actor_id],
    ['action = ?', query.action],
    ['via = ?', query.via],
    ['project_id = ?', query.project_id],
  ] as const) {
    if (value === undefined) continue;
    where.push(condition);
    params.push(value);
  }
  if (after) {
    where.push('(created_at, id) < (?::timestamptz, ?)');
    params.push(after.t, after.id);
  }
  params.push(query.page_size + 1);
  const rows = await sql(
    em,
    `select id, created_at, created_at::text as created_key, actor_type, actor_id, actor_name, via, action, project_id,
            target_type, target_id, data, request_id
       from audit_event where ${where.join(' and ')} order by created_at desc, id desc limit ?`,
    params,
  );
  const hasMore = rows.length > query.page_size;
  const page = hasMore ? rows.slice(0, query.page_size) : rows;
  const last = page.at(-1);
  return {
    events: page.map((r) => ({
      event_id: r.id as string,
      created_at: toIso(r.created_at),
      actor: { type: r.actor_type as string, id: (r.actor_id as string | null) ?? null, name: (r.actor_name as string | null) ?? null },
      via: r.via as string,
      action: r.action as string,
      project_id: (r.project_id as string | null) ?? null,
      target: { type: (r.target_type as string | null) ?? null, id: (r.target_id as string | null) ?? null },
      data: toJson<Record<string, unknown>>(r.data),
      request_id: (r.request_id as string | null) ?? null,
    })),
    has_more: hasMore,
    next_cursor:
      hasMore && last
        ? encodeCursor({ t: last.created_key as string, id: last.id as string, w: [from.toISOString(), toExclusive.toISOString()] }, fingerprint)
        : null,
  };
}
