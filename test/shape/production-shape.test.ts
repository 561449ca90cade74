import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startShape, type Shape } from '../../scripts/production-shape.js';
import { initOrm, type Orm } from '../../src/db/orm.js';
import { createOrganization } from '../../src/modules/org/create-organization.js';
import { createApiClient } from '../../src/modules/org/api-clients.js';
import { createAgent } from '../../src/modules/agents/create-agent.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { emitEvent } from '../../src/modules/triggers/emit-event.js';
import type { CreateAgentBody } from '../../src/modules/agents/agents.schemas.js';

/**
 * The production shape (issue #12), started by scripts/production-shape.ts as
 * `npm run shape` does: the real Temporal server (go.temporal.io/server) on
 * PostgreSQL, two API processes behind HAProxy, two workers. Faults are
 * injected into real processes; each check is bounded in count and time.
 */
let shape: Shape;
let orm: Orm;
let tenant: { organizationId: string; headers: Record<string, string> };

beforeAll(async () => {
  shape = await startShape({
    name: `vp_shape_${process.env.JEST_WORKER_ID ?? 0}`,
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300', RATE_LIMIT_PER_SECOND: '10000', RATE_LIMIT_BURST: '20000' },
  });
  orm = await initOrm({ url: shape.databaseUrl, poolMax: 3, logger: () => {} });
  const em = orm.em.fork();
  const { organization } = await createOrganization(em, { name: 'Shape Org' });
  const client = await createApiClient(em, { organizationId: organization.id, name: 'shape client' });
  const token = await fetch(`${shape.url}/v1/auth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: client.clientId, client_secret: client.clientSecret }),
  });
  expect(token.status).toBe(200);
  const { access_token } = await token.json() as { access_token: string };
  tenant = { organizationId: organization.id, headers: { Authorization: `Bearer ${access_token}`, 'X-Organization-Id': organization.id, 'content-type': 'application/json' } };
}, 600_000);

afterAll(async () => {
  await orm?.close(true);
  await shape?.stop();
}, 120_000);

/** `count` GETs through the balancer, `concurrency` at a time; `during` runs once `at` of them have answered. */
async function load(count: number, concurrency: number, at: number, during: () => Promise<void>): Promise<Map<string, number>> {
  const outcomes = new Map<string, number>();
  let started = 0;
  let answered = 0;
  let fault: Promise<void> | undefined;
  const one = async () => {
    while (started < count) {
      started++;
      const outcome = await fetch(`${shape.url}/v1/organization/retrieve`, { headers: tenant.headers, signal: AbortSignal.timeout(10_000) })
        .then((r) => { void r.arrayBuffer(); return String(r.status); }, (e: Error) => `error: ${e.message}`);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (++answered === at) fault = during();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, one));
  await fault;
  return outcomes;
}

describe('the production shape', () => {
  it('serves through the balancer from both API processes, on the real Temporal server', async () => {
    const ready = await fetch(`${shape.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok' });
    for (const api of shape.apiUrls) expect((await fetch(`${api}/v1/organization/retrieve`, { headers: tenant.headers })).status).toBe(200);
  });

  it('SIGKILL of one API process under load: the balancer routes around it, no 5xx beyond the requests in flight', async () => {
    const concurrency = 6;
    const outcomes = await load(600, concurrency, 150, () => shape.kill('api', 0, 'SIGKILL'));
    const failed = [...outcomes].filter(([k]) => k !== '200').reduce((n, [, v]) => n + v, 0);
    expect(outcomes.get('200')).toBeGreaterThanOrEqual(600 - concurrency);
    expect(failed).toBeLessThanOrEqual(concurrency);
    // Back: it rejoins once its health check passes.
    await shape.restart('api', 0);
    expect((await fetch(`${shape.apiUrls[0]}/readyz`)).status).toBe(200);
  }, 120_000);

  it('SIGKILL of the workers during a webhook delivery: delivered with its stable id, the interrupted attempt on record', async () => {
    const arrivals: string[] = [];
    const receiver: Server = createServer((req, res) => {
      arrivals.push(String(req.headers['webhook-id']));
      req.resume();
      // The first attempt hangs (the workers die while it is in flight), the next fails, then 200.
      const n = arrivals.length;
      if (n === 1) setTimeout(() => res.writeHead(500).end(), 10_000).unref();
      else res.writeHead(n === 2 ? 500 : 200).end();
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const agent = await createAgent(orm.em.fork(), systemPrincipal(tenant.organizationId), {
        name: 'Shape agent', prompt: 'You are brief.', first_message: 'Hello.',
      } as CreateAgentBody);
      const trigger = await fetch(`${shape.url}/v1/agent_trigger/create`, {
        method: 'POST', headers: tenant.headers,
        body: JSON.stringify({ agent_id: agent.agent_id, event_kinds: ['call.ended'], url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` }),
      });
      expect(trigger.status).toBe(201);
      // The event is recorded as a call's end would record it; a worker's outbox relay starts its run.
      const { runIds } = await orm.em.fork().transactional((tx) =>
        emitEvent(tx, { organizationId: tenant.organizationId, agentId: agent.agent_id, type: 'call.ended', data: { n: 1 } }));
      const deadline = Date.now() + 30_000;
      while (arrivals.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(arrivals.length).toBe(1);
      // Whichever worker sends it dies with the request in flight; one comes back.
      await Promise.all([shape.kill('worker', 0, 'SIGKILL'), shape.kill('worker', 1, 'SIGKILL')]);
      await shape.restart('worker', 0);
      let run: { status: string; event_id: string; attempts: { status_code: number | null; error: string | null }[] } | undefined;
      while (Date.now() < deadline + 60_000) {
        const res = await fetch(`${shape.url}/v1/agent_trigger/run/${runIds[0]}/retrieve`, { headers: tenant.headers });
        run = (await res.json() as { run: typeof run }).run;
        if (run && run.status !== 'pending' && run.status !== 'delivering') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(run).toMatchObject({ status: 'succeeded' });
      // Every request that reached the receiver is an attempt on record, the interrupted one included, all
      // with the event's one id.
      expect(arrivals).toHaveLength(3);
      expect(run!.attempts.map((a) => a.status_code)).toEqual([null, 500, 200]);
      expect(run!.attempts[0].error).toMatch(/^interrupted/);
      expect(new Set(arrivals)).toEqual(new Set([run!.event_id]));
      await shape.restart('worker', 1);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  }, 180_000);
});
