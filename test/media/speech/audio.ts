import { spawnSync } from 'node:child_process';
import { decodeG711, encodeG711 } from '../../../src/media/rtp/g711.js';
import { EspeakNgTts } from '../../../src/media/speech/tts/espeak-ng.js';

/** Test audio helpers: the phone path (espeak-ng → 8 kHz), 20 ms framing, quiet line noise. */
export const FRAME = 160;

export async function speak(text: string, voice = 'alloy', language = 'en-US'): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of new EspeakNgTts().synthesize(text, { voice, language })) chunks.push(chunk);
  return concat(chunks);
}

/**
 * An espeak-ng voice by its own name (`en-gb`, `en-us+f3`) at a speed in words per minute, as a caller on
 * the phone: 8 kHz, through the µ-law codec and back. For voices and speeds our TTS does not use.
 */
export function speakAs(text: string, voice: string, wordsPerMinute: number): Int16Array {
  const run = spawnSync('sh', [
    '-c',
    'espeak-ng --stdout -v "$0" -s "$1" "$2" | sox -q -D -t wav - -t raw -e signed -b 16 -c 1 - rate 8000',
    voice,
    String(wordsPerMinute),
    text,
  ]);
  if (run.status !== 0 || run.stdout.length < 1600) throw new Error(`espeak-ng/sox failed for ${voice}: ${run.stderr.toString()}`);
  const pcm = new Int16Array(run.stdout.length >> 1);
  for (let i = 0; i < pcm.length; i++) pcm[i] = run.stdout.readInt16LE(i * 2);
  return decodeG711('PCMU', encodeG711('PCMU', pcm));
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
