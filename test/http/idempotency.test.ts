import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { sql } from '../../src/db/orm.js';
import { v1Routes } from '../../src/http/v1/index.js';
import { isCreate } from '../../src/http/route.js';
import { IN_FLIGHT_TAKEOVER_S, purgeIdempotencyKeys, requestFingerprint } from '../../src/http/idempotency.js';

/**
 * Idempotency-Key on every create (issue 13 item 5, docs/decisions/0036): the
 * same request under a key is answered once and replayed after, another
 * request under it is a 422, a running one a 409, a failed one stores nothing.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'owner');
  b = await createTenant(t, 'owner');
});
afterAll(async () => t.close());

const agentBody = (name = 'Front desk') => ({
  name,
  prompt: 'You answer the front desk line.',
  model: { provider: 'simulated', name: 'rules-v1', rules: [{ when: 'bye', say: 'Goodbye', hangup: true }] },
});
const createAgent = (body: object, key?: string, tenant = a) => {
  const req = t.request.post('/v1/agent/create').set(tenant.headers);
  return key === undefined ? req.send(body) : req.set('Idempotency-Key', key).send(body);
};
const agentCount = async (tenant: TestTenant) =>
  (await sql<{ n: number }>(t.orm.em.fork(), 'select count(*)::int as n from agent where organization_id = ?', [tenant.organizationId]))[0].n;

describe('Idempotency-Key on agent/create', () => {
  it('the same request twice makes one agent and answers the first response again, ETag included', async () => {
    const before = await agentCount(a);
    const first = await createAgent(agentBody(), 'agent-once');
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createAgent(agentBody(), 'agent-once');
    expect([again.status, again.headers['idempotent-replayed'], again.headers.etag]).toEqual([201, 'true', first.headers.etag]);
    expect(again.body).toEqual(first.body);
    expect(await agentCount(a)).toBe(before + 1);
    // The same body with its keys in another order is the same request.
    const reordered = await createAgent({ model: agentBody().model, prompt: agentBody().prompt, name: agentBody().name }, 'agent-once');
    expect([reordered.status, reordered.body.agent.agent_id]).toEqual([201, first.body.agent.agent_id]);
    // Without a key, each request creates.
    await createAgent(agentBody());
    await createAgent(agentBody());
    expect(await agentCount(a)).toBe(before + 3);
  });

  it('another request under a used key is refused with 422 and creates nothing', async () => {
    const first = await createAgent(agentBody('Billing'), 'agent-reuse');
    expect(first.status).toBe(201);
    const before = await agentCount(a);
    const other = await createAgent(agentBody('Sales'), 'agent-reuse');
    expect([other.status, other.body.code, other.headers['content-type']]).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
      expect.stringContaining('application/problem+json'),
    ]);
    // Another route under the key is another request too.
    const elsewhere = await t.request
      .post('/v1/knowledge/resource/create')
      .set(a.headers)
      .set('Idempotency-Key', 'agent-reuse')
      .send({ kind: 'text', name: 'x', text: 'y' });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await agentCount(a)).toBe(before);
  });

  it('a failed request stores nothing: the same key then works, for a corrected request too', async () => {
    const bad = await createAgent({ name: '' }, 'agent-after-400');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const good = await createAgent(agentBody('Corrected'), 'agent-after-400');
    expect([good.status, good.body.agent.name]).toEqual([201, 'Corrected']);
  });

  it('keys belong to an organization: another one uses the same key for its own agent', async () => {
    const mine = await createAgent(agentBody(), 'shared-key');
    const theirs = await createAgent(agentBody(), 'shared-key', b);
    expect([mine.status, theirs.status, theirs.headers['idempotent-replayed']]).toEqual([201, 201, undefined]);
    expect(theirs.body.agent.agent_id).not.toBe(mine.body.agent.agent_id);
  });

  it('requests racing under one key: one agent, and each answer is it or a 409 with Retry-After', async () => {
    const before = await agentCount(a);
    const answers = await Promise.all(Array.from({ length: 6 }, () => createAgent(agentBody('Racer'), 'agent-race')));
    const made = answers.filter((r) => r.status === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((r) => r.body.agent.agent_id)).size).toBe(1);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect([r.status, r.body.code, r.headers['retry-after']]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE', '1']);
    }
    expect(await agentCount(a)).toBe(before + 1);
  });

  it('a key past its day runs again; a claim abandoned by a dead process is taken over by the same request', async () => {
    const first = await createAgent(agentBody('Day one'), 'agent-expiry');
    await sql(t.orm.em.fork(), `update idempotency_record set created_at = now() - interval '25 hours' where organization_id = ? and key = ?`, [
      a.organizationId,
      'agent-expiry',
    ]);
    const later = await createAgent(agentBody('Day two'), 'agent-expiry');
    expect([later.status, later.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect(later.body.agent.agent_id).not.toBe(first.body.agent.agent_id);

    // A running claim: refused while fresh, taken over once older than the takeover bound.
    const fingerprint = requestFingerprint('createAgent', { params: {}, query: {}, body: agentBody('Orphan') });
    await sql(
      t.orm.em.fork(),
      `insert into idempotency_record (organization_id, key, operation_id, fingerprint, token, state, created_at, updated_at)
      values (?, 'agent-orphan', 'createAgent', ?, 'dead-process', 'running', now(), now())`,
      [a.organizationId, fingerprint],
    );
    expect((await createAgent(agentBody('Orphan'), 'agent-orphan')).status).toBe(409);
    await sql(
      t.orm.em.fork(),
      `update idempotency_record set updated_at = now() - make_interval(secs => ?) where organization_id = ? and key = 'agent-orphan'`,
      [IN_FLIGHT_TAKEOVER_S + 5, a.organizationId],
    );
    // Another request cannot take it over.
    expect((await createAgent(agentBody('Not the orphan'), 'agent-orphan')).status).toBe(422);
    const taken = await createAgent(agentBody('Orphan'), 'agent-orphan');
    expect([taken.status, taken.body.agent.name]).toEqual([201, 'Orphan']);
    expect((await createAgent(agentBody('Orphan'), 'agent-orphan')).headers['idempotent-replayed']).toBe('true');
  });

  it('a malformed key is a 400 naming the header', async () => {
    for (const key of ['has space', 'x'.repeat(201), 'ünïcode']) {
      const res = await createAgent(agentBody(), key);
      expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, 'header.Idempotency-Key']);
    }
  });

  it('purges keys past their day', async () => {
    await createAgent(agentBody(), 'agent-purge');
    await sql(t.orm.em.fork(), `update idempotency_record set created_at = now() - interval '2 days' where organization_id = ? and key = ?`, [
      a.organizationId,
      'agent-purge',
    ]);
    expect(await purgeIdempotencyKeys(t.orm.em.fork())).toBeGreaterThanOrEqual(1);
    const left = await sql(t.orm.em.fork(), 'select 1 from idempotency_record where organization_id = ? and key = ?', [a.organizationId, 'agent-purge']);
    expect(left).toHaveLength(0);
  });
});

describe('every create route honours Idempotency-Key', () => {
  const creates = v1Routes.filter(isCreate);

  it('is every POST answering 201 or 202 or declared `creates`, and the OpenAPI document gives each the header, the replay header and 422', async () => {
    expect(creates.length).toBeGreaterThanOrEqual(25);
    const doc = (await t.request.get('/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    for (const r of creates) {
      const op = doc.paths[r.path][r.method];
      expect([r.operationId, op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')]).toEqual([r.operationId, true]);
      expect([r.operationId, Object.keys(op.responses[String(r.status ?? 200)].headers ?? {})]).toEqual([
        r.operationId,
        expect.arrayContaining(['Idempotent-Replayed']),
      ]);
      expect([r.operationId, '422' in op.responses]).toEqual([r.operationId, true]);
    }
    // Routes that are not creates do not claim it.
    const update = doc.paths['/v1/agent/update/{agent_id}'].put;
    expect(update.parameters?.some((p) => p.name === 'Idempotency-Key')).toBe(false);
  });

  it('each replays a stored response for its request and refuses another request under the key', async () => {
    const em = t.orm.em.fork();
    for (const r of creates) {
      const params = Object.fromEntries([...r.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], `x_${m[1]}`]));
      const url = r.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
      const body = { probe: r.operationId };
      const key = `every-${r.operationId}`;
      const stored = JSON.stringify({ stored_for: r.operationId });
      await sql(
        em,
        `insert into idempotency_record (organization_id, key, operation_id, fingerprint, token, state, status, body, headers, created_at, updated_at)
        values (?, ?, ?, ?, 'seeded', 'done', ?, ?, '{}'::jsonb, now(), now())`,
        [a.organizationId, key, r.operationId, requestFingerprint(r.operationId, { params, query: {}, body }), r.status ?? 200, stored],
      );

      const replayed = await t.request.post(url).set(a.headers).set('Idempotency-Key', key).send(body);
      expect([r.operationId, replayed.status, replayed.headers['idempotent-replayed'], replayed.body]).toEqual([
        r.operationId,
        r.status ?? 200,
        'true',
        { stored_for: r.operationId },
      ]);
      const other = await t.request.post(url).set(a.headers).set('Idempotency-Key', key).send({ probe: 'another request' });
      expect([r.operationId, other.status, other.body.code]).toEqual([r.operationId, 422, 'IDEMPOTENCY_KEY_REUSED']);
    }
  });
});

describe('the POSTs that add without a 201 (issue 29, item 9)', () => {
  const byPath = (path: string) => v1Routes.find((r) => r.method === 'post' && r.path === path)!;

  it('integration/connection/connect makes a connection each time: a create, with the header; dnc/add and contact/import say they are idempotent by nature', () => {
    expect(isCreate(byPath('/v1/integration/connection/connect'))).toBe(true);
    for (const path of ['/v1/dnc/add', '/v1/contact/import']) {
      expect([path, isCreate(byPath(path))]).toEqual([path, false]);
      expect([path, byPath(path).description]).toEqual([path, expect.stringContaining('Idempotent by nature, so it takes no Idempotency-Key')]);
    }
  });

  it('a repeated dnc/add or contact/import changes nothing', async () => {
    const tenant = await createTenant(t, 'owner');
    const rows = async (table: string) => sql(t.orm.em.fork(), `select * from ${table} where organization_id = ? order by id`, [tenant.organizationId]);
    const add = () => t.request.post('/v1/dnc/add').set(tenant.headers).send({ phone: '+14155550142', reason: 'asked not to be called' });
    expect([(await add()).status, (await add()).body.created]).toEqual([200, false]);
    const listed = await rows('dnc_entry');
    expect(listed).toHaveLength(1);
    expect(await (async () => (await add(), rows('dnc_entry')))()).toEqual(listed);

    const csv = 'name,phone,email,plan\nAda,+14155550143,ada@example.com,gold\nBo,+14155550144,,silver\n';
    const importOnce = () => t.request.post('/v1/contact/import').set(tenant.headers).set('content-type', 'text/csv').send(csv);
    const first = await importOnce();
    expect([first.status, first.body.created]).toEqual([200, 2]);
    const contacts = (await rows('contact')).map(({ updated_at: _, ...c }) => c);
    const again = await importOnce();
    expect([again.status, again.body.created, again.body.contact_ids]).toEqual([200, 0, first.body.contact_ids]);
    expect((await rows('contact')).map(({ updated_at: _, ...c }) => c)).toEqual(contacts);
  });
});
