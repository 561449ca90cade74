import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./worker-process.ts', import.meta.url));

export interface ChildWorker {
  process: ChildProcess;
  /** Everything it wrote to stderr, for failure messages. */
  stderr(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts test/support/worker-process.ts in a child process (this Node, with
 * tsx) on `taskQueue`, and resolves once it polls. Its environment is this
 * process's (test database, Temporal address) plus `env`.
 */
export async function startChildWorker(taskQueue: string, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ChildWorker> {
  const { NODE_OPTIONS: _jestOptions, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...inherited, TEMPORAL_TASK_QUEUE: taskQueue, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child worker not ready in ${timeoutMs} ms: ${err}`)), timeoutMs);
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('ready\n')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child worker exited (${code}) before it was ready: ${err}`));
    });
  });
  return {
    process: child,
    stderr: () => err,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
