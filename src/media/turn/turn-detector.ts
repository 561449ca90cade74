import { EventEmitter } from 'node:events';
import type { Vad } from './vad.js';

const FRAME_MS = 20;
/** Quieter frames are never speech (−50 dBFS), whatever the VAD says: it matters on digitally silent lines with no noise floor. */
const MIN_SPEECH_RMS = 100;

export interface TurnDetectorOptions {
  /** Voiced frames in a row before the caller counts as speaking; drives barge-in, so keep it short (issue #11: agent audio stopped within 60 ms). */
  minSpeechMs?: number;
  /** Silence after the last speech that ends the turn; per agent (this hangover dominates the reply latency). */
  endOfTurnSilenceMs?: number;
  /** Audio kept from before the speech started, so STT hears the onset the VAD needed a few frames to notice. */
  preRollMs?: number;
  /** A turn this long ends even while the caller talks on (a monologue, a TV in the room). */
  maxUtteranceMs?: number;
  /**
   * The first frames only teach the VAD the line's noise: measured, a fresh WebRTC VAD flags the first
   * 80–100 ms of any line noise as voiced, which would start a phantom turn at pickup.
   */
  warmUpMs?: number;
}

export interface SpeechStart {
  /** Call time (from the first frame pushed) where the voiced run that started the turn began. */
  atMs: number;
  /** The pre-roll and the voiced frames so far: a streaming STT starts with these, then gets every frame pushed until turnEnd. */
  audio: Int16Array;
}

export interface Turn {
  startMs: number;
  /** The end of the last speech frame (the trailing silence is in `audio` but not in [startMs, endMs)). */
  endMs: number;
  /** Pre-roll, speech and the trailing silence up to the decision: what a batch STT transcribes. */
  audio: Int16Array;
  reason: 'silence' | 'max_length';
}

/**
 * End-of-turn policy over a VAD, fed exactly one 20 ms caller frame per 20 ms
 * of call time (CallTransport's `audio` event; times are frame counts, not
 * wall clock). A voiced run shorter than minSpeechMs (a click, a cough, line
 * noise) neither starts a turn nor, during a turn, postpones its end.
 */
export class TurnDetector extends EventEmitter<{ speechStart: [SpeechStart]; turnEnd: [Turn] }> {
  private readonly minSpeechFrames: number;
  private readonly endSilenceFrames: number;
  private readonly preRollFrames: number;
  private readonly maxFrames: number;
  private readonly warmUpFrames: number;
  private frameIndex = -1;
  private voicedRun = 0;
  /** Idle: the last preRoll + minSpeech frames. Speaking: the turn's frames so far. */
  private frames: Int16Array[] = [];
  private speaking = false;
  private startFrame = 0;
  private lastSpeechFrame = 0;
  /** RMS of the line when the VAD hears no speech (moving average). */
  private noiseFloor = -1;

  constructor(
    private readonly vad: Vad,
    options: TurnDetectorOptions = {},
  ) {
    super();
    this.minSpeechFrames = Math.max(1, Math.round((options.minSpeechMs ?? 60) / FRAME_MS));
    this.endSilenceFrames = Math.max(1, Math.round((options.endOfTurnSilenceMs ?? 500) / FRAME_MS));
    this.preRollFrames = Math.max(0, Math.round((options.preRollMs ?? 200) / FRAME_MS));
    this.maxFrames = Math.max(this.minSpeechFrames, Math.round((options.maxUtteranceMs ?? 30_000) / FRAME_MS));
    this.warmUpFrames = Math.max(0, Math.round((options.warmUpMs ?? 200) / FRAME_MS));
  }

  /** Whether a turn is open: between speechStart and turnEnd. */
  get inTurn(): boolean {
    return this.speaking;
  }

  /** In a turn: milliseconds of silence since the last speech frame (0 while the caller is voiced). */
  get silentMs(): number {
    return this.speaking ? (this.frameIndex - this.lastSpeechFrame) * FRAME_MS : 0;
  }

  /** In a turn: milliseconds from the start of the speech to the end of its last speech frame. */
  get speechMs(): number {
    return this.speaking ? (this.lastSpeechFrame - this.startFrame + 1) * FRAME_MS : 0;
  }

  /** Ends the open turn now, as its silence would have (a caller who held the agent with a short sound: decide sooner). */
  endTurn(): void {
    if (this.speaking) this.end('silence');
  }

  push(frame: Int16Array): void {
    this.frameIndex++;
    const voiced = this.isVoiced(frame);
    this.voicedRun = voiced ? this.voicedRun + 1 : 0;
    this.frames.push(frame);
    if (!this.speaking) {
      if (this.frames.length > this.preRollFrames + this.minSpeechFrames) this.frames.shift();
      if (this.voicedRun < this.minSpeechFrames) return;
      this.speaking = true;
      this.startFrame = this.frameIndex - this.voicedRun + 1;
      this.lastSpeechFrame = this.frameIndex;
      this.emit('speechStart', { atMs: this.startFrame * FRAME_MS, audio: concat(this.frames) });
      return;
    }
    if (this.voicedRun >= this.minSpeechFrames) this.lastSpeechFrame = this.frameIndex;
    if (this.frameIndex - this.lastSpeechFrame >= this.endSilenceFrames) this.end('silence');
    else if (this.frameIndex - this.startFrame + 1 >= this.maxFrames) this.end('max_length');
  }

  /**
   * The VAD's decision, gated by loudness: WebRTC's VAD keeps saying "voiced" for 3–4 frames (its hangover)
   * after any loud sound, so a 20 ms click would look like 100 ms of speech. A frame counts only when the VAD
   * says so and it is at least 6 dB above the line's noise floor, which hangover frames are not.
   */
  private isVoiced(frame: Int16Array): boolean {
    let sum = 0;
    for (const s of frame) sum += s * s;
    const rms = Math.sqrt(sum / frame.length);
    const vadSays = this.vad.isSpeech(frame);
    if (!vadSays) this.noiseFloor = this.noiseFloor < 0 ? rms : this.noiseFloor + 0.05 * (rms - this.noiseFloor);
    if (this.frameIndex < this.warmUpFrames) return false;
    return vadSays && rms >= Math.max(MIN_SPEECH_RMS, 2 * this.noiseFloor);
  }

  private end(reason: Turn['reason']): void {
    const turn: Turn = { startMs: this.startFrame * FRAME_MS, endMs: (this.lastSpeechFrame + 1) * FRAME_MS, audio: concat(this.frames), reason };
    this.speaking = false;
    this.voicedRun = 0;
    this.frames = [];
    this.emit('turnEnd', turn);
  }
}

function concat(frames: Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}
