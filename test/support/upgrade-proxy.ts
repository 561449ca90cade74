import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * The balancer's rule for media streams in a test: WebSocket upgrades on the API's server whose path starts with
 * `prefix` are passed, byte for byte, to a media process listening on `port`; any other upgrade is refused.
 * `close()` drops the connections still open.
 */
export function proxyUpgrades(server: Server, o: { prefix: string; port: number }): { close(): void } {
  const open = new Set<Socket>();
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith(o.prefix)) return socket.destroy();
    const upstream = connect(o.port, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`)];
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    open.add(upstream);
    const close = () => {
      socket.destroy();
      upstream.destroy();
      open.delete(upstream);
    };
    upstream.on('error', close).on('close', close);
    socket.on('error', close).on('close', close);
  });
  return { close: () => open.forEach((s) => s.destroy()) };
}
