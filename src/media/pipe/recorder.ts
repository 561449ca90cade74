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

export class StereoRecorder {
  private readonly sampleRate: number;
  private readonly maxSamples: number;
  private readonly chunks: Buffer[] = [];
  private samples = 0; // per channel
  truncated = false;

  constructor(opts: StereoRecorderOptions = {}) {
    this.sampleRate = opts.sampleRate ?? 8000;
    this.maxSamples = Math.floor(((opts.maxMs ?? 2 * 3600 * 1000) * this.sampleRate) / 1000);
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
    const buf = Buffer.alloc(n * 4);
    for (let i = 0; i < n; i++) {
      buf.writeInt16LE(caller[i] ?? 0, i * 4);
      buf.writeInt16LE(agent[i] ?? 0, i * 4 + 2);
    }
    this.chunks.push(buf);
    this.samples += n;
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
