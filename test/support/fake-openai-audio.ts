import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking OpenAI's audio endpoints: POST
 * /v1/audio/speech answers `response_format: "pcm"` with raw 24 kHz PCM16
 * (a 440 Hz tone, `chunks` writes of `samplesPerChunk` samples, `delayMs`
 * apart, so a client that streams sees the first piece before the end), and
 * POST /v1/audio/transcriptions parses the multipart upload and answers
 * `{text}`. Both check `Authorization: Bearer <key>` (401 in OpenAI's error
 * format otherwise) and record what they received.
 */
export interface AudioRequest {
  path: string;
  headers: IncomingMessage['headers'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json?: any;
  fields?: Record<string, string>;
  file?: { name: string; type: string; bytes: Buffer };
}

export interface FakeOpenAiAudio {
  baseUrl: string;
  requests: AudioRequest[];
  speech: { chunks: number; samplesPerChunk: number; delayMs: number };
  transcript: string;
  close(): Promise<void>;
}

export async function startFakeOpenAiAudio(apiKey: string): Promise<FakeOpenAiAudio> {
  const requests: AudioRequest[] = [];
  const fake: FakeOpenAiAudio = {
    baseUrl: '',
    requests,
    speech: { chunks: 4, samplesPerChunk: 2400, delayMs: 30 },
    transcript: 'I would like to book an appointment.',
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void answer(req, Buffer.concat(chunks), res));
  });
  const answer = async (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
    const recorded: AudioRequest = { path: req.url ?? '', headers: req.headers };
    requests.push(recorded);
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
      return;
    }
    if (req.url === '/v1/audio/speech') {
      recorded.json = JSON.parse(body.toString('utf8'));
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      const { chunks, samplesPerChunk, delayMs } = fake.speech;
      for (let c = 0; c < chunks && !res.destroyed; c++) {
        const tone = Int16Array.from({ length: samplesPerChunk }, (_, i) =>
          Math.round(8000 * Math.sin((2 * Math.PI * 440 * (c * samplesPerChunk + i)) / 24000)),
        );
        res.write(Buffer.from(tone.buffer));
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      res.end();
      return;
    }
    if (req.url === '/v1/audio/transcriptions') {
      const form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
      recorded.fields = {};
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') recorded.fields[key] = value;
        else recorded.file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: fake.transcript }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.url}` } }));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
