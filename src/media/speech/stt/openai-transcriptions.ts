import { EventEmitter } from 'node:events';
import { FormData, request } from 'undici';
import { pcm16Bytes, type CloudAccess } from '../cloud.js';
import type { SpeechToText, SttOptions, SttResult, SttStream } from '../speech-to-text.js';

export interface OpenAiTranscriptionOptions extends CloudAccess {
  apiKey: string;
  /** Up to and without /audio/transcriptions, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  model?: string;
  timeoutMs?: number;
}

/** A turn longer than this is cut (the upload limit is 25 MB; a phone turn is far shorter). */
const MAX_TURN_SAMPLES = 8000 * 120;

/**
 * The OpenAI-compatible transcription endpoint (POST {base}/audio/transcriptions):
 * not streaming, so the turn's audio is kept in memory and uploaded as one
 * 8 kHz WAV when finish() is called, with the agent's phrases as the
 * `prompt` (a hint of vocabulary and spelling). The latency is the upload
 * plus the provider's decode, all after the turn ended; Deepgram's live API
 * avoids that, this one serves providers that only speak this format.
 */
export class OpenAiTranscriptionStt implements SpeechToText {
  constructor(private readonly options: OpenAiTranscriptionOptions) {}

  start(options: SttOptions): SttStream {
    if (options.sampleRate !== 8000) throw new Error(`transcription stream: sampleRate must be 8000, got ${options.sampleRate}`);
    return new TranscriptionStream(this.options, options);
  }
}

class TranscriptionStream extends EventEmitter implements SttStream {
  private frames: Int16Array[] = [];
  private samples = 0;
  private state: 'open' | 'finishing' | 'done' = 'open';
  private readonly abortController = new AbortController();

  constructor(
    private readonly o: OpenAiTranscriptionOptions,
    private readonly stt: SttOptions,
  ) {
    super();
  }

  write(frame: Int16Array): void {
    if (this.state !== 'open' || this.samples >= MAX_TURN_SAMPLES) return;
    this.frames.push(frame);
    this.samples += frame.length;
  }

  async finish(): Promise<SttResult> {
    if (this.state !== 'open') throw new Error('transcription stream already finished or aborted');
    this.state = 'finishing';
    const started = performance.now();
    const url = new URL(`${this.o.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`);
    const form = new FormData();
    form.append('file', new Blob([wav(this.frames, this.samples)], { type: 'audio/wav' }), 'turn.wav');
    form.append('model', this.o.model ?? 'gpt-4o-mini-transcribe');
    form.append('language', this.stt.language.split('-')[0].toLowerCase());
    form.append('response_format', 'json');
    const prompt = (this.stt.phrases ?? []).join('. ').slice(0, 800);
    if (prompt) form.append('prompt', prompt);
    this.frames = [];
    const timeoutMs = this.o.timeoutMs ?? 10_000;
    try {
      this.o.checkUrl(url);
      const response = await request(url, {
        method: 'POST',
        dispatcher: this.o.dispatcher,
        headers: { authorization: `Bearer ${this.o.apiKey}` },
        body: form,
        signal: AbortSignal.any([this.abortController.signal, AbortSignal.timeout(timeoutMs)]),
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}: ${text.slice(0, 300)}`);
      const parsed = JSON.parse(text) as { text?: unknown };
      if (typeof parsed.text !== 'string') throw new Error('answered without a text field');
      const transcript = parsed.text.trim();
      return { kind: transcript ? 'speech' : 'unrecognized', text: transcript, latencyMs: performance.now() - started };
    } catch (error) {
      throw new Error(`OpenAI transcription at ${url.host}: ${(error as Error).message}`);
    } finally {
      this.state = 'done';
    }
  }

  abort(): void {
    if (this.state === 'done') return;
    this.state = 'done';
    this.frames = [];
    this.abortController.abort();
  }
}

/** A RIFF/WAVE file of 8 kHz mono PCM16. */
function wav(frames: Int16Array[], samples: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, ...frames.map(pcm16Bytes)]);
}
