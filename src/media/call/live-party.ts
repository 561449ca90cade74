import { performance } from 'node:perf_hooks';
import { takeSentences, type CallParty, type Heard, type NoInput, type SpeechStream, type Spoken, type TurnLatency } from '../../modules/engine/call-party.js';
import { BACKCHANNELS, isRepeatRequest } from '../../modules/engine/repair.js';
import type { CallTransport } from '../transports/call-transport.js';
import type { SpeechToText, SttResult, SttStream } from '../speech/speech-to-text.js';
import type { TextToSpeech } from '../speech/text-to-speech.js';
import type { SpeechStart, Turn, TurnDetector } from '../turn/turn-detector.js';
import { fitsSpeech, isComplete } from './turn-completeness.js';

/**
 * One caller turn's timings (every stage is measured), read by bench/ and kept on the session: the reply's
 * `Spoken.latency` goes to its transcript item. The engine's type, so both sides name the parts alike.
 */
export type TurnMetrics = TurnLatency;

/**
 * One barge-in, on the call's frame clock (20 ms per caller frame, as the turn detector counts), so the
 * figures do not depend on how loaded the machine is (issue #11: the agent's audio stops within 60 ms).
 */
export interface BargeInMetrics {
  /** Where the caller's speech began: the first frame of the voiced run that started the turn. */
  speechStartMs: number;
  /**
   * When the agent's audio stopped on the wire. Caller frame k and agent packet k share the k-th 20 ms tick
   * (the recording's timeline); the frame completing minSpeechMs of voice flushes the queue after its tick's
   * packet went out, so the next packet, at the end of that frame, is the first without agent audio.
   */
  stoppedMs: number;
  /** Wall-clock time the flush took inside that frame. */
  flushMs: number;
  /** Agent audio dropped from the queue. */
  droppedMs: number;
}

export interface LivePartyOptions {
  transport: CallTransport;
  turns: TurnDetector;
  stt: SpeechToText;
  tts: TextToSpeech;
  voice: string;
  language: string;
  /** What the caller is expected to say (grammar or hints for STT). */
  phrases: string[];
  /**
   * When what the caller said so far is already a complete phrase (the recognizer's peek at 'this much silence'),
   * the turn ends here instead of after the turn detector's full end-of-turn silence; default 200 ms. Only with a
   * recognizer that can peek (offline pocketsphinx; Deepgram, which also signals its own end of speech); others end
   * turns on silence alone.
   */
  completeTurnSilenceMs?: number;
  /** Digits end after this pause (or at # ): then they reach the engine as one caller turn. */
  digitTimeoutMs?: number;
  log?: (message: string, data?: object) => void;
  /** What an operator should see: speech recognition failing, or a sound too short to be a turn that was let go. */
  warn?: (message: string, data?: object) => void;
}

/** An unrecognized sound shorter than this is not taken as a turn (noise, not words the caller expects an answer to). */
const MIN_UNRECOGNIZED_TURN_MS = 300;
/** Caller speech over the reply longer than this is an interruption, whatever it says (a backchannel is shorter). */
const BACKCHANNEL_MAX_MS = 800;
/** An unrecognized sound over the reply shorter than this resumes it (it is not an interruption). */
const HELD_UNRECOGNIZED_MAX_MS = 600;
/** A short sound over the reply is decided after this much silence (not the end-of-turn wait): the agent resumes sooner. */
const HOLD_DECIDE_SILENCE_MS = 200;
/** A sentence's length per word before its audio is all synthesized (espeak-ng's default pace, about 175 words a minute). */
const SPOKEN_WORD_MS = 340;
/** The silence after a complete phrase that ends the turn (LiveKit Agents' endpointing starts at 500 ms, Pipecat's smart-turn stop at 200). */
export const DEFAULT_COMPLETE_TURN_SILENCE_MS = 200;
/** The early decode starts this long before the complete-turn wait, so the wait covers most of its time. */
const PEEK_LEAD_MS = 100;
/**
 * Nor before this much silence: the last word's quiet end may still be arriving (at 60 ms the grammar decoder missed
 * phrases). A first decode that is not complete is made once more, with the silence so far (peekAtSilence).
 */
