import { performance } from 'node:perf_hooks';
import type { Orm } from '../../db/orm.js';
import { newId } from '../ids.js';
import { notFound, validationFailed, type FieldIssue } from '../errors.js';
import { Agent, AgentVersion } from '../agents/agents.entity.js';
import type { AgentConfig } from '../agents/agents.schemas.js';
import { DEFAULT_PRICE_LIST, Organization } from '../org/org.entity.js';
import type { EndReason, SessionKind, Speaker } from '../calls/calls.entity.js';
import { priceLeg, sumLines } from '../calls/pricing.js';
import { recordSessions, type LegInput, type TurnInput } from '../calls/record-sessions.js';
import { takeLiveSession } from '../calls/live-sessions.js';
import { emitCallStarted, emitSessionEvents } from '../triggers/emit-session-events.js';
import { ModelError, type ChatMessage, type ChatModel, type ChatToolCall } from './chat-model.js';
import { defaultEngineSettings, type EngineSettings } from './engine-settings.js';
import { resolveChatModel } from './resolve-chat-model.js';
import { BUILTIN, type Tool, type ToolContext, type ToolOutcome } from './tools.js';
import { loadCallTools } from './load-call-tools.js';
import { permissionRequestId, readBack, type Confirmations, type PermissionDecision } from './confirmations.js';
import {
  ScriptedParty,
  speechMs,
  takeSentences,
  TURN_GAP_MS,
  type CallParty,
  type HeardKind,
  type SpeechStream,
  type Spoken,
  type TurnLatency,
} from './call-party.js';
import { classifyTurn, confidentForCommitting, isRepeatRequest, repairSettings, type RepairSettings } from './repair.js';

export interface ConversationInput {
  organizationId: string;
  projectId: string;
  agentId: string;
  versionId: string;
  direction: 'inbound' | 'outbound' | 'web';
  /**
   * What the session is (docs/decisions/0022): `test` for a test run,
   * `simulation` for a simulated call, `live` (the default) for a call with a
   * real party. Only live sessions are billed and counted by default.
   */
  kind?: SessionKind;
  caller: { name?: string | null; address: string };
  phoneNumber?: string | null;
  customerTurns: string[];
  startedAt?: Date;
  sessionId?: string;
  /**
   * Emit domain events (call.ended, ...) for the agent's webhooks; default true.
   * Test runs pass false: a scripted test conversation is not a call the
   * operator's systems should hear about.
   */
  emitEvents?: boolean;
}

/** A conversation's input without a script: what a live call (or any CallParty) runs with. */
export type CallInput = Omit<ConversationInput, 'customerTurns'>;

export interface ConversationResult {
  sessionId: string;
  status: 'ended' | 'failed';
  endReason: string;
  transcript: { speaker: string; text: string; tool_call?: { name: string; arguments: unknown; result: unknown } }[];
  toolCalls: { name: string; arguments: unknown; result: unknown; status: 'succeeded' | 'failed'; confirmation?: ToolCallConfirmation }[];
  variables: { key: string; value: string }[];
  transferredTo: string | null;
  durationSeconds: number;
  costMicros: number;
  agentVersionId: string;
}

export interface EngineDeps {
  orm: Orm;
  /** From the app's config; absent: read from the environment once (Temporal activities pass only the ORM). */
  settings?: EngineSettings;
  /** Ask-permission confirmations (engine/temporal-confirmations.ts); absent: every Ask tool is refused. */
  confirmations?: Confirmations;
}

/** How an Ask tool call was confirmed: stored on its tool-call record (get_call_tool_call). */
export interface ToolCallConfirmation {
  request_id: string;
  read_back: string;
  /** The caller's answer as heard; null when they hung up before answering. */
  caller_words: string | null;
  decision: PermissionDecision | 'unavailable';
  decided_at: string;
}

/**
 * The simulated clock. A text conversation takes no time, but a call record
 * needs plausible durations (they are what is billed): speech lasts its
 * words at a speaking pace, each party pauses before speaking, a model
 * answer costs the platform's turn latency plus the time the model really
 * took, a tool call the time it really took, a transfer rings before it
 * connects.
 */
const ANSWER_MS = 500;
const MODEL_FLOOR_MS = 400;
const RING_MS = 4000;
/** A live caller hears FILLER when the model has said nothing this long after their turn (issue 31: never 2 s of silence). */
export const FILLER_AFTER_MS = 1200;
export const FILLER = 'One moment, please.';
/** Tool rounds (model → tools → model) within one customer turn; a model that keeps calling tools is cut off here. */
export const MAX_TOOL_ROUNDS = 4;
/** Transcript texts are cut here: a runaway model must not write megabytes into a call record. */
const MAX_TEXT = 10_000;

/** PostgreSQL jsonb refuses U+0000; model output is untrusted text. */
const clean = (text: string) => text.replaceAll('\u0000', '').slice(0, MAX_TEXT);

