import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';

/**
 * An https server on 127.0.0.1 for code that insists on https (a Client ID
 * Metadata Document's URL must be https). Its certificate is a self-signed
 * one for 127.0.0.1 and localhost kept in test/support/tls/ (test-only: the
 * key is public); while the server runs, this process trusts it in addition
 * to the usual roots (`tls.setDefaultCACertificates`), so the platform's
 * guarded dispatcher verifies it like any public certificate: no switch in
 * the code under test. The SSRF guard still needs OUTBOUND_ALLOWED_HOSTS to
 * name 127.0.0.1.
 */
const dir = new URL('./tls/', import.meta.url);
const cert = readFileSync(new URL('loopback-cert.pem', dir), 'utf8');
const key = readFileSync(new URL('loopback-key.pem', dir), 'utf8');

export interface HttpsTestServer {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  server: Server;
  close(): Promise<void>;
}

export async function startHttpsServer(handler: Parameters<typeof createServer>[1]): Promise<HttpsTestServer> {
  const defaults = getCACertificates('default');
  setDefaultCACertificates([...defaults, cert]);
  const server = createServer({ cert, key }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      setDefaultCACertificates(defaults);
    },
  };
}