const PEEK_MIN_SILENCE_MS = 100;
/** A provider's end-of-turn signal is taken only when our VAD has heard at least this much silence too. */
const PROVIDER_END_MIN_SILENCE_MS = 100;
/** What the caller says over the reply without taking the turn: backchannels, and an outbound callee's hello. */
const RESUME_ON = new Set([...BACKCHANNELS, 'hello']);
/**
 * Over a reply with more than its current sentence still to say, these are acknowledgements too: the agent has not
 * asked its question yet, and a recognizer that heard "yeah" as "yes" must not have a booking made on it. Once the
 * reply is at its last sentence they are answers (the caller is answering the question as it is being asked).
 */
const RESUME_ON_UNFINISHED = new Set(['yes', 'yep', 'sure']);
/**
 * A caller who speaks again this soon after the end of a turn the agent could not take (unrecognized, or a lone
 * "what?") was pausing mid-sentence ("I need to ... cancel my appointment"): the two are recognized as one turn.
 * The end-of-turn wait (800 ms) plus the reprompt's first words fit inside it, so the agent's "Sorry, I did not…" is
 * what the caller cuts off, and the words before and after their pause are heard together.
 */
const CONTINUE_WITHIN_MS = 1500;
/** Of a fragment's trailing silence, this much is kept in front of its continuation (a pause between words). */
const FRAGMENT_GAP_MS = 100;

type Pending = { resolve: (heard: Heard | NoInput | null) => void };

/** An early decode of the open turn, made in one silence (LiveParty.peek). */
interface Peeking {
  stream: SttStream;
  speechEndMs: number;
  decideAtMs: number;
  decoded: Promise<SttResult | undefined>;
  /** The decode, when complete. */
  result?: SttResult;
  /** The decode came back not complete. */
  incomplete?: boolean;
  /** This is the second decode of the silence. */
  again?: boolean;
}

interface Sentence {
  text: string;
  mark: string;
  samples: number;
  played: boolean;
  /** All of its audio was synthesized (samples is its whole length). */
  complete: boolean;
}

interface Speaking {
  abort: AbortController;
  interrupted: boolean;
  sentences: Sentence[];
  /** At a barge-in: how much of the first unplayed sentence had gone out. */
  cutPlayedMs: number;
  /** At a barge-in: from the start of the caller's speech to the agent's audio stopping (frame clock, the wire's). */
  stopMs?: number;
  synthesized?: boolean;
  check?: () => void;
  /** Stops the sentence being synthesized (a hold). */
  sentenceAbort?: AbortController;
  /**
   * The caller started speaking over the reply: nothing more is played until what they said is known. A
   * backchannel ("mhm") or a short noise resumes the reply from the word it stopped at; anything else
   * interrupts it.
   */
  held?: { released: Promise<void>; release: () => void };
  /** The timings of the caller turn this reply answers (recordReply), when it answers one. */
  latency?: TurnMetrics;
  /** Sentences still to be synthesized, counting one more while the reply is still being written. */
  pendingCount?: () => number;
  /** Puts sentences back in front of the ones still to be synthesized (a resume), restarting synthesis if it ended. */
  requeue?: (sentences: string[]) => void;
  failure?: Error;
}

/**
 * The live caller, as the engine's CallParty: caller audio goes through the
 * turn detector to speech recognition and comes out as turns; agent text is
 * synthesized sentence by sentence and played through the transport. Caller
 * speech while the agent talks is a barge-in: the queued audio is flushed at
 * once (within the frame that started the turn) and the reply counts as heard
 * up to where it was cut. DTMF digits are caller turns too.
 */
export class LiveParty implements CallParty {
  readonly metrics: TurnMetrics[] = [];
  readonly bargeIns: BargeInMetrics[] = [];
  private readonly startedAt = performance.now();
  private readonly queue: (Heard | NoInput | null)[] = [];
  private waiting: Pending | undefined;
  private stream: SttStream | undefined;
  private ended = false;
  private speaking: Speaking | undefined;
  private framesHeard = 0;
  private digits = '';
  private digitTimer: NodeJS.Timeout | undefined;
  /** When the caller last made a sound the turn detector took as speech, or pressed a digit. */
  private lastSoundAt = performance.now();
  private noInputTimer: NodeJS.Timeout | undefined;
  private lastTurn: { speechEndAt: number; decidedAt: number; heardAt: number; sttMs: number } | undefined;
  private markSeq = 0;
  /**
   * The recognizer's early look at the open turn, made early in one silence: it ends the turn if complete, and is the
   * turn's result whenever the turn ends in that same silence and the decode is settled (cleared when speech resumes).
   */
  private peeking: Peeking | undefined;
  /** The reply held by caller speech that started over it, until that speech is decided. */
  private holding: Speaking | undefined;
  /** The last turn the agent could not take, for a continuation after a pause (CONTINUE_WITHIN_MS). */
  private fragment: { audio: Int16Array; speechEndAt: number; atMs: number; speechMs: number } | undefined;
  /**
   * The open turn continues `fragment`: `this.stream` hears the fragment and the turn together, `alone` the turn by
   * itself, for when the two together are not understood (the fragment was a noise before a phrase).
   */
  private joining: { alone: SttStream; atMs: number; speechMs: number } | undefined;
  /** Replies that went on after a backchannel or a noise held them. */
  resumes = 0;

