import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { DIRECTIONS, END_REASONS, SESSION_KINDS, SESSION_STATUSES, TRANSCRIPT_ITEM_KINDS, type SessionKind } from './calls.entity.js';

extendZodWithOpenApi(z);

/**
 * Timestamps in queries: `YYYY-MM-DD HH:MM:SS` in UTC (a `+` may stand for the
 * space, as form encoding sends it), or ISO 8601 with a zone. Rejected when
 * the calendar date does not exist (2026-02-30).
 */
const SPACE_FORM = /^(\d{4})-(\d{2})-(\d{2})[ T+](\d{2}):(\d{2}):(\d{2})$/;
export const QueryTimestamp = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const m = SPACE_FORM.exec(value);
    let date: Date;
    if (m) {
      const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
      date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
      if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
        ctx.addIssue({ code: 'custom', message: `${value} is not a real date and time` });
        return z.NEVER;
      }
    } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
      date = new Date(value);
    } else {
      ctx.addIssue({ code: 'custom', message: 'expected the form YYYY-MM-DD HH:MM:SS (UTC) or an ISO 8601 timestamp with a zone' });
      return z.NEVER;
    }
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: `${value} is not a valid timestamp` });
      return z.NEVER;
    }
    return date;
  })
  .openapi({ type: 'string', example: '2026-11-01 00:00:00' });

/**
 * A `kind` filter in queries: one kind (live, test, simulation), a comma list
 * of them, or `all`. Parsed to the kinds in SESSION_KINDS order without
 * repeats, so `test,live` and `live,test` filter (and fingerprint) alike.
 */
