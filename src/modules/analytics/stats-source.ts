import { validationFailed } from '../errors.js';
import { MAX_RANGE_DAYS } from './analytics.schemas.js';
import { BUCKET_SECONDS } from './rollup.js';

const DAY_MS = 86_400_000;
const DEFAULT_RANGE_MS = 30 * DAY_MS;
const BUCKET_MS = BUCKET_SECONDS * 1000;

/** A half-open range of start times, [from, to). */
export interface StatsRange {
  from: Date;
  to: Date;
}

export interface StatsFilters {
  agent_id?: string;
  project_id?: string;
  direction?: string;
}

/**
 * The range of a query. to_time is inclusive to the second, as in the listing
 * route (12:00:00 includes 12:00:00.999), so both count the same sessions.
 * Default: the 30 days ending with the current second.
 */
export function resolveRange(query: { from_time?: Date; to_time?: Date }): StatsRange {
  const given = query.to_time ?? new Date();
  const to = new Date(Math.floor(given.getTime() / 1000) * 1000 + 1000);
  const from = query.from_time ?? new Date(to.getTime() - DEFAULT_RANGE_MS);
  if (from.getTime() > given.getTime()) {
    throw validationFailed([{ field: 'query.from_time', message: 'must not be after to_time' }], 'from_time is after to_time');
  }
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw validationFailed(
      [{ field: 'query.to_time', message: `must be at most ${MAX_RANGE_DAYS} days after from_time` }],
      'The range is too long',
    );
  }
  return { from, to };
}

/** The period of equal length that ends where `range` starts ("vs previous period"). */
export function previousRange(range: StatsRange): StatsRange {
  const length = range.to.getTime() - range.from.getTime();
  return { from: new Date(range.from.getTime() - length), to: range.from };
}

/** A range as responses show it: the same inclusive form the query takes. */
export function rangeView(range: StatsRange): { from_time: string; to_time: string } {
  return { from_time: range.from.toISOString(), to_time: new Date(range.to.getTime() - 1000).toISOString() };
}

/**
 * The statistics of a range as one SQL subquery, to aggregate over with
 * GROUP BY. Whole 15-minute buckets come from call_stats_bucket; the partial
 * buckets at the two edges come from the sessions themselves (only those the
 * buckets already hold: stats_counted_at is set), so any from/to is exact and
 * the cost is at most two buckets of sessions plus the bucket rows, whatever
 * the number of sessions. Both halves have the same columns, with '' for a
 * missing dimension as in the buckets:
 * at, project_id, agent_id, agent_name, status, end_reason, direction,
 * phone_number, sessions, duration_seconds, cost_micros, transferred,
 * tool_calls, tool_call_failures.
 * `at` is the bucket start or the session start, so grouping by hour or day
 * in a time zone is exact for every zone whose offset is a multiple of 15
 * minutes (all current ones).
 */
export function statsSource(organizationId: string, range: StatsRange, filters: StatsFilters): { text: string; params: unknown[] } {
  const from = range.from.getTime();
  const to = range.to.getTime();
  const first = Math.ceil(from / BUCKET_MS) * BUCKET_MS;
  const last = Math.max(first, Math.floor(to / BUCKET_MS) * BUCKET_MS);
  const iso = (ms: number) => new Date(ms).toISOString();

  const conditions: string[] = [];
  const values: unknown[] = [];
  for (const column of ['agent_id', 'project_id', 'direction'] as const) {
    const value = filters[column];
    if (value === undefined) continue;
    conditions.push(`${column} = ?`);
    values.push(value);
  }
  const filter = (alias: string) => conditions.map((c) => ` and ${alias}.${c}`).join('');

  const text = `(
    select b.bucket_start as at, b.project_id, b.agent_id, b.agent_name, b.status, b.end_reason, b.direction,
           b.phone_number, b.sessions::bigint as sessions, b.duration_seconds, b.cost_micros,
           b.transferred::bigint as transferred, b.tool_calls::bigint as tool_calls,
           b.tool_call_failures::bigint as tool_call_failures
      from call_stats_bucket b
     where b.organization_id = ? and b.bucket_start >= ? and b.bucket_start < ?${filter('b')}
    union all
    select s.started_at, s.project_id, coalesce(s.agent_id, ''), s.agent_name, s.status, coalesce(s.end_reason, ''),
           s.direction, coalesce(s.phone_number, ''), 1, s.duration_seconds, s.total_cost_micros,
           (exists (select 1 from call_leg l where l.session_id = s.id and l.kind = 'transfer'))::int,
           (select count(*) from tool_call t where t.session_id = s.id),
           (select count(*) from tool_call t where t.session_id = s.id and t.status <> 'succeeded')
      from call_session s
     where s.organization_id = ? and s.stats_counted_at is not null
       and ((s.started_at >= ? and s.started_at < ?) or (s.started_at >= ? and s.started_at < ?))${filter('s')}
  )`;
  const params = [
    organizationId, iso(first), iso(last), ...values,
    organizationId, iso(from), iso(Math.min(first, to)), iso(last), iso(to), ...values,
  ];
  return { text, params };
}

/** n / d to four decimals; 0 when there is nothing to divide by. */
export function rate(n: number, d: number): number {
  return d > 0 ? Math.round((n / d) * 10_000) / 10_000 : 0;
}

/** n / d to two decimals; 0 when there is nothing to divide by. */
export function average(n: number, d: number): number {
  return d > 0 ? Math.round((n / d) * 100) / 100 : 0;
}
