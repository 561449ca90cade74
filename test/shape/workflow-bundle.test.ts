import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../support/app.js';
import { startChildWorker } from '../support/child-worker.js';
import { uniqueTaskQueue } from '../support/worker.js';
import { closeWebhookDispatchers } from '../../src/modules/triggers/trigger-settings.js';
import { deliverEvent, settledRun, startReceiver, subscribedAgent } from './support.js';

/**
 * The production build's workflows (issue #12): scripts/bundle-workflows.ts
 * bundles them ahead of time, and a worker given the bundle (WORKFLOW_BUNDLE,
 * or dist/workflow-bundle.js in a build) loads it instead of bundling at
 * start-up, and runs workflows from it: here a webhook delivery end to end.
 */
const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');
let t: TestApp;
let queue: string;
let dir: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  queue = uniqueTaskQueue('bundle');
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: queue, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ENCRYPTION_KEY } });
  dir = mkdtempSync(join(tmpdir(), 'vp-bundle-'));
  receiver = await startReceiver();
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await closeWebhookDispatchers();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the prebuilt workflow bundle', () => {
  it('is written by the build script and runs workflows in a worker that loads it', async () => {
    const bundle = join(dir, 'workflow-bundle.js');
    const { NODE_OPTIONS: _jest, ...env } = process.env;
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/bundle-workflows.ts', bundle], { env, timeout: 120_000 });
    expect(existsSync(bundle)).toBe(true);
    expect(statSync(bundle).size).toBeGreaterThan(100_000);

    const worker = await startChildWorker(queue, { WORKFLOW_BUNDLE: bundle, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ENCRYPTION_KEY });
    try {
      const { tenant, agentId } = await subscribedAgent(t, receiver.url);
      const run = await settledRun(t, tenant, await deliverEvent(t, queue, tenant, agentId));
      expect(run.status).toBe('succeeded');
      expect(receiver.arrivals).toHaveLength(1);
    } finally {
      await worker.kill('SIGKILL');
    }
  }, 180_000);

  it('a WORKFLOW_BUNDLE that does not exist stops the worker with a clear error', async () => {
    await expect(startChildWorker(queue, { WORKFLOW_BUNDLE: join(dir, 'missing.js') }, 30_000)).rejects.toThrow(/WORKFLOW_BUNDLE: .*missing\.js does not exist/);
  }, 60_000);
});
