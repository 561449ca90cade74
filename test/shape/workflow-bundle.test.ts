import { describe, it, expect } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startChildWorker } from '../support/child-worker.js';
import { deliverEvent, ENCRYPTION_KEY, settledRun, subscribedAgent, webhookTestApp } from './support.js';

/**
 * The production build's workflows (issue #12): scripts/bundle-workflows.ts
 * bundles them ahead of time, and a worker given the bundle (WORKFLOW_BUNDLE,
 * or dist/workflow-bundle.js in a build) loads it instead of bundling at
 * start-up, and runs workflows from it: here a webhook delivery end to end.
 */
const h = webhookTestApp('bundle');

describe('the prebuilt workflow bundle', () => {
  it('is written by the build script and runs workflows in a worker that loads it', async () => {
    const { t, queue, receiver, dir } = h;
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
      // Nothing at warning or above: a worker given a bundle once warned that it ignored the bundler's options.
      expect(
        worker
          .output()
          .split('\n')
          .filter((line) => /"level":[4-6]\d/.test(line)),
      ).toEqual([]);
    } finally {
      await worker.kill('SIGKILL');
    }
  }, 180_000);

  it('a WORKFLOW_BUNDLE that does not exist stops the worker with a clear error', async () => {
    await expect(startChildWorker(h.queue, { WORKFLOW_BUNDLE: join(h.dir, 'missing.js') }, 30_000)).rejects.toThrow(
      /WORKFLOW_BUNDLE: .*missing\.js does not exist/,
    );
  }, 60_000);
});
