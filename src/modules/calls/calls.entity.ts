import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project, type CostComponent } from '../org/org.entity.js';

/**
 * Call records. A session is immutable once it has ended, and it is always
 * read whole, so the parts that only ever belong to one row (variables,
 * summaries, a leg's transcript and cost lines) are JSONB columns on that row
 * rather than tables of their own: one read per leg instead of one per turn,
 * and a tenth of the rows at a million sessions (docs/decisions/0003).
 * Tool calls and recordings are rows, because they are addressed by id.
 */
export type SessionStatus = 'queued' | 'ringing' | 'in_progress' | 'ended' | 'failed';
export const SESSION_STATUSES: readonly SessionStatus[] = ['queued', 'ringing', 'in_progress', 'ended', 'failed'];
export type EndReason =
  | 'agent_hangup'
  | 'customer_hangup'
  | 'transferred'
  | 'no_answer'
  | 'busy'
  | 'voicemail'
  | 'dnc_blocked'
  | 'outside_window'
  | 'failed'
  | 'timeout'
  | 'error'
  | 'cancelled'
  /** The media process holding a live call stopped (crash, kill): the call was finalized from its last heartbeat. */
  | 'media_lost'
  /**
   * The carrier's media stream of a known call was refused (a format we do not take, another call's stream, no
   * start in time, frames that break the protocol): the call was hung up through the carrier; the transcript says why.
   */
  | 'media_refused'
  /**
   * The agent could not understand the caller: it asked again as often as its `repair.max_attempts` allows, then
   * followed its fallback and ended the call (a transfer fallback ends as `transferred`, with the reason noted).
   */
  | 'not_understood'
  /** The caller said nothing: the agent checked on them as often as its `repair.no_input_max_prompts` allows, then said goodbye. */
  | 'silence_timeout';
export const END_REASONS: readonly EndReason[] = [
  'agent_hangup',
  'customer_hangup',
  'transferred',
  'no_answer',
  'busy',
  'voicemail',
  'dnc_blocked',
  'outside_window',
  'failed',
  'timeout',
  'error',
  'cancelled',
  'media_lost',
  'media_refused',
  'not_understood',
  'silence_timeout',
];
export type Direction = 'inbound' | 'outbound' | 'web';
export const DIRECTIONS: readonly Direction[] = ['inbound', 'outbound', 'web'];
export type Speaker = 'customer' | 'agent' | 'system' | 'human';
/**
 * What a session was: `live`, a call with a real party (the only kind that is
 * billed and counted by analytics unless a query asks for others), `test`, a
 * test run's scripted conversation, or `simulation`, a simulated call (the
 * simulate routes, and outbound calls placed through the simulated carrier).
 * docs/decisions/0022.
 */
export type SessionKind = 'live' | 'test' | 'simulation';
export const SESSION_KINDS: readonly SessionKind[] = ['live', 'test', 'simulation'];

export interface Variable {
  key: string;
  value: string;
}
export interface Summary {
  text: string;
  created_at: string;
}
/** How a caller turn was heard: recognized speech, speech the agent did not understand, keys pressed, or a backchannel. */
export type TranscriptItemKind = 'speech' | 'unrecognized' | 'digits' | 'backchannel';
export const TRANSCRIPT_ITEM_KINDS: readonly TranscriptItemKind[] = ['speech', 'unrecognized', 'digits', 'backchannel'];
export interface TranscriptItem {
  speaker: Speaker;
  /** The human participant's name, for speaker `human`. */
  name?: string;
  text: string;
  /** Milliseconds from the start of the leg. */
  offset_ms: number;
  /** For a caller turn heard on a live call: how it was heard (repair.ts in the engine). */
  kind?: TranscriptItemKind;
  /** The recognizer's own output, kept as evidence (for an unrecognized turn, what it heard instead of words). */
  hypothesis?: string;
  /** The recognizer's confidence, 0 to 1, when it gave one. */
  confidence?: number;
  /** For an agent reply to a caller turn on a live call: where the time went (the engine's TurnLatency). */
  latency?: TranscriptLatency;
  /** For an agent line the caller cut in on, on a live call: how fast the agent's audio stopped. */
  interruption?: { stop_ms: number };
  tool_call?: { tool_call_id: string; name: string; duration_ms: string };
}
/** A live reply's latency parts, in whole milliseconds. */
export interface TranscriptLatency {
  end_of_turn_ms: number;
  stt_ms: number;
  engine_ms: number;
  tts_first_audio_ms: number;
  reply_ms: number;
}
export interface CostLine {
  component: CostComponent;
  /** Billable seconds of the leg. */
  seconds: number;
  per_minute_micros: number;
  amount_micros: number;
}

