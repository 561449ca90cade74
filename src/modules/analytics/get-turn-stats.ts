import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt } from '../../db/values.js';
import type { AnalyticsTurnStatsQuery, TurnStatsRow } from './analytics.schemas.js';
import { rangeView, rate, resolveRange } from './stats-source.js';

/**
 * How the agents' conversations went, turn by turn (issue 31): per agent and
 * version, the callers' turns, those the agent did not understand, the
 * backchannels it talked through, how fast it stopped when the caller cut
 * in, and the latency of its replies at the
 * percentiles an operator compares across releases. Read from the sessions'
 * transcripts (live calls by default, as every analytics read): the
 * statistics buckets hold counters, and percentiles do not add up.
 */
export async function getTurnStats(
  em: Em,
  organizationId: string,
  query: AnalyticsTurnStatsQuery,
): Promise<{ from_time: string; to_time: string; versions: TurnStatsRow[] }> {
  const range = resolveRange(query);
  // Calls still in progress have half a transcript: counted once they ended, as every analytics read counts them.
  const conditions = ["s.status in ('ended', 'failed')", 's.organization_id = ?', 's.started_at >= ?', 's.started_at < ?'];
  const values: unknown[] = [organizationId, range.from, range.to];
  const filter = (column: string, value: unknown) => {
    conditions.push(`${column} = ?`);
    values.push(value);
  };
  if (query.agent_id) filter('s.agent_id', query.agent_id);
  if (query.project_id) filter('s.project_id', query.project_id);
  if (query.direction) filter('s.direction', query.direction);
  conditions.push('s.kind in (?)');
  values.push(query.kind ?? ['live']);
  const rows = await sql<Record<string, unknown>>(
    em,
    `with s as (select id, agent_id, agent_version_id, end_reason from call_session s where ${conditions.join(' and ')}),
          items as (
            select s.agent_id, s.agent_version_id, it
              from s join call_leg l on l.session_id = s.id and l.seq = 0
             cross join lateral jsonb_array_elements(l.transcript) it
          ),
          turns as (
            select agent_id, agent_version_id,
                   count(*) filter (where it->>'speaker' = 'customer') as caller_turns,
                   count(*) filter (where it->>'kind' = 'unrecognized') as unrecognized_turns,
                   count(*) filter (where it->>'kind' = 'backchannel') as backchannels,
                   count(*) filter (where it->'latency' is not null) as replies_measured,
                   percentile_cont(0.5) within group (order by (it->'latency'->>'reply_ms')::float8) filter (where it->'latency' is not null) as reply_p50,
                   percentile_cont(0.95) within group (order by (it->'latency'->>'reply_ms')::float8) filter (where it->'latency' is not null) as reply_p95,
                   percentile_cont(0.5) within group (order by (it->'latency'->>'end_of_turn_ms')::float8) filter (where it->'latency' is not null) as eot_p50,
                   count(*) filter (where it->'interruption' is not null) as interruptions,
                   percentile_cont(0.5) within group (order by (it->'interruption'->>'stop_ms')::float8) filter (where it->'interruption' is not null) as stop_p50,
                   percentile_cont(0.95) within group (order by (it->'interruption'->>'stop_ms')::float8) filter (where it->'interruption' is not null) as stop_p95
              from items group by agent_id, agent_version_id
          ),
          sessions as (
            select agent_id, agent_version_id, count(*) as sessions, count(*) filter (where end_reason = 'not_understood') as not_understood
              from s group by agent_id, agent_version_id
          )
     select x.agent_id, x.agent_version_id, x.sessions, x.not_understood, t.caller_turns, t.unrecognized_turns, t.backchannels,
            t.replies_measured, t.reply_p50, t.reply_p95, t.eot_p50, t.interruptions, t.stop_p50, t.stop_p95
       from sessions x left join turns t
         on t.agent_id is not distinct from x.agent_id and t.agent_version_id is not distinct from x.agent_version_id
      order by x.sessions desc, x.agent_id, x.agent_version_id`,
    values,
  );
  const ms = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
  return {
    ...rangeView(range),
    versions: rows.map((r) => {
      const callerTurns = toInt(r.caller_turns ?? 0);
      const unrecognized = toInt(r.unrecognized_turns ?? 0);
      return {
        agent_id: r.agent_id === null ? null : String(r.agent_id),
        agent_version_id: r.agent_version_id === null ? null : String(r.agent_version_id),
        sessions: toInt(r.sessions),
        caller_turns: callerTurns,
        unrecognized_turns: unrecognized,
        unrecognized_rate: rate(unrecognized, callerTurns),
        backchannels: toInt(r.backchannels ?? 0),
        replies_measured: toInt(r.replies_measured ?? 0),
        reply_ms_p50: ms(r.reply_p50),
        reply_ms_p95: ms(r.reply_p95),
        end_of_turn_ms_p50: ms(r.eot_p50),
        interruptions: toInt(r.interruptions ?? 0),
        interruption_stop_ms_p50: ms(r.stop_p50),
        interruption_stop_ms_p95: ms(r.stop_p95),
        not_understood_sessions: toInt(r.not_understood),
      };
    }),
  };
}
