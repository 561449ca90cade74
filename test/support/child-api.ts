import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ChildApi {
  process: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything it wrote to stderr and stdout, for failure messages. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * `src/main.ts serve` in a child process (this Node, with tsx) on the test
 * database, resolved once /healthz answers. Its environment is this
 * process's (test database, Temporal address) plus `env`; its development
 * secrets live in a folder of its own.
 */
export async function startChildApi(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ChildApi> {
  const { NODE_OPTIONS: _jestOptions, ...inherited } = process.env;
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-child-api-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
    env: {
      ...inherited,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      MIGRATE_ON_START: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API process exited (${child.exitCode}) before it served: ${output}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API process did not serve within ${timeoutMs} ms: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    process: child,
    baseUrl,
    port,
    output: () => output,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
