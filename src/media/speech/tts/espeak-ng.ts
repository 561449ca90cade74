import { spawn } from 'node:child_process';
import { Resampler } from '../resample.js';
import type { TextToSpeech, TtsOptions } from '../text-to-speech.js';

/**
 * Offline text-to-speech with Debian's espeak-ng (CONVENTIONS §6): `espeak-ng
 * --stdout` writes a 22,050 Hz 16-bit mono WAV as it synthesises (its header
 * carries a placeholder length, so the data runs to the end of the stream);
 * we resample each piece to 8 kHz as it arrives and yield it, so the first
 * chunk comes out after the first clause, not after the whole text (measured:
 * 28 ms to the first byte of a 15 s paragraph whose synthesis took 46 ms).
 * The text goes in on stdin, never as an argument, so it cannot be read as
 * an option.
 */
export class EspeakNgTts implements TextToSpeech {
  constructor(private readonly binary = 'espeak-ng') {}

  async *synthesize(text: string, options: TtsOptions): AsyncGenerator<Int16Array> {
    const { signal } = options;
    if (signal?.aborted) return;
    const child = spawn(this.binary, ['--stdout', '-b', '1', '-v', espeakVoiceFor(options.voice, options.language)], { stdio: ['pipe', 'pipe', 'pipe'] });
    const onAbort = (): void => void child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr = (stderr + d).slice(-2000); });
    const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
      child.once('error', (error) => resolve({ code: null, error }));
      child.once('close', (code) => resolve({ code }));
    });
    child.stdin.on('error', () => {}); // EPIPE when espeak-ng died early: reported by its exit code
    child.stdin.end(text.replace(/\s+/g, ' ').trim() + '\n');
    try {
      const wav = new WavStream();
      let resampler: Resampler | undefined;
      for await (const data of child.stdout as AsyncIterable<Buffer>) {
        if (signal?.aborted) return;
        const pcm = wav.push(data);
        if (!pcm) continue;
        resampler ??= new Resampler(wav.sampleRate, 8000);
        const out = resampler.process(pcm);
        if (out.length > 0) yield out;
      }
      const { code, error } = await exited;
      if (signal?.aborted) return;
      if (error) throw new Error(`espeak-ng could not start: ${error.message}`);
      if (code !== 0) throw new Error(`espeak-ng exited with ${code}: ${stderr.trim()}`);
      if (!resampler) throw new Error(`espeak-ng wrote no audio: ${stderr.trim()}`);
      const tail = resampler.flush();
      if (tail.length > 0) yield tail;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }
}

/**
 * Parses a streamed RIFF/WAVE: the header (chunks up to `data`), then PCM16
 * little-endian samples, carrying an odd byte over to the next piece. The
 * `data` length is ignored: espeak-ng writes a placeholder when streaming.
 */
class WavStream {
  sampleRate = 0;
  private header: Buffer | null = Buffer.alloc(0);
  private carry: Buffer = Buffer.alloc(0);

  push(data: Buffer): Int16Array | null {
    let bytes = data;
    if (this.header) {
      this.header = Buffer.concat([this.header, data]);
      const start = this.parseHeader(this.header);
      if (start === null) return null;
      bytes = this.header.subarray(start);
      this.header = null;
    }
    const all = this.carry.length ? Buffer.concat([this.carry, bytes]) : bytes;
    const even = all.length - (all.length % 2);
    this.carry = Buffer.from(all.subarray(even));
    const pcm = new Int16Array(even / 2);
    for (let i = 0; i < pcm.length; i++) pcm[i] = all.readInt16LE(i * 2);
    return pcm;
  }

  /** The offset of the first sample, or null while the header is incomplete. */
  private parseHeader(h: Buffer): number | null {
    if (h.length < 12) return null;
    if (h.toString('ascii', 0, 4) !== 'RIFF' || h.toString('ascii', 8, 12) !== 'WAVE') throw new Error('espeak-ng did not write a WAV stream');
    let at = 12;
    while (h.length >= at + 8) {
      const id = h.toString('ascii', at, at + 4);
      const size = h.readUInt32LE(at + 4);
      if (id === 'data') {
        if (this.sampleRate === 0) throw new Error('WAV stream without a fmt chunk');
        return at + 8;
      }
      if (h.length < at + 8 + size) return null;
      if (id === 'fmt ') {
        const format = h.readUInt16LE(at + 8);
        const channels = h.readUInt16LE(at + 10);
        const bits = h.readUInt16LE(at + 22);
        if (format !== 1 || channels !== 1 || bits !== 16) throw new Error(`unsupported WAV: format ${format}, ${channels} channels, ${bits} bits`);
        this.sampleRate = h.readUInt32LE(at + 12);
      }
      at += 8 + size + (size % 2);
    }
    return null;
  }
}

/**
 * Catalogue voices (modules/telephony/voices.ts, mirrored by id here so the
 * media runtime stays free of platform imports) mapped to espeak-ng voices of
 * the same language and gender: `+f3`/`+f4` are espeak-ng's female variants,
 * `+m3` a male one. Unknown ids (the platform default, clones) get the
 * language's default espeak-ng voice.
 */
const VOICE_TABLE: Record<string, string> = {
  alloy: 'en-us',
  echo: 'en-us+m3',
  fable: 'en-gb+m3',
  nova: 'en-us+f3',
  shimmer: 'en-us+f4',
  '21m00Tcm4TlvDq8ikWAM': 'en-us+f3', // Rachel
  ErXwobaYiN019PkySvjV: 'en-us+m3', // Antoni
  EXAVITQu4vr4xnSDxMaL: 'en-us+f4', // Bella
  'en-US-JennyNeural': 'en-us+f3',
  'en-GB-RyanNeural': 'en-gb+m3',
  'es-ES-ElviraNeural': 'es+f3',
  'de-DE-ConradNeural': 'de+m3',
  'fr-FR-DeniseNeural': 'fr-fr+f3',
};

const LANGUAGE_TABLE: Record<string, string> = { en: 'en-us', 'en-us': 'en-us', 'en-gb': 'en-gb', es: 'es', 'es-es': 'es', de: 'de', fr: 'fr-fr' };

export function espeakVoiceFor(voiceId: string, language: string): string {
  const mapped = VOICE_TABLE[voiceId];
  if (mapped) return mapped;
  const lang = language.toLowerCase();
  return LANGUAGE_TABLE[lang] ?? LANGUAGE_TABLE[lang.split('-')[0]] ?? 'en-us';
}
