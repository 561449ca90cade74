import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt } from '../../db/values.js';
import type { AnalyticsBreakdownQuery, GroupBy } from './analytics.schemas.js';
import { average, rangeView, rate, resolveRange, statsSource } from './stats-source.js';

export interface BreakdownRow {
  value: string | null;
  label: string | null;
  sessions: number;
  share: number;
  duration_seconds: number;
  average_duration_seconds: number;
  cost_micros: number;
}

/**
 * The SQL of each dimension over the stats source: the grouped value ('' in
 * the buckets becomes null) and a label to show, evaluated per group. Agents
 * show the name of their latest session; sessions hold only the project id,
 * so the project's name is looked up for the few grouped rows.
 */
const DIMENSIONS: Record<GroupBy, { value: string; label: string }> = {
  agent: { value: "nullif(agent_id, '')", label: '(array_agg(agent_name order by at desc))[1]' },
  status: { value: 'status', label: 'status' },
  end_reason: { value: "nullif(end_reason, '')", label: "nullif(end_reason, '')" },
  direction: { value: 'direction', label: 'direction' },
  project: { value: 'project_id', label: '(select p.name from project p where p.id = project_id)' },
  phone_number: { value: "nullif(phone_number, '')", label: "nullif(phone_number, '')" },
};

/** Sessions split by one dimension, most sessions first. */
export async function getBreakdown(
  em: Em,
  organizationId: string,
  query: AnalyticsBreakdownQuery,
): Promise<{ from_time: string; to_time: string; group_by: GroupBy; sessions: number; rows: BreakdownRow[] }> {
  const range = resolveRange(query);
  const source = statsSource(organizationId, range, query);
  const dimension = DIMENSIONS[query.group_by];
  const rows = await sql<Record<'value' | 'label' | 'sessions' | 'total' | 'duration_seconds' | 'cost_micros', unknown>>(
    em,
    `with src as ${source.text}
     select ${dimension.value} as value, ${dimension.label} as label, sum(sessions) as sessions,
            sum(sum(sessions)) over () as total, sum(duration_seconds) as duration_seconds, sum(cost_micros) as cost_micros
       from src
      group by 1
      order by sessions desc, value asc nulls last`,
    source.params,
  );
  const total = rows.length > 0 ? toInt(rows[0].total) : 0;
  return {
    ...rangeView(range),
    group_by: query.group_by,
    sessions: total,
    rows: rows.map((r) => {
      const sessions = toInt(r.sessions);
      const duration = toInt(r.duration_seconds);
      return {
        value: r.value === null ? null : String(r.value),
        label: r.label === null ? null : String(r.label),
        sessions,
        share: rate(sessions, total),
        duration_seconds: duration,
        average_duration_seconds: average(duration, sessions),
        cost_micros: toInt(r.cost_micros),
      };
    }),
  };
}
