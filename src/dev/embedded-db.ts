import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * The zero-install development database: PGlite (PostgreSQL compiled to
 * WebAssembly) with its data under DATA_DIR/pglite, served over the
 * PostgreSQL wire protocol on a loopback port. The app, the worker and the
 * admin CLI all connect to it with the ordinary pg driver, and the socket
 * server keeps each connection's transaction to itself.
 */
export interface EmbeddedDb {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startEmbeddedDb(dataDir: string, port = 0): Promise<EmbeddedDb> {
  const dir = resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 64 });
  await server.start();
  const actualPort = Number(server.getServerConn().split(':').pop());
  return {
    url: `postgresql://postgres@127.0.0.1:${actualPort}/postgres`,
    port: actualPort,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
