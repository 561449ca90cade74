import { type Writable } from 'node:stream';

/**
 * A call recording on the call's own clock: each pacer tick appends the
 * caller's frame (left) and the agent frame that actually went out (right),
 * so both channels stay sample-aligned and a flushed (barge-in) part of the
 * agent's audio is not in it, as the caller never heard it. Output is a
 * 16-bit 8 kHz stereo WAV. Memory is bounded by `maxMs`; beyond it the
 * recording stops and says so (`truncated`).
 */
export interface StereoRecorderOptions {
  sampleRate?: number;
  /** Longest recording kept in memory (default 2 hours, about 58 MB). */
  maxMs?: number;
}

/**
 * Samples are written into blocks of this many seconds, allocated once each:
 * a buffer per 20 ms tick and call was what the garbage collector paused the
 * media process for at 100 concurrent calls (bench/media.bench.ts).
 */
const BLOCK_SECONDS = 10;

export class StereoRecorder {
  private readonly sampleRate: number;
  private readonly maxSamples: number;
  private readonly blockBytes: number;
  /** Full blocks, then the one being written (`used` bytes of it). */
  private readonly blocks: Buffer[] = [];
  private used = 0;
  private samples = 0; // per channel
  truncated = false;

  constructor(opts: StereoRecorderOptions = {}) {
    this.sampleRate = opts.sampleRate ?? 8000;
    this.maxSamples = Math.floor(((opts.maxMs ?? 2 * 3600 * 1000) * this.sampleRate) / 1000);
    this.blockBytes = this.sampleRate * 4 * BLOCK_SECONDS;
  }

  get durationMs(): number {
    return (this.samples * 1000) / this.sampleRate;
  }

  /** One tick: both frames cover the same span; a shorter one is padded with silence. */
  write(caller: Int16Array, agent: Int16Array): void {
    const n = Math.max(caller.length, agent.length);
    if (this.samples + n > this.maxSamples) {
      this.truncated = true;
      return;
    }
    for (let i = 0; i < n; i++) {
      if (this.blocks.length === 0 || this.used === this.blockBytes) {
        this.blocks.push(Buffer.alloc(this.blockBytes));
        this.used = 0;
      }
      const block = this.blocks[this.blocks.length - 1];
      block.writeInt16LE(caller[i] ?? 0, this.used);
      block.writeInt16LE(agent[i] ?? 0, this.used + 2);
      this.used += 4;
    }
    this.samples += n;
  }

  /** The written bytes: every full block, and the written part of the last. */
  private get chunks(): Buffer[] {
    if (this.blocks.length === 0) return [];
    return [...this.blocks.slice(0, -1), this.blocks[this.blocks.length - 1].subarray(0, this.used)];
  }

  /** The canonical 44-byte RIFF/WAVE header for 16-bit PCM, two channels. */
  private header(): Buffer {
    const dataBytes = this.samples * 4;
    const h = Buffer.alloc(44);
    h.write('RIFF', 0, 'ascii');
    h.writeUInt32LE(36 + dataBytes, 4);
    h.write('WAVE', 8, 'ascii');
    h.write('fmt ', 12, 'ascii');
    h.writeUInt32LE(16, 16); // fmt chunk size
    h.writeUInt16LE(1, 20); // PCM
    h.writeUInt16LE(2, 22); // channels
    h.writeUInt32LE(this.sampleRate, 24);
    h.writeUInt32LE(this.sampleRate * 4, 28); // byte rate
    h.writeUInt16LE(4, 32); // block align
    h.writeUInt16LE(16, 34); // bits per sample
    h.write('data', 36, 'ascii');
    h.writeUInt32LE(dataBytes, 40);
    return h;
  }

  toWav(): Buffer {
    return Buffer.concat([this.header(), ...this.chunks]);
  }

  /** Writes the WAV to a stream (a file, an upload) without building one large buffer. */
  async writeTo(stream: Writable): Promise<void> {
    for (const chunk of [this.header(), ...this.chunks]) {
      if (stream.write(chunk)) continue;
      await new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          stream.off('drain', done).off('error', done);
          if (err) reject(err);
          else resolve();
        };
        stream.on('drain', done).on('error', done);
      });
    }
  }
}
