import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Child {
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr, for failure messages. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ChildOptions {
  /** What it is, for failure messages ("the API process"). */
  label: string;
  /** The script and its arguments, run by this Node with tsx. */
  args: string[];
  /** Added to this process's environment (test database, Temporal address), without Jest's NODE_OPTIONS. */
  env: Record<string, string>;
  /** Whether it has come up: polled on its output until it holds. */
  ready: (output: string) => boolean | Promise<boolean>;
  /** Give it a DATA_DIR of its own (its development secrets), removed when it exits. */
  dataDir?: boolean;
  timeoutMs?: number;
}

/** A process of the platform's for a test, resolved once it is ready; killed if it does not get there in time. */
export async function startChild(o: ChildOptions): Promise<Child> {
  const { NODE_OPTIONS: _jestOptions, ...inherited } = process.env;
  const dataDir = o.dataDir ? mkdtempSync(join(tmpdir(), 'vp-child-')) : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', ...o.args], {
    env: { ...inherited, ...(dataDir ? { DATA_DIR: dataDir } : {}), ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  if (dataDir) child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const timeoutMs = o.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${o.label} exited (${child.exitCode ?? child.signalCode}) before it was ready: ${output}`);
    }
    if (await o.ready(output)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${o.label} was not ready within ${timeoutMs} ms: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
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
