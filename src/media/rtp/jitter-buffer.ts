import { seqDiff } from './rtp-packet.js';

/**
 * Reorders decoded RTP payloads by sequence number and hands out exactly one
 * frame per pacer tick, whatever the network did: a prefill depth (default 3
 * frames, 60 ms) absorbs jitter and reordering, a missing packet
 * is concealed (the last frame repeated, attenuated, then silence), a late or
 * duplicate one is dropped. On underrun it rebuffers rather than declaring
 * the next packet lost, because a peer that pauses (silence suppression, a
 * file player that ran out) resumes with the very next sequence number.
 *
 * When it holds more than `maxFrames` (a sender that stalled and then sent a
 * burst, or packets read late), the latency is won back in the caller's
 * pauses: quiet frames at the head are dropped until it is shallow again, and
 * speech is kept, because a recognizer given a phrase with its first words cut
 * hears another phrase. Only beyond `holdFrames` is speech dropped too.
 *
 * With `maxDepth` above `depth` the depth adapts: it starts shallow (every
 * frame of it is latency before each reply) and grows by a frame, up to
 * maxDepth, each time a packet comes after its place was played as lost
 * (reordering deeper than the cushion). The growth is taken at once, as one
 * concealed frame, so the next reordering of that depth is absorbed. An
 * underrun costs no packet at any depth: playing resumes at the packet that
 * was late.
 */
export type FrameKind = 'audio' | 'concealed' | 'silence';

export interface JitterStats {
  received: number;
  lost: number;
  late: number;
  duplicates: number;
  reordered: number;
  /** Dropped to keep latency bounded after a burst. */
  overflow: number;
  concealed: number;
  /** The prefill depth now, in frames (it grows when the depth adapts). */
  depth: number;
}

export interface JitterBufferOptions {
  frameSamples?: number;
  /** Frames buffered before playing starts (and after an underrun). */
  depth?: number;
  /** The depth may grow to this when packets arrive after their place was played (default: depth, fixed). */
  maxDepth?: number;
  /** Above this many frames when one is taken, quiet frames at the head are dropped (down to `depth` at most). */
  maxFrames?: number;
  /** Above this many, the oldest frames are dropped whatever they hold (default 100: 2 s). */
  holdFrames?: number;
}

/** Mean absolute sample below this (about -47 dBFS) is a pause, not speech: a frame that may be dropped to catch up. */
const QUIET_MEAN_ABS = 150;

function quiet(samples: Int16Array): boolean {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += Math.abs(samples[i]);
  return sum < QUIET_MEAN_ABS * samples.length;
}

const CONCEAL_GAINS = [0.5, 0.25];

export class JitterBuffer {
  private readonly frameSamples: number;
  private depth: number;
  private readonly maxDepth: number;
  private readonly maxFrames: number;
  private readonly holdFrames: number;
  private readonly packets = new Map<number, Int16Array>();
  private playing = false;
  private nextSeq: number | undefined; // the next sequence number to play
  private highest: number | undefined; // highest sequence number received
  private leftover: Int16Array | undefined; // the part of a longer-than-a-frame packet not yet played
  private lastFrame: Int16Array | undefined;
  private concealRun = 0;
  private stretch = 0; // frames to conceal before taking the next one: a depth grown while playing
  private readonly recent: number[] = []; // recently played sequence numbers, to tell duplicates from late
  private readonly s: Omit<JitterStats, 'depth'> = { received: 0, lost: 0, late: 0, duplicates: 0, reordered: 0, overflow: 0, concealed: 0 };

  constructor(opts: JitterBufferOptions = {}) {
    this.frameSamples = opts.frameSamples ?? 160;
    this.depth = Math.max(1, opts.depth ?? 3);
    this.maxDepth = Math.max(this.depth, opts.maxDepth ?? this.depth);
    this.maxFrames = Math.max(this.maxDepth + 1, opts.maxFrames ?? this.maxDepth + 7);
    this.holdFrames = Math.max(this.maxFrames, opts.holdFrames ?? 100);
  }

  stats(): JitterStats {
    return { ...this.s, depth: this.depth };
  }

  /** Forgets the stream (the far end changed SSRC): the next packets start afresh. */
  reset(): void {
    this.packets.clear();
    this.playing = false;
    this.nextSeq = this.highest = this.leftover = undefined;
    this.recent.length = 0;
  }

  /**
   * A sequence number that carried no audio (an RFC 4733 event or comfort
   * noise shares the audio's sequence space): it takes no time and is no loss.
   */
  skip(seq: number): void {
    if (this.nextSeq !== undefined && seqDiff(seq, this.nextSeq) < 0) return; // its place was concealed already
    this.push(seq, new Int16Array(0));
  }

  push(seq: number, samples: Int16Array): void {
    if (this.packets.has(seq) || this.recent.includes(seq)) {
      this.s.duplicates++;
      return;
    }
    if (this.nextSeq !== undefined && seqDiff(seq, this.nextSeq) < 0) {
      // A far jump back is a restarted stream, not a late packet.
      if (seqDiff(seq, this.nextSeq) < -1000) this.reset();
      else {
        this.s.late++;
        if (this.depth < this.maxDepth) {
          this.depth++;
          if (this.playing) this.stretch++;
        }
        return;
      }
    }
    if (this.highest !== undefined && seqDiff(seq, this.highest) > 1000) this.reset();
    if (samples.length > 0) this.s.received++;
    if (this.highest !== undefined && seqDiff(seq, this.highest) < 0) this.s.reordered++;
    else this.highest = seq;
    this.packets.set(seq, samples);
    // Latency is bounded where frames are taken (pop): packets that piled up in the socket while the event loop
    // was blocked arrive here all at once, and are then played on time by the ticks catching up. Only a flood far
    // beyond that is cut here, so memory stays bounded whatever a peer sends.
    if (this.packets.size > this.holdFrames * 2) this.trim(this.holdFrames);
  }

