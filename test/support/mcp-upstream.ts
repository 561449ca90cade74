import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';
import { Server as McpLowLevelServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * External MCP servers on loopback for the MCP-client tests: the official
 * server-everything over Streamable HTTP in a child process (it cannot
 * require a header, so a small reverse proxy in front of it does), and a
 * small server of our own whose tool list the test changes between syncs.
 */

export interface Upstream {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** `@modelcontextprotocol/server-everything streamableHttp` on a free port; resolves once it listens. */
export async function startEverythingServer(): Promise<Upstream & { child: ChildProcess }> {
  const port = await freePort();
  const entry = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
  const child = spawn(process.execPath, [entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port), NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything did not start within 20 s')), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A reverse proxy that answers 401 unless `header` has `value`, and streams everything else to `target` (an origin). */
export async function startHeaderProxy(target: string, header: string, value: string): Promise<Upstream & { seen: number }> {
  const origin = new URL(target);
  const state = { seen: 0 };
  const server = createServer((req, res) => {
    state.seen += 1;
    if (req.headers[header.toLowerCase()] !== value) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
    const upstream = request(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: { ...req.headers, host: origin.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  const base = await listen(server);
  return Object.assign(state, { url: base, close: () => closeServer(server) });
}

export interface ToolServerOptions {
  header: string;
  value: string;
  /** Tools per tools/list page (the client must follow nextCursor). */
  pageSize?: number;
  /** Delay before answering tools/list, so concurrent syncs overlap. */
  listDelayMs?: number;
}

/**
 * A small Streamable HTTP MCP server (stateless: one SDK Server and
 * transport per request) requiring a header, whose tools are `tools` at the
 * time of each request: tests add and remove tools between syncs. Each tool
 * echoes its arguments.
 */
export async function startToolServer(options: ToolServerOptions): Promise<Upstream & { tools: string[]; listCalls: number }> {
  const state = { tools: [] as string[], listCalls: 0 };
  const pageSize = options.pageSize ?? 1000;
  const handle = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const server = new McpLowLevelServer({ name: 'test-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      state.listCalls += 1;
      if (options.listDelayMs) await new Promise((resolve) => setTimeout(resolve, options.listDelayMs));
      const start = Number(request.params?.cursor ?? 0);
      const page = state.tools.slice(start, start + pageSize);
      return {
        tools: page.map((name) => ({
          name,
          description: `The ${name} tool`,
          inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } } },
        })),
        ...(start + pageSize < state.tools.length ? { nextCursor: String(start + pageSize) } : {}),
      };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: 'text' as const, text: JSON.stringify(request.params) }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
  const http = createServer((req, res) => {
    if (req.headers[options.header.toLowerCase()] !== options.value) return void res.writeHead(401).end();
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      handle(req, res, JSON.parse(text)).catch(() => (res.headersSent ? res.destroy() : res.writeHead(500).end()));
    });
  });
  const base = await listen(http);
  return Object.assign(state, { url: `${base}/mcp`, close: () => closeServer(http) });
}
