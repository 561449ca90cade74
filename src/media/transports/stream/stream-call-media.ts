import { performance } from 'node:perf_hooks';
import { FRAME_SAMPLES, type HangupCause, type LiveMedia, type MediaSeen } from '../call-transport.js';
import { LiveMediaBase } from '../live-media-base.js';
import { PlayQueue } from '../../pipe/play-queue.js';
import { StereoRecorder } from '../../pipe/recorder.js';
import { JitterBuffer, type JitterStats } from '../../rtp/jitter-buffer.js';
import { Pacer, type PacerStats } from '../../rtp/pacer.js';

/**
 * What a WebSocket media protocol (Twilio Media Streams, Telnyx streaming,
 * the browser) sends on our behalf. Everything else (pacing, jitter, the
 * recording, barge-in) is StreamCallMedia's, the same for every carrier.
 */
export interface StreamWire {
  /** One 20 ms frame of agent audio, 8 kHz PCM16. */
  sendAudio(frame: Int16Array): void;
  /**
   * Asks the far end to echo `name` once the audio sent before it was played out. Absent: a mark is reported
   * as soon as its last frame is sent (the far end plays what it gets at once).
   */
  sendMark?(name: string): void;
  /** Asks the far end to drop the agent audio it buffered and not yet played (barge-in). */
  clear?(): void;
  sendDtmf?(digits: string): void;
  /** Ends the call from our side (closes the stream, asks the carrier to hang up); resolves when done or given up. */
  hangup(cause: HangupCause): Promise<void>;
}

export interface StreamStats {
  framesReceived: number;
  framesSent: number;
  /** Marks sent to the far end whose echo has not come back. */
  marksPending: number;
  /** Marks the far end echoed (the audio before them was played). */
  marksEchoed: number;
  clears: number;
  buffer: JitterStats;
  pacer: PacerStats;
}

export interface StreamCallMediaOptions {
  callId: string;
  direction: 'inbound' | 'outbound' | 'web';
  wire: StreamWire;
  /** No caller audio for this long ends the call (media_timeout); 0: never. Default 30 s. */
  mediaTimeoutMs?: number;
  /** Frames buffered before the caller's audio starts playing out (absorbs WebSocket jitter). Default 3 (60 ms). */
  jitterDepth?: number;
}

const SILENT_FRAME = new Int16Array(FRAME_SAMPLES);

/**
 * One call carried over a WebSocket media stream (decision 0050), as a
 * CallTransport: the caller's audio arrives in numbered chunks of any length,
 * goes through the RTP path's jitter buffer and comes out as exactly one
 * 20 ms frame per tick of a drift-corrected pacer; the agent's audio leaves on
 * the same tick, one frame at a time, so the far end's buffer holds at most a
 * frame or two and barge-in (flush, then the carrier's `clear`) is immediate.
 * Marks go out behind their audio and are reported when the far end echoes
 * them, which is when the caller really heard it. Both sides of each tick go
 * into the stereo recording, as on a SIP call.
 */
export class StreamCallMedia extends LiveMediaBase implements LiveMedia {
  readonly callId: string;
  readonly direction: 'inbound' | 'outbound';
  readonly recorder = new StereoRecorder();
  /** Set by the stream when the far end's frames broke its protocol and it closed the call (carrier-stream.ts). */
  fault?: string;
  private readonly wire: StreamWire;
  private readonly queue = new PlayQueue();
  private readonly jitter: JitterBuffer;
  private readonly pacer: Pacer;
  private readonly pendingMarks = new Set<string>();
  private readonly mediaTimeoutMs: number;
  private lastReceivedAt = performance.now();
  private ticks = 0;
  private readonly s = { framesReceived: 0, framesSent: 0, marksEchoed: 0, clears: 0 };