interface TranscriptEntry {
  speaker: Speaker;
  text: string;
  atMs: number;
  /** A caller turn's kind, hypothesis and confidence, as a live party heard them. */
  heard?: { kind: HeardKind; hypothesis?: string; confidence?: number };
  /** An agent reply's latency parts, as a live party measured them. */
  latency?: TurnLatency;
  /** An agent line the caller cut in on: how fast its audio stopped (Spoken.stopMs). */
  interruption?: { stopMs: number };
  toolCall?: { name: string; arguments: unknown; result: unknown; status: 'succeeded' | 'failed'; durationMs: number; confirmation?: ToolCallConfirmation };
}

/** The state of one call as it runs; written once, at the end. */
class Call {
  readonly agentLeg: TranscriptEntry[] = [];
  transfer: { name: string; address: string; startMs: number; entries: TranscriptEntry[] } | null = null;
  readonly messages: ChatMessage[] = [];
  readonly variables = new Map<string, string>();
  outcome: { status: 'ended' | 'failed'; reason: EndReason } | null = null;
  customerTurnsHeard = 0;
  /** Ask requests so far per request key, so an identical second request in the same call is a request of its own. */
  readonly askedBefore = new Map<string, number>();
  /** The agent's last line as it meant it (all of it, even if cut off): what a caller's "say that again" hears again. */
  lastLine: string | null = null;
  /** Caller turns in a row the agent did not understand. */
  private misunderstood = 0;
  /** The agent's checks on a caller who said nothing, in a row. */
  private silentChecks = 0;
  readonly repair: RepairSettings;
  /** The last caller turn the agent took as words: a committing action follows only a confident one. */
  lastTurn: { confident: boolean; confidence?: number } | null = null;

  constructor(
    readonly party: CallParty,
    private readonly config: Pick<AgentConfig, 'repair' | 'destinations' | 'end_call'> = {
      destinations: [],
      end_call: { phrases: [], max_duration_seconds: 1800 },
    },
  ) {
    this.repair = repairSettings(config);
  }

  get clock(): number {
    return this.party.now();
  }
  spend(ms: number) {
    this.party.spend(ms);
  }

  /**
   * The caller's next words the agent understood, heard and written to the transcript; null when there are none:
   * the caller hung up, or the call ended meanwhile (the repair fallback, the maximum duration: `outcome` says so).
   * A turn the agent did not understand gets a reprompt, a request to repeat gets the last line again (repair.ts):
   * neither reaches the model, so nothing is ever done on a guess. A caller silent for the no-input wait is checked
   * on (repair.no_input_prompt), and after repair.no_input_max_prompts checks told goodbye (silence_timeout).
   */
  async hear(): Promise<string | null> {
    for (;;) {
      const heard = await this.party.hear({ noInputMs: this.repair.noInputMs });
      if (heard === null) return null;
      if (heard.kind === 'silence') {
        if (!(await this.checkOnSilence())) return null;
        continue;
      }
      this.silentChecks = 0;
      this.customerTurnsHeard++;
      const how = classifyTurn(heard, this.repair);
      // The caller went on after a pause: the turn the agent could not take was the start of this one, and its item goes.
      const at = heard.continues && how === 'words' ? this.joinFragment() : this.agentLeg.length;
      const words = how === 'unrecognized' ? '' : clean(heard.words);
      const kind: HeardKind = how === 'unrecognized' ? 'unrecognized' : (heard.kind ?? 'speech');
      // What the recognizer made of a turn the agent did not take (its phones, or words heard with too little confidence).
      const hypothesis = heard.hypothesis ?? (how === 'unrecognized' && heard.words.trim() ? heard.words : undefined);
      const evidence = heard.kind || hypothesis !== undefined || heard.confidence !== undefined;
      this.agentLeg.splice(at, 0, {
        speaker: 'customer',
        text: words,
        atMs: heard.atMs,
        ...(evidence || kind !== 'speech'
          ? {
              heard: {
                kind,
                ...(hypothesis !== undefined ? { hypothesis: clean(hypothesis) } : {}),
                ...(heard.confidence !== undefined ? { confidence: heard.confidence } : {}),
              },
            }
          : {}),
      });
      if (how === 'words') {
        this.misunderstood = 0;
        this.lastTurn = { confident: confidentForCommitting(heard, this.repair), ...(heard.confidence !== undefined ? { confidence: heard.confidence } : {}) };
        return heard.words;
      }
      if (how === 'backchannel') continue;
      if (this.reachedMaxDuration()) return null;
      if (how === 'repeat') {
        await this.speak(this.lastLine ?? this.repair.reprompt);
        continue;
      }
      if (++this.misunderstood > this.repair.maxAttempts) {
        await this.fallBack();
        return null;
      }
      await this.speak(this.repair.reprompt);
    }
  }

  /** Past the agent's maximum call duration the call ends (`timeout`) instead of asking the caller anything more. */
  private reachedMaxDuration(): boolean {
    if (this.clock < this.config.end_call.max_duration_seconds * 1000) return false;
    this.note(`The call reached its maximum duration of ${this.config.end_call.max_duration_seconds} s.`);
    this.end('ended', 'timeout');
    return true;
  }

