import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A local server speaking Deepgram's live streaming protocol
 * (wss://api.deepgram.com/v1/listen): it refuses a handshake without
 * `Authorization: Token <key>` (401, as Deepgram does), records the query,
 * the audio bytes and the JSON control messages (KeepAlive, CloseStream),
 * sends an interim `Results` once audio arrived, and on CloseStream sends the
 * scripted transcript as `is_final` results (one per sentence), a `Metadata`
 * message and closes with 1000, as the service does.
 *
 * With `endpointing` on, it also finds the end of speech in the linear16
 * audio as the service does: after speech (20 ms chunks louder than a quiet
 * line) followed by the query's `endpointing` ms of quiet, the transcript
 * comes at once as one final marked `speech_final`, and after
 * `utterance_end_ms` of quiet an `UtteranceEnd`; CloseStream then sends only
 * the `Metadata`.
 */
export interface DeepgramSession {
  url: URL;
  headers: IncomingMessage['headers'];
  audioBytes: number;
  controls: string[];
  /** When the first binary frame arrived (ms since the epoch). */
  firstAudioAt?: number;
}

export interface FakeDeepgram {
  baseUrl: string;
  sessions: DeepgramSession[];
  /** What the next streams "heard" (sentences become separate finals). */
  transcript: string;
  /** Find the end of speech in the audio and send speech_final / UtteranceEnd (default off). */
  endpointing: boolean;
  /** When each stream sent its speech_final (ms since the epoch), in order. */
  speechFinalAt: number[];
  close(): Promise<void>;
}

export async function startFakeDeepgram(apiKey: string): Promise<FakeDeepgram> {
  const sessions: DeepgramSession[] = [];
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info: { req: IncomingMessage }, done: (ok: boolean, code?: number, message?: string) => void) => {
      done(info.req.headers.authorization === `Token ${apiKey}` && (info.req.url ?? '').startsWith('/v1/listen?'), 401, 'Unauthorized');
    },
  });
  const fake: FakeDeepgram = {
    baseUrl: '',
    sessions,
    transcript: 'book an appointment. on tuesday',
    endpointing: false,
    speechFinalAt: [],
    close: async () => {},
  };
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const session: DeepgramSession = { url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, audioBytes: 0, controls: [] };
    sessions.push(session);
    let interimSent = false;
    const ends = endOfSpeech(session.url.searchParams);
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        session.firstAudioAt ??= Date.now();
        session.audioBytes += data.length;
        if (fake.endpointing) {
          for (const message of ends.hear(data, fake.transcript)) {
            if ((message as { speech_final?: boolean }).speech_final) fake.speechFinalAt.push(Date.now());
            ws.send(JSON.stringify(message));
          }
        }
        if (!interimSent && session.audioBytes >= 3200) {
          interimSent = true;
          ws.send(JSON.stringify(results(fake.transcript.split('.')[0].split(' ').slice(0, 2).join(' '), false)));
        }
        return;
      }
      const text = data.toString('utf8');
      session.controls.push(text);
      if ((JSON.parse(text) as { type?: string }).type === 'CloseStream') {
        const sentences = ends.finalSent
          ? []
          : fake.transcript
              .split('.')
              .map((s) => s.trim())
              .filter(Boolean);
        for (const sentence of sentences) ws.send(JSON.stringify(results(sentence, true)));
        ws.send(JSON.stringify({ type: 'Metadata', request_id: 'req-1', duration: session.audioBytes / 16000, channels: 1 }));
        ws.close(1000);
      }
    });
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.close = () => {
    for (const client of wss.clients) client.terminate();
    return new Promise<void>((resolve) => wss.close(() => resolve()));
  };
  return fake;
}

/** A 20 ms linear16 chunk louder than this (RMS) is speech. */
const SPEECH_RMS = 400;

/** The service's endpointing on the audio as it arrives: speech, then `endpointing` ms of quiet → speech_final. */
function endOfSpeech(query: URLSearchParams) {
  const endpointingMs = Number(query.get('endpointing') ?? 10);
  const utteranceEndMs = query.has('utterance_end_ms') ? Number(query.get('utterance_end_ms')) : Infinity;
  let speechMs = 0;
  let quietMs = 0;
  let utteranceEndSent = false;
  const state = {
    finalSent: false,
    hear(chunk: Buffer, transcript: string): object[] {
      const samples = chunk.length >> 1;
      let sum = 0;
      for (let i = 0; i < samples; i++) sum += chunk.readInt16LE(i * 2) ** 2;
      const ms = samples / 8;
      if (Math.sqrt(sum / Math.max(1, samples)) >= SPEECH_RMS) {
        speechMs += ms;
        quietMs = 0;
        utteranceEndSent = false;
        return [];
      }
      quietMs += ms;
      const out: object[] = [];
      if (speechMs >= 200 && !state.finalSent && quietMs >= endpointingMs) {
        state.finalSent = true;
        out.push(results(transcript.replace(/\.\s*/g, ' ').trim(), true));
      }
      if (state.finalSent && !utteranceEndSent && quietMs >= utteranceEndMs) {
        utteranceEndSent = true;
        out.push({ type: 'UtteranceEnd', channel: [0, 1], last_word_end: speechMs / 1000 });
      }
      return out;
    },
  };
  return state;
}

function results(transcript: string, isFinal: boolean) {
  return {
    type: 'Results',
    channel_index: [0, 1],
    duration: 1.2,
    start: 0,
    is_final: isFinal,
    speech_final: isFinal,
    channel: { alternatives: [{ transcript, confidence: 0.9, words: transcript.split(' ').map((word) => ({ word, start: 0, end: 0.1, confidence: 0.9 })) }] },
    metadata: { request_id: 'req-1', model_info: { name: 'fake' } },
  };
}
