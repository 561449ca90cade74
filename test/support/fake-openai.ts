import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server on 127.0.0.1 that speaks the Chat Completions wire
 * format (POST /v1/chat/completions), answering from a script and recording
 * every request it receives. It stands in for a model provider the way a
 * local vLLM or Ollama server would: the engine's real client talks to it
 * over real HTTP. Replies are taken from the queue in order; with the queue
 * empty it answers 500 "script exhausted", so a test that expected fewer
 * model calls fails loudly.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** Milliseconds since the epoch when the request arrived. */
  at: number;
}

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  /** Answer as server-sent events instead: each chunk a `data:` line, `gapMs` apart, then `data: [DONE]` unless `noDone`. */
  sse?: { chunks: unknown[]; gapMs?: number; noDone?: boolean };
}

export interface FakeOpenAi {
  /** The base URL to register as a model provider: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  reply(...replies: (ScriptedReply | ((request: RecordedRequest) => ScriptedReply))[]): void;
  reset(): void;
  close(): Promise<void>;
}

/** A Chat Completions response body with text and/or tool calls. */
export function completion(message: { content?: string | null; toolCalls?: { id: string; name: string; arguments: unknown }[] }): ScriptedReply {
  return {
    body: {
      id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'fake-model',
      choices: [
        {
          index: 0,
          finish_reason: message.toolCalls?.length ? 'tool_calls' : 'stop',
          message: {
            role: 'assistant',
            content: message.content ?? null,
            ...(message.toolCalls?.length
              ? {
                  tool_calls: message.toolCalls.map((c) => ({
                    id: c.id,
                    type: 'function',
                    function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
                  })),
                }
              : {}),
          },
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    },
  };
}

/**
 * A streamed Chat Completion (`stream: true`): the content split into
 * word-sized deltas, each tool call as a first delta with id and name and
 * its arguments' JSON text in pieces of `argumentPiece` characters, the
 * finish reason, and a last chunk with the usage, as OpenAI streams them.
 */
export function streamedCompletion(
  message: { content?: string; toolCalls?: { id: string; name: string; arguments: unknown }[] },
  options: { gapMs?: number; argumentPiece?: number; noDone?: boolean } = {},
): ScriptedReply {
  const base = { id: 'chatcmpl-stream', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: 'fake-model' };
  const chunk = (delta: object, finish: string | null = null) => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }], usage: null });
  const chunks: unknown[] = [chunk({ role: 'assistant', content: '' })];
  for (const word of message.content?.match(/\S+\s*/g) ?? []) chunks.push(chunk({ content: word }));
  for (const [index, call] of (message.toolCalls ?? []).entries()) {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const piece = options.argumentPiece ?? 7;
    for (let at = 0; at < args.length; at += piece) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(at, at + piece) } }] }));
  }
  chunks.push(chunk({}, message.toolCalls?.length ? 'tool_calls' : 'stop'));
  chunks.push({ ...base, choices: [], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } });
  return { sse: { chunks, gapMs: options.gapMs ?? 0, noDone: options.noDone } };
}

/** An error in the OpenAI error format. */
export function apiError(status: number, message: string, headers: Record<string, string> = {}): ScriptedReply {
  return { status, headers, body: { error: { message, type: 'fake_error', code: null } } };
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: (ScriptedReply | ((request: RecordedRequest) => ScriptedReply))[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {}
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() };
      requests.push(recorded);
      let reply: ScriptedReply;
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        reply = apiError(404, `fake-openai: no route ${req.method} ${req.url}`);
      } else {
        const next = queue.shift();
        reply = next === undefined ? apiError(500, 'fake-openai: script exhausted') : typeof next === 'function' ? next(recorded) : next;
      }
      const send = () => {
        if (res.destroyed) return;
        if (reply.sse) return void sendEvents(reply.sse);
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      };
      const sendEvents = async ({ chunks: events, gapMs = 0, noDone }: NonNullable<ScriptedReply['sse']>) => {
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
        res.write(': keep-alive\n\n');
        for (const event of events) {
          if (res.destroyed) return;
          res.write(`data: ${JSON.stringify(event)}\n\n`);
          if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
        }
        res.end(noDone ? '' : 'data: [DONE]\n\n');
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, reply.delayMs);
        timers.add(timer);
      } else {
        send();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => queue.push(...replies),
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