  /**
   * Takes back the last caller turn, which a continuation finishes: where its transcript item stood (the whole
   * sentence goes there, before the agent's reply to the first half), or the end of the transcript when the last
   * caller turn was one the agent took (then nothing is taken back).
   */
  private joinFragment(): number {
    const at = this.agentLeg.findLastIndex((e) => e.speaker === 'customer');
    const last = this.agentLeg[at];
    if (!last || !(last.heard?.kind === 'unrecognized' || isRepeatRequest(last.text))) return this.agentLeg.length;
    this.agentLeg.splice(at, 1);
    this.customerTurnsHeard--;
    return at;
  }

  /**
   * The caller said nothing for the no-input wait: the agent asks whether they are still there, or, after its
   * checks in a row, says goodbye and ends the call. False when the call ended.
   */
  private async checkOnSilence(): Promise<boolean> {
    const seconds = Math.round(this.repair.noInputMs / 100) / 10;
    if (this.reachedMaxDuration()) return false;
    if (++this.silentChecks > this.repair.noInputMaxPrompts) {
      const checks = this.repair.noInputMaxPrompts;
      this.note(`The caller said nothing for ${seconds} s${checks ? ` after ${checks === 1 ? 'a check' : `${checks} checks`}` : ''}.`);
      await this.speak(this.repair.noInputMessage);
      this.end('ended', 'silence_timeout');
      return false;
    }
    this.note(`The caller said nothing for ${seconds} s.`);
    await this.speak(this.repair.noInputPrompt);
    return true;
  }

  /** The agent could not understand the caller after its reprompts: it says so, then ends or transfers the call. */
  private async fallBack(): Promise<void> {
    this.note(`The agent did not understand the caller ${this.misunderstood} times in a row.`);
    const destination =
      this.repair.fallback === 'transfer'
        ? this.config.destinations.find((d) => d.name.toLowerCase() === this.repair.fallbackDestination?.toLowerCase())
        : undefined;
    await this.speak(this.repair.fallbackMessage);
    if (destination) {
      this.note(`Transferring to ${destination.name} (${destination.address}).`);
      this.transfer = { name: destination.name, address: destination.address, startMs: this.clock, entries: [] };
      this.end('ended', 'transferred');
      return;
    }
    this.end('ended', 'not_understood');
  }

  /** The agent says `text`; the transcript keeps what the caller heard of it (all of it, unless they interrupted). */
  async speak(text: string): Promise<string> {
    this.lastLine = text;
    return this.heard(await this.party.speak(text));
  }

  /** A reply that was spoken sentence by sentence as the model wrote it (speakStream). */
  async spoken(stream: SpeechStream): Promise<string> {
    return this.heard(await stream.end());
  }

  private heard(spoken: Spoken): string {
    this.agentLeg.push({
      speaker: 'agent',
      text: clean(spoken.heard),
      atMs: spoken.atMs,
      ...(spoken.latency ? { latency: spoken.latency } : {}),
      ...(spoken.interrupted && spoken.stopMs !== undefined ? { interruption: { stopMs: spoken.stopMs } } : {}),
    });
    if (spoken.interrupted) this.note('The caller interrupted the agent.');
    return spoken.heard;
  }
  note(text: string) {
    this.agentLeg.push({ speaker: 'system', text: clean(text), atMs: this.clock });
  }
  end(status: 'ended' | 'failed', reason: EndReason) {
    this.outcome ??= { status, reason };
  }
}

/**
 * Runs one call of an agent version turn by turn (decision 0010): the
 * first message, then for each customer turn a model request (system prompt
 * from the version's prompt, variables and tool rules; the history; the
 * tools that are not blocked), tool calls in up to MAX_TOOL_ROUNDS rounds,
 * until a tool ends the call (end_call, transfer_call), the agent says an
 * end-call phrase, the call reaches its maximum duration, or the customer's
 * turns run out (customer_hangup). A model that fails ends the call as
 * failed with end reason `error`: recorded like any other call, never thrown.
 * The session is written through recordSessions (the one write path of call
 * records) with its legs, transcript, tool calls, variables, summary and
 * the version it ran on.
 *
 * Throws only when there is no call to record: the agent or version does not
 * exist in the organization, or the database fails.
 */
export async function runConversation(deps: EngineDeps, input: ConversationInput): Promise<ConversationResult> {
  checkInput(input);
  const party = new ScriptedParty(input.customerTurns);
  const run = await converse(deps, input, party);
  const { call } = run;
  if (call.transfer) {
    // The customer's remaining words reach whoever the call was transferred to.
    const leg = call.transfer;
    let at = RING_MS;
    leg.entries.push({ speaker: 'system', text: `Connected to ${leg.name} (${leg.address}).`, atMs: at });
    for (const words of party.remaining()) {
      at += TURN_GAP_MS;
      leg.entries.push({ speaker: 'customer', text: clean(words), atMs: at });
      at += speechMs(words);
    }
    leg.entries.push({ speaker: 'system', text: 'The call ended.', atMs: at + TURN_GAP_MS });
  }
  return recordConversation(deps, input, run);
}

/** The steps of a conversation up to its first words, reported as each is done (a live call logs where it stands). */
export type ConverseStep = 'loaded' | 'call.started emitted' | 'tools loaded' | 'model resolved' | 'first message spoken';

