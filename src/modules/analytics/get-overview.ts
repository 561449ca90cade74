import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toJson } from '../../db/values.js';
import type { AnalyticsOverviewQuery, AnalyticsTotals } from './analytics.schemas.js';
import { average, previousRange, rangeView, rate, resolveRange, statsSource, type StatsFilters, type StatsRange } from './stats-source.js';

/** Dashboard totals of a range, with the same numbers for the period of equal length before it. */
export async function getOverview(
  em: Em,
  organizationId: string,
  query: AnalyticsOverviewQuery,
): Promise<AnalyticsTotals & { previous_period: AnalyticsTotals }> {
  const range = resolveRange(query);
  const [current, previous] = await Promise.all([
    totals(em, organizationId, range, query),
    totals(em, organizationId, previousRange(range), query),
  ]);
  return { ...current, previous_period: previous };
}

interface TotalsRow {
  sessions: string | number;
  ended: string | number;
  failed: string | number;
  duration_seconds: string | number;
  cost_micros: string | number;
  transferred: string | number;
  tool_calls: string | number;
  tool_call_failures: string | number;
  end_reasons: unknown;
}

async function totals(em: Em, organizationId: string, range: StatsRange, filters: StatsFilters): Promise<AnalyticsTotals> {
  const source = statsSource(organizationId, range, filters);
  // Grouping by (status, end_reason) first keeps the outer query to a few dozen rows.
  const [row] = await sql<TotalsRow>(
    em,
    `with src as ${source.text},
     g as (
       select status, end_reason, sum(sessions) as sessions, sum(duration_seconds) as duration_seconds,
              sum(cost_micros) as cost_micros, sum(transferred) as transferred, sum(tool_calls) as tool_calls,
              sum(tool_call_failures) as tool_call_failures
         from src
        group by status, end_reason
     )
     select coalesce(sum(sessions), 0) as sessions,
            coalesce(sum(sessions) filter (where status = 'ended'), 0) as ended,
            coalesce(sum(sessions) filter (where status = 'failed'), 0) as failed,
            coalesce(sum(duration_seconds), 0) as duration_seconds,
            coalesce(sum(cost_micros), 0) as cost_micros,
            coalesce(sum(transferred), 0) as transferred,
            coalesce(sum(tool_calls), 0) as tool_calls,
            coalesce(sum(tool_call_failures), 0) as tool_call_failures,
            (select coalesce(jsonb_agg(jsonb_build_object('end_reason', nullif(end_reason, ''), 'sessions', n)
                                       order by n desc, end_reason), '[]'::jsonb)
               from (select end_reason, sum(sessions) as n from g group by end_reason) r) as end_reasons
       from g`,
    source.params,
  );
  const sessions = toInt(row.sessions);
  const duration = toInt(row.duration_seconds);
  const cost = toInt(row.cost_micros);
  const transferred = toInt(row.transferred);
  const toolCalls = toInt(row.tool_calls);
  const toolCallFailures = toInt(row.tool_call_failures);
  return {
    ...rangeView(range),
    sessions,
    ended: toInt(row.ended),
    failed: toInt(row.failed),
    duration_seconds: duration,
    average_duration_seconds: average(duration, sessions),
    cost_micros: cost,
    average_cost_micros: sessions > 0 ? Math.round(cost / sessions) : 0,
    transferred,
    transfer_rate: rate(transferred, sessions),
    tool_calls: toolCalls,
    tool_call_failures: toolCallFailures,
    tool_call_failure_rate: rate(toolCallFailures, toolCalls),
    end_reasons: toJson<{ end_reason: string | null; sessions: number }[]>(row.end_reasons),
  };
}