  constructor(private readonly opts: LivePartyOptions) {
    opts.transport.on('audio', (frame) => this.onAudio(frame));
    opts.transport.on('dtmf', (digit) => this.onDigit(digit));
    opts.transport.on('ended', () => this.onEnded());
    // A far end that hung up while the call was being set up (speech, turn detection) has already sent its 'ended'.
    if ((opts.transport as { isEnded?: boolean }).isEnded) this.onEnded();
    opts.turns.on('speechStart', (start) => this.onSpeechStart(start));
    opts.turns.on('turnEnd', (turn) => void this.onTurnEnd(turn));
  }

  now(): number {
    return performance.now() - this.startedAt;
  }

  /** The real clock runs by itself: time the engine spends, the caller spends with it. */
  spend(): void {}

  hear(opts: { noInputMs?: number } = {}): Promise<Heard | NoInput | null> {
    if (this.queue.length) return Promise.resolve(this.queue.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting = { resolve };
      if (opts.noInputMs) this.watchForSilence(opts.noInputMs, performance.now());
    });
  }

  /**
   * While the engine waits for a turn: once the caller has made no sound for `ms` since `since` (the agent's last
   * words) and is not in a turn, the turn is `silence`. Speech, even speech that was let go as a noise, and digits
   * start the wait again from their end.
   */
  private watchForSilence(ms: number, since: number): void {
    clearTimeout(this.noInputTimer);
    const check = () => {
      if (!this.waiting || this.ended) return;
      const left = Math.max(since, this.lastSoundAt) + ms - performance.now();
      if (left > 0 || this.opts.turns.inTurn || this.stream || this.digits) {
        this.noInputTimer = setTimeout(check, Math.max(left, 100));
        return;
      }
      this.deliver({ atMs: this.now(), kind: 'silence' });
    };
    this.noInputTimer = setTimeout(check, ms);
  }

  speak(text: string): Promise<Spoken> {
    const stream = this.speakStream();
    for (const sentence of splitSentences(text)) stream.push(sentence);
    return stream.end();
  }

  /**
   * A reply spoken sentence by sentence as the model writes it: each pushed
   * sentence is synthesized and queued behind the one playing (no gap), so
   * the caller hears the first sentence while the rest is still being written.
   */
  speakStream(): SpeechStream {
    const atMs = this.now();
    const asked = performance.now();
    const speaking: Speaking = { abort: new AbortController(), interrupted: false, sentences: [], cutPlayedMs: 0 };
    this.speaking = speaking;
    const allPlayed = this.playedOrStopped(speaking);
    const pending: string[] = [];
    let wake: (() => void) | undefined;
    let closed = false;
    let looping = false;
    const next = async (): Promise<string | undefined> => {
      while (!pending.length && !closed) await new Promise<void>((resolve) => (wake = resolve));
      return pending.shift();
    };
    const loop = async () => {
      looping = true;
      try {
        for (let sentence = await next(); sentence !== undefined; sentence = await next()) {
          if (this.ended || speaking.interrupted) continue;
          await this.playSentence(speaking, sentence, asked);
          // Held by the caller's speech: wait until it is known whether to resume or stop.
          if (speaking.held) await speaking.held.released;
        }
      } catch (error) {
        speaking.failure = error as Error;
        speaking.abort.abort();
      } finally {
        looping = false;
        speaking.synthesized = true;
        speaking.check?.();
      }
    };
    speaking.pendingCount = () => pending.length + (closed ? 0 : 1);
    speaking.requeue = (sentences) => {
      pending.unshift(...sentences);
      speaking.synthesized = false;
      if (looping) wake?.();
      else void loop();
    };
    void loop();
    return {
      push: (sentence) => {
        if (closed || !sentence.trim()) return;
        pending.push(sentence);
        wake?.();
      },
      end: async () => {
        closed = true;
        wake?.();
        try {
          await allPlayed;
          if (speaking.failure) throw speaking.failure;
        } finally {
          if (this.speaking === speaking) this.speaking = undefined;
        }
        return {
          heard: heardOf(speaking),
          atMs,
          interrupted: speaking.interrupted,
          ...(speaking.latency ? { latency: speaking.latency } : {}),
          ...(speaking.interrupted && speaking.stopMs !== undefined ? { stopMs: speaking.stopMs } : {}),
        };
      },
    };
  }

  /** Synthesizes one sentence into the transport, its mark after its last sample; stops early on a hold or an interruption. */
  private async playSentence(speaking: Speaking, text: string, asked: number): Promise<void> {
    const entry: Sentence = { text, mark: `s${++this.markSeq}`, samples: 0, played: false, complete: false };
    speaking.sentences.push(entry);
    const sentenceAbort = new AbortController();
    speaking.sentenceAbort = sentenceAbort;
    const signal = AbortSignal.any([speaking.abort.signal, sentenceAbort.signal]);
    const stopped = () => speaking.interrupted || this.ended || speaking.held !== undefined;
    try {
      for await (const chunk of this.opts.tts.synthesize(text, { voice: this.opts.voice, language: this.opts.language, signal })) {
        if (stopped()) break;
        if (entry.samples === 0 && speaking.sentences.length === 1) this.recordReply(speaking, asked);
        entry.samples += chunk.length;
        this.opts.transport.play(chunk);
      }
    } catch (error) {
      // A hold stops the synthesis on purpose; anything else is the TTS failing.
      if (!sentenceAbort.signal.aborted || speaking.abort.signal.aborted) throw error;
    }
    if (stopped()) return;
    entry.complete = true;
    // An empty chunk carrying the mark: reported when the sentence's last sample is on the wire.
    this.opts.transport.play(new Int16Array(0), entry.mark);
  }

  /** Resolves when the last sentence's mark is reported, or the reply was cut off, or the call ended. */
  private playedOrStopped(speaking: Speaking): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        this.opts.transport.off('mark', onMark);
        speaking.abort.signal.removeEventListener('abort', finish);
        resolve();
      };
      speaking.check = () => {
        if (speaking.synthesized && speaking.sentences.every((s) => s.played)) finish();
      };
      const onMark = (mark: string) => {
        const entry = speaking.sentences.find((s) => s.mark === mark);
        if (entry) entry.played = true;
        speaking.check?.();
      };
      this.opts.transport.on('mark', onMark);
      speaking.abort.signal.addEventListener('abort', finish, { once: true });
    });
  }

  private onAudio(frame: Int16Array): void {
    if (this.ended) return;
    this.framesHeard++;
    this.opts.turns.push(frame);
    if (this.stream && this.opts.turns.inTurn) {
      this.stream.write(frame);
      this.joining?.alone.write(frame);
    }
    // The caller speaks again: a decode of the silence before is no longer the turn.
    if (this.peeking && this.opts.turns.silentMs === 0) this.peeking = undefined;
    const held = this.holding;
    if (!held) {
      this.peekAtSilence();
      this.endIfPeekedComplete();
    }
    if (!held || !this.opts.turns.inTurn) return;
    // Speech that goes on is an interruption; a short sound followed by a little silence is looked at then.
    if (this.opts.turns.speechMs > BACKCHANNEL_MAX_MS) {
      this.holding = undefined;
      this.interrupt(held);
    } else if (this.opts.turns.silentMs === HOLD_DECIDE_SILENCE_MS) {
      this.decideHold(held);
    }
  }

  /**
   * A short sound over the reply, after HOLD_DECIDE_SILENCE_MS of silence: decoded as it stands, it is decided at once
   * when that settles it (a backchannel or a noise resumes the reply; complete words interrupt it). Words that may be
   * the start of a sentence ("I would like to", heard as "what") keep the turn open to its full end-of-turn silence,
   * the reply still held, so that the caller who goes on is heard whole.
   */
  private decideHold(held: Speaking): void {
    const turns = this.opts.turns;
    const joinedMs = this.joining?.speechMs ?? 0;
    const decoding = this.peek(HOLD_DECIDE_SILENCE_MS, false, (result, peeking) => {
      if (this.holding !== held) return;
      if (result && !this.settlesHold(result, held, turns.speechMs, joinedMs)) {
        peeking.incomplete = true;
        // Not words with the half before the pause: this sound is looked at by itself.
        if (!understand(result, turns.speechMs + joinedMs).understood && this.leaveFragment(peeking.stream)) this.decideHold(held);
        return;
      }
      if (result) peeking.result = result;
      turns.endTurn();
    });
    // A recognizer that cannot decode early: the sound is decided as it stands.
    if (!decoding) turns.endTurn();
  }

  /** Whether a short sound's words decide it over the reply now (see decideHold). */
  private settlesHold(result: SttResult, held: Speaking, speechMs: number, joinedMs: number): boolean {
    const { text, understood } = understand(result, speechMs + joinedMs);
    if (!understood) return speechMs < HELD_UNRECOGNIZED_MAX_MS;
    return resumesOn(text, held) || (!isRepeatRequest(text) && isComplete(result, speechMs + joinedMs));
  }

  /**
   * The turn policy's early end: early in a silence the recognizer decodes what the caller said so far, while the
   * silence goes on; if it is a complete phrase and the caller is still silent at the complete-turn wait (200 ms by
   * default), the turn ends there instead of after the full end-of-turn wait, and the decode is the turn's result.
   * The decode starts PEEK_LEAD_MS before that wait so that its time is spent inside the silence, not after it.
   * A decode that comes back not complete is made once more over the longer silence (the last word's quiet end may
   * have been cut); the turn then ends when that one is complete. Anything else (unrecognized, a trailing 'and',
   * speech again) waits for the full silence.
   */
  private peekAtSilence(): void {
    const waitMs = Math.round((this.opts.completeTurnSilenceMs ?? DEFAULT_COMPLETE_TURN_SILENCE_MS) / 20) * 20;
    // On the detector's 20 ms grid, as silentMs is.
    const startMs = Math.round(Math.max(Math.min(waitMs, PEEK_MIN_SILENCE_MS), waitMs - PEEK_LEAD_MS) / 20) * 20;
    const silentMs = this.opts.turns.silentMs;
    const first = this.peeking;
    if (silentMs === startMs) this.peekNow(waitMs);
    else if (silentMs > startMs && first?.incomplete && !first.again && first.stream === this.stream) this.peekNow(waitMs, true);
  }

  /** A complete early decode ends the turn once the silence it was made in reaches its wait. */
  private endIfPeekedComplete(): void {
    const peeking = this.peeking;
    const turns = this.opts.turns;
    if (!peeking?.result || peeking.stream !== this.stream || !turns.inTurn || turns.silentMs < peeking.decideAtMs) return;
    if (this.framesHeard * 20 - turns.silentMs === peeking.speechEndMs) turns.endTurn();
  }

  /**
   * A streaming recognizer's own end-of-turn signal (Deepgram's speech_final, UtteranceEnd): when the caller is
   * silent here too, the turn ends at once if its settled words are complete, without waiting for our silence.
   */
  private onProviderEndOfTurn(stream: SttStream): void {
    if (stream !== this.stream || this.holding || this.opts.turns.silentMs < PROVIDER_END_MIN_SILENCE_MS) return;
    this.peekNow(0);
  }

  /**
   * Decodes the open turn as it stands; a complete result ends the turn and is its result if the caller stays
   * silent until `decideAtMs` of silence (at once when the decode comes later than that).
   */
  private peekNow(decideAtMs: number, again = false): void {
    const turns = this.opts.turns;
    this.peek(decideAtMs, again, (result, peeking) => {
      if (!result) return;
      if (!isComplete(result, turns.speechMs)) {
        peeking.incomplete = true;
        // Not words with the half before the pause (words still going on, a number still being read, stay together):
        // the turn is decoded by itself, at once.
        if (!understand(result, turns.speechMs + (this.joining?.speechMs ?? 0)).understood && this.leaveFragment(peeking.stream)) this.peekNow(decideAtMs);
        return;
      }
      peeking.result = result;
      this.endIfPeekedComplete();
    });
  }

  /**
   * Starts an early decode of the open turn as it stands (`this.peeking`). `decoded` runs with its result (undefined
   * when the decode failed: the turn's own finish() reports the recognizer) only if the caller is still silent, in the
   * same silence of the same turn, when it comes back. False when there is nothing to decode early.
   */
  private peek(decideAtMs: number, again: boolean, decoded: (result: SttResult | undefined, peeking: Peeking) => void): boolean {
    const turns = this.opts.turns;
    const stream = this.stream;
    if (!stream?.peek || !turns.inTurn || turns.silentMs === 0) return false;
    const speechEndMs = this.framesHeard * 20 - turns.silentMs;
    const peeking: Peeking = { stream, speechEndMs, decideAtMs, decoded: stream.peek().catch(() => undefined), again };
    this.peeking = peeking;
    void peeking.decoded.then((result) => {
      const sameSilence = this.peeking === peeking && this.stream === stream && turns.inTurn && this.framesHeard * 20 - turns.silentMs === speechEndMs;
      if (sameSilence) decoded(result, peeking);
    });
    return true;
  }

  private onSpeechStart(start: SpeechStart): void {
    this.lastSoundAt = performance.now();
    const speaking = this.speaking;
    if (speaking && !speaking.interrupted && !speaking.held) {
      // Barge-in: what is queued is dropped at once and the reply is held; whether it resumes or was interrupted
      // depends on what the caller said (a backchannel, a noise, or words).
      const flushStarted = performance.now();
      const { droppedMs } = this.opts.transport.flush();
      const barge = { speechStartMs: start.atMs, stoppedMs: this.framesHeard * 20, flushMs: performance.now() - flushStarted, droppedMs };
      this.bargeIns.push(barge);
      speaking.stopMs = barge.stoppedMs - barge.speechStartMs;
      const unplayed = speaking.sentences.filter((s) => !s.played);
      const unplayedMs = unplayed.reduce((sum, s) => sum + s.samples / 8, 0);
      speaking.cutPlayedMs = Math.max(0, unplayedMs - droppedMs);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      speaking.held = { released, release };
      speaking.sentenceAbort?.abort();
      this.holding = speaking;
      this.opts.log?.('barge-in: reply held', { droppedMs });
    }
    this.stream?.abort();
    this.joining?.alone.abort();
    this.joining = undefined;
    const open = () => this.opts.stt.start({ sampleRate: 8000, language: this.opts.language, phrases: this.opts.phrases });
    let stream = open();
    stream.write(start.audio);
    const fragment = this.fragment;
    this.fragment = undefined;
    if (fragment && performance.now() - fragment.speechEndAt <= CONTINUE_WITHIN_MS) {
      // The caller goes on after a pause: heard together with what they said before it, and alone.
      const alone = stream;
      alone.on('endOfTurn', () => this.onProviderEndOfTurn(alone));
      this.joining = { alone, atMs: fragment.atMs, speechMs: fragment.speechMs };
      stream = open();
      stream.write(fragment.audio);
      stream.write(start.audio);
    }
    this.stream = stream;
    stream.on('endOfTurn', () => this.onProviderEndOfTurn(stream));
  }

  /**
   * The open turn is no longer heard with the fragment before it: the stream of the turn alone becomes the turn's.
   * False when `joined` is not the open turn's joined stream.
   */
  private leaveFragment(joined: SttStream): boolean {
    const joining = this.joining;
    if (!joining || this.stream !== joined) return false;
    this.joining = undefined;
    joined.abort();
    this.stream = joining.alone;
    return true;
  }

  /** The caller's speech over the reply was words: the reply ends where it was cut, as heard. */
  private interrupt(speaking: Speaking): void {
    speaking.interrupted = true;
    speaking.held?.release();
    speaking.held = undefined;
    speaking.abort.abort();
    this.opts.log?.('barge-in: reply interrupted');
  }

  /**
   * The caller's sound over the reply was not a turn (a backchannel, a noise): the reply goes on from the word it
   * stopped at. The cut sentence keeps the words the caller heard; the rest of it and the sentences after it are
   * synthesized again, in front of what is still to be said.
   */
  private resume(speaking: Speaking): void {
    const at = speaking.sentences.findIndex((s) => !s.played);
    const again: string[] = [];
    if (at >= 0) {
      const cut = speaking.sentences[at];
      const words = cut.text.split(/\s+/).filter(Boolean);
      const totalMs = cut.complete ? cut.samples / 8 : Math.max(cut.samples / 8, words.length * SPOKEN_WORD_MS);
      const heardWords = totalMs > 0 ? Math.floor((words.length * Math.min(speaking.cutPlayedMs, totalMs)) / totalMs) : 0;
      if (heardWords > 0) {
        cut.text = words.slice(0, heardWords).join(' ');
        cut.played = true;
      }
      if (heardWords < words.length) again.push(words.slice(heardWords).join(' '));
      for (const later of speaking.sentences.slice(at + 1)) if (!later.played) again.push(later.text);
      speaking.sentences = speaking.sentences.filter((s) => s.played);
    }
    speaking.cutPlayedMs = 0;
    speaking.stopMs = undefined;
    const held = speaking.held;
    speaking.held = undefined;
    this.resumes++;
    this.opts.log?.('barge-in: reply resumed', { again: again.length });
    if (again.length) speaking.requeue?.(again);
    held?.release();
    speaking.check?.();
  }

  private async onTurnEnd(turn: Turn): Promise<void> {
    this.lastSoundAt = performance.now();
    const stream = this.stream;
    const joining = this.joining;
    this.stream = undefined;
    this.joining = undefined;
    if (!stream) return;
    const decidedAt = performance.now();
    // The detector's clock is frames: the end-of-turn wait is the frames heard since the speech ended.
    const endOfTurnMs = Math.max(0, this.framesHeard * 20 - turn.endMs);
    const speechEndAt = decidedAt - endOfTurnMs;
    // The early decode of this silence (the caller did not speak since): when settled it is the turn's result, complete
    // or not, so an incomplete or unrecognized turn is not decoded a second time after its full wait.
    const peeking = this.peeking?.stream === stream ? this.peeking : undefined;
    this.peeking = undefined;
    const speechMs = turn.endMs - turn.startMs;
    let result = await this.recognize(stream, peeking);
    let heard = understand(result, speechMs + (joining?.speechMs ?? 0));
    let continues = false;
    if (joining) {
      if (heard.understood) {
        joining.alone.abort();
        continues = true;
      } else {
        // Together they are not words: the fragment was a noise, or the caller started again.
        result = await this.recognize(joining.alone);
        heard = understand(result, speechMs);
      }
    }
    if (this.ended) return;
    const { text, understood } = heard;
    const held = this.holding;
    if (held) {
      this.holding = undefined;
      // Over the agent's speech a short sound it could not recognize is far more often a backchannel or a noise than
      // an interruption (real interruptions go on, or are words it knows): the reply goes on.
      const noise = !understood && speechMs < HELD_UNRECOGNIZED_MAX_MS;
      if (understood && resumesOn(text, held)) {
        // "mhm", "okay", an outbound callee's "hello?", a "yes" before the question: the caller is listening. The reply
        // goes on; the transcript keeps it.
        this.resume(held);
        this.deliver({ words: text, atMs: turn.startMs, kind: 'backchannel', ...(result?.hypothesis !== undefined ? { hypothesis: result.hypothesis } : {}) });
        return;
      }
      if (noise) {
        this.resume(held);
        return;
      }
      this.interrupt(held);
    }
    if (!understood && speechMs < MIN_UNRECOGNIZED_TURN_MS) {
      // A cough, a click, a door: too short to have been words the caller expects an answer to.
      this.opts.warn?.('live call: a short sound that was not words was let go', {
        turn_ms: Math.round(turn.endMs - turn.startMs),
        hypothesis: result?.hypothesis,
      });
      return;
    }
    const heardAt = performance.now();
    this.lastTurn = { speechEndAt, decidedAt, heardAt, sttMs: heardAt - decidedAt };
    // A turn the agent will not act on may be the first half of a sentence: kept for a continuation after a pause.
    this.fragment =
      !understood || isRepeatRequest(text)
        ? { audio: turn.audio.subarray(0, turn.audio.length - Math.max(0, endOfTurnMs - FRAGMENT_GAP_MS) * 8), speechEndAt, atMs: turn.startMs, speechMs }
        : undefined;
    // Speech the recognizer could not take as words is a turn all the same: the engine asks the caller again (repair).
    this.deliver({
      words: understood ? text : '',
      atMs: continues && joining ? joining.atMs : turn.startMs,
      kind: understood ? 'speech' : 'unrecognized',
      ...(continues ? { continues: true } : {}),
      ...(result?.hypothesis !== undefined ? { hypothesis: result.hypothesis } : !understood && text ? { hypothesis: text } : {}),
      ...(result?.confidence !== undefined ? { confidence: result.confidence } : {}),
    });
  }

  /** The turn's result: its settled early decode, else the recognizer's final one; undefined when recognition failed. */
  private async recognize(stream: SttStream, peeking?: Peeking): Promise<SttResult | undefined> {
    try {
      const peeked = peeking ? (peeking.result ?? (await peeking.decoded)) : undefined;
      if (peeked?.settled) stream.abort();
      return peeked?.settled ? peeked : await stream.finish();
    } catch (error) {
      this.opts.warn?.('live call: speech recognition failed; the turn is taken as not understood', { error: (error as Error).message });
      return undefined;
    }
  }

  private onDigit(digit: string): void {
    if (this.ended) return;
    this.lastSoundAt = performance.now();
    clearTimeout(this.digitTimer);
    if (digit !== '#') this.digits += digit;
    const flush = () => {
      if (!this.digits) return;
      const words = this.digits;
      this.digits = '';
      this.deliver({ words, atMs: this.now(), kind: 'digits' });
    };
    if (digit === '#') flush();
    else this.digitTimer = setTimeout(flush, this.opts.digitTimeoutMs ?? 1500);
  }

  private deliver(heard: Heard | NoInput | null): void {
    clearTimeout(this.noInputTimer);
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve(heard);
    } else {
      this.queue.push(heard);
    }
  }

  /** The first audio of a reply that answers the last caller turn: its timings go to the call report and the reply. */
  private recordReply(speaking: Speaking, asked: number): void {
    const turn = this.lastTurn;
    if (!turn) return;
    this.lastTurn = undefined;
    const now = performance.now();
    const metrics: TurnMetrics = {
      endOfTurnMs: Math.round(turn.decidedAt - turn.speechEndAt),
      sttMs: Math.round(turn.sttMs),
      engineMs: Math.round(asked - turn.heardAt),
      ttsFirstAudioMs: Math.round(now - asked),
      replyMs: Math.round(now - turn.speechEndAt),
    };
    this.metrics.push(metrics);
    speaking.latency = metrics;
  }

  private onEnded(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.digitTimer);
    clearTimeout(this.noInputTimer);
    this.stream?.abort();
    this.stream = undefined;
    this.joining?.alone.abort();
    this.joining = undefined;
    this.speaking?.abort.abort();
    this.speaking?.held?.release();
    this.deliver(null);
  }
}