/**
 * The conversation itself, with whoever `party` is: the first message, then
 * turns until the call ends. Returns what `record` needs; writes nothing but
 * the call.started event. `onStep` hears each step up to the first message.
 */
export async function converse(deps: EngineDeps, input: CallInput, party: CallParty, onStep?: (step: ConverseStep) => void) {
  const settings = deps.settings ?? defaultEngineSettings();
  const em = deps.orm.em.fork();
  const agent = await em.findOne(Agent, { id: input.agentId, organization: input.organizationId, project: input.projectId });
  if (!agent) throw notFound('Agent', input.agentId);
  const version = await em.findOne(AgentVersion, { id: input.versionId, agent: agent.id });
  if (!version) throw notFound('Agent version', input.versionId);
  const organization = await em.findOne(Organization, { id: input.organizationId });
  const prices = organization?.priceList ?? DEFAULT_PRICE_LIST;
  const config = version.config;
  const sessionId = input.sessionId ?? newId('session');
  onStep?.('loaded');

  const context: ToolContext = {
    organizationId: input.organizationId,
    projectId: input.projectId,
    agentId: agent.id,
    versionId: version.id,
    sessionId,
    direction: input.direction,
    caller: { name: input.caller.name ?? null, address: input.caller.address },
    config,
    em,
  };
  if (input.emitEvents !== false) {
    await deps.orm.em.fork().transactional((tx) =>
      emitCallStarted(tx, {
        organizationId: input.organizationId,
        agentId: agent.id,
        agentVersionId: version.id,
        sessionId,
        direction: input.direction,
        caller: context.caller,
        phoneNumber: input.phoneNumber ?? null,
      }),
    );
    onStep?.('call.started emitted');
  }
  const tools = await loadCallTools(em, context, settings);
  onStep?.('tools loaded');
  const offered = tools.filter((t) => t.permission !== 'block');
  const call = new Call(party, config);
  const maxMs = config.end_call.max_duration_seconds * 1000;

  let model: ChatModel | null = null;
  try {
    model = await resolveChatModel(em, input.organizationId, config.model, settings);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    call.note(`The call could not start: ${error.message}`);
    call.end('failed', 'error');
  }
  onStep?.('model resolved');

  call.spend(ANSWER_MS - TURN_GAP_MS);
  if (model && config.first_message.trim()) {
    const heard = await call.speak(config.first_message);
    call.messages.push({ role: 'assistant', content: heard });
  }
  onStep?.('first message spoken');
  const system = systemPrompt(config, offered, input);

  const asking: Asking = { confirmations: deps.confirmations, timeoutMs: settings.confirmationTimeoutMs };
  while (model && !call.outcome) {
    if (call.clock >= maxMs) {
      call.note(`The call reached its maximum duration of ${config.end_call.max_duration_seconds} s.`);
      call.end('ended', 'timeout');
      break;
    }
    const words = await call.hear();
    if (words === null) {
      if (call.outcome) break;
      call.spend(TURN_GAP_MS);
      call.end('ended', 'customer_hangup');
      break;
    }
    call.messages.push({ role: 'user', content: clean(words) });
    await agentTurn(call, model, system, config, offered, tools, context, asking);
  }

  return { call, agent, version, config, sessionId, prices };
}

/**
 * Callers inside the platform (the REST route validates its own body; test
 * runs and campaigns pass theirs) must not be able to make the final write
 * fail halfway: values are checked against the columns they end up in.
 */
function checkInput(input: ConversationInput): void {
  const issues: FieldIssue[] = [];
  const address = input.caller?.address;
  if (typeof address !== 'string' || !address.trim() || address.length > 64) issues.push({ field: 'caller.address', message: 'must be 1 to 64 characters' });
  if (input.caller?.name && input.caller.name.length > 200) issues.push({ field: 'caller.name', message: 'must be at most 200 characters' });
  if (input.phoneNumber && input.phoneNumber.length > 64) issues.push({ field: 'phoneNumber', message: 'must be at most 64 characters' });
  if (!['inbound', 'outbound', 'web'].includes(input.direction)) issues.push({ field: 'direction', message: 'must be inbound, outbound or web' });
  if (!Array.isArray(input.customerTurns) || input.customerTurns.some((turn) => typeof turn !== 'string')) {
    issues.push({ field: 'customerTurns', message: 'must be a list of strings' });
  }
  if (input.startedAt !== undefined && !(input.startedAt instanceof Date && Number.isFinite(input.startedAt.getTime()))) {
    issues.push({ field: 'startedAt', message: 'must be a valid date' });
  }
  if (input.sessionId !== undefined && !/^sess_[A-Za-z0-9]{1,35}$/.test(input.sessionId))
    issues.push({ field: 'sessionId', message: 'must be a session id (sess_...)' });
  if (issues.length) throw validationFailed(issues, 'The conversation input is not valid');
}

