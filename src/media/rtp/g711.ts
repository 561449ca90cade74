/**
 * G.711 µ-law (PCMU, payload type 0) and A-law (PCMA, payload type 8), 8 bits
 * per sample, to and from 16-bit linear PCM. The tables are built once from the
 * ITU reference algorithm (as in Sun's public g711.c) so encoding a 20 ms frame
 * is 160 table look-ups: 64 KiB per encode table, 512 bytes per decode table.
 */
export type G711Codec = 'PCMU' | 'PCMA';

/** What each law encodes digital silence (linear 0) to. */
export const SILENCE_BYTE: Record<G711Codec, number> = { PCMU: 0xff, PCMA: 0xd5 };

const ULAW_SEG_END = [0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff];
const ALAW_SEG_END = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];
const ULAW_BIAS = 0x84;
const ULAW_CLIP = 8159;

function segment(value: number, ends: number[]): number {
  for (let i = 0; i < ends.length; i++) if (value <= ends[i]) return i;
  return ends.length;
}

function linearToUlaw(sample: number): number {
  let v = sample >> 2;
  let mask = 0xff;
  if (v < 0) {
    v = -v;
    mask = 0x7f;
  }
  if (v > ULAW_CLIP) v = ULAW_CLIP;
  v += ULAW_BIAS >> 2;
  const seg = segment(v, ULAW_SEG_END);
  if (seg >= 8) return 0x7f ^ mask;
  return ((seg << 4) | ((v >> (seg + 1)) & 0x0f)) ^ mask;
}

function ulawToLinear(code: number): number {
  const u = ~code & 0xff;
  let t = ((u & 0x0f) << 3) + ULAW_BIAS;
  t <<= (u & 0x70) >> 4;
  return u & 0x80 ? ULAW_BIAS - t : t - ULAW_BIAS;
}

function linearToAlaw(sample: number): number {
  let v = sample >> 3;
  let mask = 0xd5;
  if (v < 0) {
    mask = 0x55;
    v = -v - 1;
  }
  const seg = segment(v, ALAW_SEG_END);
  if (seg >= 8) return 0x7f ^ mask;
  const quant = seg < 2 ? (v >> 1) & 0x0f : (v >> seg) & 0x0f;
  return ((seg << 4) | quant) ^ mask;
}

function alawToLinear(code: number): number {
  const a = code ^ 0x55;
  let t = (a & 0x0f) << 4;
  const seg = (a & 0x70) >> 4;
  if (seg === 0) t += 8;
  else if (seg === 1) t += 0x108;
  else t = (t + 0x108) << (seg - 1);
  return a & 0x80 ? t : -t;
}

function encodeTable(fn: (sample: number) => number): Uint8Array {
  const table = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) table[i] = fn(i >= 32768 ? i - 65536 : i);
  return table;
}

function decodeTable(fn: (code: number) => number): Int16Array {
  const table = new Int16Array(256);
  for (let i = 0; i < 256; i++) table[i] = fn(i);
  return table;
}

const ENCODE: Record<G711Codec, Uint8Array> = { PCMU: encodeTable(linearToUlaw), PCMA: encodeTable(linearToAlaw) };
const DECODE: Record<G711Codec, Int16Array> = { PCMU: decodeTable(ulawToLinear), PCMA: decodeTable(alawToLinear) };

export function encodeG711(codec: G711Codec, pcm: Int16Array): Buffer {
  const table = ENCODE[codec];
  const out = Buffer.allocUnsafe(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = table[pcm[i] & 0xffff];
  return out;
}

export function decodeG711(codec: G711Codec, bytes: Uint8Array): Int16Array {
  const table = DECODE[codec];
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = table[bytes[i]];
  return out;
}

/** The static payload types of RFC 3551 for each law. */
export const STATIC_PAYLOAD_TYPE: Record<G711Codec, number> = { PCMU: 0, PCMA: 8 };
