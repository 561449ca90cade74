import { PassThrough } from 'node:stream';
import { describe, it, expect } from '@jest/globals';
import { PlayQueue } from '../../../src/media/pipe/play-queue.js';
import { StereoRecorder } from '../../../src/media/pipe/recorder.js';

/** The outgoing queue (frames, marks, flush) and the stereo recording. */
describe('PlayQueue', () => {
  it('cuts 20 ms frames across chunks, pads the end, and reports marks when their last sample is taken', () => {
    const q = new PlayQueue();
    q.push(new Int16Array(200).fill(1), 'a');
    q.push(new Int16Array(0), 'b'); // a mark alone: reached right after 'a'
    q.push(new Int16Array(100).fill(2), 'c');
    expect(q.queuedMs()).toBe(37.5);
    const f1 = q.take(160)!;
    expect(f1.marks).toEqual([]);
    const f2 = q.take(160)!;
    expect(f2.marks).toEqual(['a', 'b', 'c']);
    expect([f2.frame[0], f2.frame[39], f2.frame[40], f2.frame[139], f2.frame[140]]).toEqual([1, 1, 2, 2, 0]);
    expect(q.take(160)).toBeUndefined();
  });

  it('flushes everything, returning the dropped time and the marks never reached', () => {
    const q = new PlayQueue();
    q.push(new Int16Array(800), 'one');
    q.push(new Int16Array(800), 'two');
    q.take(160);
    expect(q.flush()).toEqual({ droppedMs: 180, marks: ['one', 'two'] });
    expect(q.queuedMs()).toBe(0);
    expect(q.take(160)).toBeUndefined();
  });
});

describe('StereoRecorder', () => {
  it('writes caller left and agent right in a WAV with correct sizes, to a buffer and to a stream', async () => {
    const rec = new StereoRecorder();
    rec.write(new Int16Array(160).fill(100), new Int16Array(160).fill(-200));
    rec.write(new Int16Array(160).fill(300), new Int16Array(160));
    expect(rec.durationMs).toBe(40);
    const wav = rec.toWav();
    expect(wav.length).toBe(44 + 320 * 4);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 1280);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt32LE(28), wav.readUInt16LE(32), wav.readUInt16LE(34)]).toEqual([
      1, 2, 8000, 32000, 4, 16,
    ]);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(1280);
    expect([wav.readInt16LE(44), wav.readInt16LE(46), wav.readInt16LE(44 + 160 * 4), wav.readInt16LE(46 + 160 * 4)]).toEqual([100, -200, 300, 0]);

    const stream = new PassThrough();
    const parts: Buffer[] = [];
    stream.on('data', (c: Buffer) => parts.push(c));
    await rec.writeTo(stream);
    stream.end();
    await new Promise((r) => stream.on('end', r));
    expect(Buffer.concat(parts).equals(wav)).toBe(true);
  });

  it('stops at its limit and says so', () => {
    const rec = new StereoRecorder({ maxMs: 30 });
    rec.write(new Int16Array(160), new Int16Array(160));
    rec.write(new Int16Array(160), new Int16Array(160));
    expect(rec.durationMs).toBe(20);
    expect(rec.truncated).toBe(true);
  });
});
