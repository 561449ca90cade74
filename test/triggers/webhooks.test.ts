import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { engineDeps, makeAgent, conversationInput } from '../support/engine.js';
import { eventually } from '../support/releases.js';
import { connectMcp, mcpPrincipal } from '../support/mcp.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { emitEvent } from '../../src/modules/triggers/emit-event.js';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../src/modules/triggers/webhook-dispatcher.js';
import { closeWebhookDispatchers, triggerSettingsFrom } from '../../src/modules/triggers/trigger-settings.js';
import { INTERRUPTED, parseRetryAfter } from '../../src/modules/triggers/trigger-run-steps.js';
import { sql } from '../../src/db/orm.js';
import { AgentTrigger, TriggerRun } from '../../src/modules/triggers/triggers.entity.js';
import { temporalAccess } from '../../src/modules/temporal-access.js';
import { workflowIds } from '../../workflows/workflow-ids.js';
import { cancelSignal } from '../../workflows/trigger-run/messages.js';
import type { EventKind } from '../../src/modules/triggers/triggers.schemas.js';
import type { AgentView } from '../../src/modules/agents/agents.schemas.js';

/**
 * Webhooks as agent triggers end to end: REST in front, the triggerRun
 * workflow on a real worker (own task queue) against the test run's Temporal
 * dev server, the worker's webhook dispatcher making first attempts straight
 * from the outbox (woken by NOTIFY) and handing retries to it, and a real
 * receiver on loopback that verifies every delivery with the
 * `standardwebhooks` package. The retry schedule is shrunk to milliseconds.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let worker: TestWorker;
let dispatcher: WebhookDispatcher;
let receiver: Receiver;

interface Delivery {
  path: string;
  webhookId: string;
  headers: Record<string, string>;
  body: string;
  envelope: { type: string; id: string; created_at: string; organization_id: string; data: Record<string, unknown> };
}

/** A loopback receiver: records every request; `answer` decides each response (200 unless told). */
class Receiver {
  readonly deliveries: Delivery[] = [];
  answer: (d: Delivery, seen: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 });
  private server: Server | undefined;
  port = 0;

  async listen(port = 0): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const d: Delivery = { path: req.url ?? '/', webhookId: headers['webhook-id'], headers, body, envelope: JSON.parse(body) as Delivery['envelope'] };
        this.deliveries.push(d);
        const seen = this.deliveries.filter((x) => x.webhookId === d.webhookId && x.path === d.path).length;
        const { status, headers: out } = this.answer(d, seen);
        res.writeHead(status, out).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path: string, port = this.port): string {
    return `http://127.0.0.1:${port}${path}`;
  }

  at(path: string): Delivery[] {
    return this.deliveries.filter((d) => d.path === path);
  }
}

/** Every delivery to `path` verifies with the trigger's secret (the official library: signature, timestamp, id). */
function expectSigned(deliveries: Delivery[], secret: string) {
  const wh = new Webhook(secret);
  for (const d of deliveries) {
    expect(wh.verify(d.body, d.headers)).toEqual(d.envelope);
    expect(d.webhookId).toBe(d.envelope.id);
  }
}

beforeAll(async () => {
  t = await createTestApp({
    temporal: true,
    env: {
      TEMPORAL_TASK_QUEUE: uniqueTaskQueue('triggers'),
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE_MS: '150,150,150,150,150,150',
      WEBHOOK_TIMEOUT_MS: '3000',
    },
  });
  a = await createTenant(t);
  b = await createTenant(t);
  worker = await startTestWorker(t);
  // The worker role's dispatcher, for this file's tenants only (other files share the database).
  dispatcher = startWebhookDispatcher({
    orm: t.orm,
    temporal: temporalAccess(t.deps),
    settings: triggerSettingsFrom(t.deps.config),
    databaseUrl: t.deps.config.db.url!,
    pollMs: 1000,
    logger: t.deps.logger,
    organizations: [a.organizationId, b.organizationId],
  });
  await dispatcher.ready;
  receiver = new Receiver();
  await receiver.listen();
}, 120_000);
afterAll(async () => {
  await dispatcher?.stop();
  await worker?.stop();
  await receiver?.close();
  await closeWebhookDispatchers();
  await t?.close();
});