export const KindFilter = z
  .string()
  .trim()
  .max(100)
  .transform((value, ctx): SessionKind[] => {
    if (value === 'all') return [...SESSION_KINDS];
    const named = value.split(',').map((part) => part.trim());
    const unknown = named.filter((part) => !SESSION_KINDS.includes(part as SessionKind));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${unknown.map((u) => JSON.stringify(u)).join(', ')} is not a kind: expected live, test, simulation, a comma-separated list of them, or all`,
      });
      return z.NEVER;
    }
    return SESSION_KINDS.filter((kind) => named.includes(kind));
  })
  .openapi({ type: 'string', example: 'live,simulation' });

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const ListSessionsQuery = z
  .object({
    from_time: QueryTimestamp.optional().describe('Earliest start time, inclusive (UTC). Default: 30 days before to_time.'),
    to_time: QueryTimestamp.optional().describe('Latest start time, inclusive to the second (UTC). Default: now.'),
    page_size: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGE_SIZE_MAX)
      .default(PAGE_SIZE_DEFAULT)
      .describe(`Sessions per page, 1 to ${PAGE_SIZE_MAX}; default ${PAGE_SIZE_DEFAULT}.`),
    cursor: z.string().max(500).optional().describe('The next_cursor of the previous page. Send the same filters with it.'),
    agent_id: z.string().max(40).optional().describe('Only sessions of this agent.'),
    project_id: z.string().max(40).optional().describe('Only sessions of this project.'),
    status: z
      .enum(SESSION_STATUSES as [string, ...string[]])
      .optional()
      .describe('Only sessions in this status.'),
    direction: z
      .enum(DIRECTIONS as [string, ...string[]])
      .optional()
      .describe('Only sessions of this direction.'),
    end_reason: z
      .enum(END_REASONS as [string, ...string[]])
      .optional()
      .describe('Only sessions that ended this way.'),
    kind: KindFilter.optional().describe(
      'Only sessions of these kinds: live (calls with a real party), test (test runs), simulation (simulated calls), ' +
        'a comma-separated list of them, or all. Default: all.',
    ),
  })
  .strict();
export type ListSessionsQuery = z.infer<typeof ListSessionsQuery>;

const SessionId = z.string().min(1).max(60).describe('The session_id of a call session (sess_...), as listed.');
export const SessionIdParams = z.object({ session_id: SessionId });
export const CallSessionIdParams = z.object({ call_session_id: SessionId });
export const ToolCallParams = z.object({
  session_id: SessionId,
  leg_id: z.string().min(1).max(60).describe("The leg_id of the leg the tool call happened on (from the session's legs)."),
  tool_call_id: z.string().min(1).max(60).describe('The tool_call_id from a transcript item of that leg.'),
});

export const TranscriptItemView = z
  .object({
    speaker: z.string().describe("customer, agent, system, or human (a person of the operator's team; see name)."),
    name: z.string().optional().describe('Name of a human participant.'),
    text: z.string(),
    offset_ms: z.number().int().describe('Milliseconds since the start of the leg.'),
    kind: z
      .enum(TRANSCRIPT_ITEM_KINDS as [string, ...string[]])
      .optional()
      .describe(
        'For a caller turn on a live call, how it was heard: speech (recognized words), unrecognized (speech the agent did not understand; text is empty, hypothesis holds what the recognizer made of it, and the agent asked again), digits (keys pressed), backchannel (an acknowledgement such as mhm said while the agent talked, which it talked through).',
      ),
    hypothesis: z.string().optional().describe("The recognizer's own output for this turn, kept as evidence."),
    confidence: z.number().optional().describe("The recognizer's confidence in the turn, 0 to 1, when it gave one."),
    latency: z
      .object({
        end_of_turn_ms: z.number().int().describe("From the end of the caller's speech to the decision that their turn was over."),
        stt_ms: z.number().int().describe('From that decision to the transcript of the turn (speech recognition).'),
        engine_ms: z.number().int().describe('From the transcript to the agent starting its reply (model and tools).'),
        tts_first_audio_ms: z.number().int().describe('From the start of the reply to its first synthesized audio.'),
        reply_ms: z
          .number()
          .int()
          .describe(
            "From the end of the caller's speech to the reply's first audio queued for the caller (sent on the next 20 ms packet): what the caller waited.",
          ),
      })
      .optional()
      .describe('For an agent reply to a caller turn on a live call, where the time went, in milliseconds.'),
    interruption: z
      .object({
        stop_ms: z
          .number()
          .int()
          .describe(
            "From the start of the caller's speech to the agent's audio stopping at the caller (its queued audio dropped). text keeps only what the caller heard.",
          ),
      })
      .optional()
      .describe('For an agent line the caller cut in on, on a live call.'),
    tool_call: z.object({ tool_call_id: z.string(), name: z.string(), duration_ms: z.string().describe('A number of milliseconds, as a string.') }).optional(),
  })
  .openapi('TranscriptItem');

export const LegView = z
  .object({
    leg_id: z.string(),
    direction: z.enum(DIRECTIONS as [string, ...string[]]),
    kind: z.enum(['agent', 'transfer']).describe("agent: the agent's own leg; transfer: a party it transferred to."),
    address: z.string().nullable(),
    started_at: z.string(),
    ended_at: z.string().nullable(),
    duration_seconds: z.number().int(),
    cost_micros: z.number().int(),
    transcript: z.object({ items: z.array(TranscriptItemView) }),
  })
  .openapi('Leg');

export const SessionView = z
  .object({
    session_id: z.string(),
    project_id: z.string(),
    status: z.enum(SESSION_STATUSES as [string, ...string[]]),
    end_reason: z.enum(END_REASONS as [string, ...string[]]).nullable(),
    direction: z.enum(DIRECTIONS as [string, ...string[]]),
    kind: z
      .enum(SESSION_KINDS as [string, ...string[]])
      .describe(
        "live: a call with a real party; test: a test run's conversation; simulation: a simulated call. Analytics and billing count live ones by default.",
      ),
    total_cost_micros: z.number().int().describe("Sum of every leg's cost, in millionths of the currency unit."),
    caller: z.object({ name: z.string().nullable(), address: z.string().nullable() }),
    agent: z.object({ agent_id: z.string().nullable(), agent_name: z.string(), agent_version_id: z.string().nullable() }),
    phone_number: z.string().nullable(),
    duration_seconds: z.number().int(),
    variables: z.array(z.object({ key: z.string(), value: z.string() })),
    legs: z.array(LegView),
    has_recording: z.boolean(),
    summaries: z.array(z.object({ text: z.string(), created_at: z.string() })),
    started_at: z.string(),
    ended_at: z.string().nullable(),
  })
  .openapi('CallSession');
export type SessionView = z.infer<typeof SessionView>;

export const ListSessionsResponse = z
  .object({
    sessions: z.array(SessionView),
    has_more: z.boolean().describe('False when no further page exists.'),
    next_cursor: z.string().nullable().describe('Pass as cursor to get the next page; null when has_more is false.'),
  })
  .openapi('ListSessionsResponse');

export const RetrieveSessionResponse = z.object({ session: SessionView }).openapi('RetrieveSessionResponse');

export const ToolCallView = z
  .object({
    tool_call_id: z.string(),
    session_id: z.string(),
    leg_id: z.string(),
    name: z.string(),
    request_text: z.string().describe('What the agent sent, JSON-encoded.'),
    response_text: z.string().describe('What came back, JSON-encoded.'),
    status: z.string(),
    duration_ms: z.number().int(),
    started_at: z.string(),
    confirmation: z
      .object({
        request_id: z.string().describe('The permission request (its workflow is permission/<request_id>).'),
        read_back: z.string().describe('What the agent read back to the caller before the action: generated from the arguments.'),
        caller_words: z.string().nullable().describe("The caller's answer as heard; null when they hung up before answering."),
        decision: z
          .enum(['confirmed', 'declined', 'unclear', 'expired', 'hung_up', 'unavailable'])
          .describe('confirmed: the action ran once; every other decision: it never ran.'),
        decided_at: z.string(),
      })
      .nullable()
      .describe("For a tool with Ask permission: how the caller's confirmation went. Null for Allow tools."),
  })
  .openapi('ToolCall');
export const RetrieveToolCallResponse = z.object({ tool_call: ToolCallView }).openapi('RetrieveToolCallResponse');

export const RecordingLinkResponse = z
  .object({
    recording: z.object({
      recording_id: z.string(),
      url: z.string().describe('Signed link to the audio; works without headers until expires_at.'),
      expires_at: z.string(),
      expires_in: z.number().int().describe('Seconds the link stays valid (3600).'),
      content_type: z.string(),
      duration_seconds: z.number().int(),
    }),
  })
  .openapi('RecordingLinkResponse');

export const CostBreakdownResponse = z
  .object({
    cost_breakdown: z.object({
      session_id: z.string(),
      currency: z.string(),
      total_cost_micros: z.number().int(),
      components: z.array(z.object({ component: z.string(), amount_micros: z.number().int() })),
      legs: z.array(
        z.object({
          leg_id: z.string(),
          kind: z.string(),
          duration_seconds: z.number().int(),
          cost_micros: z.number().int(),
          lines: z.array(
            z.object({
              component: z.string(),
              seconds: z.number().int(),
              per_minute_micros: z.number().int(),
              amount_micros: z.number().int(),
            }),
          ),
        }),
      ),
    }),
  })
  .openapi('CostBreakdownResponse');
