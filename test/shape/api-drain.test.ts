import { describe, it, expect } from '@jest/globals';
import { request, Agent } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createDrainableServer } from '../../src/http/drainable-server.js';

/**
 * The API's shutdown (issue #12, defect 5): requests in flight finish and are
 * answered with `Connection: close`, keep-alive clients are told to go rather
 * than served on and on, idle connections are closed (FIN, not a reset), new
 * connections are refused, and whatever is still open at the deadline is closed.
 */
async function start(handler: Parameters<typeof createDrainableServer>[0]) {
  const http = createDrainableServer(handler);
  await new Promise<void>((resolve) => http.server.listen(0, '127.0.0.1', resolve));
  return { http, port: (http.server.address() as AddressInfo).port };
}

function get(port: number, agent: Agent, path = '/'): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (d: string) => (body += d))
        .on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw keep-alive connection that has finished one request and sits idle: how it ends (end = FIN, error = reset). */
async function idleConnection(port: number): Promise<{ socket: Socket; ended: Promise<'end' | 'reset'> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  socket.write('GET /idle HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
  await new Promise((r) => socket.once('data', r));
  const ended = new Promise<'end' | 'reset'>((resolve) => {
    socket.once('end', () => resolve('end'));
    socket.once('error', () => resolve('reset'));
  });
  return { socket, ended };
}

describe('draining the API server', () => {
  it('finishes requests in flight with Connection: close, closes idle keep-alive connections, refuses new ones', async () => {
    const { http, port } = await start((req, res) => {
      const wait = req.url === '/slow' ? 600 : 0;
      setTimeout(() => res.end(req.url), wait);
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    // Before: keep-alive as usual.
    expect((await get(port, agent)).connection).toBe('keep-alive');
    const idle = await idleConnection(port);

    const inFlight = get(port, agent, '/slow');
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    const drained = http.drain(5000);
    expect(http.draining).toBe(true);

    // The request in flight completes, and its answer tells the client to close.
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: '/slow' });
    // The idle connection was closed gracefully, not reset.
    expect(await idle.ended).toBe('end');
    // No new connection is taken.
    await expect(get(port, new Agent({ keepAlive: false }))).rejects.toThrow(/ECONNREFUSED/);
    await drained;
    expect(performance.now() - started).toBeLessThan(2000);
    agent.destroy();
  });

  it('keeps no client forever: a keep-alive client sending on gets Connection: close on its next answer', async () => {
    const { http, port } = await start((req, res) => res.end('ok'));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, agent)).connection).toBe('keep-alive');
    // A busy client: a request goes out just as the drain begins, on the open keep-alive connection.
    const sending = get(port, agent);
    const drained = http.drain(5000);
    expect((await sending).connection).toBe('close');
    await drained;
    await expect(get(port, agent)).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });

  it('closes what is still open at the deadline', async () => {
    const { http, port } = await start(() => {
      /* never answers */
    });
    const hanging = get(port, new Agent({ keepAlive: true })).catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    await http.drain(300);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
    expect(String(await hanging)).toMatch(/socket hang up|ECONNRESET/);
  });
});
