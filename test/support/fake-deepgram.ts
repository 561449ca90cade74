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
  const fake: FakeDeepgram = { baseUrl: '', sessions, transcript: 'book an appointment. on tuesday', close: async () => {} };
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const session: DeepgramSession = { url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, audioBytes: 0, controls: [] };
    sessions.push(session);
    let interimSent = false;
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        session.firstAudioAt ??= Date.now();
        session.audioBytes += data.length;
        if (!interimSent && session.audioBytes >= 3200) {
          interimSent = true;
          ws.send(JSON.stringify(results(fake.transcript.split('.')[0].split(' ').slice(0, 2).join(' '), false)));
        }
        return;
      }
      const text = data.toString('utf8');
      session.controls.push(text);
      if ((JSON.parse(text) as { type?: string }).type === 'CloseStream') {
        for (const sentence of fake.transcript
          .split('.')
          .map((s) => s.trim())
          .filter(Boolean))
          ws.send(JSON.stringify(results(sentence, true)));
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
