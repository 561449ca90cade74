import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt } from '../../db/values.js';
import type { AnalyticsHeatmapQuery } from './analytics.schemas.js';
import { average, rangeView, resolveRange, statsCuts, statsSource } from './stats-source.js';

export interface HeatmapCell {
  day_of_week: number;
  hour: number;
  sessions: number;
  average_duration_seconds: number;
}

/** Sessions by weekday (0 is Monday) and hour of the day in the time zone: always all 7 × 24 cells. */
export async function getHeatmap(
  em: Em,
  organizationId: string,
  query: AnalyticsHeatmapQuery,
): Promise<{ from_time: string; to_time: string; time_zone: string; cells: HeatmapCell[] }> {
  const range = resolveRange(query);
  const source = statsSource(organizationId, range, query, await statsCuts(em, range, 'hour', query.time_zone));
  // Summed per bucket start first, so the time zone arithmetic runs once per
  // bucket (a few thousand) rather than once per bucket row.
  const rows = await sql<Record<'day_of_week' | 'hour' | 'sessions' | 'duration_seconds', unknown>>(
    em,
    `with by_at as (
       select at, sum(sessions) as sessions, sum(duration_seconds) as duration_seconds from ${source.text} src group by at
     ),
     agg as (
       select extract(isodow from at at time zone ?)::int - 1 as day_of_week, extract(hour from at at time zone ?)::int as hour,
              sum(sessions) as sessions, sum(duration_seconds) as duration_seconds
         from by_at
        group by 1, 2
     )
     select d.day_of_week, h.hour, coalesce(a.sessions, 0) as sessions, coalesce(a.duration_seconds, 0) as duration_seconds
       from generate_series(0, 6) as d(day_of_week)
      cross join generate_series(0, 23) as h(hour)
       left join agg a on a.day_of_week = d.day_of_week and a.hour = h.hour
      order by d.day_of_week, h.hour`,
    [...source.params, query.time_zone, query.time_zone],
  );
  return {
    ...rangeView(range),
    time_zone: query.time_zone,
    cells: rows.map((r) => ({
      day_of_week: toInt(r.day_of_week),
      hour: toInt(r.hour),
      sessions: toInt(r.sessions),
      average_duration_seconds: average(toInt(r.duration_seconds), toInt(r.sessions)),
    })),
  };
}