/** One customer turn: model rounds and the tools they call, until the model has nothing more to do. */
async function agentTurn(
  call: Call,
  model: ChatModel,
  system: string,
  config: AgentConfig,
  offered: Tool[],
  tools: Tool[],
  context: ToolContext,
  asking: Asking,
): Promise<void> {
  const specs = offered.map((t) => ({ name: t.name, description: t.description, parameters: t.inputSchema }));
  for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
    const started = performance.now();
    let response;
    const streamed = streamSentences(call.party);
    // A live caller is never left in silence while the model thinks: past FILLER_AFTER_MS with nothing said, a filler.
    const filler =
      round === 0 && call.party.speakStream
        ? setTimeout(() => {
            if (!streamed.stream) streamed.say(FILLER);
          }, FILLER_AFTER_MS)
        : undefined;
    try {
      response = await model.complete({ system, messages: call.messages, tools: specs, temperature: config.model.temperature }, streamed.options);
    } catch (error) {
      // An untyped error is a provider bug; it must not take the call record down with it either.
      const message = error instanceof ModelError ? error.message : `unexpected error: ${(error as Error)?.message ?? String(error)}`;
      clearTimeout(filler);
      call.spend(Math.round(performance.now() - started) + MODEL_FLOOR_MS);
      if (streamed.stream) await call.spoken(streamed.stream);
      call.note(`The model failed: ${message}`);
      call.end('failed', 'error');
      return;
    }
    clearTimeout(filler);
    call.spend(Math.round(performance.now() - started) + MODEL_FLOOR_MS);
    const text = response.text?.trim() ? response.text : null;
    const toolCalls = response.toolCalls ?? [];
    // An assistant message with neither content nor tool calls is refused by Chat Completions servers: silence adds nothing.
    // The history keeps what the caller heard: an interrupted sentence is cut where the caller cut in.
    const message: ChatMessage = { role: 'assistant', content: text, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
    if (text || toolCalls.length) call.messages.push(message);
    if (text) call.lastLine = text;
    if (streamed.stream) message.content = await call.spoken(streamed.finish());
    else if (text) message.content = await call.speak(text);

    for (const toolCall of toolCalls) {
      // Every tool call gets a result message, even after the call ended, so the history stays well-formed.
      const outcome = call.outcome
        ? { status: 'failed' as const, result: { error: 'call_ended', message: 'The call had already ended' } }
        : await runTool(call, toolCall, tools, context, asking);
      call.messages.push({ role: 'tool', tool_call_id: toolCall.id, content: JSON.stringify(outcome.modelResult ?? outcome.result) });
    }
    if (!call.outcome && text && saysEndPhrase(text, config.end_call.phrases)) call.end('ended', 'agent_hangup');
    if (call.outcome || !toolCalls.length) return;
  }
  call.note(`The agent stopped after ${MAX_TOOL_ROUNDS} rounds of tool calls in one turn.`);
}

/**
 * Speech from the model's stream: each complete sentence goes to the party as
 * soon as the model wrote it (a live caller hears the first sentence while the
 * rest is generated). Only for parties that speak incrementally; a script
 * speaks the whole reply.
 */
function streamSentences(party: CallParty): {
  options?: { onText: (delta: string) => void };
  stream?: SpeechStream;
  finish: () => SpeechStream;
  /** Says a sentence of the engine's own ahead of the model's (a filler). */
  say: (sentence: string) => void;
} {
  const handle: ReturnType<typeof streamSentences> = {
    finish: () => handle.stream!,
    say: (sentence) => {
      handle.stream ??= party.speakStream!();
      handle.stream.push(sentence);
    },
  };
  if (!party.speakStream) return handle;
  let buffer = '';
  handle.options = {
    onText: (delta) => {
      const { sentences, rest } = takeSentences(buffer + delta);
      buffer = rest;
      for (const sentence of sentences) {
        handle.stream ??= party.speakStream!();
        handle.stream.push(sentence);
      }
    },
  };
  handle.finish = () => {
    handle.stream ??= party.speakStream!();
    if (buffer.trim()) handle.stream.push(buffer.trim());
    buffer = '';
    return handle.stream;
  };
  return handle;
}

/** What Ask tools need: the confirmations service (none: refused) and how long a caller has to answer. */
interface Asking {
  confirmations: Confirmations | undefined;
  timeoutMs: number;
}

/** A tool's outcome; `modelResult` (when set) is what the model reads instead of `result` (an Ask tool adds the caller's answer). */
type RunOutcome = ToolOutcome & { modelResult?: unknown };

async function runTool(call: Call, toolCall: ChatToolCall, tools: Tool[], context: ToolContext, asking: Asking): Promise<RunOutcome> {
  const tool = tools.find((t) => t.name === toolCall.name);
  const name = clean(toolCall.name).slice(0, 200);
  const at = call.clock;
  if (!tool || tool.permission === 'block') {
    return refuse(call, name, toolCall, at, 'unknown_tool', `The agent called ${name}, which is not one of its tools: it did not run.`);
  }
  if (tool.permission === 'ask') return askThenRun(call, toolCall, tool, name, context, asking);
  const turn = call.lastTurn;
  if (tool.committing && turn && !turn.confident) {
    // Heard, but not surely enough to act on (a cloud recognizer's 0.6 "yes"): the model asks again; nothing runs.
    return refuse(
      call,
      name,
      toolCall,
      at,
      'caller_not_confirmed',
      `The caller's last words were heard with confidence ${turn.confidence}, below the ${call.repair.commitConfidence} that ${name} needs: it did not run. Ask the caller to confirm clearly, then call it again.`,
    );
  }
  const started = performance.now();
  let outcome: ToolOutcome;
  try {
    outcome = await tool.invoke(toolCall.arguments, { ...context, toolCallId: toolCall.id });
  } catch (error) {
    outcome = { status: 'failed', result: { error: 'tool_failed', message: (error as Error)?.message ?? String(error) } };
  }
  applyOutcome(call, name, toolCall, at, outcome, Math.max(1, Math.round(performance.now() - started)));
  return outcome;
}

