import { EspeakNgTts } from '../../../src/media/speech/tts/espeak-ng.js';

/** Test audio helpers: the phone path (espeak-ng → 8 kHz), 20 ms framing, quiet line noise. */
export const FRAME = 160;

export async function speak(text: string, voice = 'alloy', language = 'en-US'): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of new EspeakNgTts().synthesize(text, { voice, language })) chunks.push(chunk);
  return concat(chunks);
}

export function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Deterministic low-level noise (a quiet phone line), ±amplitude. */
export function lineNoise(ms: number, amplitude = 30, seed = 1): Int16Array {
  const out = new Int16Array((ms / 1000) * 8000);
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = Math.round(((s / 4294967296) * 2 - 1) * amplitude);
  }
  return out;
}

export function tone(ms: number, freqs: number[], amplitude = 6000): Int16Array {
  const out = new Int16Array((ms / 1000) * 8000);
  for (let i = 0; i < out.length; i++) {
    out[i] = Math.round(freqs.reduce((v, f) => v + Math.sin((2 * Math.PI * f * i) / 8000), 0) * (amplitude / freqs.length));
  }
  return out;
}

/** Splits into 160-sample frames, the last one padded with zeros. */
export function frames(pcm: Int16Array): Int16Array[] {
  const out: Int16Array[] = [];
  for (let at = 0; at < pcm.length; at += FRAME) {
    const f = new Int16Array(FRAME);
    f.set(pcm.subarray(at, at + FRAME));
    out.push(f);
  }
  return out;
}
