/**
 * The caller's side of a conversation, as the engine sees it: words heard,
 * words spoken, and the call's clock. A scripted party (test runs, simulated
 * calls, campaigns on the simulated carrier) plays a list of turns on a
 * simulated clock; a live party (the media runtime, src/media) hears through
 * speech recognition and speaks through speech synthesis on the real clock.
 * The engine is the same for both.
 */
/**
 * How a caller turn was heard: `speech` a recognized utterance; `unrecognized` speech the recognizer could not
 * take as words with confidence (its words are '', its own guess is `hypothesis`); `digits` keys pressed;
 * `backchannel` an acknowledgement ("mhm") said over the agent, which went on talking: kept, never answered.
 */
export type HeardKind = 'speech' | 'unrecognized' | 'digits' | 'backchannel';

/** The caller said nothing for the engine's no-input wait (a live party): not a caller turn, never written as one. */
export interface NoInput {
  kind: 'silence';
  /** When the wait ran out, in ms since the call was answered. */
  atMs: number;
}

export interface Heard {
  /** What the caller said, as the agent takes it; '' for an unrecognized turn. */
  words: string;
  /** When the caller started saying them, in ms since the call was answered. */
  atMs: number;
  /** Default `speech` (a script's turns). */
  kind?: HeardKind;
  /** The recognizer's own output (an offline recognizer's phones for speech it rejected), kept as evidence. */
  hypothesis?: string;
  /** The recognizer's confidence in `words`, 0 to 1, when it gives one. */
  confidence?: number;
  /**
   * These words finish the caller's last turn, which the agent could not take (unrecognized, or a lone "what?"): the
   * caller paused mid-sentence and went on. `words` are the whole sentence, `atMs` where it began; the earlier turn
   * is no longer a turn of its own.
   */
  continues?: boolean;
}

/**
 * Where the time went between the end of a caller's turn and the agent's reply (a live party measures it; every
 * figure in whole milliseconds). Kept on the reply's transcript item for debugging.
 */
export interface TurnLatency {
  /** From the end of the caller's speech to the turn detector's decision (the end-of-turn hangover). */
  endOfTurnMs: number;
  /** From the decision to the transcript (speech recognition). */
  sttMs: number;
  /** From the transcript to the engine asking to speak (model and tools). */
  engineMs: number;
  /** From the request to speak to the first synthesized audio. */
  ttsFirstAudioMs: number;
  /** From the end of the caller's speech to the reply's first audio queued for the wire (the next 20 ms tick sends it). */
  replyMs: number;
}

export interface Spoken {
  /** What the caller heard: all of `text`, or the part before they interrupted. */
  heard: string;
  atMs: number;
  interrupted: boolean;
  /** How long the reply took, for a reply that answers a caller turn on a live call (a script measures nothing). */
  latency?: TurnLatency;
  /**
   * For a reply the caller cut in on, on a live call: milliseconds from the start of the caller's speech to the
   * agent's audio stopping at the caller (the queued audio dropped; at most the packet on the wire still plays).
   */
  stopMs?: number;
}

/** A reply spoken as it is written: sentences pushed while the model still streams, then end(). */
export interface SpeechStream {
  push(sentence: string): void;
  /** No more sentences: resolves once all were played, or cut off by the caller. */
  end(): Promise<Spoken>;
}

export interface CallParty {
  /**
   * The caller's next turn; null when the caller hung up (a script: ran out of turns). With `noInputMs`, a party
   * that hears in real time answers `{ kind: 'silence' }` when the caller made no sound (no speech, no digit) for
   * that long.
   */
  hear(opts?: { noInputMs?: number }): Promise<Heard | NoInput | null>;
  /** Says `text` to the caller; resolves once it was played, or cut off by the caller. */
  speak(text: string): Promise<Spoken>;
  /**
   * Starts a reply whose sentences arrive while the model streams, so speech starts at the first complete
   * sentence (a live caller); absent, the engine speaks the whole reply at once (a script).
   */
  speakStream?(): SpeechStream;
  /** Milliseconds since the call was answered. */
  now(): number;
  /** Time the engine spent that the caller waited through (a model, a tool): a simulated clock advances; a real one runs by itself. */
  spend(ms: number): void;
}

/**
 * The complete sentences at the start of `text` (ending in . ! or ?, closing
 * quotes or brackets included, followed by white space) and what is left: a
 * reply is spoken sentence by sentence, so speech starts after the first one.
 * The one sentence rule of the engine (streamed replies) and of live speech.
 */
export function takeSentences(text: string): { sentences: string[]; rest: string } {
  const sentences: string[] = [];
  let rest = text;
  for (let m = SENTENCE.exec(rest); m; m = SENTENCE.exec(rest)) {
    if (m[1].trim()) sentences.push(m[1].trim());
    rest = rest.slice(m[0].length);
  }
  return { sentences, rest };
}
const SENTENCE = /^([\s\S]*?[.!?]+["')\]]*)\s+/;

/**
 * The simulated clock. A text conversation takes no time, but a call record
 * needs plausible durations (they are what is billed): speech lasts its
 * words at a speaking pace, each party pauses before speaking.
 */
const WORDS_PER_SECOND = 2.5;
const MIN_UTTERANCE_MS = 600;
export const TURN_GAP_MS = 700;

export const speechMs = (text: string) => Math.max(MIN_UTTERANCE_MS, Math.round((text.trim().split(/\s+/).filter(Boolean).length / WORDS_PER_SECOND) * 1000));

/** A caller who says `turns` in order, on the simulated clock, and never interrupts. */
export class ScriptedParty implements CallParty {
  private clock = 0;
  private next = 0;

  constructor(private readonly turns: readonly string[]) {}

  async hear(): Promise<Heard | null> {
    if (this.next >= this.turns.length) return null;
    return { words: this.turns[this.next++], atMs: this.utter(this.turns[this.next - 1]) };
  }

  async speak(text: string): Promise<Spoken> {
    return { heard: text, atMs: this.utter(text), interrupted: false };
  }

  now(): number {
    return this.clock;
  }

  spend(ms: number): void {
    this.clock += ms;
  }

  /** The turns not heard by the agent (after a transfer, the next party hears them). */
  remaining(): readonly string[] {
    return this.turns.slice(this.next);
  }

  private utter(text: string): number {
    this.clock += TURN_GAP_MS;
    const at = this.clock;
    this.clock += speechMs(text);
    return at;
  }
}
