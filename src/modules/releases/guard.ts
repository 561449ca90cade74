import { sql, type Em } from '../../db/orm.js';
import { toInt } from '../../db/values.js';
import type { GuardThresholds } from './releases.schemas.js';

/** Calls of one version during a rollout stage. */
export interface VersionStats {
  version_id: string | null;
  calls: number;
  /** Sessions that failed or ended with end reason failed or error. */
  errors: number;
  transfers: number;
  error_rate: number;
  transfer_rate: number;
  /** The 95th percentile of its replies' latency on live calls, ms; null without measured replies. */
  reply_ms_p95: number | null;
}

export interface GuardVerdict {
  since: string;
  new_version: VersionStats;
  previous_version: VersionStats;
  thresholds: GuardThresholds;
  /** Why the stage breached its guard; null when it held (or had too few calls to judge). */
  breach: string | null;
  inconclusive: boolean;
}

const pct = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/**
 * The guard of a rollout stage (pure): the new version breaches when, with
 * at least `min_calls` calls, its error rate or its transfer rate exceeds
 * the previous version's by more than the allowed increase, or the 95th
 * percentile of its reply latency by more than the allowed milliseconds. Comparing with
 * the previous version in the same window, rather than with fixed numbers,
 * keeps a bad hour of the whole line from rolling back a good release.
 */
export function judgeGuard(thresholds: GuardThresholds, next: VersionStats, previous: VersionStats, since: string): GuardVerdict {
  const verdict: GuardVerdict = { since, new_version: next, previous_version: previous, thresholds, breach: null, inconclusive: false };
  if (next.calls < thresholds.min_calls) {
    verdict.inconclusive = true;
    return verdict;
  }
  const errorIncrease = next.error_rate - previous.error_rate;
  const transferIncrease = next.transfer_rate - previous.transfer_rate;
  // A small epsilon, so 0.1 - 0.05 > 0.05 does not breach by floating-point noise.
  if (errorIncrease > thresholds.max_error_rate_increase + 1e-9) {
    verdict.breach =
      `error rate ${pct(next.error_rate)} on the new version (${next.errors} of ${next.calls} calls failed or ended in error) ` +
      `against ${pct(previous.error_rate)} on the previous one: more than +${pct(thresholds.max_error_rate_increase)}`;
  } else if (transferIncrease > thresholds.max_transfer_rate_increase + 1e-9) {
    verdict.breach =
      `transfer rate ${pct(next.transfer_rate)} on the new version (${next.transfers} of ${next.calls} calls) ` +
      `against ${pct(previous.transfer_rate)} on the previous one: more than +${pct(thresholds.max_transfer_rate_increase)}`;
  } else if (next.reply_ms_p95 !== null && previous.reply_ms_p95 !== null && next.reply_ms_p95 - previous.reply_ms_p95 > thresholds.max_reply_p95_increase_ms) {
    verdict.breach =
      `reply latency p95 ${next.reply_ms_p95} ms on the new version against ${previous.reply_ms_p95} ms on the previous one: ` +
      `more than +${thresholds.max_reply_p95_increase_ms} ms`;
  }
  return verdict;
}

/**
 * Calls of `versionIds` of one agent that started at or after `since`, from
 * the call sessions (every session records the version it ran on).
 */
export async function versionStats(
  em: Em,
  input: { organizationId: string; agentId: string; versionIds: (string | null)[]; since: Date },
): Promise<VersionStats[]> {
  const ids = input.versionIds.filter((v): v is string => v !== null);
  const rows = ids.length
    ? await sql<{ version_id: string; calls: unknown; errors: unknown; transfers: unknown }>(
        em,
        `select agent_version_id as version_id, count(*)::int as calls,
              count(*) filter (where status = 'failed' or end_reason in ('failed', 'error'))::int as errors,
              count(*) filter (where end_reason = 'transferred')::int as transfers
         from call_session
        where organization_id = ? and agent_id = ? and started_at >= ?
          and agent_version_id in (select json_array_elements_text(?::json))
        group by agent_version_id`,
        [input.organizationId, input.agentId, input.since, JSON.stringify(ids)],
      )
    : [];
  // Reply latency percentiles come from the transcripts' measured replies (live calls: only they measure; once ended, whole).
  const latency = ids.length
    ? await sql<{ version_id: string; p95: unknown }>(
        em,
        `select s.agent_version_id as version_id,
                percentile_cont(0.95) within group (order by (it->'latency'->>'reply_ms')::float8) as p95
           from call_session s
           join call_leg l on l.session_id = s.id and l.seq = 0
          cross join lateral jsonb_array_elements(l.transcript) it
          where s.organization_id = ? and s.agent_id = ? and s.started_at >= ? and s.kind = 'live' and s.status in ('ended', 'failed')
            and s.agent_version_id in (select json_array_elements_text(?::json))
            and it->'latency' is not null
          group by s.agent_version_id`,
        [input.organizationId, input.agentId, input.since, JSON.stringify(ids)],
      )
    : [];
  return input.versionIds.map((versionId) => {
    const row = rows.find((r) => r.version_id === versionId);
    const p95 = latency.find((r) => r.version_id === versionId)?.p95;
    const calls = toInt(row?.calls);
    const errors = toInt(row?.errors);
    const transfers = toInt(row?.transfers);
    return {
      version_id: versionId,
      calls,
      errors,
      transfers,
      error_rate: calls ? errors / calls : 0,
      transfer_rate: calls ? transfers / calls : 0,
      reply_ms_p95: p95 === null || p95 === undefined ? null : Math.round(Number(p95)),
    };
  });
}
