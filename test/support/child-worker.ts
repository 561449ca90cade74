import { fileURLToPath } from 'node:url';
import { startChild, type Child } from './child-process.js';

const SCRIPT = fileURLToPath(new URL('./worker-process.ts', import.meta.url));

export type ChildWorker = Child;

/**
 * Starts test/support/worker-process.ts in a child process (this Node, with
 * tsx) on `taskQueue`, and resolves once it polls. Its environment is this
 * process's (test database, Temporal address) plus `env`.
 */
export async function startChildWorker(taskQueue: string, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ChildWorker> {
  return startChild({
    label: 'the child worker',
    args: [SCRIPT],
    timeoutMs,
    env: { TEMPORAL_TASK_QUEUE: taskQueue, ...env },
    ready: (output) => output.includes('ready\n'),
  });
}
