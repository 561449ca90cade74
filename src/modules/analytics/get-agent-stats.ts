import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toJson } from '../../db/values.js';
import type { AgentStatsRow, AnalyticsAgentStatsQuery } from './analytics.schemas.js';
import { average, rangeView, rate, resolveRange, statsSource } from './stats-source.js';

type Row = Record<
  'agent_id' | 'agent_name' | 'sessions' | 'duration_seconds' | 'cost_micros' | 'transferred' | 'failed' | 'errors' |
  'tool_calls' | 'tool_call_failures' | 'end_reasons',
  unknown
>;

/** Per-agent numbers, most sessions first; sessions without an agent form one row with agent_id null. */
export async function getAgentStats(
  em: Em,
  organizationId: string,
  query: AnalyticsAgentStatsQuery,
): Promise<{ from_time: string; to_time: string; agents: AgentStatsRow[] }> {
  const range = resolveRange(query);
  const source = statsSource(organizationId, range, query);
  // Grouped by (agent, end reason) first, so the end-reason counts come from the same pass.
  const rows = await sql<Row>(
    em,
    `with src as ${source.text},
     g as (
       select agent_id, end_reason, sum(sessions) as sessions, sum(duration_seconds) as duration_seconds,
              sum(cost_micros) as cost_micros, sum(transferred) as transferred,
              coalesce(sum(sessions) filter (where status = 'failed'), 0) as failed,
              sum(tool_calls) as tool_calls, sum(tool_call_failures) as tool_call_failures,
              max(at) as last_at, (array_agg(agent_name order by at desc))[1] as agent_name
         from src
        group by agent_id, end_reason
     )
     select nullif(agent_id, '') as agent_id, (array_agg(agent_name order by last_at desc))[1] as agent_name,
            sum(sessions) as sessions, sum(duration_seconds) as duration_seconds, sum(cost_micros) as cost_micros,
            sum(transferred) as transferred, sum(failed) as failed,
            coalesce(sum(sessions) filter (where end_reason = 'error'), 0) as errors,
            sum(tool_calls) as tool_calls, sum(tool_call_failures) as tool_call_failures,
            jsonb_agg(jsonb_build_object('end_reason', nullif(end_reason, ''), 'sessions', sessions)
                      order by sessions desc, end_reason) as end_reasons
       from g
      group by g.agent_id
      order by sessions desc, agent_id asc nulls last`,
    source.params,
  );
  return {
    ...rangeView(range),
    agents: rows.map((r) => {
      const sessions = toInt(r.sessions);
      const duration = toInt(r.duration_seconds);
      const cost = toInt(r.cost_micros);
      const transferred = toInt(r.transferred);
      const failed = toInt(r.failed);
      const errors = toInt(r.errors);
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
        end_reasons: toJson<{ end_reason: string | null; sessions: number }[]>(r.end_reasons),
      };
    }),
  };
}
