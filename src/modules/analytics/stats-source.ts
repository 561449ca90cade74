import { validationFailed } from '../errors.js';
import { MAX_RANGE_DAYS } from './analytics.schemas.js';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toIso } from '../../db/values.js';
import { END_REASONS, endReasonColumn, SESSION_KINDS, type SessionKind } from '../calls/calls.entity.js';
import { GRAINS, MEASURE_COLUMNS, sessionMeasures } from './rollup.js';

const DAY_MS = 86_400_000;
const DEFAULT_RANGE_MS = 30 * DAY_MS;

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

/** A read of bucket rows of one grain (ms) whose starts lie in [from, to), or of raw sessions (grain 0). */
export interface StatsRead {
  grain: number;
  from: number;
  to: number;
}

/**
 * Which rows cover [range.from, range.to) when a query splits it into periods
 * starting at `cuts` (instants; those outside the range are ignored): within
 * each period, the coarsest buckets that fit wholly inside it (UTC days, then
 * hours, then quarters of an hour), and the sessions themselves for what is
 * left at a period's edges that no quarter covers. Every row read then lies
 * inside one period, so grouping rows by the period of their start is exact.
 * Adjacent reads of one grain are merged. Pure, so it is tested on its own.
 */
export function planStatsReads(range: StatsRange, cuts: readonly Date[]): StatsRead[] {
  const from = range.from.getTime();
  const to = range.to.getTime();
  const points = [...new Set([from, ...cuts.map((c) => c.getTime()).filter((c) => c > from && c < to), to])].sort((a, b) => a - b);
  const reads: StatsRead[] = [];
  const grains = GRAINS.map((g) => g * 1000);
  const cover = (a: number, b: number, level: number): void => {
    if (a >= b) return;
    if (level === grains.length) {
      reads.push({ grain: 0, from: a, to: b });
      return;
    }
    const g = grains[level];
    const lo = Math.ceil(a / g) * g;
    const hi = Math.floor(b / g) * g;
    if (lo >= hi) return cover(a, b, level + 1);
    cover(a, lo, level + 1);
    reads.push({ grain: g, from: lo, to: hi });
    cover(hi, b, level + 1);
  };
  for (let i = 0; i + 1 < points.length; i++) cover(points[i], points[i + 1], 0);
  reads.sort((x, y) => x.grain - y.grain || x.from - y.from);
  const merged: StatsRead[] = [];
  for (const read of reads) {
    const last = merged[merged.length - 1];
    if (last && last.grain === read.grain && last.to === read.from) last.to = read.to;
    else merged.push({ ...read });
  }
  return merged;
}

/**
 * The statistics of a range as one SQL subquery, to aggregate over with
 * GROUP BY. The buckets of call_stats_bucket that fit wholly inside the
 * range, and inside each of the periods the query splits it into (`cuts`,
 * the instants where they start: [] when it does not split the range by
 * time), come from the coarsest grain that fits (planStatsReads); the edges
 * no 15-minute bucket covers come from the sessions themselves (only those
 * the buckets already hold: stats_counted_at is set), so any from/to is exact
 * and the cost is at most two buckets of sessions plus the bucket rows,
 * whatever the number of sessions. A query that groups by the day, hour or
 * month of `at` in a time zone must pass those periods' starts (statsCuts):
 * a UTC day's row would otherwise count in the local day it starts in.
 * Only the kinds of `filters.kind` are counted, live alone by default. Both
 * halves have the same columns, with '' for a missing dimension as in the
 * buckets: at, project_id, agent_id, agent_name, direction, phone_number,
 * kind, then the measures of rollup.ts (sessions, duration_seconds,
 * cost_micros, failed, transferred, tool_calls, tool_call_failures,
 * er_<end reason>, ...), which a session row gives as 0/1 counters and its
 * own seconds and cost. `at` is the bucket start or the session start.
 */
export function statsSource(organizationId: string, range: StatsRange, filters: StatsFilters, cuts: readonly Date[]): { text: string; params: unknown[] } {
  const reads = planStatsReads(range, cuts);
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
  const either = (terms: string[]) => (terms.length > 0 ? `(${terms.join(' or ')})` : 'false');

  const buckets = reads.filter((r) => r.grain > 0);
  const edges = reads.filter((r) => r.grain === 0);
  const text = `(
    select b.bucket_start as at, b.project_id, b.agent_id, b.agent_name, b.direction, b.phone_number, b.kind,
           ${BUCKET_MEASURES}
      from call_stats_bucket b
     where b.organization_id = ?
       and ${either(buckets.map(() => '(b.grain = ? and b.bucket_start >= ? and b.bucket_start < ?)'))}${filter('b')}
    union all
    select s.started_at, s.project_id, coalesce(s.agent_id, ''), s.agent_name, s.direction, coalesce(s.phone_number, ''), s.kind,
           ${SESSION_MEASURES}
      from call_session s
     where s.organization_id = ? and s.stats_counted_at is not null
       and ${either(edges.map(() => '(s.started_at >= ? and s.started_at < ?)'))}${filter('s')}
  )`;
  const params = [
    organizationId,
    ...buckets.flatMap((r) => [r.grain / 1000, iso(r.from), iso(r.to)]),
    ...values,
    organizationId,
    ...edges.flatMap((r) => [iso(r.from), iso(r.to)]),
    ...values,
  ];
  return { text, params };
}

/** The units a query can split time into, in a time zone. */
export type PeriodUnit = 'hour' | 'day' | 'week' | 'month';

/**
 * SQL giving the instants (column `start`) where the periods of `unit` in the
 * time zone begin, from the one holding `from` to the one holding `last`.
 * Hours are absolute (date_trunc keeps the instant's offset below a day, so
 * the two 1 a.m. hours of a fall-back night are two periods). Days, weeks and
 * months step in wall-clock time and are converted back, so they start at
 * local midnight and last 23 or 25 hours across a DST change. Rows grouped
 * with date_trunc(unit, at, zone) fall on the same instants. `unit` is one of
 * PeriodUnit (validated), so it is safe to inline.
 */
export function periodStartsSql(unit: PeriodUnit, from: Date, last: Date, timeZone: string): { text: string; params: unknown[] } {
  if (unit === 'hour') {
    return {
      text: `select generate_series(date_trunc('hour', ?::timestamptz, ?), date_trunc('hour', ?::timestamptz, ?), interval '1 hour') as start`,
      params: [from.toISOString(), timeZone, last.toISOString(), timeZone],
    };
  }
  return {
    text: `select t at time zone ? as start
             from generate_series(date_trunc('${unit}', ?::timestamptz at time zone ?),
                                  date_trunc('${unit}', ?::timestamptz at time zone ?), interval '1 ${unit}') as t`,
    params: [timeZone, from.toISOString(), timeZone, last.toISOString(), timeZone],
  };
}

/** The starts of the periods of `unit` in the time zone that meet `range`, by PostgreSQL's zone rules, for statsSource. */
export async function statsCuts(em: Em, range: StatsRange, unit: PeriodUnit, timeZone: string): Promise<Date[]> {
  const starts = periodStartsSql(unit, range.from, new Date(range.to.getTime() - 1), timeZone);
  const rows = await sql<{ start: unknown }>(em, `select start from (${starts.text}) p order by start`, starts.params);
  return rows.map((r) => new Date(toIso(r.start)));
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
