import { request, type Dispatcher } from 'undici';
import { Pcm16Decoder, type CloudAccess } from '../cloud.js';
import { Resampler } from '../resample.js';
import type { TextToSpeech, TtsOptions } from '../text-to-speech.js';

export interface OpenAiSpeechOptions extends CloudAccess {
  apiKey: string;
  /** Up to and without /audio/speech, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  model?: string;
  /** Connect and headers; then each piece of the body must come within it. */
  timeoutMs?: number;
}

/** OpenAI's `pcm` format: raw 24 kHz 16-bit little-endian mono. */
const PCM_RATE = 24_000;

/**
 * The OpenAI-compatible speech endpoint (POST {base}/audio/speech, also
 * served by gateways and local servers that copy it) asked for
 * `response_format: "pcm"`, so there is no container to parse: the body is
 * resampled from 24 kHz to 8 kHz as it arrives, and the first chunk goes out
 * before the sentence is fully synthesised.
 */
export class OpenAiSpeechTts implements TextToSpeech {
  constructor(private readonly options: OpenAiSpeechOptions) {}

  async *synthesize(text: string, options: TtsOptions): AsyncGenerator<Int16Array> {
    const { signal } = options;
    if (signal?.aborted || !text.trim()) return;
    const o = this.options;
    const url = new URL(`${o.baseUrl.replace(/\/+$/, '')}/audio/speech`);
    o.checkUrl(url);
    const timeoutMs = o.timeoutMs ?? 10_000;
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: 'POST',
        dispatcher: o.dispatcher,
        headers: { authorization: `Bearer ${o.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: o.model ?? 'gpt-4o-mini-tts', input: text.replace(/\s+/g, ' ').trim(), voice: options.voice, response_format: 'pcm' }),
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      if (signal?.aborted) return;
      throw new Error(`OpenAI speech at ${url.host}: ${(error as Error).message}`);
    }
    if (response.statusCode !== 200) {
      const detail = (await response.body.text().catch(() => '')).slice(0, 300);
      throw new Error(`OpenAI speech at ${url.host} answered ${response.statusCode}${detail ? `: ${detail}` : ''}`);
    }
    const pcm = new Pcm16Decoder();
    const resampler = new Resampler(PCM_RATE, 8000);
    try {
      for await (const data of response.body as AsyncIterable<Buffer>) {
        if (signal?.aborted) return;
        const out = resampler.process(pcm.push(data));
        if (out.length) yield out;
      }
      const tail = resampler.flush();
      if (tail.length) yield tail;
    } catch (error) {
      if (signal?.aborted) return;
      throw new Error(`OpenAI speech at ${url.host}: ${(error as Error).message}`);
    } finally {
      if (!response.body.destroyed) response.body.destroy();
    }
  }
}
