import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toIso, toIsoOrNull, toJson } from '../../db/values.js';
import type { Summary, TranscriptItem, Variable } from './calls.entity.js';
import type { SessionView } from './calls.schemas.js';

/** The columns of call_session that a session view needs. */
export const SESSION_COLUMNS = `s.id, s.project_id, s.status, s.end_reason, s.direction, s.kind, s.total_cost_micros,
  s.caller_name, s.caller_address, s.agent_id, s.agent_name, s.agent_version_id, s.phone_number,
  s.duration_seconds, s.variables, s.summaries, s.has_recording, s.started_at, s.ended_at`;

export type SessionRow = Record<string, unknown> & { id: string; started_at: unknown };

/** A timestamptz as the ISO text toIso gives (UTC, milliseconds, Z), in SQL. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The session view of call_session row `s`, legs and transcripts included, as
 * one SQL json expression: the same fields, order, types and ISO timestamps
 * as toSessionView below (a test compares the two). PostgreSQL builds it in
 * the query that finds the session, so a retrieve is one round trip and Node
 * sends the text without parsing and re-serializing it. The JSON columns are
 * embedded as stored; only the whitespace differs from JSON.stringify.
 */
export const SESSION_JSON = `json_build_object(
  'session_id', s.id, 'project_id', s.project_id, 'status', s.status, 'end_reason', s.end_reason,
  'direction', s.direction, 'kind', s.kind, 'total_cost_micros', s.total_cost_micros,
  'caller', json_build_object('name', s.caller_name, 'address', s.caller_address),
  'agent', json_build_object('agent_id', s.agent_id, 'agent_name', s.agent_name, 'agent_version_id', s.agent_version_id),
  'phone_number', s.phone_number, 'duration_seconds', s.duration_seconds, 'variables', s.variables,
  'legs', (select coalesce(json_agg(json_build_object(
             'leg_id', l.id, 'direction', l.direction, 'kind', l.kind, 'address', l.address,
             'started_at', ${iso('l.started_at')}, 'ended_at', ${iso('l.ended_at')},
             'duration_seconds', l.duration_seconds, 'cost_micros', l.cost_micros,
             'transcript', json_build_object('items', l.transcript)) order by l.seq), '[]'::json)
             from call_leg l where l.session_id = s.id),
  'has_recording', s.has_recording, 'summaries', s.summaries,
  'started_at', ${iso('s.started_at')}, 'ended_at', ${iso('s.ended_at')})`;
type LegRow = Record<string, unknown> & { session_id: string };

/** Loads the legs of `sessionIds` (one query) and assembles the views in the given order. */
export async function assembleSessions(em: Em, rows: SessionRow[]): Promise<SessionView[]> {
  if (rows.length === 0) return [];
  const legs = await sql<LegRow>(
    em,
    `select id, session_id, seq, direction, kind, address, started_at, ended_at, duration_seconds, cost_micros, transcript
       from call_leg where session_id in (?) order by session_id, seq`,
    [rows.map((r) => r.id)],
  );
  const bySession = new Map<string, LegRow[]>();
  for (const leg of legs) {
    const list = bySession.get(leg.session_id);
    if (list) list.push(leg);
    else bySession.set(leg.session_id, [leg]);
  }
  return rows.map((row) => toSessionView(row, bySession.get(row.id) ?? []));
}

function toSessionView(s: SessionRow, legs: LegRow[]): SessionView {
  return {
    session_id: s.id,
    project_id: s.project_id as string,
    status: s.status as string,
    end_reason: (s.end_reason as string | null) ?? null,
    direction: s.direction as string,
    kind: s.kind as string,
    total_cost_micros: toInt(s.total_cost_micros),
    caller: { name: (s.caller_name as string | null) ?? null, address: (s.caller_address as string | null) ?? null },
    agent: {
      agent_id: (s.agent_id as string | null) ?? null,
      agent_name: s.agent_name as string,
      agent_version_id: (s.agent_version_id as string | null) ?? null,
    },
    phone_number: (s.phone_number as string | null) ?? null,
    duration_seconds: toInt(s.duration_seconds),
    variables: toJson<Variable[]>(s.variables),
    legs: legs.map((l) => ({
      leg_id: l.id as string,
      direction: l.direction as string,
      kind: l.kind as 'agent' | 'transfer',
      address: (l.address as string | null) ?? null,
      started_at: toIso(l.started_at),
      ended_at: toIsoOrNull(l.ended_at),
      duration_seconds: toInt(l.duration_seconds),
      cost_micros: toInt(l.cost_micros),
      transcript: { items: toJson<TranscriptItem[]>(l.transcript) },
    })),
    has_recording: Boolean(s.has_recording),
    summaries: toJson<Summary[]>(s.summaries),
    started_at: toIso(s.started_at),
    ended_at: toIsoOrNull(s.ended_at),
  };
}
