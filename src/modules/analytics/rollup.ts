import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';

export const BUCKET_SECONDS = 900;

/**
 * Adds ended (or failed) sessions to the 15-minute statistics buckets, exactly
 * once each: the same statement marks them counted (stats_counted_at) and
 * adds them, so calling it twice for a session, or concurrently, cannot count
 * it twice. Sessions still in progress are skipped and counted when they end.
 * Returns how many sessions were added.
 */
export async function addSessionsToStats(em: Em, sessionIds: string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await sql<{ added: number | string }>(
    em,
    `with marked as (
       update call_session set stats_counted_at = now()
        where id in (select json_array_elements_text(?::json))
          and stats_counted_at is null and status in ('ended', 'failed')
        returning id, organization_id, project_id, agent_id, agent_name, status, end_reason, direction,
                  phone_number, started_at, duration_seconds, total_cost_micros
     ), enriched as (
       select m.*,
              exists (select 1 from call_leg l where l.session_id = m.id and l.kind = 'transfer') as was_transferred,
              (select count(*) from tool_call t where t.session_id = m.id) as tool_calls,
              (select count(*) from tool_call t where t.session_id = m.id and t.status <> 'succeeded') as tool_call_failures
         from marked m
     ), inserted as (
       insert into call_stats_bucket as b (organization_id, bucket_start, project_id, agent_id, agent_name, status,
              end_reason, direction, phone_number, sessions, duration_seconds, cost_micros, transferred, tool_calls,
              tool_call_failures)
       select organization_id,
              to_timestamp(floor(extract(epoch from started_at) / ${BUCKET_SECONDS}) * ${BUCKET_SECONDS}),
              project_id, coalesce(agent_id, ''), max(agent_name), status, coalesce(end_reason, ''), direction,
              coalesce(phone_number, ''), count(*), sum(duration_seconds), sum(total_cost_micros),
              count(*) filter (where was_transferred), sum(tool_calls), sum(tool_call_failures)
         from enriched
        group by 1, 2, 3, 4, 6, 7, 8, 9
       on conflict on constraint call_stats_bucket_key do update set
              sessions = b.sessions + excluded.sessions,
              duration_seconds = b.duration_seconds + excluded.duration_seconds,
              cost_micros = b.cost_micros + excluded.cost_micros,
              transferred = b.transferred + excluded.transferred,
              tool_calls = b.tool_calls + excluded.tool_calls,
              tool_call_failures = b.tool_call_failures + excluded.tool_call_failures,
              agent_name = excluded.agent_name
       returning 1
     )
     select (select count(*) from marked)::int as added`,
    [JSON.stringify(sessionIds)],
  );
  return Number(rows[0]?.added ?? 0);
}
