import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt } from '../../db/values.js';
import type { AnalyticsOverviewQuery, AnalyticsTotals } from './analytics.schemas.js';
import {
  average,
  END_REASON_COLUMNS,
  endReasonCounts,
  previousRange,
  rangeView,
  rate,
  resolveRange,
  statsSource,
  sums,
  type StatsFilters,
  type StatsRange,
} from './stats-source.js';

/** Dashboard totals of a range, with the same numbers for the period of equal length before it. */
export async function getOverview(
  em: Em,
  organizationId: string,
  query: AnalyticsOverviewQuery,
): Promise<AnalyticsTotals & { previous_period: AnalyticsTotals }> {
  const range = resolveRange(query);
  const [current, previous] = await Promise.all([totals(em, organizationId, range, query), totals(em, organizationId, previousRange(range), query)]);
  return { ...current, previous_period: previous };
}

const TOTALS = sums(['sessions', 'failed', 'duration_seconds', 'cost_micros', 'transferred', 'tool_calls', 'tool_call_failures', ...END_REASON_COLUMNS]);

async function totals(em: Em, organizationId: string, range: StatsRange, filters: StatsFilters): Promise<AnalyticsTotals> {
  const source = statsSource(organizationId, range, filters, []);
  // One row of sums; the end reasons are counter columns, listed in JS.
  const [row] = await sql<Record<string, unknown>>(em, `select ${TOTALS} from ${source.text} src`, source.params);
  const sessions = toInt(row.sessions);
  const failed = toInt(row.failed);
  const duration = toInt(row.duration_seconds);
  const cost = toInt(row.cost_micros);
  const transferred = toInt(row.transferred);
  const toolCalls = toInt(row.tool_calls);
  const toolCallFailures = toInt(row.tool_call_failures);
  return {
    ...rangeView(range),
    sessions,
    // Only ended and failed sessions are counted, so the rest ended.
    ended: sessions - failed,
    failed,
    duration_seconds: duration,
    average_duration_seconds: average(duration, sessions),
    cost_micros: cost,
    average_cost_micros: sessions > 0 ? Math.round(cost / sessions) : 0,
    transferred,
    transfer_rate: rate(transferred, sessions),
    tool_calls: toolCalls,
    tool_call_failures: toolCallFailures,
    tool_call_failure_rate: rate(toolCallFailures, toolCalls),
    end_reasons: endReasonCounts(row),
  };
}