const deskConfig = {
  variables: [{ key: 'customer_name', description: 'Full name' }],
  destinations: [{ name: 'billing', address: '+4930123456' }],
  model: {
    provider: 'simulated' as const,
    name: 'desk',
    temperature: 0,
    rules: [
      { when: { regex: 'my name is (?<name>[A-Za-z]+)' }, say: 'Thanks, noted.', set_variable: { key: 'customer_name', group: 'name' } },
      { when: 'billing', say: 'Connecting you to billing.', transfer_to: 'billing' },
      { when: 'secret', call_tool: { name: 'lookup_secret', arguments: { level: 3 } } },
      { when: 'bye', say: 'Goodbye!', hangup: true },
    ],
  },
};

type TriggerBody = { trigger: { trigger_id: string; enabled: boolean; disabled_reason: string | null; retry_schedule_ms: number[] }; signing_secret: string };
type RunBody = {
  run_id: string;
  trigger_id: string;
  event_id: string;
  event_type: string;
  origin: string;
  url: string;
  status: string;
  attempts: { at: string; status_code: number | null; latency_ms: number; error: string | null }[];
  next_attempt_at: string | null;
};

async function createTrigger(tenant: TestTenant, body: Record<string, unknown>): Promise<TriggerBody> {
  const res = await t.request.post('/v1/agent_trigger/create').set(tenant.headers).send(body);
  expect(res.status).toBe(201);
  return res.body as TriggerBody;
}

async function emit(tenant: TestTenant, agentId: string, type: EventKind, data: Record<string, unknown> = {}): Promise<{ eventId: string; runIds: string[] }> {
  return t.orm.em
    .fork()
    .transactional((tx) =>
      emitEvent(tx, { organizationId: tenant.organizationId, agentId, type, data: data as never /* synthetic payloads: delivery is under test */ }),
    );
}

const retrieveRun = async (runId: string, tenant = a): Promise<RunBody> => {
  const res = await t.request.get(`/v1/agent_trigger/run/${runId}/retrieve`).set(tenant.headers);
  expect(res.status).toBe(200);
  return res.body.run as RunBody;
};
const finished = (runId: string, ms = 30_000, tenant = a) =>
  eventually(
    () => retrieveRun(runId, tenant),
    (r) => ['succeeded', 'failed', 'cancelled'].includes(r.status),
    ms,
  );

let agent: AgentView;
beforeAll(async () => {
  agent = await makeAgent(t, a, deskConfig);
});

