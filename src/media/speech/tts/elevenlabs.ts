import { decodeG711 } from '../../rtp/g711.js';
import { Resampler } from '../resample.js';
import { ChunkQueue, frameText, openWebSocket, Pcm16Decoder, webSocketUrl, type CloudAccess } from '../cloud.js';
import type { TextToSpeech, TtsOptions } from '../text-to-speech.js';

export interface ElevenLabsOptions extends CloudAccess {
  apiKey: string;
  /** Default https://api.elevenlabs.io (sent as wss://…/v1/text-to-speech/{voice}/stream-input). */
  baseUrl?: string;
  model?: string;
  /**
   * ulaw_8000 is the telephone's own format: decoded, not resampled. pcm_16000
   * is linear and wider, resampled here to 8 kHz.
   */
  outputFormat?: 'ulaw_8000' | 'pcm_16000';
  voiceSettings?: { stability: number; similarity_boost: number };
  /** The first audio must come within this; after it, each chunk within it. */
  timeoutMs?: number;
}

interface ElevenLabsMessage {
  audio?: string | null;
  isFinal?: boolean | null;
  error?: string;
  message?: string;
}

/**
 * ElevenLabs' WebSocket text-to-speech (stream-input). Chosen over Cartesia
 * because the platform's voice catalogue already lists ElevenLabs voices and
 * its protocol asks nothing but JSON text frames: a first message with a
 * single space and the voice settings opens the context, the sentence
 * follows (ending with a space, with `flush` so it is spoken now), and an
 * empty text ends the input. Audio comes back as base64 in `audio` fields
 * until a message with `isFinal: true`. The key goes in the `xi-api-key`
 * header (the API also takes it in the first message; a header keeps it
 * out of anything that logs messages).
 *
 * One connection per sentence: the engine hands TTS whole sentences, and
 * aborting (barge-in) simply closes that connection.
 */
export class ElevenLabsTts implements TextToSpeech {
  constructor(private readonly options: ElevenLabsOptions) {}

  async *synthesize(text: string, options: TtsOptions): AsyncGenerator<Int16Array> {
    const { signal } = options;
    if (signal?.aborted || !text.trim()) return;
    const o = this.options;
    const format = o.outputFormat ?? 'ulaw_8000';
    const url = webSocketUrl(o.baseUrl ?? 'https://api.elevenlabs.io', `/v1/text-to-speech/${encodeURIComponent(options.voice)}/stream-input`);
    url.searchParams.set('model_id', o.model ?? 'eleven_flash_v2_5');
    url.searchParams.set('output_format', format);
    const timeoutMs = o.timeoutMs ?? 10_000;
    let ws;
    try {
      ws = await openWebSocket(url, { 'xi-api-key': o.apiKey }, o, signal);
    } catch (error) {
      if (signal?.aborted) return;
      throw new Error(`ElevenLabs: ${(error as Error).message}`);
    }
    const queue = new ChunkQueue<Int16Array>();
    const pcm = new Pcm16Decoder();
    const resampler = format === 'pcm_16000' ? new Resampler(16000, 8000) : undefined;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => queue.end(new Error(`ElevenLabs sent no audio within ${timeoutMs} ms`)), timeoutMs);
    };
    const onAbort = () => queue.end();
    signal?.addEventListener('abort', onAbort, { once: true });
    ws.addEventListener('message', (event) => {
      let message: ElevenLabsMessage;
      try {
        message = JSON.parse(frameText(event.data)) as ElevenLabsMessage;
      } catch {
        return queue.end(new Error('ElevenLabs sent a message that is not JSON'));
      }
      if (message.error) return queue.end(new Error(`ElevenLabs: ${message.error}${message.message ? `: ${message.message}` : ''}`));
      if (message.audio) {
        arm();
        const bytes = Buffer.from(message.audio, 'base64');
        const samples = resampler ? resampler.process(pcm.push(bytes)) : decodeG711('PCMU', bytes);
        if (samples.length) queue.push(samples);
      }
      if (message.isFinal) {
        const tail = resampler?.flush();
        if (tail?.length) queue.push(tail);
        queue.end();
      }
    });
    ws.addEventListener('close', (event) => {
      queue.end(event.code === 1000 ? undefined : new Error(`ElevenLabs closed the stream (${event.code}${event.reason ? `: ${event.reason}` : ''})`));
    });
    try {
      arm();
      ws.send(JSON.stringify({ text: ' ', voice_settings: o.voiceSettings ?? { stability: 0.5, similarity_boost: 0.8 } }));
      ws.send(JSON.stringify({ text: `${text.replace(/\s+/g, ' ').trim()} `, flush: true }));
      ws.send(JSON.stringify({ text: '' }));
      for await (const chunk of queue.drain()) {
        if (signal?.aborted) return;
        yield chunk;
      }
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (ws.readyState <= 1) ws.close();
    }
  }
}
