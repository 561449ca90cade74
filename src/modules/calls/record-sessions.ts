import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { newId } from '../ids.js';
import type { PriceList } from '../org/org.entity.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool, PoolClient } from 'pg';
import copyStreams from 'pg-copy-streams';
import { addSessionsToStats, addToStatsSql, MARKED_COLUMNS } from '../analytics/rollup.js';
import type {
  Direction,
  EndReason,
  SessionKind,
  SessionStatus,
  Speaker,
  Summary,
  TranscriptItem,
  TranscriptItemKind,
  TranscriptLatency,
  Variable,
} from './calls.entity.js';
import { priceLeg, sumLines } from './pricing.js';

/**
 * The write path for finished call records: the conversation engine writes one
 * session at a time with recordSessions (each table a single INSERT ... SELECT
 * FROM json_to_recordset(?)), the seed writes batches of thousands with
 * copySessions (COPY). Both build the same rows (buildRecords) and add the
 * sessions to the statistics buckets in the same transaction.
 */
export interface ToolCallInput {
  name: string;
  request: unknown;
  response: unknown;
  status?: 'succeeded' | 'failed';
  durationMs: number;
  /** An Ask tool's confirmation (read-back, caller's words, decision), as the engine records it. */
  confirmation?: object | null;
}
export interface TurnInput {
  speaker: Speaker;
  name?: string;
  text: string;
  offsetMs: number;
  /** A caller turn's kind (speech, unrecognized, digits), the recognizer's hypothesis and confidence. */
  heard?: { kind: TranscriptItemKind; hypothesis?: string; confidence?: number };
  /** An agent reply's latency parts in ms, as a live party measured them (the engine's TurnLatency). */
  latency?: { endOfTurnMs: number; sttMs: number; engineMs: number; ttsFirstAudioMs: number; replyMs: number };
  /** An agent line the caller cut in on: ms from the caller's speech start to the agent's audio stopping. */
  interruption?: { stopMs: number };
  toolCall?: ToolCallInput;
}
export interface LegInput {
  direction: Direction;
  kind: 'agent' | 'transfer';
  address?: string | null;
  /** Seconds after the session's start. */
  startOffsetSeconds: number;
  durationSeconds: number;
  turns: TurnInput[];
}
export interface SessionInput {
  id?: string;
  organizationId: string;
  projectId: string;
  agentId?: string | null;
  agentName: string;
  agentVersionId?: string | null;
  status: SessionStatus;
  endReason: EndReason | null;
  direction: Direction;
  /** Default live. Test runs and simulated calls say so: analytics and billing leave them out by default. */
  kind?: SessionKind;
  caller: { name?: string | null; address?: string | null };
  phoneNumber?: string | null;
  startedAt: Date;
  variables?: Variable[];
  summaries?: string[];
  legs: LegInput[];
  recording?: { storageKey: string; durationSeconds: number; sizeBytes: number } | null;
}

type Row = Record<string, unknown>;
interface Records {
  sessions: Row[];
  legs: Row[];
  toolCalls: Row[];
  recordings: Row[];
}

