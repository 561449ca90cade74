import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { findTemporalCli } from '../temporal/cli-binary.js';

/**
 * Starts `temporal server start-dev` for `npm run dev`, keeping its state in
 * DATA_DIR/temporal.db so workflows survive a restart, or reuses a Temporal
 * server that already answers at the address.
 */
export interface EmbeddedTemporal {
  address: string;
  uiUrl: string | undefined;
  stop(): Promise<void>;
}

async function answers(address: string): Promise<boolean> {
  try {
    const connection = await Connection.connect({ address, connectTimeout: 1000 });
    await connection.healthService.check({});
    await connection.close();
    return true;
  } catch {
    return false;
  }
}

export async function startEmbeddedTemporal(options: {
  dataDir: string;
  address: string;
  uiPort: number;
  log: (msg: string) => void;
}): Promise<EmbeddedTemporal> {
  if (await answers(options.address)) {
    options.log(`Using the Temporal server already running at ${options.address}`);
    return { address: options.address, uiUrl: undefined, stop: async () => {} };
  }
  const cli = await findTemporalCli(options.log);
  const [ip, port] = options.address.split(':');
  mkdirSync(resolve(options.dataDir), { recursive: true });
  const child: ChildProcess = spawn(
    cli,
    [
      'server',
      'start-dev',
      '--ip',
      ip,
      '--port',
      port,
      '--ui-port',
      String(options.uiPort),
      '--db-filename',
      resolve(options.dataDir, 'temporal.db'),
      '--log-level',
      'error',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const deadline = Date.now() + 60_000;
  while (!(await answers(options.address))) {
    if (child.exitCode !== null) throw new Error(`The Temporal dev server exited (code ${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The Temporal dev server did not answer at ${options.address} within 60 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    address: options.address,
    uiUrl: `http://${ip}:${options.uiPort}`,
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolveStop();
        });
        child.kill('SIGTERM');
      }),
  };
}
