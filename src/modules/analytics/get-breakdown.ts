import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt } from '../../db/values.js';
import { END_REASONS, endReasonColumn } from '../calls/calls.entity.js';
import type { AnalyticsBreakdownQuery, GroupBy } from './analytics.schemas.js';
import { average, END_REASON_COLUMNS, latestAgentName, rangeView, rate, resolveRange, statsSource, sums } from './stats-source.js';

export interface BreakdownRow {
  value: string | null;
  label: string | null;
  sessions: number;
  share: number;
  duration_seconds: number;
  average_duration_seconds: number;
  cost_micros: number;
}

type Group = { value: string | null; label: string | null; sessions: number; duration_seconds: number; cost_micros: number };

/**
 * The dimensions that are key columns of the buckets, as SQL over the stats
 * source: the grouped value ('' in the buckets becomes null) and a label to
 * show, evaluated per group `g`. Agents (no label here) show the name of
 * their latest row (latestAgentName); sessions hold only the project id, so
 * the project's name is looked up for the few grouped rows.
 */
type KeyDimension = { value: string; label?: string };
const DIMENSIONS: Record<Exclude<GroupBy, 'status' | 'end_reason'>, KeyDimension> = {
  agent: { value: "nullif(agent_id, '')" },
  direction: { value: 'direction', label: 'g.value' },
  project: { value: 'project_id', label: '(select p.name from project p where p.id = g.value)' },
  phone_number: { value: "nullif(phone_number, '')", label: 'g.value' },
  // Within the kinds the query counts: live alone unless it asks for more.
  kind: { value: 'kind', label: 'g.value' },
};

/** Status and end reason are counters of the buckets: one row of sums, split into groups below. */
const COUNTER_SUMS = sums([
  'sessions',
  'duration_seconds',
  'cost_micros',
  'failed',
  'failed_duration_seconds',
  'failed_cost_micros',
  ...END_REASON_COLUMNS.flatMap((c) => [c, `${c}_duration_seconds`, `${c}_cost_micros`]),
]);

/** Sessions split by one dimension, most sessions first. */
export async function getBreakdown(
  em: Em,
  organizationId: string,
  query: AnalyticsBreakdownQuery,
): Promise<{ from_time: string; to_time: string; group_by: GroupBy; sessions: number; rows: BreakdownRow[] }> {
  const range = resolveRange(query);
  const source = statsSource(organizationId, range, query, []);
  const groups =
    query.group_by === 'status' || query.group_by === 'end_reason'
      ? await counterGroups(em, source, query.group_by)
      : await keyGroups(em, source, DIMENSIONS[query.group_by]);
  const total = groups.reduce((sum, g) => sum + g.sessions, 0);
  return {
    ...rangeView(range),
    group_by: query.group_by,
    sessions: total,
    rows: groups.map((g) => ({
      value: g.value,
      label: g.label,
      sessions: g.sessions,
      share: rate(g.sessions, total),
      duration_seconds: g.duration_seconds,
      average_duration_seconds: average(g.duration_seconds, g.sessions),
      cost_micros: g.cost_micros,
    })),
  };
}

type Source = { text: string; params: unknown[] };

async function keyGroups(em: Em, source: Source, dimension: KeyDimension): Promise<Group[]> {
  const label = dimension.label === undefined ? latestAgentName(source, "coalesce(g.value, '')", 'g.last_at') : { text: dimension.label, params: [] };
  const rows = await sql<Record<'value' | 'label' | 'sessions' | 'duration_seconds' | 'cost_micros', unknown>>(
    em,
    `with g as (
       select ${dimension.value} as value, max(at) as last_at, sum(sessions) as sessions,
              sum(duration_seconds) as duration_seconds, sum(cost_micros) as cost_micros
         from ${source.text} src
        group by 1
     )
     select g.value, ${label.text} as label, g.sessions, g.duration_seconds, g.cost_micros
       from g
      order by g.sessions desc, g.value asc nulls last`,
    [...source.params, ...label.params],
  );
  return rows.map((r) => ({
    value: r.value === null ? null : String(r.value),
    label: r.label === null ? null : String(r.label),
    sessions: toInt(r.sessions),
    duration_seconds: toInt(r.duration_seconds),
    cost_micros: toInt(r.cost_micros),
  }));
}

/**
 * Groups by status or end reason from one row of counter sums: every counted
 * session is 'ended' or 'failed', and sessions without an end reason are what
 * the end-reason counters leave over. Only groups with sessions, most first,
 * ties by value with null last (as the grouped dimensions are ordered).
 */
async function counterGroups(em: Em, source: Source, groupBy: 'status' | 'end_reason'): Promise<Group[]> {
  const [row] = await sql<Record<string, unknown>>(em, `select ${COUNTER_SUMS} from ${source.text} src`, source.params);
  const group = (value: string | null, column: string): Group => ({
    value,
    label: value,
    sessions: toInt(row[column]),
    duration_seconds: toInt(row[`${column}_duration_seconds`]),
    cost_micros: toInt(row[`${column}_cost_micros`]),
  });
  const remainder = (parts: Group[], value: string | null): Group => ({
    value,
    label: value,
    sessions: toInt(row.sessions) - parts.reduce((sum, g) => sum + g.sessions, 0),
    duration_seconds: toInt(row.duration_seconds) - parts.reduce((sum, g) => sum + g.duration_seconds, 0),
    cost_micros: toInt(row.cost_micros) - parts.reduce((sum, g) => sum + g.cost_micros, 0),
  });
  let groups: Group[];
  if (groupBy === 'status') {
    const failed = group('failed', 'failed');
    groups = [remainder([failed], 'ended'), failed];
  } else {
    const reasons = END_REASONS.map((reason) => group(reason, endReasonColumn(reason)));
    groups = [...reasons, remainder(reasons, null)];
  }
  const key = (g: Group) => g.value ?? '\uffff';
  return groups.filter((g) => g.sessions > 0).sort((x, y) => y.sessions - x.sessions || (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}