const CallSessionSchema = defineEntity({
  name: 'CallSession',
  tableName: 'call_session',
  indexes: [
    { name: 'call_session_org_started_idx', properties: ['organization', 'startedAt', 'id'] },
    { name: 'call_session_org_agent_idx', properties: ['organization', 'agentId', 'startedAt'] },
    // Listings filtered to test or simulation sessions, which are few among the live ones (decision 0022).
    {
      name: 'call_session_org_not_live_idx',
      expression: `create index "call_session_org_not_live_idx" on "call_session" ("organization_id", "started_at", "id") where "kind" <> 'live'`,
    },
  ],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agentId: p.string().length(40).nullable(),
    agentName: p.string().length(200),
    agentVersionId: p.string().length(40).nullable(),
    status: p.string().length(20),
    endReason: p.string().length(30).nullable(),
    direction: p.string().length(20),
    /** live, test or simulation (SessionKind); set when the session is recorded, never changed. */
    kind: p.string().length(12).default('live'),
    callerName: p.string().length(200).nullable(),
    callerAddress: p.string().length(64).nullable(),
    /** The platform's own number or address that took or placed the call. */
    phoneNumber: p.string().length(64).nullable(),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    durationSeconds: p.integer().default(0),
    totalCostMicros: p.bigint('number').default(0),
    variables: p.json<Variable[]>(),
    summaries: p.json<Summary[]>(),
    hasRecording: p.boolean().default(false),
    /** The media process holding a live call while it is in progress, and when it last said so. */
    mediaNode: p.string().length(80).nullable(),
    mediaHeartbeatAt: p.datetime().nullable(),
    /** When the session was added to call_stats_bucket; set once, in the same statement. */
    statsCountedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class CallSession extends CallSessionSchema.class {}
CallSessionSchema.setClass(CallSession);

const CallLegSchema = defineEntity({
  name: 'CallLeg',
  tableName: 'call_leg',
  uniques: [{ name: 'call_leg_session_seq_unique', properties: ['session', 'seq'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    session: () => p.manyToOne(CallSession).mapToPk().deleteRule('cascade'),
    /** Order of the leg within its session: 0 is the agent's leg. */
    seq: p.integer(),
    direction: p.string().length(20),
    /** `agent` for the agent's own leg, `transfer` for a party it transferred to. */
    kind: p.string().length(20),
    address: p.string().length(200).nullable(),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    durationSeconds: p.integer().default(0),
    costMicros: p.bigint('number').default(0),
    costLines: p.json<CostLine[]>(),
    transcript: p.json<TranscriptItem[]>(),
  },
});
export class CallLeg extends CallLegSchema.class {}
CallLegSchema.setClass(CallLeg);

const ToolCallSchema = defineEntity({
  name: 'ToolCall',
  tableName: 'tool_call',
  indexes: [{ name: 'tool_call_session_idx', properties: ['session'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    session: () => p.manyToOne(CallSession).mapToPk().deleteRule('cascade'),
    leg: () => p.manyToOne(CallLeg).mapToPk().deleteRule('cascade'),
    name: p.string().length(200),
    requestText: p.text(),
    responseText: p.text(),
    status: p.string().length(20).default('succeeded'),
    durationMs: p.integer().default(0),
    startedAt: p.datetime(),
    /** An Ask tool's confirmation: the read-back, the caller's words, the decision (engine ToolCallConfirmation); null for other tools. */
    confirmation: p.json<Record<string, unknown>>().nullable(),
  },
});
export class ToolCall extends ToolCallSchema.class {}
ToolCallSchema.setClass(ToolCall);

const RecordingSchema = defineEntity({
  name: 'Recording',
  tableName: 'recording',
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    session: () => p.manyToOne(CallSession).mapToPk().deleteRule('cascade').unique(),
    /** Key in the recording store (a path below the storage folder by default). */
    storageKey: p.string().length(300),
    contentType: p.string().length(100).default('audio/wav'),
    durationSeconds: p.integer().default(0),
    sizeBytes: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Recording extends RecordingSchema.class {}
RecordingSchema.setClass(Recording);

/** The column of a bucket that counts the sessions with an end reason, e.g. er_agent_hangup. */
export const endReasonColumn = (reason: EndReason) => `er_${reason}`;

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Per end reason: how many sessions ended so (er_<reason>) ... */
const endReasonCounts = Object.fromEntries(END_REASONS.map((r) => [camel(endReasonColumn(r)), p.integer().default(0)] as const));
/** ... and their seconds and cost (er_<reason>_duration_seconds, er_<reason>_cost_micros), for a breakdown by end reason. */
const endReasonTotals = Object.fromEntries(
  END_REASONS.flatMap(
    (r) =>
      [
        [`${camel(endReasonColumn(r))}DurationSeconds`, p.bigint('number').default(0)],
        [`${camel(endReasonColumn(r))}CostMicros`, p.bigint('number').default(0)],
      ] as const,
  ),
);

/**
 * Pre-aggregated call statistics in 15-minute, hourly and daily (UTC) buckets
 * (`grain`, decision 0048), one row per grain, bucket and combination of kind,
 * project, agent, direction and phone number, added to in the same transaction
 * that ends a session (modules/analytics/rollup.ts).
 * Status and end reason are counters, not key dimensions: as dimensions they
 * multiplied the rows (docs/decisions/0005). Analytics read these for whole
 * buckets and the raw sessions only for the partial buckets at the edges of a
 * range, so they stay exact and cost the same at a million sessions.
 * Dimensions use '' for "none" so the unique key works without NULLs.
 * The fixed-width columns come first and the varchar ones last (the order of
 * the migration that creates the table): aggregating then reads the measures
 * at fixed offsets of each row.
 */
const CallStatsBucketSchema = defineEntity({
  name: 'CallStatsBucket',
  tableName: 'call_stats_bucket',
  uniques: [
    {
      name: 'call_stats_bucket_key',
      properties: ['organization', 'grain', 'bucketStart', 'projectId', 'agentId', 'direction', 'phoneNumber', 'kind'],
    },
  ],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    bucketStart: p.datetime(),
    /** The bucket's length in seconds: 900, 3600 or 86400 (a UTC day); each session is in one bucket of each (decision 0048). */
    grain: p.integer(),
    sessions: p.integer().default(0),
    /** Sessions with status 'failed'; every other counted session has status 'ended'. */
    failed: p.integer().default(0),
    transferred: p.integer().default(0),
    toolCalls: p.integer().default(0),
    toolCallFailures: p.integer().default(0),
    ...endReasonCounts,
    durationSeconds: p.bigint('number').default(0),
    costMicros: p.bigint('number').default(0),
    failedDurationSeconds: p.bigint('number').default(0),
    failedCostMicros: p.bigint('number').default(0),
    ...endReasonTotals,
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    /** The sessions' kind (SessionKind): a key dimension, so analytics leave out or pick test and simulation sessions (decision 0022). */
    kind: p.string().length(12),
    projectId: p.string().length(40),
    agentId: p.string().length(40),
    direction: p.string().length(20),
    phoneNumber: p.string().length(64),
    /** The agent's name on the latest session added; not part of the key. */
    agentName: p.string().length(200),
  },
});
export class CallStatsBucket extends CallStatsBucketSchema.class {}
CallStatsBucketSchema.setClass(CallStatsBucket);

export const callsEntities = [CallSession, CallLeg, ToolCall, Recording, CallStatsBucket];