describe('delivery', () => {
  it('keeps retrying while the receiver is down (refused, then 503), then delivers every event, signed, with one webhook-id per event', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    // A port with nothing listening: connections are refused until the receiver comes up on it.
    const down = new Receiver();
    await down.listen();
    const port = down.port;
    await down.close();

    const { trigger, signing_secret: secret } = await createTrigger(a, {
      agent_id: agent.agent_id,
      event_kinds: ['call.ended', 'variables.collected'],
      url: down.url('/down', port),
      retry_schedule_ms: [200, 200, 200, 300, 300, 300, 500, 500, 500, 1000],
    });
    const emitted = [
      await emit(a, agent.agent_id, 'call.ended', { n: 1 }),
      await emit(a, agent.agent_id, 'variables.collected', { n: 2 }),
      await emit(a, agent.agent_id, 'call.ended', { n: 3 }),
      await emit(a, agent.agent_id, 'tool_call.failed', { n: 4 }), // not subscribed: no run
    ];
    expect(emitted.map((e) => e.runIds.length)).toEqual([1, 1, 1, 0]);
    const runIds = emitted.flatMap((e) => e.runIds);

    // Each run's first attempt failed and became its workflow; each has failed at least twice against the closed port.
    for (const id of runIds) {
      const run = await eventually(
        () => retrieveRun(id),
        (r) => r.attempts.length >= 2,
        20_000,
      );
      expect(run.status).toBe('delivering');
      expect(run.attempts[0]).toMatchObject({ status_code: null, error: expect.stringMatching(/ECONNREFUSED/) });
      expect(run.next_attempt_at).not.toBeNull();
    }
    // Each failed first attempt became the run's workflow (marked, so no dispatcher claims it again).
    const rows = await t.orm.em.fork().find(TriggerRun, { id: { $in: runIds } });
    expect(rows.every((r) => r.workflowStartedAt instanceof Date)).toBe(true);

    // Up, but overloaded once per event (503 without Retry-After: the schedule's wait), then fine.
    down.answer = (_d, seen) => (seen === 1 ? { status: 503 } : { status: 200 });
    await down.listen(port);
    try {
      const runs = await Promise.all(runIds.map((id) => finished(id)));
      for (const run of runs) {
        expect(run.status).toBe('succeeded');
        const codes = run.attempts.map((x) => x.status_code);
        expect(codes.at(-1)).toBe(200);
        expect(codes.at(-2)).toBe(503);
        expect(codes.slice(0, 2)).toEqual([null, null]);
        for (const attempt of run.attempts) expect(attempt.latency_ms).toBeGreaterThanOrEqual(0);
        expect(run.next_attempt_at).toBeNull();
      }
      const got = down.at('/down');
      expect(new Set(got.map((d) => d.webhookId))).toEqual(new Set(emitted.slice(0, 3).map((e) => e.eventId)));
      // Each event: two requests (503, then 200), the same webhook-id and body on both, every one signed.
      for (const e of emitted.slice(0, 3)) {
        const mine = got.filter((d) => d.webhookId === e.eventId);
        expect(mine).toHaveLength(2);
        expect(new Set(mine.map((d) => d.body)).size).toBe(1);
      }
      expectSigned(got, secret);
      expect(got[0].envelope).toMatchObject({ organization_id: a.organizationId, created_at: expect.any(String) });
      expect(got.find((d) => d.envelope.type === 'variables.collected')?.envelope.data).toEqual({ n: 2 });

      // The listing shows them, newest first, keyset-paged.
      const page1 = await t.request.get(`/v1/agent_trigger/${trigger.trigger_id}/run/list?page_size=2`).set(a.headers);
      expect(page1.status).toBe(200);
      expect(page1.body.runs.map((r: RunBody) => r.run_id)).toEqual([runIds[2], runIds[1]]);
      const page2 = await t.request.get(`/v1/agent_trigger/${trigger.trigger_id}/run/list?page_size=2&cursor=${page1.body.next_cursor}`).set(a.headers);
      expect(page2.body.runs.map((r: RunBody) => r.run_id)).toEqual([runIds[0]]);
      expect(page2.body.next_cursor).toBeNull();
    } finally {
      await down.close();
    }
  }, 60_000);

  it('gives up after the schedule: the run fails with every attempt recorded', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    const { trigger } = await createTrigger(a, {
      agent_id: agent.agent_id,
      event_kinds: ['call.analyzed'],
      url: receiver.url('/broken'),
      retry_schedule_ms: [50, 50],
    });
    receiver.answer = (d) => (d.path === '/broken' ? { status: 500 } : { status: 200 });
    const { runIds } = await emit(a, agent.agent_id, 'call.analyzed');
    const run = await finished(runIds[0]);
    expect(run).toMatchObject({ status: 'failed', trigger_id: trigger.trigger_id });
    expect(run.attempts.map((x) => x.status_code)).toEqual([500, 500, 500]);
    expect(run.attempts[0].error).toMatch(/500/);
  });

  it("does not follow redirects (the receiver's operator updates the URL instead)", async () => {
    const agent = await makeAgent(t, a, deskConfig);
    await createTrigger(a, { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: receiver.url('/moved'), retry_schedule_ms: [] });
    receiver.answer = (d) => (d.path === '/moved' ? { status: 302, headers: { location: receiver.url('/elsewhere') } } : { status: 200 });
    const { runIds } = await emit(a, agent.agent_id, 'call.ended');
    const run = await finished(runIds[0]);
    expect(run.status).toBe('failed');
    expect(run.attempts).toHaveLength(1);
    expect(run.attempts[0].error).toMatch(/redirect/);
    expect(receiver.at('/elsewhere')).toHaveLength(0);
  });

  it('stops at a 410 and disables the trigger', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    const { trigger } = await createTrigger(a, { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: receiver.url('/gone') });
    receiver.answer = (d) => (d.path === '/gone' ? { status: 410 } : { status: 200 });
    const { runIds } = await emit(a, agent.agent_id, 'call.ended');
    const run = await finished(runIds[0]);
    expect(run.status).toBe('failed');
    expect(run.attempts.map((x) => x.status_code)).toEqual([410]);
    const res = await t.request.get(`/v1/agent_trigger/${trigger.trigger_id}/retrieve`).set(a.headers);
    expect(res.body.trigger).toMatchObject({ enabled: false, disabled_reason: 'receiver_gone' });
    // Disabled: a new event makes no run for it; resend is refused until it is enabled again.
    const again = await emit(a, agent.agent_id, 'call.ended');
    expect(await t.orm.em.fork().count(TriggerRun, { trigger: trigger.trigger_id, event: again.eventId })).toBe(0);
    expect((await t.request.post(`/v1/agent_trigger/run/${run.run_id}/resend`).set(a.headers)).status).toBe(409);
    const enabled = await t.request.post(`/v1/agent_trigger/${trigger.trigger_id}/enable`).set(a.headers);
    expect(enabled.body.trigger).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('honours Retry-After (seconds and HTTP date) on 429 and 503 instead of the schedule', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    // The schedule says a minute: only Retry-After can make the second attempt come a second later.
    await createTrigger(a, { agent_id: agent.agent_id, event_kinds: ['campaign.finished'], url: receiver.url('/busy'), retry_schedule_ms: [60_000] });
    receiver.answer = (d, seen) => (d.path === '/busy' && seen === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 });
    const { runIds } = await emit(a, agent.agent_id, 'campaign.finished');
    const run = await finished(runIds[0], 20_000);
    expect(run.status).toBe('succeeded');
    expect(run.attempts.map((x) => x.status_code)).toEqual([429, 200]);
    const gap = Date.parse(run.attempts[1].at) - Date.parse(run.attempts[0].at);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(20_000);

    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('stops a waiting run on the cancel signal', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    await createTrigger(a, { agent_id: agent.agent_id, event_kinds: ['call.started'], url: receiver.url('/slow'), retry_schedule_ms: [600_000] });
    receiver.answer = (d) => (d.path === '/slow' ? { status: 500 } : { status: 200 });
    const { runIds } = await emit(a, agent.agent_id, 'call.started');
    await eventually(
      () => retrieveRun(runIds[0]),
      (r) => r.attempts.length === 1 && r.next_attempt_at !== null,
    );
    // The dispatcher made the first attempt and handed the retry to the run's workflow.
    await eventually(
      () => t.orm.em.fork().findOneOrFail(TriggerRun, { id: runIds[0] }),
      (r) => r.workflowStartedAt !== null,
    );
    await t.deps.temporal!.client.workflow.getHandle(workflowIds.triggerRun(runIds[0])).signal(cancelSignal);
    const run = await finished(runIds[0]);
    expect(run).toMatchObject({ status: 'cancelled', next_attempt_at: null });
    expect(run.attempts).toHaveLength(1);
  });
});