/** The rows of every table a batch of finished sessions writes, priced. */
function buildRecords(inputs: SessionInput[], prices: (organizationId: string) => PriceList): Records {
  const sessions: Row[] = [];
  const legs: Row[] = [];
  const toolCalls: Row[] = [];
  const recordings: Row[] = [];

  for (const input of inputs) {
    const sessionId = input.id ?? newId('session', input.startedAt.getTime());
    const start = input.startedAt.getTime();
    let end = start;
    let total = 0;
    input.legs.forEach((leg, seq) => {
      const legId = newId('leg', start + leg.startOffsetSeconds * 1000);
      const legStart = start + leg.startOffsetSeconds * 1000;
      const legEnd = legStart + leg.durationSeconds * 1000;
      end = Math.max(end, legEnd);
      const lines = priceLeg(leg.kind, leg.durationSeconds, prices(input.organizationId));
      const cost = sumLines(lines);
      total += cost;
      const transcript: TranscriptItem[] = leg.turns.map((turn) => {
        const item: TranscriptItem = { speaker: turn.speaker, text: turn.text, offset_ms: turn.offsetMs };
        if (turn.name) item.name = turn.name;
        if (turn.heard) Object.assign(item, turn.heard);
        if (turn.latency) item.latency = transcriptLatency(turn.latency);
        if (turn.interruption) item.interruption = { stop_ms: Math.round(turn.interruption.stopMs) };
        if (turn.toolCall) {
          const toolCallId = newId('toolCall', legStart + turn.offsetMs);
          item.tool_call = { tool_call_id: toolCallId, name: turn.toolCall.name, duration_ms: String(turn.toolCall.durationMs) };
          toolCalls.push({
            id: toolCallId,
            organization_id: input.organizationId,
            session_id: sessionId,
            leg_id: legId,
            name: turn.toolCall.name,
            request_text: JSON.stringify(turn.toolCall.request),
            response_text: JSON.stringify(turn.toolCall.response),
            status: turn.toolCall.status ?? 'succeeded',
            duration_ms: turn.toolCall.durationMs,
            started_at: new Date(legStart + turn.offsetMs).toISOString(),
            confirmation: turn.toolCall.confirmation ?? null,
          });
        }
        return item;
      });
      legs.push({
        id: legId,
        organization_id: input.organizationId,
        session_id: sessionId,
        seq,
        direction: leg.direction,
        kind: leg.kind,
        address: leg.address ?? null,
        started_at: new Date(legStart).toISOString(),
        ended_at: new Date(legEnd).toISOString(),
        duration_seconds: leg.durationSeconds,
        cost_micros: cost,
        cost_lines: lines,
        transcript,
      });
    });
    const ended = input.status === 'ended' || input.status === 'failed';
    const createdAt = new Date().toISOString();
    sessions.push({
      id: sessionId,
      organization_id: input.organizationId,
      project_id: input.projectId,
      agent_id: input.agentId ?? null,
      agent_name: input.agentName,
      agent_version_id: input.agentVersionId ?? null,
      status: input.status,
      end_reason: input.endReason,
      direction: input.direction,
      kind: input.kind ?? 'live',
      caller_name: input.caller.name ?? null,
      caller_address: input.caller.address ?? null,
      phone_number: input.phoneNumber ?? null,
      started_at: input.startedAt.toISOString(),
      ended_at: ended ? new Date(end).toISOString() : null,
      duration_seconds: Math.round((end - start) / 1000),
      total_cost_micros: total,
      variables: input.variables ?? [],
      summaries: (input.summaries ?? []).map((text): Summary => ({ text, created_at: new Date(end).toISOString() })),
      has_recording: !!input.recording,
      created_at: createdAt,
      updated_at: createdAt,
    });
    if (input.recording) {
      recordings.push({
        id: newId('recording', start),
        organization_id: input.organizationId,
        session_id: sessionId,
        storage_key: input.recording.storageKey,
        content_type: 'audio/wav',
        duration_seconds: input.recording.durationSeconds,
        size_bytes: input.recording.sizeBytes,
        created_at: createdAt,
      });
    }
  }

  return { sessions, legs, toolCalls, recordings };
}

/** A reply's latency parts as stored: snake_case, whole milliseconds. */
function transcriptLatency(l: NonNullable<TurnInput['latency']>): TranscriptLatency {
  return {
    end_of_turn_ms: Math.round(l.endOfTurnMs),
    stt_ms: Math.round(l.sttMs),
    engine_ms: Math.round(l.engineMs),
    tts_first_audio_ms: Math.round(l.ttsFirstAudioMs),
    reply_ms: Math.round(l.replyMs),
  };
}

export async function recordSessions(em: Em, inputs: SessionInput[], prices: (organizationId: string) => PriceList): Promise<string[]> {
  if (inputs.length === 0) return [];
  const { sessions, legs, toolCalls, recordings } = buildRecords(inputs, prices);
  await em.transactional(async (tx) => {
    await insertJson(tx, 'call_session', SESSION_TYPES, sessions);
    await insertJson(tx, 'call_leg', LEG_TYPES, legs);
    await insertJson(tx, 'tool_call', TOOL_CALL_TYPES, toolCalls);
    await insertJson(tx, 'recording', RECORDING_TYPES, recordings);
    await addSessionsToStats(
      tx as Em,
      sessions.map((s) => s.id as string),
    );
  });
  return sessions.map((s) => s.id as string);
}