  /** The next 20 ms frame: always exactly frameSamples long. */
  pop(): { frame: Int16Array; kind: FrameKind } {
    if (this.packets.size > this.maxFrames) this.shed();
    if (!this.playing) {
      if (this.packets.size < this.depth) return this.conceal();
      this.begin();
    } else if (this.stretch > 0 && !this.leftover) {
      this.stretch--;
      return this.conceal();
    }
    // The usual case, one packet holding one whole frame: handed on as it is, not copied (nothing writes into
    // played frames), so a call allocates one buffer fewer every 20 ms for the GC whose pauses delay the pacers.
    if (!this.leftover) {
      const next = this.takeNext();
      if (next === 'lost') return this.conceal();
      if (next === 'underrun') {
        this.playing = false;
        return this.conceal();
      }
      if (next.length === this.frameSamples) {
        this.lastFrame = next;
        this.concealRun = 0;
        return { frame: next, kind: 'audio' };
      }
      this.leftover = next;
    }
    const frame = new Int16Array(this.frameSamples);
    let filled = 0;
    let real = false;
    while (filled < this.frameSamples) {
      if (!this.leftover) {
        const next = this.takeNext();
        if (next === 'underrun') break;
        if (next === 'lost') {
          // The packet is missing but later ones are here: conceal its place (a whole frame).
          const c = this.conceal();
          if (filled === 0) return c;
          frame.set(c.frame.subarray(filled), filled);
          filled = this.frameSamples;
          break;
        }
        this.leftover = next;
      }
      const n = Math.min(this.frameSamples - filled, this.leftover.length);
      frame.set(this.leftover.subarray(0, n), filled);
      this.leftover = n < this.leftover.length ? this.leftover.subarray(n) : undefined;
      filled += n;
      real ||= n > 0;
    }
    if (filled < this.frameSamples) {
      // Underrun: nothing left to play. Rebuffer; what is missing now is concealed.
      this.playing = false;
      const c = this.conceal();
      if (!real) return c;
      frame.set(c.frame.subarray(filled), filled);
    }
    this.lastFrame = frame;
    this.concealRun = 0;
    return { frame, kind: 'audio' };
  }

  /** Starts (or resumes) playing at the oldest buffered packet; a gap skipped over is loss. */
  private begin(): void {
    const oldest = this.oldest();
    if (this.nextSeq !== undefined && oldest !== undefined && seqDiff(oldest, this.nextSeq) > 0) {
      this.s.lost += seqDiff(oldest, this.nextSeq);
    }
    this.nextSeq = oldest;
    this.playing = true;
  }

  /** The packet at nextSeq, 'lost' when it is missing but later ones are here, 'underrun' when the buffer is empty. */
  private takeNext(): Int16Array | 'lost' | 'underrun' {
    if (this.nextSeq === undefined || this.packets.size === 0) return 'underrun';
    const seq = this.nextSeq;
    this.nextSeq = (seq + 1) & 0xffff;
    const samples = this.packets.get(seq);
    if (!samples) {
      this.s.lost++;
      return 'lost';
    }
    this.packets.delete(seq);
    this.remember(seq);
    return samples;
  }

  /** Gains over the last good frame for consecutive concealed frames; silence after. */
  private conceal(): { frame: Int16Array; kind: FrameKind } {
    const frame = new Int16Array(this.frameSamples);
    const gain = this.lastFrame ? CONCEAL_GAINS[this.concealRun] : undefined;
    if (gain === undefined) return { frame, kind: 'silence' };
    this.concealRun++;
    this.s.concealed++;
    for (let i = 0; i < frame.length; i++) frame[i] = Math.round(this.lastFrame![i] * gain);
    return { frame, kind: 'concealed' };
  }

  private oldest(): number | undefined {
    let oldest: number | undefined;
    for (const seq of this.packets.keys()) if (oldest === undefined || seqDiff(seq, oldest) < 0) oldest = seq;
    return oldest;
  }

  /**
   * Too deep: drops the frames at the head while they are quiet (a pause of the caller's), down to maxFrames;
   * beyond holdFrames, the oldest whatever they hold.
   */
  private shed(): void {
    if (this.packets.size > this.holdFrames) this.trim(this.holdFrames);
    let head = this.playing ? this.nextSeq : this.oldest();
    while (head !== undefined && this.packets.size > this.maxFrames) {
      const samples = this.packets.get(head);
      if (!samples || !quiet(samples)) break;
      this.packets.delete(head);
      this.remember(head);
      if (samples.length > 0) this.s.overflow++;
      if (this.nextSeq === undefined || this.nextSeq === head) this.nextSeq = (head + 1) & 0xffff;
      head = (head + 1) & 0xffff;
    }
  }

  private trim(to: number): void {
    while (this.packets.size > to) {
      const oldest = this.oldest()!;
      this.packets.delete(oldest);
      this.remember(oldest);
      this.s.overflow++;
      if (this.nextSeq !== undefined && seqDiff(oldest, this.nextSeq) >= 0) this.nextSeq = (oldest + 1) & 0xffff;
    }
  }

  private remember(seq: number): void {
    this.recent.push(seq);
    if (this.recent.length > 64) this.recent.shift();
  }
}
