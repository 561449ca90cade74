import { validationFailed } from '../errors.js';
import { MAX_RANGE_DAYS } from './analytics.schemas.js';
import { toInt } from '../../db/values.js';
import { END_REASONS, endReasonColumn, SESSION_KINDS, type SessionKind } from '../calls/calls.entity.js';
import { BUCKET_SECONDS, MEASURE_COLUMNS, sessionMeasures } from './rollup.js';

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
  /** The kinds of session to count; absent: live only, what analytics and billing count by default (decision 0022). */
  kind?: readonly SessionKind[];
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
    throw validationFailed([{ field: 'from_time', message: 'must not be after to_time' }], 'from_time is after to_time');
  }
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw validationFailed([{ field: 'to_time', message: `must be at most ${MAX_RANGE_DAYS} days after from_time` }], 'The range is too long');
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

// The measures of both halves of statsSource, in the same order and of the
// same types: then PostgreSQL computes only the columns a query uses (were a
// cast needed between the halves, it would compute every column of each row).
const BUCKET_MEASURES = MEASURE_COLUMNS.map((c) => `b.${c}`).join(', ');
const SESSION_MEASURES = sessionMeasures('s')
  .map((m) => `(${m.value})::${m.type}`)
  .join(', ');

/**
 * The statistics of a range as one SQL subquery, to aggregate over with
 * GROUP BY. Whole 15-minute buckets come from call_stats_bucket; the partial
 * buckets at the two edges come from the sessions themselves (only those the
 * buckets already hold: stats_counted_at is set), so any from/to is exact and
 * the cost is at most two buckets of sessions plus the bucket rows, whatever
 * the number of sessions. Only the kinds of `filters.kind` are counted, live
 * alone by default. Both halves have the same columns, with '' for a
 * missing dimension as in the buckets:
 * at, project_id, agent_id, agent_name, direction, phone_number, kind, then the
 * measures of rollup.ts (sessions, duration_seconds, cost_micros, failed,
 * transferred, tool_calls, tool_call_failures, er_<end reason>, ...), which a
 * session row gives as 0/1 counters and its own seconds and cost.
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
  // Kind is a key of the buckets, so a kind filter reads the same rows the
  // live default does; every kind together needs no condition at all.
  const kinds = filters.kind ?? ['live'];
  if (kinds.length < SESSION_KINDS.length) {
    conditions.push('kind in (?)');
    values.push(kinds);
  }
  const filter = (alias: string) => conditions.map((c) => ` and ${alias}.${c}`).join('');

  const text = `(
    select b.bucket_start as at, b.project_id, b.agent_id, b.agent_name, b.direction, b.phone_number, b.kind,
           ${BUCKET_MEASURES}
      from call_stats_bucket b
     where b.organization_id = ? and b.bucket_start >= ? and b.bucket_start < ?${filter('b')}
    union all
    select s.started_at, s.project_id, coalesce(s.agent_id, ''), s.agent_name, s.direction, coalesce(s.phone_number, ''), s.kind,
           ${SESSION_MEASURES}
      from call_session s
     where s.organization_id = ? and s.stats_counted_at is not null
       and ((s.started_at >= ? and s.started_at < ?) or (s.started_at >= ? and s.started_at < ?))${filter('s')}
  )`;
  const params = [organizationId, iso(first), iso(last), ...values, organizationId, iso(from), iso(Math.min(first, to)), iso(last), iso(to), ...values];
  return { text, params };
}

/**
 * The agent's name on its latest row of `source` (a bucket start or an edge
 * session), as a scalar subquery for a query that has grouped by agent and
 * kept `max(at)`: `agentId` and `lastAt` are that query's SQL expressions for
 * them. Looked up once per group (an index probe per half of the source)
 * rather than carried through the grouping, which would otherwise have to
 * order every row by time. Ties at one instant take the greatest name.
 */
export function latestAgentName(source: { text: string; params: unknown[] }, agentId: string, lastAt: string) {
  return {
    text: `(select max(n.agent_name) from ${source.text} n where n.agent_id = ${agentId} and n.at = ${lastAt})`,
    params: source.params,
  };
}

/** The counter columns of the end reasons, er_<reason>, in END_REASONS order. */
export const END_REASON_COLUMNS = END_REASONS.map(endReasonColumn);

/** `sum(c) as c` for each column, 0 when there are no rows (the columns are constants, safe to inline). */
export function sums(columns: readonly string[]): string {
  return columns.map((c) => `coalesce(sum(${c}), 0) as ${c}`).join(', ');
}

/**
 * The sessions per end reason of an aggregated row holding `sessions` and the
 * er_<reason> sums, most first (ties by name, none first): the end reasons
 * that occur only, with null for sessions that have none.
 */
export function endReasonCounts(row: Record<string, unknown>): { end_reason: string | null; sessions: number }[] {
  const counts = END_REASONS.map((reason) => ({ end_reason: reason as string | null, sessions: toInt(row[endReasonColumn(reason)]) }));
  const none = toInt(row.sessions) - counts.reduce((sum, c) => sum + c.sessions, 0);
  const key = (c: { end_reason: string | null }) => c.end_reason ?? '';
  return [{ end_reason: null, sessions: none }, ...counts]
    .filter((c) => c.sessions > 0)
    .sort((x, y) => y.sessions - x.sessions || (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}

/** n / d to four decimals; 0 when there is nothing to divide by. */
export function rate(n: number, d: number): number {
  return d > 0 ? Math.round((n / d) * 10_000) / 10_000 : 0;
}

/** n / d to two decimals; 0 when there is nothing to divide by. */
export function average(n: number, d: number): number {
  return d > 0 ? Math.round((n / d) * 100) / 100 : 0;
}

/** The calendar day of an instant in an IANA time zone, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Every calendar day from `first` to `last` (YYYY-MM-DD), both included. */
export function eachDay(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = nextDay(day)) days.push(day);
  return days;
}