describe('first attempts straight from the outbox', () => {
  /** A dispatcher of one new tenant's runs, polling every `pollMs`. */
  const tenantDispatcher = async (pollMs: number) => {
    const tenant = await createTenant(t);
    const own = startWebhookDispatcher({
      orm: t.orm,
      temporal: temporalAccess(t.deps),
      settings: triggerSettingsFrom(t.deps.config),
      databaseUrl: t.deps.config.db.url!,
      pollMs,
      logger: t.deps.logger,
      organizations: [tenant.organizationId],
    });
    await own.ready;
    return { tenant, own };
  };
  const workflowOf = (runId: string) => t.deps.temporal!.client.workflow.getHandle(workflowIds.triggerRun(runId)).describe();

  it("delivers a run at once, woken by the commit's NOTIFY (its poll is a minute away), with no workflow for it", async () => {
    const { tenant, own } = await tenantDispatcher(60_000);
    try {
      receiver.answer = () => ({ status: 200 });
      const agent = await makeAgent(t, tenant, deskConfig);
      await createTrigger(tenant, { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: receiver.url('/notified') });
      const { eventId, runIds } = await emit(tenant, agent.agent_id, 'call.ended', { n: 1 });
      const run = await finished(runIds[0], 10_000, tenant);
      expect(run).toMatchObject({ status: 'succeeded' });
      expect(run.attempts.map((x) => x.status_code)).toEqual([200]);
      expect(receiver.at('/notified').map((d) => d.webhookId)).toEqual([eventId]);
      const row = await t.orm.em.fork().findOneOrFail(TriggerRun, { id: runIds[0] });
      expect(row.workflowStartedAt).toBeNull();
      await expect(workflowOf(runIds[0])).rejects.toThrow(/not found/i);
      // A rolled-back transaction announces nothing and delivers nothing.
      await t.orm.em
        .fork()
        .transactional(async (tx) => {
          await emitEvent(tx, { organizationId: tenant.organizationId, agentId: agent.agent_id, type: 'call.ended', data: { n: 2 } as never });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.at('/notified')).toHaveLength(1);
    } finally {
      await own.stop();
    }
  });

  it('hands a run whose claim lapsed (its worker died during or after the first attempt) to a workflow: redone or retried, the same webhook-id, every attempt on record', async () => {
    const { tenant, own } = await tenantDispatcher(100);
    await own.stop(); // nobody dispatches this tenant's runs while the test sets up what a dead worker leaves behind
    receiver.answer = () => ({ status: 200 });
    const agent = await makeAgent(t, tenant, deskConfig);
    await createTrigger(tenant, { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: receiver.url('/lapsed') });
    const during = (await emit(tenant, agent.agent_id, 'call.ended', { n: 1 })).runIds[0];
    const after = (await emit(tenant, agent.agent_id, 'call.ended', { n: 2 })).runIds[0];
    const em = t.orm.em.fork();
    const at = new Date().toISOString();
    // Killed with the request in flight: the attempt on record as interrupted, still pending.
    await sql(em, "update trigger_run set claimed_until = now() - interval '1 second', attempts = ?::jsonb where id = ?", [
      JSON.stringify([{ at, status_code: null, latency_ms: 0, error: INTERRUPTED, url: receiver.url('/lapsed') }]),
      during,
    ]);
    // Killed after the receiver answered 503 and the retry was decided, before its workflow started.
    await sql(
      em,
      "update trigger_run set claimed_until = now() - interval '1 second', status = 'delivering', next_attempt_at = now() + interval '300 milliseconds', attempts = ?::jsonb where id = ?",
      [JSON.stringify([{ at, status_code: 503, latency_ms: 3, error: 'The receiver answered 503', url: receiver.url('/lapsed') }]), after],
    );
    const next = startWebhookDispatcher({
      orm: t.orm,
      temporal: temporalAccess(t.deps),
      settings: triggerSettingsFrom(t.deps.config),
      databaseUrl: t.deps.config.db.url!,
      pollMs: 100,
      logger: t.deps.logger,
      organizations: [tenant.organizationId],
    });
    try {
      const [redone, retried] = await Promise.all([finished(during, 30_000, tenant), finished(after, 30_000, tenant)]);
      expect(redone).toMatchObject({ status: 'succeeded' });
      expect(redone.attempts.map((x) => [x.status_code, x.error?.slice(0, 11) ?? null])).toEqual([
        [null, 'interrupted'],
        [200, null],
      ]);
      expect(retried).toMatchObject({ status: 'succeeded' });
      expect(retried.attempts.map((x) => x.status_code)).toEqual([503, 200]);
      for (const id of [during, after]) {
        // Its run is recorded just before the workflow completes: wait for the workflow's end.
        await t.deps.temporal!.client.workflow.getHandle(workflowIds.triggerRun(id)).result();
        expect((await workflowOf(id)).status.name).toBe('COMPLETED');
        const run = await retrieveRun(id, tenant);
        // The dead worker's request is not among the receiver's: only the one the workflow made.
        expect(receiver.at('/lapsed').filter((d) => d.webhookId === run.event_id)).toHaveLength(1);
      }
    } finally {
      await next.stop();
    }
  });
});

describe('resend and replay', () => {
  it('re-sends a run as a new run with the same webhook-id, and replays a time range to another URL', async () => {
    receiver.answer = () => ({ status: 200 });
    const other = await makeAgent(t, a, deskConfig);
    const { trigger, signing_secret: secret } = await createTrigger(a, {
      agent_id: other.agent_id,
      event_kinds: ['call.ended', 'transfer.started'],
      url: receiver.url('/main'),
    });
    const from = new Date(Date.now() - 1000);
    const first = await emit(a, other.agent_id, 'call.ended', { k: 1 });
    const second = await emit(a, other.agent_id, 'transfer.started', { k: 2 });
    await emit(a, other.agent_id, 'variables.collected', { k: 3 }); // not the trigger's kind: never replayed
    const to = new Date(Date.now() + 1000);
    for (const id of [...first.runIds, ...second.runIds]) expect((await finished(id)).status).toBe('succeeded');

    const resent = await t.request.post(`/v1/agent_trigger/run/${first.runIds[0]}/resend`).set(a.headers);
    expect(resent.status).toBe(202);
    expect(resent.body.run).toMatchObject({ event_id: first.eventId, origin: 'resend', status: 'pending' });
    expect(resent.body.run.run_id).not.toBe(first.runIds[0]);
    expect((await finished(resent.body.run.run_id)).status).toBe('succeeded');
    const copies = receiver.at('/main').filter((d) => d.webhookId === first.eventId);
    expect(copies).toHaveLength(2);
    // With an Idempotency-Key, a retried re-send returns the run the first one made (one more delivery, not two).
    const keyed = () => t.request.post(`/v1/agent_trigger/run/${first.runIds[0]}/resend`).set(a.headers).set('Idempotency-Key', 'resend-once');
    const k1 = await keyed();
    const k2 = await keyed();
    expect(k2.body.run.run_id).toBe(k1.body.run.run_id);
    expect((await finished(k1.body.run.run_id)).status).toBe('succeeded');
    expect(receiver.at('/main').filter((d) => d.webhookId === first.eventId)).toHaveLength(3);
    expect((await t.request.post(`/v1/agent_trigger/run/${first.runIds[0]}/resend`).set(a.headers).set('Idempotency-Key', 'has space')).status).toBe(400);

    const replay = await t.request
      .post(`/v1/agent_trigger/${trigger.trigger_id}/replay`)
      .set(a.headers)
      .send({ from_time: from.toISOString(), to_time: to.toISOString(), url: receiver.url('/replayed') });
    expect(replay.status).toBe(202);
    expect(replay.body.runs.map((r: RunBody) => [r.event_id, r.origin, r.url])).toEqual([
      [first.eventId, 'replay', receiver.url('/replayed')],
      [second.eventId, 'replay', receiver.url('/replayed')],
    ]);
    for (const r of replay.body.runs as RunBody[]) expect((await finished(r.run_id)).status).toBe('succeeded');
    const replayed = receiver.at('/replayed');
    expect(replayed.map((d) => d.webhookId).sort()).toEqual([first.eventId, second.eventId].sort());
    expectSigned([...receiver.at('/main').filter((d) => [first.eventId, second.eventId].includes(d.webhookId)), ...replayed], secret);

    // A replay to a private address or with a backwards range is a 400.
    expect(
      (
        await t.request
          .post(`/v1/agent_trigger/${trigger.trigger_id}/replay`)
          .set(a.headers)
          .send({ from_time: from.toISOString(), to_time: to.toISOString(), url: 'https://10.1.2.3/x' })
      ).status,
    ).toBe(400);
    expect(
      (await t.request.post(`/v1/agent_trigger/${trigger.trigger_id}/replay`).set(a.headers).send({ from_time: to.toISOString(), to_time: from.toISOString() }))
        .status,
    ).toBe(400);
    expect(
      (await t.request.post(`/v1/agent_trigger/${trigger.trigger_id}/replay`).set(a.headers).send({ from_time: 'yesterday', to_time: to.toISOString() }))
        .status,
    ).toBe(400);
  }, 60_000);
});

describe('the trigger resource', () => {
  it('shows the signing secret once and stores it encrypted', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    const created = await createTrigger(a, { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: 'https://hooks.example.com/in', name: 'CRM' });
    expect(created.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.trigger.retry_schedule_ms).toEqual([150, 150, 150, 150, 150, 150]);
    const id = created.trigger.trigger_id;
    const retrieved = await t.request.get(`/v1/agent_trigger/${id}/retrieve`).set(a.headers);
    const listed = await t.request.get(`/v1/agent_trigger/list?agent_id=${agent.agent_id}`).set(a.headers);
    expect(retrieved.status).toBe(200);
    expect(listed.body.triggers.map((x: { trigger_id: string }) => x.trigger_id)).toContain(id);
    for (const text of [retrieved.text, listed.text]) {
      expect(text).not.toContain(created.signing_secret.slice(6));
      expect(text).not.toContain('secret');
    }
    const row = await t.orm.em.fork().findOneOrFail(AgentTrigger, { id });
    expect(row.secretEncrypted).toMatch(/^v1:/);
    expect(row.secretEncrypted).not.toContain(created.signing_secret.slice(6, 20));

    const disabled = await t.request.post(`/v1/agent_trigger/${id}/disable`).set(a.headers);
    expect(disabled.body.trigger).toMatchObject({ enabled: false, disabled_reason: 'operator' });
    const deleted = await t.request.delete(`/v1/agent_trigger/${id}/delete`).set(a.headers);
    expect(deleted.body).toEqual({ trigger_id: id, deleted: true });
    expect((await t.request.get(`/v1/agent_trigger/${id}/retrieve`).set(a.headers)).status).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const base = { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: 'https://hooks.example.com/in' };
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await t.request.post('/v1/agent_trigger/create').set(a.headers).send(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await bad({ ...base, url: 'not a url' }, 'body.url');
    await bad({ ...base, url: 'ftp://hooks.example.com/' }, 'body.url');
    await bad({ ...base, url: 'https://user:pw@hooks.example.com/' }, 'body.url');
    await bad({ ...base, url: 'http://hooks.example.com/in' }, 'body.url');
    await bad({ ...base, url: 'https://10.0.0.8/in' }, 'body.url');
    await bad({ ...base, url: 'https://169.254.169.254/latest' }, 'body.url');
    await bad({ ...base, url: 'https://[::ffff:192.168.0.1]/in' }, 'body.url');
    await bad({ ...base, url: 'https://localhost/in' }, 'body.url');
    await bad({ ...base, event_kinds: ['call.exploded'] }, 'body.event_kinds');
    await bad({ ...base, event_kinds: [] }, 'body.event_kinds');
    await bad({ ...base, retry_schedule_ms: [-1] }, 'body.retry_schedule_ms');
    await bad({ ...base, surprise: true }, 'body.surprise');
    await bad({ event_kinds: ['call.ended'], url: base.url }, 'body.agent_id');
    const missingAgent = await t.request
      .post('/v1/agent_trigger/create')
      .set(a.headers)
      .send({ ...base, agent_id: 'agt_01JNOSUCHAGENT000000000000' });
    expect(missingAgent.status).toBe(404);
    expect((await t.request.get('/v1/agent_trigger/run/run_nope/retrieve').set(a.headers)).status).toBe(404);
    expect((await t.request.get(`/v1/agent_trigger/trg_x/run/list?cursor=garbage`).set(a.headers)).status).toBe(404);
  });

  it('keeps organizations apart', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    const { trigger } = await createTrigger(a, { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: receiver.url('/iso') });
    receiver.answer = () => ({ status: 200 });
    const { runIds } = await emit(a, agent.agent_id, 'call.ended');
    await finished(runIds[0]);
    const asB = (req: ReturnType<typeof t.request.get>) => req.set(b.headers);
    expect((await asB(t.request.get(`/v1/agent_trigger/${trigger.trigger_id}/retrieve`))).status).toBe(404);
    expect((await asB(t.request.get(`/v1/agent_trigger/${trigger.trigger_id}/run/list`))).status).toBe(404);
    expect((await asB(t.request.get(`/v1/agent_trigger/run/${runIds[0]}/retrieve`))).status).toBe(404);
    expect((await t.request.post(`/v1/agent_trigger/run/${runIds[0]}/resend`).set(b.headers)).status).toBe(404);
    expect((await t.request.post(`/v1/agent_trigger/${trigger.trigger_id}/disable`).set(b.headers)).status).toBe(404);
    expect((await t.request.delete(`/v1/agent_trigger/${trigger.trigger_id}/delete`).set(b.headers)).status).toBe(404);
    expect(
      (
        await t.request
          .post('/v1/agent_trigger/create')
          .set(b.headers)
          .send({ agent_id: agent.agent_id, event_kinds: ['call.ended'], url: receiver.url('/steal') })
      ).status,
    ).toBe(404);
    const listB = await asB(t.request.get('/v1/agent_trigger/list'));
    expect(listB.body.triggers).toEqual([]);
    // An event of b's organization never reaches a's trigger, even naming a's agent id.
    const foreign = await emit(b, agent.agent_id, 'call.ended').catch(() => null);
    expect(foreign?.runIds ?? []).toEqual([]);
  });
});

