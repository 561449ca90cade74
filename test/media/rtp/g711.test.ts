import { describe, it, expect } from '@jest/globals';
import { decodeG711, encodeG711, SILENCE_BYTE, type G711Codec } from '../../../src/media/rtp/g711.js';

const enc = (codec: G711Codec, v: number) => encodeG711(codec, Int16Array.of(v))[0];
const dec = (codec: G711Codec, b: number) => decodeG711(codec, Uint8Array.of(b))[0];

/** G.711 per the ITU reference (Sun g711.c): known code points, exact re-encoding, bounded quantization error. */
describe('G.711', () => {
  it('encodes silence as 0xFF (µ-law) and 0xD5 (A-law)', () => {
    expect(enc('PCMU', 0)).toBe(0xff);
    expect(enc('PCMA', 0)).toBe(0xd5);
    expect(SILENCE_BYTE).toEqual({ PCMU: 0xff, PCMA: 0xd5 });
  });

  it('decodes the reference values', () => {
    expect(dec('PCMU', 0xff)).toBe(0);
    expect(dec('PCMU', 0x7f)).toBe(0);
    expect(dec('PCMU', 0x80)).toBe(32124);
    expect(dec('PCMU', 0x00)).toBe(-32124);
    expect(dec('PCMU', 0xfe)).toBe(8);
    expect(dec('PCMA', 0xd5)).toBe(8);
    expect(dec('PCMA', 0x55)).toBe(-8);
    expect(dec('PCMA', 0xaa)).toBe(32256);
    expect(dec('PCMA', 0x2a)).toBe(-32256);
    expect(enc('PCMU', 32767)).toBe(0x80);
    expect(enc('PCMU', -32768)).toBe(0x00);
    expect(enc('PCMA', 32767)).toBe(0xaa);
    expect(enc('PCMA', -32768)).toBe(0x2a);
  });

  it('re-encodes every decoded code point to itself (µ-law negative zero aside)', () => {
    for (const codec of ['PCMU', 'PCMA'] as const) {
      for (let b = 0; b < 256; b++) {
        if (codec === 'PCMU' && b === 0x7f) continue; // -0 decodes to 0, which encodes as +0 (0xFF)
        expect([codec, b, enc(codec, dec(codec, b))]).toEqual([codec, b, b]);
      }
    }
  });

  it('keeps the round-trip error within half a quantization step (A-law 1/32 of the value, µ-law a little more: it drops 2 bits first)', () => {
    const all = new Int16Array(65536);
    for (let i = 0; i < 65536; i++) all[i] = i - 32768;
    for (const codec of ['PCMU', 'PCMA'] as const) {
      const back = decodeG711(codec, encodeG711(codec, all));
      let worst = 0;
      for (let i = 0; i < all.length; i++) {
        const x = all[i];
        if (Math.abs(x) > 32000) continue; // clipped at the top of the range
        const err = Math.abs(back[i] - x);
        const bound = codec === 'PCMU' ? Math.max(11, Math.abs(x) * 0.051) : Math.max(8, Math.abs(x) / 32);
        if (err > bound) worst = Math.max(worst, err - bound);
      }
      expect([codec, worst]).toEqual([codec, 0]);
    }
  });

  it('keeps a sine wave close to itself (signal-to-noise above 30 dB)', () => {
    const pcm = Int16Array.from({ length: 800 }, (_, i) => Math.round(12000 * Math.sin((2 * Math.PI * 440 * i) / 8000)));
    for (const codec of ['PCMU', 'PCMA'] as const) {
      const back = decodeG711(codec, encodeG711(codec, pcm));
      let signal = 0;
      let noise = 0;
      for (let i = 0; i < pcm.length; i++) {
        signal += pcm[i] ** 2;
        noise += (pcm[i] - back[i]) ** 2;
      }
      expect(10 * Math.log10(signal / noise)).toBeGreaterThan(30);
    }
  });
});
