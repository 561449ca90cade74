import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { encodeG711 } from '../../src/media/rtp/g711.js';

/**
 * A local server speaking ElevenLabs' stream-input protocol
 * (/v1/text-to-speech/{voice_id}/stream-input): the `xi-api-key` header is
 * required (401 otherwise), messages are recorded, and once the input ends
 * (`{"text": ""}`) it answers `chunks` messages of base64 audio in the
 * requested output format (a 440 Hz tone, `samplesPerChunk` samples at the
 * format's rate), `delayMs` apart, then `{"isFinal": true}`, and closes.
 */
export interface ElevenLabsSession {
  url: URL;
  headers: IncomingMessage['headers'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  messages: any[];
  closedByClient: boolean;
}

export interface FakeElevenLabs {
  baseUrl: string;
  sessions: ElevenLabsSession[];
  script: { chunks: number; samplesPerChunk: number; delayMs: number };
  close(): Promise<void>;
}

export async function startFakeElevenLabs(apiKey: string): Promise<FakeElevenLabs> {
  const sessions: ElevenLabsSession[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info: { req: IncomingMessage }, done: (ok: boolean, code?: number, message?: string) => void) => {
      done(info.req.headers['xi-api-key'] === apiKey && /^\/v1\/text-to-speech\/[^/]+\/stream-input\?/.test(info.req.url ?? ''), 401, 'Unauthorized');
    },
  });
  const fake: FakeElevenLabs = { baseUrl: '', sessions, script: { chunks: 3, samplesPerChunk: 800, delayMs: 10 }, close: async () => {} };
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const session: ElevenLabsSession = { url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, messages: [], closedByClient: false };
    sessions.push(session);
    const format = session.url.searchParams.get('output_format');
    ws.on('close', () => {
      session.closedByClient = true;
    });
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { text?: string };
      session.messages.push(message);
      if (message.text !== '') return;
      const { chunks, samplesPerChunk, delayMs } = fake.script;
      const rate = format === 'pcm_16000' ? 16000 : 8000;
      let sent = 0;
      const next = () => {
        if (ws.readyState !== ws.OPEN) return;
        if (sent === chunks) {
          ws.send(JSON.stringify({ isFinal: true }));
          ws.close(1000);
          return;
        }
        const tone = Int16Array.from({ length: samplesPerChunk }, (_, i) =>
          Math.round(8000 * Math.sin((2 * Math.PI * 440 * (sent * samplesPerChunk + i)) / rate)),
        );
        const audio = format === 'pcm_16000' ? Buffer.from(tone.buffer) : encodeG711('PCMU', tone);
        ws.send(JSON.stringify({ audio: audio.toString('base64'), isFinal: null, normalizedAlignment: null }));
        sent++;
        const timer = setTimeout(() => {
          timers.delete(timer);
          next();
        }, delayMs);
        timers.add(timer);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.close = () => {
    for (const timer of timers) clearTimeout(timer);
    for (const client of wss.clients) client.terminate();
    return new Promise<void>((resolve) => wss.close(() => resolve()));
  };
  return fake;
}
