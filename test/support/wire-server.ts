import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server on 127.0.0.1 for the fakes of carrier APIs
 * (fake-twilio.ts, fake-telnyx.ts): it parses each request (form or JSON),
 * records it, and answers from the fake's handler, unless a scripted
 * failure is queued (`failNext`), which answers the next request instead.
 */
export interface WireRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  raw: string;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface WireReply {
  status: number;
  body?: unknown;
  /** Extra response headers (Retry-After, ...). */
  headers?: Record<string, string>;
  /** Answer after this long (timeouts). */
  delayMs?: number;
}

export interface WireServer {
  baseUrl: string;
  requests: WireRequest[];
  failNext(...replies: WireReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startWireServer(handle: (request: WireRequest) => WireReply): Promise<WireServer> {
  const requests: WireRequest[] = [];
  const failures: WireReply[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const type = req.headers['content-type'] ?? '';
      let body: unknown = raw;
      if (type.includes('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw));
      else if (type.includes('application/json') && raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const recorded: WireRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        raw,
        at: performance.now(),
      };
      requests.push(recorded);
      const reply = failures.shift() ?? handle(recorded);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext: (...replies) => failures.push(...replies),
    reset() {
      requests.length = 0;
      failures.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Posts a fake carrier makes to the platform, each recorded once the platform has answered it: `answered()` waits
 * for every post started so far (the platform writes what a post says before it answers, so a test that saw the
 * write waits here before it reads the answers).
 */
export function trackedPosts<T>(record: (answer: Response | null, item: T) => void) {
  const inFlight = new Set<Promise<void>>();
  return {
    post(request: Promise<Response>, item: T): Promise<void> {
      const delivery: Promise<void> = request
        .catch(() => null)
        .then((answer) => record(answer, item))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
      return delivery;
    },
    async answered(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
