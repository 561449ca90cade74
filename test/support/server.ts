import type { Server } from 'node:http';
import { createHttpServer } from '../../src/http/server.js';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './app.js';

export interface TestServer extends TestApp {
  /** `http://127.0.0.1:<port>`: PUBLIC_URL of the app, so the OAuth issuer matches what clients call. */
  baseUrl: string;
  server: Server;
  /** A new app (new provider instance, same database and address), as after a restart. */
  restart(): Promise<void>;
}

/**
 * The real app behind a real HTTP server on a loopback port: what OAuth and
 * MCP clients need (redirects, cookies, absolute URLs). The port is taken
 * first, then the app is created with that address as PUBLIC_URL.
 */
export async function startTestServer(options: { temporal?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const server = createHttpServer();
  // As src/main.ts serves: idle keep-alive sockets are kept 65 s. Node's default (5 s) lets a loaded test machine
  // send a request on a socket the server is closing that instant ('fetch failed', seen once in the fuzz test).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const create = () => createTestApp({ ...options, env: { PUBLIC_URL: baseUrl, TOKEN_RATE_LIMIT_PER_MINUTE: '100000', ...options.env } });
  let app = await create();
  server.on('request', (req, res) => void app.callback(req, res));
  const handle: TestServer = {
    ...app,
    baseUrl,
    server,
    async restart() {
      const previous = app;
      app = await create();
      Object.assign(handle, { deps: app.deps, orm: app.orm, request: app.request, callback: app.callback, recordingsDir: app.recordingsDir });
      await previous.close();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
  return handle;
}