/** A tool call that did not run: recorded with the reason, which the model reads too. */
function refuse(call: Call, name: string, toolCall: ChatToolCall, at: number, error: string, message: string, confirmation?: ToolCallConfirmation): RunOutcome {
  const outcome: RunOutcome = { status: 'failed', result: { error, message } };
  call.agentLeg.push({
    speaker: 'system',
    text: clean(message),
    atMs: at,
    toolCall: { name, arguments: toolCall.arguments, result: outcome.result, status: 'failed', durationMs: 0, ...(confirmation ? { confirmation } : {}) },
  });
  return outcome;
}

/** Records a tool call that ran and applies what it does to the call (a variable, the end, a transfer). */
function applyOutcome(
  call: Call,
  name: string,
  toolCall: ChatToolCall,
  at: number,
  outcome: ToolOutcome,
  durationMs: number,
  confirmation?: ToolCallConfirmation,
): void {
  call.agentLeg.push({
    speaker: 'agent',
    text: `Calling ${name}`,
    atMs: at,
    toolCall: { name, arguments: toolCall.arguments, result: outcome.result, status: outcome.status, durationMs, ...(confirmation ? { confirmation } : {}) },
  });
  call.spend(durationMs);

  const effect = outcome.status === 'succeeded' ? outcome.effect : undefined;
  if (effect?.kind === 'variable') {
    call.variables.set(effect.key, clean(effect.value));
  } else if (effect?.kind === 'end_call') {
    call.end('ended', 'agent_hangup');
  } else if (effect?.kind === 'transfer') {
    call.note(`Transferring to ${effect.destination.name} (${effect.destination.address}).`);
    call.transfer = { ...effect.destination, startMs: call.clock, entries: [] };
    call.end('ended', 'transferred');
  }
}

const DECLINED_MESSAGE: Record<Exclude<PermissionDecision, 'confirmed'>, string> = {
  declined: 'The caller declined',
  unclear: 'The caller did not clearly confirm',
  expired: 'The caller did not confirm in time',
  hung_up: 'The caller hung up before confirming',
};

/**
 * An Ask tool (spec 2.7): the agent reads back exactly what will change
 * (engine/confirmations.ts, from the arguments), the caller's next words are
 * the answer, and the permission request decides: only a clear yes runs the
 * action, once, where the request runs it (the permissionRequest workflow).
 * The read-back, the caller's words and the decision are stored on the tool
 * call. A caller who hangs up instead of answering ends the call.
 */
async function askThenRun(call: Call, toolCall: ChatToolCall, tool: Tool, name: string, context: ToolContext, asking: Asking): Promise<RunOutcome> {
  const args = toolCall.arguments;
  if (!asking.confirmations) {
    return refuse(
      call,
      name,
      toolCall,
      call.clock,
      'confirmation_unavailable',
      `${name} needs the caller's confirmation (Ask permission), and confirmations are not available here: it did not run.`,
    );
  }
  const key = JSON.stringify([tool.name, args]);
  const earlier = call.askedBefore.get(key) ?? 0;
  call.askedBefore.set(key, earlier + 1);
  const requestId = permissionRequestId(context.sessionId, tool.name, args, earlier);
  const text = clean(readBack(tool, args));
  const unavailable = (error: unknown) =>
    refuse(
      call,
      name,
      toolCall,
      call.clock,
      'confirmation_unavailable',
      `${name} needs the caller's confirmation, and the confirmation service failed (${(error as Error)?.message ?? String(error)}): it did not run.`,
    );

  let pending;
  try {
    pending = await asking.confirmations.open({
      requestId,
      organizationId: context.organizationId,
      projectId: context.projectId,
      agentId: context.agentId,
      versionId: context.versionId,
      sessionId: context.sessionId,
      direction: context.direction,
      caller: context.caller,
      toolName: tool.name,
      toolCallId: toolCall.id,
      arguments: args,
      readBack: text,
      timeoutMs: asking.timeoutMs,
    });
  } catch (error) {
    return unavailable(error);
  }
  await call.speak(text);
  const words = await call.hear();
  const at = call.clock;
  const started = performance.now();
  // A yes heard below repair.commit_confidence is no yes: the request decides on nothing said (unclear).
  const sure = words === null || call.lastTurn?.confident !== false;
  let result;
  try {
    result = await pending.answer(sure ? words : '');
  } catch (error) {
    return unavailable(error);
  }
  const confirmation: ToolCallConfirmation = {
    request_id: requestId,
    read_back: text,
    caller_words: words === null ? null : clean(words),
    decision: result.decision,
    decided_at: result.decidedAt,
  };
  if (result.decision !== 'confirmed' || !result.outcome) {
    if (words === null) call.end('ended', 'customer_hangup');
    const reason = result.decision === 'confirmed' ? 'declined' : result.decision;
    const outcome = refuse(
      call,
      name,
      toolCall,
      at,
      reason === 'hung_up' ? 'hung_up' : reason,
      `${DECLINED_MESSAGE[reason as Exclude<PermissionDecision, 'confirmed'>]} ${name}: it did not run.`,
      confirmation,
    );
    return { ...outcome, modelResult: { ...(outcome.result as object), caller_said: words } };
  }
  const outcome = result.outcome as ToolOutcome;
  applyOutcome(call, name, toolCall, at, outcome, Math.max(1, Math.round(performance.now() - started)), confirmation);
  return { ...outcome, modelResult: { caller_confirmed: true, caller_said: words, result: outcome.result } };
}