  constructor(opts: StreamCallMediaOptions) {
    super();
    this.callId = opts.callId;
    // The engine knows two directions; a browser call is an inbound call to the agent.
    this.direction = opts.direction === 'outbound' ? 'outbound' : 'inbound';
    this.wire = opts.wire;
    this.mediaTimeoutMs = opts.mediaTimeoutMs ?? 30_000;
    this.jitter = new JitterBuffer({ depth: opts.jitterDepth ?? 3, maxFrames: 25 });
    this.pacer = new Pacer(() => this.tick(), {
      onError: (err) => this.listenerCount('error') > 0 && this.emit('error', err),
      onSkip: () => this.skippedTick(),
    });
    this.pacer.start();
  }

  /** The far end's audio chunk number `seq` (16-bit wrapping, as RTP), decoded. */
  receiveAudio(seq: number, pcm: Int16Array): void {
    if (this.isEnded) return;
    this.lastReceivedAt = performance.now();
    this.s.framesReceived++;
    this.jitter.push(seq & 0xffff, pcm);
  }

  receiveDtmf(digit: string): void {
    if (!this.isEnded) this.emit('dtmf', digit);
  }

  /** The far end played the audio up to mark `name`. Echoes of marks dropped by a barge-in are ignored. */
  receiveMark(name: string): void {
    if (!this.pendingMarks.delete(name)) return;
    this.s.marksEchoed++;
    this.emit('mark', name);
  }

  play(pcm: Int16Array, mark?: string): void {
    if (!this.isEnded) this.queue.push(pcm, mark);
  }

  flush(): { droppedMs: number; marks: string[] } {
    const dropped = this.queue.flush();
    // Sent but not yet played at the far end: those marks will not be reached either, and its buffer is cleared.
    const inFlight = [...this.pendingMarks];
    this.pendingMarks.clear();
    if (this.wire.clear && !this.isEnded) {
      this.wire.clear();
      this.s.clears++;
    }
    return { droppedMs: dropped.droppedMs, marks: [...inFlight, ...dropped.marks] };
  }

  queuedMs(): number {
    return this.queue.queuedMs();
  }

  sendDtmf(digits: string): void {
    if (!this.isEnded) this.wire.sendDtmf?.(digits);
  }

  protected sendHangup(cause: HangupCause): Promise<void> {
    return this.wire.hangup(cause);
  }

  protected stopMedia(): void {
    this.pacer.stop();
  }

  recording(): Buffer | undefined {
    return this.recorder.toWav();
  }

  seen(): MediaSeen {
    return { received: this.s.framesReceived, wrong_source: 0, latched: null };
  }

  stats(): StreamStats {
    return { ...this.s, marksPending: this.pendingMarks.size, buffer: this.jitter.stats(), pacer: this.pacer.stats() };
  }

  finalStats(): { stream: StreamStats } {
    return { stream: this.stats() };
  }

  private tick(): void {
    if (this.isEnded) return;
    const { frame: inbound } = this.jitter.pop();
    const taken = this.queue.take(FRAME_SAMPLES);
    const outbound = taken?.frame ?? SILENT_FRAME;
    if (taken) {
      this.wire.sendAudio(outbound);
      this.s.framesSent++;
    }
    this.ticks++;
    this.emit('audio', inbound);
    this.recorder.write(inbound, outbound);
    for (const mark of taken?.marks ?? []) {
      if (this.wire.sendMark) {
        this.pendingMarks.add(mark);
        this.wire.sendMark(mark);
      } else this.emit('mark', mark);
    }
    this.checkTimeout();
  }

  /** A tick the blocked event loop skipped: nothing is sent, but the caller's frame of that time is taken and handed on. */
  private skippedTick(): void {
    if (this.isEnded) return;
    const { frame: inbound } = this.jitter.pop();
    this.emit('audio', inbound);
    this.recorder.write(inbound, SILENT_FRAME);
  }

  private checkTimeout(): void {
    if (this.mediaTimeoutMs > 0 && this.ticks % 25 === 0 && performance.now() - this.lastReceivedAt > this.mediaTimeoutMs) {
      void this.hangup('media_timeout').catch(() => {});
    }
  }
}
