import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ChildMedia {
  process: ChildProcess;
  /** Everything it wrote, for failure messages. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * `src/main.ts media` in a child process (this Node, with tsx) on the test
 * database and Temporal server, resolved once it says it runs. Its
 * environment is this process's plus `env` (MEDIA_STREAM_PORT, PUBLIC_URL,
 * TEMPORAL_TASK_QUEUE...); its development secrets live in a folder of its own.
 */
export async function startChildMedia(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildMedia> {
  const { NODE_OPTIONS: _jestOptions, ...inherited } = process.env;
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-child-media-'));
  const rtpMin = 30_000 + 2 * Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'media'], {
    env: {
      ...inherited,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      SIP_HOST: '127.0.0.1',
      SIP_PORT: '0',
      RTP_PORT_MIN: String(rtpMin),
      RTP_PORT_MAX: String(rtpMin + 99),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the media process did not run within ${timeoutMs} ms: ${output}`));
    }, timeoutMs);
    const check = () => {
      if (output.includes('media runtime running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the media process exited (${code}) before it ran: ${output}`));
    });
  });
  return {
    process: child,
    output: () => output,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