function saysEndPhrase(text: string, phrases: string[]): boolean {
  const lower = text.toLowerCase();
  return phrases.some((p) => p.trim() && lower.includes(p.trim().toLowerCase()));
}

/**
 * The version's prompt, then what the engine knows that the prompt may not
 * say: the call, the variables to collect, where transfers go, how the call
 * ends, and which tools need the caller's confirmation. Only tools the model
 * is offered are mentioned.
 */
function systemPrompt(config: AgentConfig, offered: Tool[], input: CallInput): string {
  const has = (name: string) => offered.some((t) => t.name === name);
  const parts = [config.prompt.trim()];
  const caller = input.caller.name ? `${input.caller.name} (${input.caller.address})` : input.caller.address;
  parts.push(`## This call\n- Direction: ${input.direction}\n- Caller: ${caller}\n- Language: ${config.language}`);
  if (config.variables.length) {
    const how = has(BUILTIN.recordVariable) ? 'Record each with record_variable as soon as the caller gives it.' : 'Ask the caller for each.';
    parts.push(`## Information to collect\n${how}\n${config.variables.map((v) => `- ${v.key}${v.description ? `: ${v.description}` : ''}`).join('\n')}`);
  }
  if (config.destinations.length && has(BUILTIN.transferCall)) {
    parts.push(
      `## Transfers\nTo hand the caller to a person, call transfer_call with one of these destinations:\n${config.destinations.map((d) => `- ${d.name}`).join('\n')}`,
    );
  }
  const ending = [has(BUILTIN.endCall) ? 'When the conversation is over, say goodbye and call end_call.' : null];
  if (config.end_call.phrases.length) ending.push(`Saying any of these ends the call: ${config.end_call.phrases.map((p) => JSON.stringify(p)).join(', ')}.`);
  if (ending.some(Boolean)) parts.push(`## Ending the call\n${ending.filter(Boolean).join(' ')}`);
  const ask = offered.filter((t) => t.permission === 'ask');
  if (ask.length) {
    parts.push(
      `## Tools that need the caller's confirmation\nBefore calling ${ask.map((t) => t.name).join(', ')}, read back exactly what will change and wait until the caller confirms.`,
    );
  }
  return parts.join('\n\n');
}

/** What converse() hands to recordConversation(): the call and what it ran on. */
export type ConversationRun = Awaited<ReturnType<typeof converse>>;

interface RecordOptions {
  recording?: { storageKey: string; durationSeconds: number; sizeBytes: number } | null;
  /**
   * The session was written in_progress when the call was answered (a live
   * call): the finished record replaces it, unless the call was finalized
   * meanwhile (its media process was taken for dead), in which case nothing
   * is written (modules/calls/live-sessions.ts).
   */
  replacesLiveSession?: boolean;
}

/** Transcript entries as stored turns, their offsets counted from `originMs`. */
const toTurns = (entries: TranscriptEntry[], originMs: number): TurnInput[] =>
  entries.map((e) => ({
    speaker: e.speaker,
    text: e.text,
    offsetMs: Math.max(0, Math.round(e.atMs - originMs)),
    ...(e.heard ? { heard: e.heard } : {}),
    ...(e.latency ? { latency: e.latency } : {}),
    ...(e.interruption ? { interruption: e.interruption } : {}),
    ...(e.toolCall
      ? {
          toolCall: {
            name: e.toolCall.name,
            request: e.toolCall.arguments,
            response: e.toolCall.result,
            status: e.toolCall.status,
            durationMs: e.toolCall.durationMs,
            confirmation: e.toolCall.confirmation ?? null,
          },
        }
      : {}),
  }));

/** The agent leg and, after a transfer, the transfer leg, in whole seconds. */
function callLegs(input: CallInput, call: ConversationRun['call']): LegInput[] {
  // Legs are whole seconds (what telephony bills), rounded up: a 2.1 s leg is 3 s.
  const agentSeconds = Math.max(1, Math.ceil((call.transfer ? call.transfer.startMs : call.clock) / 1000));
  const legs: LegInput[] = [
    {
      direction: input.direction,
      kind: 'agent',
      address: input.caller.address,
      startOffsetSeconds: 0,
      durationSeconds: agentSeconds,
      turns: toTurns(call.agentLeg, 0),
    },
  ];
  if (call.transfer) {
    const start = Math.floor(call.transfer.startMs / 1000);
    const lastMs = call.transfer.entries.at(-1)?.atMs ?? RING_MS;
    legs.push({
      direction: 'outbound',
      kind: 'transfer',
      address: call.transfer.address,
      startOffsetSeconds: start,
      durationSeconds: Math.max(1, Math.ceil((call.transfer.startMs - start * 1000 + lastMs) / 1000)),
      // Offsets count from the leg's start (a whole second), so shift by the part of a second before the transfer.
      turns: toTurns(call.transfer.entries, start * 1000 - call.transfer.startMs),
    });
  }
  return legs;
}

