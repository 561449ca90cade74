import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

const run = promisify(execFile);

/**
 * A PostgreSQL instance of a suite's own: `initdb` in a temporary folder, on a
 * loopback port of its own, trust authentication. Fault tests restart it
 * without disturbing the machine's cluster that every other suite uses.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  port: number;
  /** Stops the server (fast shutdown: open connections are cut), waits `downMs`, starts it again. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql: install Debian's postgresql package");
  return join(root, versions[0], 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'vp-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const as = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
  const data = join(dir, 'data');
  const port = await freePort();
  await as(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => as(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  const stop = () => as(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart(downMs = 0) {
      await stop();
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async stop() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
