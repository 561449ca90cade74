import type { VoiceFeatures } from './voices.entity.js';

/**
 * Reading voice samples: a strict RIFF/WAVE parser (integer PCM only, the
 * format every recorder can write) and the analysis the clone's first step
 * runs over the PCM. Pure functions over Buffers, no I/O.
 */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Offset and length of the PCM data chunk inside the file. */
  dataOffset: number;
  dataLength: number;
  durationMs: number;
}

export class WavError extends Error {}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Parses the header of a PCM WAV file; throws WavError saying what is wrong in words a person can act on. */
export function parseWav(file: Buffer): WavInfo {
  if (file.length < 12 || file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new WavError('is not a WAV file (no RIFF/WAVE header): send 16-bit PCM WAV audio');
  }
  let fmt: { format: number; channels: number; sampleRate: number; bitsPerSample: number; blockAlign: number } | undefined;
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > file.length) throw new WavError('has a truncated fmt chunk');
      let format = file.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (format === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= file.length) format = file.readUInt16LE(body + 24);
      fmt = {
        format,
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        blockAlign: file.readUInt16LE(body + 12),
        bitsPerSample: file.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new WavError('has its data chunk before the fmt chunk');
      if (fmt.format !== WAVE_FORMAT_PCM) throw new WavError(`is WAV but not integer PCM (format ${fmt.format}): send PCM audio`);
      if (![8, 16, 24, 32].includes(fmt.bitsPerSample)) throw new WavError(`has ${fmt.bitsPerSample}-bit samples: 8, 16, 24 or 32-bit PCM is needed`);
      if (fmt.channels < 1 || fmt.channels > 2) throw new WavError(`has ${fmt.channels} channels: send mono or stereo`);
      if (fmt.sampleRate < 8000 || fmt.sampleRate > 48000) throw new WavError(`has a sample rate of ${fmt.sampleRate} Hz: 8000 to 48000 Hz is needed`);
      if (fmt.blockAlign !== (fmt.channels * fmt.bitsPerSample) / 8) throw new WavError('has an inconsistent block alignment');
      const dataLength = Math.min(size, file.length - body);
      const frames = Math.floor(dataLength / fmt.blockAlign);
      if (frames === 0) throw new WavError('holds no audio');
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bitsPerSample,
        dataOffset: body,
        dataLength: frames * fmt.blockAlign,
        durationMs: Math.floor((frames * 1000) / fmt.sampleRate),
      };
    }
    offset = body + size + (size % 2);
  }
  throw new WavError(fmt ? 'has no data chunk' : 'has no fmt chunk');
}

/** Mono samples in -1..1 (channels averaged). */
export function decodeMono(file: Buffer, info: WavInfo): Float32Array {
  const bytes = info.bitsPerSample / 8;
  const frames = info.dataLength / (bytes * info.channels);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < info.channels; c++) {
      const at = info.dataOffset + (i * info.channels + c) * bytes;
      let v: number;
      if (bytes === 1) v = (file[at] - 128) / 128;
      else if (bytes === 2) v = file.readInt16LE(at) / 32768;
      else if (bytes === 3) v = file.readIntLE(at, 3) / 8388608;
      else v = file.readInt32LE(at) / 2147483648;
      sum += v;
    }
    out[i] = sum / info.channels;
  }
  return out;
}

/** At most this many 40 ms frames are analysed for pitch, spread evenly over the samples: bounds the CPU per clone. */
const MAX_PITCH_FRAMES = 400;

/**
 * Loudness, zero-crossing rate and median pitch over every sample. Pitch is
 * the autocorrelation peak between 60 and 400 Hz in 40 ms frames whose
 * energy is above -40 dBFS and whose peak correlation is at least 0.5 (voiced).
 */
export function analyseSamples(samples: { pcm: Float32Array; sampleRate: number }[]): VoiceFeatures {
  let squares = 0;
  let count = 0;
  let crossings = 0;
  let seconds = 0;
  for (const { pcm, sampleRate } of samples) {
    for (let i = 0; i < pcm.length; i++) {
      squares += pcm[i] * pcm[i];
      if (i > 0 && pcm[i - 1] < 0 !== pcm[i] < 0) crossings++;
    }
    count += pcm.length;
    seconds += pcm.length / sampleRate;
  }
  const totalFrames = samples.reduce((n, s) => n + Math.floor(s.pcm.length / Math.round(s.sampleRate * 0.04)), 0);
  const stride = Math.max(1, Math.ceil(totalFrames / MAX_PITCH_FRAMES));
  const pitches: number[] = [];
  let analysed = 0;
  let frameIndex = 0;
  for (const { pcm, sampleRate } of samples) {
    const size = Math.round(sampleRate * 0.04);
    for (let start = 0; start + size <= pcm.length; start += size, frameIndex++) {
      if (frameIndex % stride !== 0) continue;
      analysed++;
      const pitch = framePitch(pcm.subarray(start, start + size), sampleRate);
      if (pitch !== null) pitches.push(pitch);
    }
  }
  pitches.sort((a, b) => a - b);
  const rms = Math.sqrt(squares / Math.max(1, count));
  return {
    pitch_hz: pitches.length ? round1(pitches[Math.floor(pitches.length / 2)]) : null,
    energy_dbfs: round1(rms > 0 ? 20 * Math.log10(rms) : -120),
    zero_crossing_rate: round1(crossings / Math.max(seconds, 1e-9)),
    voiced_ratio: Math.round((pitches.length / Math.max(1, analysed)) * 1000) / 1000,
    duration_ms: Math.round(seconds * 1000),
  };
}

function framePitch(frame: Float32Array, sampleRate: number): number | null {
  let energy = 0;
  for (let i = 0; i < frame.length; i++) energy += frame[i] * frame[i];
  if (energy === 0 || 10 * Math.log10(energy / frame.length) < -40) return null;
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.min(frame.length - 1, Math.ceil(sampleRate / 60));
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = 0; i + lag < frame.length; i++) sum += frame[i] * frame[i + lag];
    const normalised = sum / energy;
    if (normalised > best) {
      best = normalised;
      bestLag = lag;
    }
  }
  return best >= 0.5 && bestLag > 0 ? sampleRate / bestLag : null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
