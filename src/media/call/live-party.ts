import { performance } from 'node:perf_hooks';
import { takeSentences, type CallParty, type Heard, type SpeechStream, type Spoken } from '../../modules/engine/call-party.js';
import type { CallTransport } from '../transports/call-transport.js';
import type { SpeechToText, SttResult, SttStream } from '../speech/speech-to-text.js';
import type { TextToSpeech } from '../speech/text-to-speech.js';
import type { SpeechStart, Turn, TurnDetector } from '../turn/turn-detector.js';

/** One caller turn's timings (every stage is measured), kept on the session for debugging and read by bench/. */
export interface TurnMetrics {
  /** From the end of the caller's speech to the turn detector's decision (the end-of-turn hangover). */
  endOfTurnMs: number;
  /** From the decision to the transcript. */
  sttMs: number;
  /** From the transcript to the engine asking to speak (model and tools). */
  engineMs: number;
  /** From the request to speak to the first synthesized audio. */
  ttsFirstAudioMs: number;
  /** From the end of the caller's speech to the reply's first audio queued for the wire (the next 20 ms tick sends it). */
  replyMs: number;
}

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
  /** Digits end after this pause (or at # ): then they reach the engine as one caller turn. */
  digitTimeoutMs?: number;
  log?: (message: string, data?: object) => void;
  /** What an operator should see: speech recognition failing, or a sound too short to be a turn that was let go. */
  warn?: (message: string, data?: object) => void;
}

/** An unrecognized sound shorter than this is not taken as a turn (noise, not words the caller expects an answer to). */
const MIN_UNRECOGNIZED_TURN_MS = 300;

type Pending = { resolve: (heard: Heard | null) => void };

interface Speaking {
  abort: AbortController;
  interrupted: boolean;
  sentences: { text: string; mark: string; samples: number; played: boolean }[];
  /** At a barge-in: how much of the first unplayed sentence had gone out. */
  cutPlayedMs: number;
  synthesized?: boolean;
  check?: () => void;
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
  private readonly queue: (Heard | null)[] = [];
  private waiting: Pending | undefined;
  private stream: SttStream | undefined;
  private ended = false;
  private speaking: Speaking | undefined;
  private framesHeard = 0;
  private digits = '';
  private digitTimer: NodeJS.Timeout | undefined;
  private lastTurn: { speechEndAt: number; decidedAt: number; heardAt: number; sttMs: number } | undefined;
  private markSeq = 0;

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

  hear(): Promise<Heard | null> {
    if (this.queue.length) return Promise.resolve(this.queue.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting = { resolve };
    });
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
    const next = async (): Promise<string | undefined> => {
      while (!pending.length && !closed) await new Promise<void>((resolve) => (wake = resolve));
      return pending.shift();
    };
    const run = (async () => {
      for (let sentence = await next(); sentence !== undefined; sentence = await next()) {
        if (this.ended || speaking.interrupted) continue;
        const entry = { text: sentence, mark: `s${++this.markSeq}`, samples: 0, played: false };
        speaking.sentences.push(entry);
        for await (const chunk of this.opts.tts.synthesize(sentence, { voice: this.opts.voice, language: this.opts.language, signal: speaking.abort.signal })) {
          if (speaking.interrupted || this.ended) break;
          if (entry.samples === 0 && speaking.sentences.length === 1) this.recordReply(asked);
          entry.samples += chunk.length;
          this.opts.transport.play(chunk);
        }
        // An empty chunk carrying the mark: reported when the sentence's last sample is on the wire.
        if (!speaking.interrupted && !this.ended) this.opts.transport.play(new Int16Array(0), entry.mark);
      }
      speaking.synthesized = true;
      speaking.check?.();
      await allPlayed;
    })();
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
          await run;
        } finally {
          if (this.speaking === speaking) this.speaking = undefined;
        }
        return { heard: heardOf(speaking), atMs, interrupted: speaking.interrupted };
      },
    };
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
    if (this.stream && this.opts.turns.inTurn) this.stream.write(frame);
  }

  private onSpeechStart(start: SpeechStart): void {
    const speaking = this.speaking;
    if (speaking && !speaking.interrupted) {
      // Barge-in: what is queued is dropped at once; the reply counts as heard up to what had gone out.
      const flushStarted = performance.now();
      const { droppedMs } = this.opts.transport.flush();
      this.bargeIns.push({ speechStartMs: start.atMs, stoppedMs: this.framesHeard * 20, flushMs: performance.now() - flushStarted, droppedMs });
      speaking.interrupted = true;
      const unplayed = speaking.sentences.filter((s) => !s.played);
      const unplayedMs = unplayed.reduce((sum, s) => sum + s.samples / 8, 0);
      speaking.cutPlayedMs = Math.max(0, unplayedMs - droppedMs);
      speaking.abort.abort();
      this.opts.log?.('barge-in', { droppedMs });
    }
    this.stream?.abort();
    this.stream = this.opts.stt.start({ sampleRate: 8000, language: this.opts.language, phrases: this.opts.phrases });
    this.stream.write(start.audio);
  }

  private async onTurnEnd(turn: Turn): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    if (!stream) return;
    const decidedAt = performance.now();
    // The detector's clock is frames: the end-of-turn wait is the frames heard since the speech ended.
    const endOfTurnMs = Math.max(0, this.framesHeard * 20 - turn.endMs);
    const speechEndAt = decidedAt - endOfTurnMs;
    let result: SttResult | undefined;
    try {
      result = await stream.finish();
    } catch (error) {
      this.opts.warn?.('live call: speech recognition failed; the turn is taken as not understood', { error: (error as Error).message });
    }
    if (this.ended) return;
    const text = result?.text.trim() ?? '';
    const understood = text !== '' && result?.kind !== 'unrecognized';
    if (!understood && turn.endMs - turn.startMs < MIN_UNRECOGNIZED_TURN_MS) {
      // A cough, a click, a door: too short to have been words the caller expects an answer to.
      this.opts.warn?.('live call: a short sound that was not words was let go', {
        turn_ms: Math.round(turn.endMs - turn.startMs),
        hypothesis: result?.hypothesis,
      });
      return;
    }
    const heardAt = performance.now();
    this.lastTurn = { speechEndAt, decidedAt, heardAt, sttMs: heardAt - decidedAt };
    // Speech the recognizer could not take as words is a turn all the same: the engine asks the caller again (repair).
    this.deliver({
      words: understood ? text : '',
      atMs: turn.startMs,
      kind: understood ? 'speech' : 'unrecognized',
      ...(result?.hypothesis !== undefined ? { hypothesis: result.hypothesis } : !understood && text ? { hypothesis: text } : {}),
      ...(result?.confidence !== undefined ? { confidence: result.confidence } : {}),
    });
  }

  private onDigit(digit: string): void {
    if (this.ended) return;
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

  private deliver(heard: Heard | null): void {
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve(heard);
    } else {
      this.queue.push(heard);
    }
  }

  private recordReply(asked: number): void {
    const turn = this.lastTurn;
    if (!turn) return;
    this.lastTurn = undefined;
    const now = performance.now();
    this.metrics.push({
      endOfTurnMs: Math.round(turn.decidedAt - turn.speechEndAt),
      sttMs: Math.round(turn.sttMs),
      engineMs: Math.round(asked - turn.heardAt),
      ttsFirstAudioMs: Math.round(now - asked),
      replyMs: Math.round(now - turn.speechEndAt),
    });
  }

  private onEnded(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.digitTimer);
    this.stream?.abort();
    this.stream = undefined;
    this.speaking?.abort.abort();
    this.deliver(null);
  }
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
