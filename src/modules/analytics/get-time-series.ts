import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toIso } from '../../db/values.js';
import { validationFailed } from '../errors.js';
import { MAX_POINTS, type AnalyticsTimeSeriesQuery, type Interval } from './analytics.schemas.js';
import { rangeView, resolveRange, statsCuts, statsSource } from './stats-source.js';

export interface TimeSeriesPoint {
  start: string;
  local_start: string;
  sessions: number;
  duration_seconds: number;
  cost_micros: number;
  transferred: number;
  failed: number;
}

/** One point per bucket of `interval` in the time zone, empty buckets included. */
export async function getTimeSeries(
  em: Em,
  organizationId: string,
  query: AnalyticsTimeSeriesQuery,
): Promise<{ from_time: string; to_time: string; interval: Interval; time_zone: string; points: TimeSeriesPoint[] }> {
  const range = resolveRange(query);
  const { interval, time_zone: timeZone } = query;
  // The starts of the points, found before anything is read, so a range that is too fine costs nothing.
  const starts = await statsCuts(em, range, interval, timeZone);
  if (starts.length > MAX_POINTS) {
    throw validationFailed(
      [{ field: 'interval', message: `gives ${starts.length} points, more than ${MAX_POINTS}: choose a longer interval or a shorter range` }],
      'Too many points',
    );
  }
  const source = statsSource(organizationId, range, query, starts);
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
     starts as (select t::timestamptz as start from json_array_elements_text(?::json) as j(t)),
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
    [...source.params, JSON.stringify(starts.map((d) => d.toISOString())), timeZone, timeZone],
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
