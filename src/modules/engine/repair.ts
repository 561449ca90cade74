import type { AgentConfig } from '../agents/agents.schemas.js';
import type { Heard } from './call-party.js';

/**
 * Repair (issue 31): what the agent does with a caller turn it did not
 * understand, or one that asks it to say its last line again. Such turns
 * never reach the model or a tool: the agent never acts on a guess.
 *
 * Offered to every conversation (live calls over every transport, simulated
 * and scripted ones): a party that hears through a recognizer marks what it
 * rejected as `unrecognized`; a turn whose confidence is below the agent's
 * `repair.min_confidence` is treated the same.
 */
export const DEFAULT_REPROMPT = 'Sorry, I did not catch that. Could you say that again?';
export const DEFAULT_MAX_ATTEMPTS = 2;
export const DEFAULT_MIN_CONFIDENCE = 0.5;
/** A committing action (end_call, a transfer, a tool marked committing, an Ask yes) needs a turn heard at least this surely. */
export const DEFAULT_COMMIT_CONFIDENCE = 0.8;
export const DEFAULT_NO_INPUT_MS = 8000;
export const DEFAULT_NO_INPUT_PROMPT = 'Are you still there?';
export const DEFAULT_NO_INPUT_MAX_PROMPTS = 2;
export const DEFAULT_NO_INPUT_MESSAGE = 'I have not heard anything, so I will end the call now. Goodbye.';
const DEFAULT_FALLBACK_MESSAGE: Record<'end_call' | 'transfer', string> = {
  end_call: 'I am sorry, I am having trouble understanding you. Please call again later. Goodbye.',
  transfer: 'I am sorry, I am having trouble understanding you. Let me put you through to someone who can help.',
};

/**
 * What callers say to hear the agent's last line again (English; compared
 * whole, after lower-casing and dropping punctuation and a trailing
 * "please"). A sentence that only contains one ("what time do you close") is
 * an ordinary turn.
 */
const REPEAT_REQUESTS = new Set([
  'can you repeat that',
  'could you repeat that',
  'repeat that',
  'can you say that again',
  'could you say that again',
  'say that again',
  'say again',
  'come again',
  'what did you say',
  'pardon',
  'pardon me',
  'sorry',
  'what',
  'excuse me',
]);

/**
 * Short acknowledgements a caller makes while listening (English). When the
 * agent is not speaking they are answers like any other words ("yeah" to a
 * question is a yes), so only the live party's barge-in looks at them.
 */
export const BACKCHANNELS = ['mhm', 'uh huh', 'okay', 'yeah', 'right', 'hmm'];

/**
 * The call-control phrases every call's recognizer should know beside the
 * agent's own (a closed grammar hears only what it lists): without them a
 * caller's "can you repeat that?" or "hello?" is forced onto the nearest
 * task phrase, or rejected as noise.
 */
export const CALL_CONTROL_PHRASES = [...REPEAT_REQUESTS, ...BACKCHANNELS, 'hello'];

const normalize = (words: string) =>
  words
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s+please$/, '')
    .replace(/^please\s+/, '');

export function isRepeatRequest(words: string): boolean {
  return REPEAT_REQUESTS.has(normalize(words));
}

export interface RepairSettings {
  reprompt: string;
  maxAttempts: number;
  minConfidence: number;
  /** The confidence a turn needs before a committing action follows it; at least minConfidence. */
  commitConfidence: number;
  fallback: 'end_call' | 'transfer';
  fallbackMessage: string;
  /** For the transfer fallback: the destination's name. */
  fallbackDestination: string | null;
  /** A live caller silent this long after the agent spoke is checked on (noInputPrompt). */
  noInputMs: number;
  noInputPrompt: string;
  /** Checks in a row before noInputMessage and the end of the call (silence_timeout). */
  noInputMaxPrompts: number;
  noInputMessage: string;
}

export function repairSettings(config: Pick<AgentConfig, 'repair'>): RepairSettings {
  const repair = config.repair ?? {};
  const fallback = repair.fallback ?? 'end_call';
  return {
    reprompt: repair.reprompt ?? DEFAULT_REPROMPT,
    maxAttempts: repair.max_attempts ?? DEFAULT_MAX_ATTEMPTS,
    minConfidence: repair.min_confidence ?? DEFAULT_MIN_CONFIDENCE,
    commitConfidence: Math.max(repair.commit_confidence ?? DEFAULT_COMMIT_CONFIDENCE, repair.min_confidence ?? DEFAULT_MIN_CONFIDENCE),
    fallback,
    fallbackMessage: repair.fallback_message ?? DEFAULT_FALLBACK_MESSAGE[fallback],
    fallbackDestination: repair.fallback_destination ?? null,
    noInputMs: repair.no_input_ms ?? DEFAULT_NO_INPUT_MS,
    noInputPrompt: repair.no_input_prompt ?? DEFAULT_NO_INPUT_PROMPT,
    noInputMaxPrompts: repair.no_input_max_prompts ?? DEFAULT_NO_INPUT_MAX_PROMPTS,
    noInputMessage: repair.no_input_message ?? DEFAULT_NO_INPUT_MESSAGE,
  };
}

/**
 * Whether a turn the agent understood is sure enough for a committing action to follow it: digits pressed and turns
 * without a confidence (typed text, scripted callers) are; spoken words need repair.commit_confidence.
 */
export function confidentForCommitting(heard: Pick<Heard, 'kind' | 'confidence'>, settings: RepairSettings): boolean {
  if (heard.kind === 'digits' || heard.confidence === undefined) return true;
  return heard.confidence >= settings.commitConfidence;
}

/** How the agent takes a caller turn: as words for the model, as not understood, as a request to repeat, or as a backchannel it talked through. */
export function classifyTurn(heard: Heard, settings: RepairSettings): 'words' | 'unrecognized' | 'repeat' | 'backchannel' {
  const kind = heard.kind ?? 'speech';
  if (kind === 'digits') return 'words';
  if (kind === 'backchannel') return 'backchannel';
  if (kind === 'unrecognized' || !heard.words.trim()) return 'unrecognized';
  if (heard.confidence !== undefined && heard.confidence < settings.minConfidence) return 'unrecognized';
  return isRepeatRequest(heard.words) ? 'repeat' : 'words';
}
