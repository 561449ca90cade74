/**
 * The agent's outgoing audio, waiting for the pacer: chunks of 8 kHz PCM16,
 * some carrying a mark. Each tick takes one frame; a mark is due when the
 * last sample of its chunk was taken (the transport reports it once that
 * frame is on the wire). flush() is barge-in: everything queued goes, and the
 * marks that will now never be reached are returned so the engine knows what
 * the caller did not hear.
 */
interface Chunk {
  pcm: Int16Array;
  offset: number;
  mark?: string;
}

export class PlayQueue {
  private chunks: Chunk[] = [];
  private queued = 0; // samples not yet taken

  constructor(private readonly sampleRate = 8000) {}

  push(pcm: Int16Array, mark?: string): void {
    this.chunks.push({ pcm, offset: 0, mark });
    this.queued += pcm.length;
  }

  /** True when there is nothing to send, not even a mark-only chunk. */
  get empty(): boolean {
    return this.chunks.length === 0;
  }

  queuedMs(): number {
    return (this.queued * 1000) / this.sampleRate;
  }

  /**
   * The next frame (zero-padded when the queue ends inside it) and the marks
   * its samples completed; undefined when nothing is queued.
   */
  take(samples: number): { frame: Int16Array; marks: string[] } | undefined {
    if (this.chunks.length === 0) return undefined;
    // A frame inside one chunk is a view of it, not a copy (nothing writes into queued audio): one buffer
    // fewer per call every 20 ms for the GC whose pauses delay the pacers.
    const head = this.chunks[0];
    if (head.pcm.length - head.offset > samples) {
      const frame = head.pcm.subarray(head.offset, head.offset + samples);
      head.offset += samples;
      this.queued -= samples;
      return { frame, marks: [] };
    }
    const frame = new Int16Array(samples);
    const marks: string[] = [];
    let filled = 0;
    while (this.chunks.length > 0) {
      const c = this.chunks[0];
      const n = Math.min(samples - filled, c.pcm.length - c.offset);
      frame.set(c.pcm.subarray(c.offset, c.offset + n), filled);
      c.offset += n;
      filled += n;
      this.queued -= n;
      if (c.offset < c.pcm.length) break;
      this.chunks.shift();
      if (c.mark !== undefined) marks.push(c.mark);
      if (filled === samples && (this.chunks[0]?.pcm.length ?? 1) > 0) break;
    }
    return { frame, marks };
  }

  flush(): { droppedMs: number; marks: string[] } {
    const droppedMs = this.queuedMs();
    const marks = this.chunks.flatMap((c) => (c.mark !== undefined ? [c.mark] : []));
    this.chunks = [];
    this.queued = 0;
    return { droppedMs, marks };
  }
}