/**
 * Writes the finished call once, through recordSessions (the live media
 * runtime passes the real start time, the stereo recording, and
 * replacesLiveSession; a scripted call has neither).
 */
export async function recordConversation(deps: EngineDeps, input: CallInput, run: ConversationRun, options: RecordOptions = {}): Promise<ConversationResult> {
  const { call, agent, version, sessionId, prices } = run;
  const recording = options.recording ?? null;
  const outcome = call.outcome ?? { status: 'ended' as const, reason: 'customer_hangup' as const };
  const legs = callLegs(input, call);
  const endSeconds = Math.max(...legs.map((l) => l.startOffsetSeconds + l.durationSeconds));
  const costMicros = legs.reduce((sum, l) => sum + sumLines(priceLeg(l.kind, l.durationSeconds, prices)), 0);
  const variables = [...call.variables].map(([key, value]) => ({ key, value }));
  // A simulated call is over when it is recorded: by default it started its duration ago.
  const startedAt = input.startedAt ?? new Date(Date.now() - endSeconds * 1000);

  const entries = [...call.agentLeg, ...(call.transfer?.entries ?? [])];
  const toolCalls = entries.flatMap((e) =>
    e.toolCall
      ? [
          {
            name: e.toolCall.name,
            arguments: e.toolCall.arguments,
            result: e.toolCall.result,
            status: e.toolCall.status,
            ...(e.toolCall.confirmation ? { confirmation: e.toolCall.confirmation } : {}),
          },
        ]
      : [],
  );

  const summary = summarize(input, agent.name, call, variables, toolCalls.length, outcome.reason);
  // The session and the events it makes commit together (webhook triggers; their workflows start after the commit).
  await deps.orm.em.fork().transactional(async (tx) => {
    if (options.replacesLiveSession && !(await takeLiveSession(tx, sessionId))) return;
    await recordSessions(
      tx,
      [
        {
          id: sessionId,
          organizationId: input.organizationId,
          projectId: input.projectId,
          agentId: agent.id,
          agentName: agent.name,
          agentVersionId: version.id,
          status: outcome.status,
          endReason: outcome.reason,
          direction: input.direction,
          kind: input.kind ?? 'live',
          caller: { name: input.caller.name ?? null, address: input.caller.address },
          phoneNumber: input.phoneNumber ?? null,
          startedAt,
          variables,
          summaries: [summary],
          legs,
          recording,
        },
      ],
      () => prices,
    );
    if (input.emitEvents !== false)
      await emitSessionEvents(tx, {
        organizationId: input.organizationId,
        agentId: agent.id,
        sessionId,
        agentVersionId: version.id,
        status: outcome.status,
        endReason: outcome.reason,
        direction: input.direction,
        startedAt,
        durationSeconds: endSeconds,
        costMicros,
        variables,
        transferredTo: call.transfer ? { name: call.transfer.name, address: call.transfer.address } : null,
        summary,
      });
  });

  return {
    sessionId,
    status: outcome.status,
    endReason: outcome.reason,
    transcript: entries.map((e) => ({
      speaker: e.speaker,
      text: e.text,
      ...(e.toolCall ? { tool_call: { name: e.toolCall.name, arguments: e.toolCall.arguments, result: e.toolCall.result } } : {}),
    })),
    toolCalls,
    variables,
    transferredTo: call.transfer?.name ?? null,
    durationSeconds: endSeconds,
    costMicros,
    agentVersionId: version.id,
  };
}

/** A plain summary from the facts of the call (no model is asked, so it costs nothing and never fails). */
function summarize(
  input: CallInput,
  agentName: string,
  call: Call,
  variables: { key: string; value: string }[],
  toolCallCount: number,
  reason: EndReason,
): string {
  const who = input.caller.name ? `${input.caller.name} (${input.caller.address})` : input.caller.address;
  const parts = [
    `${input.direction[0].toUpperCase()}${input.direction.slice(1)} call between ${who} and ${agentName}: ${call.customerTurnsHeard} customer turn${call.customerTurnsHeard === 1 ? '' : 's'}`,
  ];
  if (variables.length) parts.push(`collected ${variables.map((v) => `${v.key} = ${v.value}`).join(', ')}`);
  if (toolCallCount) parts.push(`${toolCallCount} tool call${toolCallCount === 1 ? '' : 's'}`);
  if (call.transfer) parts.push(`transferred to ${call.transfer.name}`);
  parts.push(`ended: ${reason.replaceAll('_', ' ')}`);
  return clean(`${parts.join('; ')}.`);
}