/**
 * Whether words said over a reply leave it going: "mhm", "okay", an outbound callee's "hello?", or a "yes" before
 * the reply's question (more than the sentence it was cut in is still to say).
 */
function resumesOn(text: string, held: Speaking): boolean {
  const word = text.toLowerCase();
  if (RESUME_ON.has(word)) return true;
  const unfinished = held.sentences.filter((s) => !s.played).length + (held.pendingCount?.() ?? 0) > 1;
  return RESUME_ON_UNFINISHED.has(word) && unfinished;
}

/**
 * Whether a result is words the agent can take: recognized, and not a phrase far too short for the speech heard (a
 * 1.5 s sentence matched to "mhm", the rest taken as silence), which is a guess whatever the recognizer says.
 */
function understand(result: SttResult | undefined, speechMs: number): { text: string; understood: boolean } {
  const text = result?.text.trim() ?? '';
  const fits = text !== '' && fitsSpeech(text.split(/\s+/).length, speechMs);
  return { text, understood: fits && result?.kind !== 'unrecognized' };
}

/** Every sentence of a whole reply, the last one with or without its punctuation (call-party.ts's rule). */
export function splitSentences(text: string): string[] {
  const { sentences, rest } = takeSentences(`${text} `);
  return rest.trim() ? [...sentences, rest.trim()] : sentences;
}

/** What the caller heard of a reply: the sentences whose last sample went out, and the words of the cut one in proportion. */
function heardOf(speaking: Speaking): string {
  const heard: string[] = [];
  for (const sentence of speaking.sentences) {
    if (sentence.played) {
      heard.push(sentence.text);
      continue;
    }
    const totalMs = sentence.samples / 8;
    if (speaking.interrupted && totalMs > 0) {
      const words = sentence.text.split(/\s+/);
      heard.push(words.slice(0, Math.floor((words.length * Math.min(speaking.cutPlayedMs, totalMs)) / totalMs)).join(' '));
    }
    break;
  }
  return heard.join(' ').trim();
}