const SESSION_TYPES = {
  id: 'text',
  organization_id: 'text',
  project_id: 'text',
  agent_id: 'text',
  agent_name: 'text',
  agent_version_id: 'text',
  status: 'text',
  end_reason: 'text',
  direction: 'text',
  kind: 'text',
  caller_name: 'text',
  caller_address: 'text',
  phone_number: 'text',
  started_at: 'timestamptz',
  ended_at: 'timestamptz',
  duration_seconds: 'int',
  total_cost_micros: 'bigint',
  variables: 'jsonb',
  summaries: 'jsonb',
  has_recording: 'boolean',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};
const LEG_TYPES = {
  id: 'text',
  organization_id: 'text',
  session_id: 'text',
  seq: 'int',
  direction: 'text',
  kind: 'text',
  address: 'text',
  started_at: 'timestamptz',
  ended_at: 'timestamptz',
  duration_seconds: 'int',
  cost_micros: 'bigint',
  cost_lines: 'jsonb',
  transcript: 'jsonb',
};
const TOOL_CALL_TYPES = {
  id: 'text',
  organization_id: 'text',
  session_id: 'text',
  leg_id: 'text',
  name: 'text',
  request_text: 'text',
  response_text: 'text',
  status: 'text',
  duration_ms: 'int',
  started_at: 'timestamptz',
  confirmation: 'jsonb',
};
const RECORDING_TYPES = {
  id: 'text',
  organization_id: 'text',
  session_id: 'text',
  storage_key: 'text',
  content_type: 'text',
  duration_seconds: 'int',
  size_bytes: 'int',
  created_at: 'timestamptz',
};

async function insertJson(em: Em, table: string, types: Record<string, string>, rows: Row[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(types);
  const definition = columns.map((c) => `${c} ${types[c]}`).join(', ');
  await sql(em, `insert into ${table} (${columns.join(', ')}) select ${columns.join(', ')} from json_to_recordset(?::json) as x(${definition})`, [
    JSON.stringify(rows),
  ]);
}

/**
 * Writes finished sessions in bulk with COPY, on a connection of its own and
 * in one transaction: the same rows recordSessions writes, the sessions
 * marked counted as they are inserted and added to the statistics buckets by
 * the rollup's own statement before the commit. For seeding: ten times the
 * rate of row inserts. Returns the session ids.
 */
export async function copySessions(em: Em, inputs: SessionInput[], prices: (organizationId: string) => PriceList): Promise<string[]> {
  if (inputs.length === 0) return [];
  const { sessions, legs, toolCalls, recordings } = buildRecords(inputs, prices);
  const countedAt = new Date().toISOString();
  for (const session of sessions) session.stats_counted_at = session.status === 'ended' || session.status === 'failed' ? countedAt : null;
  const ids = sessions.map((s) => s.id as string);
  const pool = (await em.getConnection().getNativeClient()) as Pool;
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Room to group thousands of sessions' wide measure rows in memory.
    await client.query("set local work_mem = '64MB'");
    await copyRows(client, 'call_session', [...Object.keys(SESSION_TYPES), 'stats_counted_at'], sessions);
    await copyRows(client, 'call_leg', Object.keys(LEG_TYPES), legs);
    await copyRows(client, 'tool_call', Object.keys(TOOL_CALL_TYPES), toolCalls);
    await copyRows(client, 'recording', Object.keys(RECORDING_TYPES), recordings);
    await client.query(COPIED_TO_STATS_SQL, [ids]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return ids;
}

// The copied sessions were marked counted as they were inserted, in this transaction: nobody else can have added them.
const COPIED_TO_STATS_SQL = addToStatsSql(`select ${MARKED_COLUMNS} from call_session where id = any($1::text[]) and stats_counted_at is not null`);

async function copyRows(client: PoolClient, table: string, columns: string[], rows: Row[]) {
  if (rows.length === 0) return;
  const stream = client.query(copyStreams.from(`copy ${table} (${columns.join(', ')}) from stdin`));
  await pipeline(Readable.from(copyText(columns, rows)), stream);
}

/** Rows in COPY's text format, a chunk of lines at a time. */
function* copyText(columns: string[], rows: Row[]): Generator<string> {
  const chunk = 500;
  for (let i = 0; i < rows.length; i += chunk) {
    let text = '';
    for (const row of rows.slice(i, i + chunk)) text += columns.map((c) => copyValue(row[c])).join('\t') + '\n';
    yield text;
  }
}

function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}
