import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toIso } from '../../db/values.js';
import { validationFailed } from '../errors.js';
import { MAX_POINTS, type AnalyticsTimeSeriesQuery, type Interval } from './analytics.schemas.js';
import { rangeView, resolveRange, statsSource } from './stats-source.js';

export interface TimeSeriesPoint {
  start: string;
  local_start: string;
  sessions: number;
  duration_seconds: number;
  cost_micros: number;
  transferred: number;
  failed: number;
}

/**
 * The starts of the buckets that meet [from, last], as instants. Hours are
 * absolute (date_trunc keeps the instant's offset below a day, so the two
 * 1 a.m. hours of a fall-back night are two points). Days, weeks and months
 * step in wall-clock time and are converted back, so they start at local
 * midnight and last 23 or 25 hours across a DST change. Rows are bucketed
 * with date_trunc(unit, at, zone), which yields the same instants.
 * `interval` is one of INTERVALS (validated), so it is safe to inline.
 */
function bucketStarts(interval: Interval, from: Date, last: Date, timeZone: string): { text: string; params: unknown[] } {
  if (interval === 'hour') {
    return {
      text: `select generate_series(date_trunc('hour', ?::timestamptz, ?), date_trunc('hour', ?::timestamptz, ?), interval '1 hour') as start`,
      params: [from.toISOString(), timeZone, last.toISOString(), timeZone],
    };
  }
  return {
    text: `select t at time zone ? as start
             from generate_series(date_trunc('${interval}', ?::timestamptz at time zone ?),
                                  date_trunc('${interval}', ?::timestamptz at time zone ?), interval '1 ${interval}') as t`,
    params: [timeZone, from.toISOString(), timeZone, last.toISOString(), timeZone],
  };
}

/** One point per bucket of `interval` in the time zone, empty buckets included. */
export async function getTimeSeries(
  em: Em,
  organizationId: string,
  query: AnalyticsTimeSeriesQuery,
): Promise<{ from_time: string; to_time: string; interval: Interval; time_zone: string; points: TimeSeriesPoint[] }> {
  const range = resolveRange(query);
  const { interval, time_zone: timeZone } = query;
  const starts = bucketStarts(interval, range.from, new Date(range.to.getTime() - 1), timeZone);
  // Counted before anything is read, so a range that is too fine costs nothing.
  const [{ points }] = await sql<{ points: number }>(em, `select count(*)::int as points from (${starts.text}) p`, starts.params);
  if (points > MAX_POINTS) {
    throw validationFailed(
      [{ field: 'interval', message: `gives ${points} points, more than ${MAX_POINTS}: choose a longer interval or a shorter range` }],
      'Too many points',
    );
  }
  const source = statsSource(organizationId, range, query);
  // Summed per bucket start first, so date_trunc in the time zone runs once
  // per bucket (a few thousand) rather than once per bucket row.
  const rows = await sql<Record<keyof TimeSeriesPoint, unknown>>(
    em,
    `with by_at as (
       select at, sum(sessions) as sessions, sum(duration_seconds) as duration_seconds, sum(cost_micros) as cost_micros,
              sum(transferred) as transferred, sum(failed) as failed
         from ${source.text} src
        group by at
     ),
     starts as (${starts.text}),
     agg as (
       select date_trunc('${interval}', at, ?) as start, sum(sessions) as sessions, sum(duration_seconds) as duration_seconds,
              sum(cost_micros) as cost_micros, sum(transferred) as transferred, sum(failed) as failed
         from by_at
        group by 1
     )
     select p.start, to_char(p.start at time zone ?, 'YYYY-MM-DD"T"HH24:MI:SS') as local_start,
            coalesce(a.sessions, 0) as sessions, coalesce(a.duration_seconds, 0) as duration_seconds,
            coalesce(a.cost_micros, 0) as cost_micros, coalesce(a.transferred, 0) as transferred,
            coalesce(a.failed, 0) as failed
       from starts p
       left join agg a on a.start = p.start
      order by p.start`,
    [...source.params, ...starts.params, timeZone, timeZone],
  );
  return {
    ...rangeView(range),
    interval,
    time_zone: timeZone,
    points: rows.map((r) => ({
      start: toIso(r.start),
      local_start: String(r.local_start),
      sessions: toInt(r.sessions),
      duration_seconds: toInt(r.duration_seconds),
      cost_micros: toInt(r.cost_micros),
      transferred: toInt(r.transferred),
      failed: toInt(r.failed),
    })),
  };
}
