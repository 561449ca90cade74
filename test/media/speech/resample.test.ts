import { describe, it, expect } from '@jest/globals';
import { Resampler } from '../../../src/media/speech/resample.js';

function sine(rate: number, freq: number, seconds: number, amplitude = 10_000): Int16Array {
  return Int16Array.from({ length: rate * seconds }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * freq * i) / rate)));
}

function rms(pcm: Int16Array, from = 0, to = pcm.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += pcm[i] * pcm[i];
  return Math.sqrt(sum / (to - from));
}

function resampleAll(r: Resampler, input: Int16Array, chunk: number): Int16Array {
  const parts: Int16Array[] = [];
  for (let at = 0; at < input.length; at += chunk) parts.push(r.process(input.subarray(at, at + chunk)));
  parts.push(r.flush());
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('Resampler', () => {
  it('22,050 Hz → 8 kHz: keeps the telephone band, removes what would alias, and yields ceil(n × 8000 / 22050) samples', () => {
    const inBand = resampleAll(new Resampler(22_050, 8000), sine(22_050, 1000, 1), 1000);
    expect(inBand.length).toBe(8000);
    // 1 kHz passes at its level (rms of a 10,000 sine is 7,071), away from the edges.
    expect(rms(inBand, 400, 7600)).toBeGreaterThan(7071 * 0.98);
    expect(rms(inBand, 400, 7600)).toBeLessThan(7071 * 1.02);
    // 5 kHz would fold to 3 kHz without the low-pass: at least 50 dB down.
    const alias = resampleAll(new Resampler(22_050, 8000), sine(22_050, 5000, 1), 1000);
    expect(rms(alias, 400, 7600)).toBeLessThan(7071 / 316);
  });

  it('gives the same samples whatever the chunking', () => {
    const input = sine(22_050, 440, 0.5);
    const whole = resampleAll(new Resampler(22_050, 8000), input, input.length);
    const pieces = resampleAll(new Resampler(22_050, 8000), input, 333);
    expect(Array.from(pieces)).toEqual(Array.from(whole));
  });

  it('8 kHz → 16 kHz: doubles the length, keeps the level and the phase (delay compensated)', () => {
    const input = sine(8000, 1000, 0.5);
    const out = resampleAll(new Resampler(8000, 16_000), input, 160);
    expect(out.length).toBe(input.length * 2);
    expect(rms(out, 800, 7200)).toBeGreaterThan(7071 * 0.98);
    // Every second output sample is (close to) the input sample at the same time.
    for (let i = 100; i < 3900; i += 97) expect(Math.abs(out[2 * i] - input[i])).toBeLessThan(150);
  });
});
