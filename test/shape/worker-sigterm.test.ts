import { describe, it, expect } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventually } from '../support/releases.js';
import { startChildWorker } from '../support/child-worker.js';
import { deliverEvent, ENCRYPTION_KEY, settledRun, subscribedAgent, webhookTestApp } from './support.js';

/**
 * SIGTERM to the worker role (`src/main.ts worker`, issue #12 defect 2): it
 * stops polling, lets the running activity finish (here a webhook delivery to
 * a receiver that takes 1.5 s to answer), then closes its connections and
 * exits 0. Before, it exited about 250 ms after the signal with "shutdown step
 * failed", closed the database pool under the running activity, and the
 * webhook was delivered twice with one attempt recorded.
 */
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const SLOW_MS = 1500;

const h = webhookTestApp('sigterm', SLOW_MS);

/** The worker role as production runs it, on the test database, Temporal and task queue; resolves once it polls. */
async function workerRole(): Promise<{ child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; at: number }> }> {
  const { NODE_OPTIONS: _jest, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'worker'], {
    env: {
      ...inherited,
      NODE_ENV: 'test',
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      TEMPORAL_TASK_QUEUE: h.queue,
      DATA_DIR: h.dir,
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      ENCRYPTION_KEY,
      LOG_LEVEL: 'info',
      TRIGGER_DISPATCH_POLL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: performance.now() })));
  await eventually(
    async () => output,
    (o) => o.includes('worker running') || child.exitCode !== null,
    60_000,
    100,
  );
  if (child.exitCode !== null) throw new Error(`the worker role exited: ${output}`);
  return { child, output: () => output, exited };
}

describe('SIGTERM to a worker', () => {
  it('lets the webhook delivery in flight finish, records its one attempt, then exits 0: nothing is delivered twice', async () => {
    const { t, queue, receiver } = h;
    const { tenant, agentId } = await subscribedAgent(t, receiver.url);
    const { arrivals } = receiver;
    const worker = await workerRole();
    try {
      const runId = await deliverEvent(t, queue, tenant, agentId);

      await eventually(
        async () => arrivals.length,
        (n) => n === 1,
        30_000,
        20,
      );
      const signalledAt = performance.now();
      worker.child.kill('SIGTERM');
      const { code, at } = await worker.exited;
      // It waited for the receiver's answer (1.5 s after the request came in), and stopped cleanly.
      expect(code).toBe(0);
      expect(at - arrivals[0]).toBeGreaterThanOrEqual(SLOW_MS - 100);
      expect(at - signalledAt).toBeLessThan(15_000);
      expect(worker.output()).not.toContain('shutdown step failed');

      // Another worker takes over whatever remains of the run's workflow: the delivery is not repeated.
      const next = await startChildWorker(queue, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ENCRYPTION_KEY });
      try {
        const run = await settledRun(t, tenant, runId);
        expect(run.status).toBe('succeeded');
        expect(run.attempts.map((a) => a.status_code)).toEqual([200]);
        await new Promise((r) => setTimeout(r, 2000));
        expect(arrivals).toHaveLength(1);
      } finally {
        await next.kill('SIGKILL');
      }
    } finally {
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    }
  }, 120_000);
});
