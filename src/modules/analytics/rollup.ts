import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { END_REASONS, endReasonColumn } from '../calls/calls.entity.js';

export const BUCKET_SECONDS = 900;

/**
 * The measures of call_stats_bucket, each with its column type and its value
 * for one session row `s` (an alias of call_session). The rollup sums these
 * per bucket and the edge half of stats-source.ts reads them per session, so
 * both halves of an analytics query count the same way by construction.
 * Status and end reason are counters (docs/decisions/0005): `failed` and one
 * column per end reason, each with its sessions' seconds and cost so a
 * breakdown by them keeps its durations and costs. Every value is SQL built
 * from constants only.
 */
export interface Measure {
  column: string;
  type: 'int' | 'bigint';
  value: string;
}
export function sessionMeasures(s: string): Measure[] {
  const counted = (column: string, condition: string): Measure[] => [
    { column, type: 'int', value: `(${condition})::int` },
    { column: `${column}_duration_seconds`, type: 'bigint', value: `case when ${condition} then ${s}.duration_seconds else 0 end` },
    { column: `${column}_cost_micros`, type: 'bigint', value: `case when ${condition} then ${s}.total_cost_micros else 0 end` },
  ];
  return [
    { column: 'sessions', type: 'int', value: '1' },
    { column: 'duration_seconds', type: 'bigint', value: `${s}.duration_seconds` },
    { column: 'cost_micros', type: 'bigint', value: `${s}.total_cost_micros` },
    ...counted('failed', `${s}.status = 'failed'`),
    // A count, not EXISTS: PostgreSQL may run an EXISTS for many sessions as one hashed scan of every transfer leg.
    {
      column: 'transferred',
      type: 'int',
      value: `((select count(*) from call_leg l where l.session_id = ${s}.id and l.kind = 'transfer') > 0)::int`,
    },
    { column: 'tool_calls', type: 'int', value: `(select count(*) from tool_call t where t.session_id = ${s}.id)` },
    {
      column: 'tool_call_failures',
      type: 'int',
      value: `(select count(*) from tool_call t where t.session_id = ${s}.id and t.status <> 'succeeded')`,
    },
    ...END_REASONS.flatMap((reason) => counted(endReasonColumn(reason), `coalesce(${s}.end_reason = '${reason}', false)`)),
  ];
}

/** The measure columns, in the order of sessionMeasures. */
export const MEASURE_COLUMNS = sessionMeasures('s').map((m) => m.column);

/**
 * The grains of call_stats_bucket in seconds, coarsest first: a UTC day, an
 * hour, a quarter of an hour. Every counted session is in one bucket of each
 * (decision 0048); analytics read the coarsest that fit (stats-source.ts).
 */
export const GRAINS = [86_400, 3_600, BUCKET_SECONDS] as const;

/** The columns a statement adding sessions to the buckets reads from its `marked` sessions. */
export const MARKED_COLUMNS =
  'id, organization_id, project_id, agent_id, agent_name, status, end_reason, direction, phone_number, kind, started_at, duration_seconds, total_cost_micros';

/**
 * One statement adding the sessions `marked` selects (SQL giving
 * MARKED_COLUMNS of call_session rows) to their bucket of every grain, and
 * answering how many sessions it added. Each session's measures are computed
 * once (facts, materialized so its subqueries do not run once per grain),
 * then summed per grain and bucket, and the buckets written in key order:
 * concurrent statements then lock the rows they share in the same order and
 * wait for each other rather than deadlock.
 */
export function addToStatsSql(marked: string): string {
  return `with marked as (${marked}),
     facts as materialized (
       select m.organization_id, extract(epoch from m.started_at) as epoch, m.project_id, coalesce(m.agent_id, '') as agent_id,
              m.agent_name, m.direction, coalesce(m.phone_number, '') as phone_number, m.kind,
              ${sessionMeasures('m')
                .map((x) => `${x.value} as ${x.column}`)
                .join(', ')}
         from marked m
     ), inserted as (
       insert into call_stats_bucket as b (organization_id, grain, bucket_start, project_id, agent_id, agent_name, direction,
              phone_number, kind, ${MEASURE_COLUMNS.join(', ')})
       select f.organization_id, g.grain, to_timestamp(floor(f.epoch / g.grain) * g.grain), f.project_id, f.agent_id, max(f.agent_name),
              f.direction, f.phone_number, f.kind, ${MEASURE_COLUMNS.map((c) => `sum(f.${c})`).join(', ')}
         from facts f cross join (values ${GRAINS.map((g) => `(${g})`).join(', ')}) as g(grain)
        group by 1, 2, 3, 4, 5, 7, 8, 9
        order by 1, 2, 3, 4, 5, 7, 8, 9
       on conflict on constraint call_stats_bucket_key do update set
              ${MEASURE_COLUMNS.map((c) => `${c} = b.${c} + excluded.${c}`).join(',\n              ')},
              agent_name = excluded.agent_name
       returning 1
     )
     select (select count(*) from marked)::int as added`;
}

// Built once: the statement only depends on constants.
const ADD_SESSIONS_SQL = addToStatsSql(
  `update call_session set stats_counted_at = now()
    where id in (select json_array_elements_text(?::json))
      and stats_counted_at is null and status in ('ended', 'failed')
    returning ${MARKED_COLUMNS}`,
);

/**
 * Adds ended (or failed) sessions to the statistics buckets of every grain and
 * of their kind (live, test, simulation: a key of the buckets, decision 0022), exactly
 * once each: the same statement marks them counted (stats_counted_at) and
 * adds them, so calling it twice for a session, or concurrently, cannot count
 * it twice. Sessions still in progress are skipped and counted when they end.
 * Returns how many sessions were added.
 */
export async function addSessionsToStats(em: Em, sessionIds: string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await sql<{ added: number | string }>(em, ADD_SESSIONS_SQL, [JSON.stringify(sessionIds)]);
  return Number(rows[0]?.added ?? 0);
}