describe('events from calls', () => {
  it('delivers call.started, call.ended, variables.collected, tool_call.failed, transfer.started and call.analyzed from conversations the engine ran', async () => {
    receiver.answer = () => ({ status: 200 });
    const caller = await makeAgent(t, a, deskConfig);
    const { signing_secret: secret } = await createTrigger(a, {
      agent_id: caller.agent_id,
      event_kinds: ['call.started', 'call.ended', 'variables.collected', 'tool_call.failed', 'transfer.started', 'call.analyzed'],
      url: receiver.url('/calls'),
    });
    const one = await runConversation(engineDeps(t), conversationInput(a, caller, { customerTurns: ['my name is Bo', 'the secret', 'bye'] }));
    const two = await runConversation(engineDeps(t), conversationInput(a, caller, { customerTurns: ['billing please'] }));
    expect(two.transferredTo).toBe('billing');

    const got = await eventually(
      async () => receiver.at('/calls'),
      (d) => d.length >= 9,
      30_000,
    );
    const kinds = (sessionId: string) =>
      got
        .filter((d) => d.envelope.data.session_id === sessionId)
        .map((d) => d.envelope.type)
        .sort();
    expect(kinds(one.sessionId)).toEqual(['call.analyzed', 'call.ended', 'call.started', 'tool_call.failed', 'variables.collected']);
    expect(kinds(two.sessionId)).toEqual(['call.analyzed', 'call.ended', 'call.started', 'transfer.started']);
    const started = got.find((d) => d.envelope.type === 'call.started' && d.envelope.data.session_id === one.sessionId)!;
    expect(started.envelope.data).toMatchObject({ agent_id: caller.agent_id, direction: 'inbound', caller: { address: '+14155550123' } });
    // call.started is sent when the call begins, before the call's other events exist.
    const eventIds = (sessionId: string, type: string) => got.find((d) => d.envelope.type === type && d.envelope.data.session_id === sessionId)!.webhookId;
    expect(eventIds(one.sessionId, 'call.started') < eventIds(one.sessionId, 'call.ended')).toBe(true);
    const analyzed = got.find((d) => d.envelope.type === 'call.analyzed' && d.envelope.data.session_id === one.sessionId)!;
    expect(analyzed.envelope.data).toMatchObject({
      outcome: 'completed',
      end_reason: 'agent_hangup',
      variables: [{ key: 'customer_name', value: 'Bo' }],
      tool_calls: { failed: 1 },
      summary: expect.stringContaining('collected customer_name = Bo'),
    });
    expect(got.find((d) => d.envelope.type === 'call.analyzed' && d.envelope.data.session_id === two.sessionId)!.envelope.data).toMatchObject({
      outcome: 'transferred',
      transferred_to: 'billing',
    });
    expectSigned(got, secret);
    const ended = got.find((d) => d.envelope.type === 'call.ended' && d.envelope.data.session_id === one.sessionId)!;
    expect(ended.envelope.data).toMatchObject({
      agent_id: caller.agent_id,
      status: 'ended',
      end_reason: 'agent_hangup',
      duration_seconds: one.durationSeconds,
    });
    const variables = got.find((d) => d.envelope.type === 'variables.collected')!;
    expect(variables.envelope.data.variables).toEqual([{ key: 'customer_name', value: 'Bo' }]);
    const failed = got.find((d) => d.envelope.type === 'tool_call.failed')!;
    expect(failed.envelope.data.tool_call).toMatchObject({ name: 'lookup_secret', tool_call_id: expect.stringMatching(/^tc_/) });

    // A conversation run with emitEvents false (what test runs do) records its session but no event.
    const quiet = await runConversation(engineDeps(t), { ...conversationInput(a, caller, { customerTurns: ['bye'] }), emitEvents: false });
    const [{ n }] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>("select count(*)::int as n from webhook_event where data->>'session_id' = ?", [quiet.sessionId]);
    expect(n).toBe(0);
    const [{ sessions }] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ sessions: number }[]>('select count(*)::int as sessions from call_session where id = ?', [quiet.sessionId]);
    expect(sessions).toBe(1);
  }, 60_000);
});

describe('MCP tools', () => {
  it('agent_trigger_create returns the secret once; get_agent_trigger_run shows the attempts', async () => {
    const agent = await makeAgent(t, a, deskConfig);
    receiver.answer = () => ({ status: 200 });
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      const created = await mcp.call('agent_trigger_create', { agent_id: agent.agent_id, event_kinds: ['call.analyzed'], url: receiver.url('/mcp') });
      expect(created.isError).toBeFalsy();
      const { trigger, signing_secret } = created.structuredContent as TriggerBody;
      expect(signing_secret).toMatch(/^whsec_/);
      const { runIds } = await emit(a, agent.agent_id, 'call.analyzed');
      await finished(runIds[0]);
      const run = await mcp.call('get_agent_trigger_run', { run_id: runIds[0] });
      expect(run.structuredContent).toMatchObject({ run: { trigger_id: trigger.trigger_id, status: 'succeeded', attempts: [{ status_code: 200 }] } });
      const badUrl = await mcp.call('agent_trigger_create', { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: 'https://192.168.1.1/' });
      expect(badUrl.isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });
});
