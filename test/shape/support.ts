import { afterAll, beforeAll, expect } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../support/app.js';
import { uniqueTaskQueue } from '../support/worker.js';
import { closeWebhookDispatchers } from '../../src/modules/triggers/trigger-settings.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { makeAgent } from '../support/engine.js';
import { eventually } from '../support/releases.js';
import { emitEvent } from '../../src/modules/triggers/emit-event.js';
import { startRunWorkflows } from '../../src/modules/triggers/webhook-dispatcher.js';
import pino from 'pino';
import supertest from 'supertest';
import type { Shape } from '../../scripts/production-shape.js';
import { initOrm } from '../../src/db/orm.js';
import { entities } from '../../src/entities.js';
import { loadConfig } from '../../src/config.js';
import { recordingStoreFrom } from '../../src/modules/calls/recording-store.js';

/** A loopback webhook receiver answering 200 after `delayMs`; `arrivals` holds when each request came in. */
export async function startReceiver(delayMs = 0): Promise<{ url: string; arrivals: number[]; close(): Promise<void> }> {
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    setTimeout(() => res.writeHead(200).end(), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A new organization with an agent whose call.ended trigger posts to `url`. */
export async function subscribedAgent(t: TestApp, url: string): Promise<{ tenant: TestTenant; agentId: string }> {
  const tenant = await createTenant(t);
  const agent = await makeAgent(t, tenant);
  const created = await t.request
    .post('/v1/agent_trigger/create')
    .set(tenant.headers)
    .send({ agent_id: agent.agent_id, event_kinds: ['call.ended'], url });
  expect(created.status).toBe(201);
  return { tenant, agentId: agent.agent_id };
}

/**
 * Emits one call.ended for the agent and starts its trigger run's workflow on `queue` (as a worker's dispatcher
 * does for a run whose claim lapsed: no dispatcher runs in these tests, whose database other files share); the run's id.
 */
export async function deliverEvent(t: TestApp, queue: string, tenant: TestTenant, agentId: string): Promise<string> {
  const { runIds } = await t.orm.em
    .fork()
    .transactional((tx) =>
      emitEvent(tx, { organizationId: tenant.organizationId, agentId, type: 'call.ended', data: { n: 1 } as never /* synthetic: delivery is under test */ }),
    );
  expect(runIds).toHaveLength(1);
  await startRunWorkflows(t.orm.em.fork(), { client: t.deps.temporal!.client, taskQueue: queue }, [{ runId: runIds[0] }]);
  return runIds[0];
}

/** The trigger run once it is settled (neither pending nor delivering). */
export function settledRun(t: TestApp, tenant: TestTenant, runId: string): Promise<{ status: string; attempts: { status_code: number | null }[] }> {
  return eventually(
    async () =>
      (await t.request.get(`/v1/agent_trigger/run/${runId}/retrieve`).set(tenant.headers)).body.run as {
        status: string;
        attempts: { status_code: number | null }[];
      },
    (r) => r.status !== 'pending' && r.status !== 'delivering',
    30_000,
    200,
  );
}

/** The encryption key of the shape tests' apps and the worker processes they start (one key, so both read secrets). */
export const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

export interface WebhookTestApp {
  t: TestApp;
  queue: string;
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** A scratch folder of the file's own, removed afterwards. */
  dir: string;
}

/**
 * Registers the file's beforeAll/afterAll: the app on its own task queue (with Temporal, receivers on loopback
 * allowed), a webhook receiver answering after `receiverDelayMs`, and a scratch folder. Read the fields in tests.
 */
export function webhookTestApp(name: string, receiverDelayMs = 0): WebhookTestApp {
  const h = {} as WebhookTestApp;
  beforeAll(async () => {
    h.queue = uniqueTaskQueue(name);
    h.t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: h.queue, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ENCRYPTION_KEY } });
    h.receiver = await startReceiver(receiverDelayMs);
    h.dir = mkdtempSync(join(tmpdir(), `vp-${name}-`));
  }, 60_000);
  afterAll(async () => {
    await h.receiver?.close();
    await closeWebhookDispatchers();
    await h.t?.close();
    if (h.dir) rmSync(h.dir, { recursive: true, force: true });
  });
  return h;
}

/**
 * The shape seen as a TestApp, for the test helpers that take one: the test's own ORM on the shape's database,
 * REST requests through the balancer, and a config with the shape's own secrets (tokens it issues are valid there).
 */
export async function shapeTestApp(shape: Shape): Promise<TestApp> {
  const orm = await initOrm({ entities, url: shape.databaseUrl, poolMax: 4, logger: () => {} });
  const config = loadConfig({ ...shape.env, LOG_LEVEL: 'silent' });
  return {
    deps: { config, orm, logger: pino({ level: 'silent' }), recordings: await recordingStoreFrom(config) },
    orm,
    request: supertest(shape.url),
    callback: undefined as never,
    recordingsDir: config.recordings.dir,
    close: () => orm.close(true),
  };
}
