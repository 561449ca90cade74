import { describe, it, expect } from '@jest/globals';
import { FRAME_SAMPLES, Pcm8kFramer, pcm16FromBase64, toBase64 } from '../../dashboard-app/src/talk/pcm.js';

/** The console's Talk page audio (dashboard-app/src/talk/pcm.ts): what the capture worklet sends, what the page plays. */
describe('Pcm8kFramer', () => {
  const frames = (rate: number, input: Float32Array) => {
    const out: Int16Array[] = [];
    const framer = new Pcm8kFramer(rate);
    for (let at = 0; at < input.length; at += 128) framer.push(input.subarray(at, at + 128), (f) => out.push(f));
    return out;
  };

  it('turns a second at 48 kHz or 44.1 kHz into fifty 20 ms frames of 8 kHz PCM16', () => {
    expect(frames(48_000, new Float32Array(48_000).fill(0.5))).toHaveLength(50);
    const at44 = frames(44_100, new Float32Array(44_100).fill(-0.25));
    expect(at44).toHaveLength(50);
    expect(at44.every((f) => f.length === FRAME_SAMPLES && f.every((v) => v === -8192))).toBe(true);
  });

  it('averages the input between output samples and clips at full scale', () => {
    const input = new Float32Array(960);
    for (let i = 0; i < input.length; i++) input[i] = i % 6 < 3 ? 1 : 0; // each output sample averages three ones and three zeros
    expect([...frames(48_000, input)[0].slice(0, 3)]).toEqual([16383, 16383, 16383]);
    expect(frames(48_000, new Float32Array(960).fill(3))[0][0]).toBe(32767);
    expect(frames(48_000, new Float32Array(960).fill(-3))[0][0]).toBe(-32768);
  });
});

describe('pcm16FromBase64', () => {
  it('reads little-endian PCM16 as samples in [-1, 1)', () => {
    const pcm = new Int16Array([0, 16384, -32768, 32767]);
    expect([...pcm16FromBase64(toBase64(new Uint8Array(pcm.buffer)))]).toEqual([0, 0.5, -1, 32767 / 32768]);
  });
});
