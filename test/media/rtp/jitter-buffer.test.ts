import { describe, it, expect } from '@jest/globals';
import { JitterBuffer } from '../../../src/media/rtp/jitter-buffer.js';

/** A frame whose every sample is `v`, so the output order can be read back. */
const frame = (v: number) => new Int16Array(160).fill(v);
const drain = (jb: JitterBuffer, n: number) => Array.from({ length: n }, () => jb.pop()).map((f) => ({ v: f.frame[0], kind: f.kind, len: f.frame.length }));

/** Reordering, loss concealment, duplicates, late packets and the 16-bit wrap, one frame per tick. */
describe('JitterBuffer', () => {
  it('prefills its depth, then plays in sequence order whatever the arrival order', () => {
    const jb = new JitterBuffer({ depth: 3 });
    expect(jb.pop().kind).toBe('silence'); // nothing yet
    jb.push(11, frame(1100));
    jb.push(10, frame(1000));
    expect(jb.pop().kind).toBe('silence'); // 2 < depth
    jb.push(13, frame(1300));
    jb.push(12, frame(1200));
    const out = drain(jb, 4);
    expect(out.map((f) => f.v)).toEqual([1000, 1100, 1200, 1300]);
    expect(out.every((f) => f.kind === 'audio' && f.len === 160)).toBe(true);
    expect(jb.stats()).toMatchObject({ received: 4, reordered: 2, lost: 0 });
  });

  it('conceals a lost packet (attenuated repeat), then goes to silence on a long gap', () => {
    const jb = new JitterBuffer({ depth: 2 });
    for (const s of [1, 2, 4]) jb.push(s, frame(s * 1000));
    const out = drain(jb, 3);
    expect(out).toEqual([
      { v: 1000, kind: 'audio', len: 160 },
      { v: 2000, kind: 'audio', len: 160 },
      { v: 1000, kind: 'concealed', len: 160 }, // seq 3 lost: frame 2 at half level
    ]);
    expect(drain(jb, 1)[0]).toEqual({ v: 4000, kind: 'audio', len: 160 });
    // The stream stops: two attenuated repeats, then silence.
    expect(drain(jb, 4).map((f) => [f.v, f.kind])).toEqual([
      [2000, 'concealed'],
      [1000, 'concealed'],
      [0, 'silence'],
      [0, 'silence'],
    ]);
    expect(jb.stats()).toMatchObject({ lost: 1, concealed: 3 });
  });

  it('drops duplicates and packets that come after their turn', () => {
    const jb = new JitterBuffer({ depth: 2 });
    jb.push(1, frame(1));
    jb.push(2, frame(2));
    jb.push(2, frame(2));
    jb.push(4, frame(4));
    expect(drain(jb, 3).map((f) => f.kind)).toEqual(['audio', 'audio', 'concealed']);
    jb.push(3, frame(3)); // too late: 3 was already concealed
    jb.push(1, frame(1)); // an old duplicate
    expect(drain(jb, 1)[0].v).toBe(4);
    expect(jb.stats()).toMatchObject({ duplicates: 2, late: 1, lost: 1 });
  });

  it('plays across the 16-bit sequence wrap', () => {
    const jb = new JitterBuffer({ depth: 3 });
    const seqs = [65533, 65535, 65534, 0, 2, 1, 3];
    for (const s of seqs) jb.push(s, frame(((s + 3) & 0xffff) * 10));
    expect(drain(jb, 7).map((f) => f.v)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(jb.stats()).toMatchObject({ lost: 0, late: 0, reordered: 2 });
  });

  it('rebuffers after an underrun without declaring the next packet lost (a sender pause)', () => {
    const jb = new JitterBuffer({ depth: 2 });
    jb.push(1, frame(1));
    jb.push(2, frame(2));
    drain(jb, 3); // 1, 2, then underrun
    jb.push(3, frame(3));
    expect(jb.pop().kind).not.toBe('audio'); // waiting for depth again
    jb.push(4, frame(4));
    expect(drain(jb, 2).map((f) => f.v)).toEqual([3, 4]);
    expect(jb.stats().lost).toBe(0);
  });

  it('splits longer packets into 20 ms frames', () => {
    const jb = new JitterBuffer({ depth: 1, maxFrames: 4 });
    jb.push(1, new Int16Array(240).fill(7)); // a 30 ms packet
    jb.push(2, new Int16Array(240).fill(8));
    const out = drain(jb, 3);
    expect(out.map((f) => f.len)).toEqual([160, 160, 160]);
    expect([out[0].v, out[1].v, out[2].v]).toEqual([7, 7, 8]);
  });

  it('wins back the latency of a burst in the pauses, keeping every frame of speech', () => {
    // A sender that stalled, then sent a pause (quiet frames) and the start of a phrase (loud ones) at once.
    const jb = new JitterBuffer({ depth: 2, maxFrames: 4 });
    for (let s = 100; s < 106; s++) jb.push(s, frame(s - 100)); // 0..5: a pause (line noise at most)
    for (let s = 106; s < 112; s++) jb.push(s, frame(1000 + s)); // speech
    expect(jb.stats().overflow).toBe(0); // a burst is kept until frames are taken (a blocked loop's catch-up takes them)
    const out = drain(jb, 6);
    // The pause was dropped down to the buffer's limit; the speech plays whole and in order.
    expect(out.map((f) => f.v)).toEqual([1106, 1107, 1108, 1109, 1110, 1111]);
    expect(jb.stats()).toMatchObject({ overflow: 6, lost: 0 });

    // Speech that keeps coming is delayed, not cut, up to holdFrames; beyond that the oldest goes.
    const speech = new JitterBuffer({ depth: 2, maxFrames: 4, holdFrames: 8 });
    for (let s = 0; s < 6; s++) speech.push(s, frame(1000 + s));
    expect(drain(speech, 6).map((f) => f.v)).toEqual([1000, 1001, 1002, 1003, 1004, 1005]);
    for (let s = 6; s < 16; s++) speech.push(s, frame(1000 + s));
    expect(drain(speech, 1)[0].v).toBe(1008); // 10 held > 8: the two oldest dropped
    expect(speech.stats().overflow).toBe(2);

    // A flood between two takes is cut at once: memory stays bounded whatever a peer sends.
    const flood = new JitterBuffer({ depth: 2, maxFrames: 4 });
    for (let s = 0; s < 1000; s++) flood.push(s, frame(1000));
    expect(flood.stats().overflow).toBeGreaterThan(790);
  });

  it('takes no time and counts no loss for sequence numbers that carried a digit, not audio', () => {
    const jb = new JitterBuffer({ depth: 2 });
    jb.push(1, frame(1));
    jb.push(2, frame(2));
    jb.skip(3); // an RFC 4733 packet
    jb.skip(4);
    jb.push(5, frame(5));
    expect(drain(jb, 3).map((f) => [f.v, f.kind])).toEqual([
      [1, 'audio'],
      [2, 'audio'],
      [5, 'audio'],
    ]);
    expect(jb.stats()).toMatchObject({ lost: 0, received: 3 });
  });

  it('starts one frame deep and grows, a frame per late packet up to maxDepth, so the next reordering of that depth is absorbed', () => {
    const jb = new JitterBuffer({ depth: 1, maxDepth: 3 });
    // One frame deep: the first packet plays at the next take.
    jb.push(0, frame(0));
    expect(drain(jb, 1).map((f) => [f.v, f.kind])).toEqual([[0, 'audio']]);
    // Packet 2 comes before 1, a take apart: 1's place is played as lost, and 1 arrives late.
    jb.push(2, frame(2));
    expect(drain(jb, 1).map((f) => f.kind)).toEqual(['concealed']);
    jb.push(1, frame(1));
    expect(jb.stats()).toMatchObject({ lost: 1, late: 1, depth: 2 });
    // The depth grown while playing is taken at once, as one concealed frame; 2 plays after it.
    jb.push(3, frame(3));
    expect(drain(jb, 2).map((f) => [f.v, f.kind])).toEqual([
      [0, 'concealed'],
      [2, 'audio'],
    ]);
    // The same reordering again (5 before 4, a take apart) now loses nothing.
    jb.push(5, frame(5));
    expect(drain(jb, 1).map((f) => f.v)).toEqual([3]);
    jb.push(4, frame(4));
    jb.push(6, frame(6));
    expect(drain(jb, 3).map((f) => f.v)).toEqual([4, 5, 6]);
    expect(jb.stats()).toMatchObject({ lost: 1, late: 1, depth: 2 });
    // It grows no further than maxDepth.
    const deep = new JitterBuffer({ depth: 1, maxDepth: 3 });
    deep.push(10, frame(10));
    drain(deep, 1);
    for (const seq of [5, 6, 7, 8]) deep.push(seq, frame(seq));
    expect(deep.stats()).toMatchObject({ late: 4, depth: 3 });
    // Without maxDepth the depth is fixed.
    const fixed = new JitterBuffer({ depth: 1 });
    fixed.push(1, frame(1));
    drain(fixed, 1);
    fixed.push(0, frame(0));
    expect(fixed.stats()).toMatchObject({ late: 1, depth: 1 });
  });
});
