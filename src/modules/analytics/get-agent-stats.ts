import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt } from '../../db/values.js';
import type { AgentStatsRow, AnalyticsAgentStatsQuery } from './analytics.schemas.js';
import { average, END_REASON_COLUMNS, endReasonCounts, latestAgentName, rangeView, rate, resolveRange, statsSource, sums } from './stats-source.js';

const COLUMNS = ['sessions', 'duration_seconds', 'cost_micros', 'transferred', 'failed', 'tool_calls', 'tool_call_failures', ...END_REASON_COLUMNS];

/** Per-agent numbers, most sessions first; sessions without an agent form one row with agent_id null. */
export async function getAgentStats(
  em: Em,
  organizationId: string,
  query: AnalyticsAgentStatsQuery,
): Promise<{ from_time: string; to_time: string; agents: AgentStatsRow[] }> {
  const range = resolveRange(query);
  const source = statsSource(organizationId, range, query, []);
  const name = latestAgentName(source, 'g.agent_id', 'g.last_at');
  // End reasons are counter columns: their list is built in JS.
  const rows = await sql<Record<string, unknown>>(
    em,
    `with g as (select agent_id, max(at) as last_at, ${sums(COLUMNS)} from ${source.text} src group by agent_id)
     select nullif(g.agent_id, '') as agent_id, ${name.text} as agent_name, ${COLUMNS.map((c) => `g.${c}`).join(', ')}
       from g
      order by g.sessions desc, 1 asc nulls last`,
    [...source.params, ...name.params],
  );
  return {
    ...rangeView(range),
    agents: rows.map((r) => {
      const sessions = toInt(r.sessions);
      const duration = toInt(r.duration_seconds);
      const cost = toInt(r.cost_micros);
      const transferred = toInt(r.transferred);
      const failed = toInt(r.failed);
      const errors = toInt(r.er_error);
      const toolCalls = toInt(r.tool_calls);
      const toolCallFailures = toInt(r.tool_call_failures);
      return {
        agent_id: r.agent_id === null ? null : String(r.agent_id),
        agent_name: String(r.agent_name),
        sessions,
        duration_seconds: duration,
        average_duration_seconds: average(duration, sessions),
        cost_micros: cost,
        average_cost_micros: sessions > 0 ? Math.round(cost / sessions) : 0,
        transferred,
        transfer_rate: rate(transferred, sessions),
        failed,
        failure_rate: rate(failed, sessions),
        errors,
        error_rate: rate(errors, sessions),
        tool_calls: toolCalls,
        tool_call_failures: toolCallFailures,
        tool_call_failure_rate: rate(toolCallFailures, toolCalls),
        end_reasons: endReasonCounts(r),
      };
    }),
  };
}
