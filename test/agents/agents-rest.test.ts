import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createApiClient, issueToken } from '../../src/modules/org/api-clients.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { createProject } from '../../src/modules/org/create-project.js';
import { createAgent } from '../../src/modules/agents/create-agent.js';
import { getAgent } from '../../src/modules/agents/get-agent.js';
import { updateAgent } from '../../src/modules/agents/update-agent.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { promptHash } from '../../src/modules/agents/content-hash.js';
import { filterFingerprint } from '../../src/modules/cursor.js';
import type { CreateAgentBody } from '../../src/modules/agents/agents.schemas.js';

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let viewerHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  const em = t.orm.em.fork();
  const viewer = await createApiClient(em, { organizationId: a.organizationId, name: 'viewer client', role: 'viewer' });
  const token = await issueToken(em, t.deps.config.auth, { client_id: viewer.clientId, client_secret: viewer.clientSecret });
  viewerHeaders = { Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': a.organizationId };
});
afterAll(async () => t.close());

const agentBody = (over: Record<string, unknown> = {}): CreateAgentBody =>
  ({
    name: 'Support line',
    prompt: 'You are the support agent of Acme.\nGreet the caller.\nAsk for the order number.',
    first_message: 'Hello, Acme support.',
    voice: { provider: 'openai', voice_id: 'nova' },
    model: { provider: 'simulated', name: 'rules-v1', rules: [{ when: 'bye', say: 'Goodbye', hangup: true }] },
    tools: [{ name: 'transfer', kind: 'builtin', permission: 'ask', config: { destination: 'billing' } }],
    variables: [{ key: 'order_number', description: 'The order number' }],
    destinations: [{ name: 'billing', address: '+4930123456' }],
    end_call: { phrases: ['goodbye'], max_duration_seconds: 600 },
    ...over,
  }) as CreateAgentBody;

async function create(over: Record<string, unknown> = {}, tenant = a) {
  const res = await t.request.post('/v1/agent/create').set(tenant.headers).send(agentBody(over));
  expect(res.status).toBe(201);
  return res;
}

describe('create, retrieve and list', () => {
  it('creates an agent with main branch, first version and revision; ETag header and body agree', async () => {
    const res = await create();
    const agent = res.body.agent;
    expect(agent).toMatchObject({
      agent_id: expect.stringMatching(/^agt_/),
      project_id: a.projectId,
      name: 'Support line',
      main_branch_id: expect.stringMatching(/^brn_/),
      live_version_id: null,
      required_test_ids: [],
      branch: { name: 'main' },
      version_id: expect.stringMatching(/^ver_/),
      etag: expect.stringMatching(/^[0-9a-f]{64}$/),
      prompt_hash: promptHash(agentBody().prompt),
    });
    expect(agent.config).toMatchObject({ language: 'en-US', model: { temperature: 0 }, tools: [{ permission: 'ask' }] });
    expect(res.headers.etag).toBe(`"${agent.etag}"`);

    const got = await t.request.get(`/v1/agent/retrieve/${agent.agent_id}`).set(a.headers);
    expect(got.status).toBe(200);
    expect(got.headers.etag).toBe(`"${agent.etag}"`);
    expect(got.body.agent).toEqual(agent);

    const revisions = await t.request.get(`/v1/agent/${agent.agent_id}/prompt/revision/list`).set(a.headers);
    expect(revisions.body.revisions).toHaveLength(1);
    expect(revisions.body.revisions[0]).toMatchObject({
      version_id: agent.version_id,
      parent_revision_id: null,
      author: { type: 'api_client', id: a.clientId },
    });

    const audit = await t.orm.em.fork().find(AuditEvent, { organization: a.organizationId, targetId: agent.agent_id });
    expect(audit.map((e) => e.action)).toEqual(['agent.create']);
  });

  it('gives the same content the same ETag whatever the key order', async () => {
    const one = (await create({ name: 'Order A' })).body.agent;
    const reordered = JSON.parse(JSON.stringify(agentBody({ name: 'Order B', voice: { voice_id: 'nova', provider: 'openai' } })));
    const two = (await t.request.post('/v1/agent/create').set(a.headers).send(reordered)).body.agent;
    expect(two.etag).toBe(one.etag);
  });

  it('lists newest first with keyset pages, per project', async () => {
    const org = await createTenant(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ name: `Listed ${i}` }, org)).body.agent.agent_id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await t.request
        .get('/v1/agent/list')
        .query({ page_size: 2, ...(cursor ? { cursor } : {}) })
        .set(org.headers);
      expect(res.status).toBe(200);
      seen.push(...res.body.agents.map((x: { agent_id: string }) => x.agent_id));
      cursor = res.body.has_more ? res.body.next_cursor : undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const other = await createProject(t.orm.em.fork(), systemPrincipal(org.organizationId), { name: 'Other' });
    const inOther = await create({ name: 'Elsewhere', project_id: other.project_id }, org);
    const filtered = await t.request.get('/v1/agent/list').query({ project_id: other.project_id }).set(org.headers);
    expect(filtered.body.agents.map((x: { agent_id: string }) => x.agent_id)).toEqual([inOther.body.agent.agent_id]);
    const bad = await t.request.get('/v1/agent/list').query({ cursor: 'nonsense' }).set(org.headers);
    expect(bad.status).toBe(400);
  });
});

describe('update with If-Match', () => {
  it('makes a new version on main with the head as parent and returns the new ETag', async () => {
    const agent = (await create()).body.agent;
    const res = await t.request
      .put(`/v1/agent/update/${agent.agent_id}`)
      .set(a.headers)
      .set('If-Match', `"${agent.etag}"`)
      .send({ first_message: 'Hi, this is Acme.', language: 'de-DE' });
    expect(res.status).toBe(200);
    const updated = res.body.agent;
    expect(updated.version_id).not.toBe(agent.version_id);
    expect(updated.etag).not.toBe(agent.etag);
    expect(res.headers.etag).toBe(`"${updated.etag}"`);
    expect(updated.config).toMatchObject({ first_message: 'Hi, this is Acme.', language: 'de-DE', prompt: agent.config.prompt });
    // The prompt did not change: no new prompt revision.
    const revisions = await t.request.get(`/v1/agent/${agent.agent_id}/prompt/revision/list`).set(a.headers);
    expect(revisions.body.revisions).toHaveLength(1);

    // A stale ETag is refused with 412 and the current one.
    const stale = await t.request.put(`/v1/agent/update/${agent.agent_id}`).set(a.headers).set('If-Match', `"${agent.etag}"`).send({ name: 'x' });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 'PRECONDITION_FAILED', current_etag: updated.etag });

    // Without If-Match the change applies (last write wins); so does If-Match: *.
    const blind = await t.request.put(`/v1/agent/update/${agent.agent_id}`).set(a.headers).send({ prompt: 'New prompt.' });
    expect(blind.status).toBe(200);
    expect(blind.body.agent.prompt_hash).toBe(promptHash('New prompt.'));
    const star = await t.request.put(`/v1/agent/update/${agent.agent_id}`).set(a.headers).set('If-Match', '*').send({ name: 'Renamed' });
    expect(star.status).toBe(200);
    expect(star.body.agent).toMatchObject({ name: 'Renamed', etag: blind.body.agent.etag });

    const revs = (await t.request.get(`/v1/agent/${agent.agent_id}/prompt/revision/list`).set(a.headers)).body.revisions;
    expect(revs).toHaveLength(2);
    expect(revs[0]).toMatchObject({ summary: 'update of prompt', parent_revision_id: revs[1].revision_id });
  });

  it('makes no version when nothing changes, and refuses an empty update', async () => {
    const agent = (await create()).body.agent;
    const same = await t.request.put(`/v1/agent/update/${agent.agent_id}`).set(a.headers).send({ language: 'en-US' });
    expect(same.body.agent.version_id).toBe(agent.version_id);
    const empty = await t.request.put(`/v1/agent/update/${agent.agent_id}`).set(a.headers).send({});
    expect(empty.status).toBe(400);
  });

  it('updates a branch head when branch_id is given, leaving main alone', async () => {
    const agent = (await create()).body.agent;
    const branch = (
      await t.request
        .post(`/v1/agent/${agent.agent_id}/branch/create`)
        .set(a.headers)
        .send({ branch: { name: 'german' } })
    ).body.branch;
    const res = await t.request
      .put(`/v1/agent/update/${agent.agent_id}`)
      .set(a.headers)
      .set('If-Match', branch.etag)
      .send({ branch_id: branch.branch_id, language: 'de-DE' });
    expect(res.status).toBe(200);
    expect(res.body.agent.branch).toEqual({ branch_id: branch.branch_id, name: 'german' });
    const main = await t.request.get(`/v1/agent/retrieve/${agent.agent_id}`).set(a.headers);
    expect(main.body.agent.config.language).toBe('en-US');
    const onBranch = await t.request.get(`/v1/agent/retrieve/${agent.agent_id}`).query({ branch_id: branch.branch_id }).set(a.headers);
    expect(onBranch.body.agent.config.language).toBe('de-DE');
  });

  it('of two updates from the same ETag, exactly one lands', async () => {
    const agent = await createAgent(t.orm.em.fork(), systemPrincipal(a.organizationId), createAgent.input.parse(agentBody()));
    const principal = systemPrincipal(a.organizationId);
    const results = await Promise.allSettled([
      updateAgent(t.orm.em.fork(), principal, agent.agent_id, updateAgent.input.parse({ first_message: 'one' }), { ifMatch: agent.etag }),
      updateAgent(t.orm.em.fork(), principal, agent.agent_id, updateAgent.input.parse({ first_message: 'two' }), { ifMatch: agent.etag }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'PRECONDITION_FAILED' });
  });
});

describe('estimate', () => {
  it('prices per minute and per month from the price list, per component', async () => {
    const agent = (await create()).body.agent;
    const res = await t.request.post('/v1/agent/estimate').set(a.headers).send({ agent_id: agent.agent_id, calls_per_month: 1000, average_minutes: 3.4 });
    expect(res.status).toBe(200);
    // Default prices: 14000 + 60000 + 50000 + 12000 + 20000 = 156000 micros a minute (0.156).
    expect(res.body.estimate).toEqual({
      agent_id: agent.agent_id,
      currency: 'USD',
      calls_per_month: 1000,
      average_minutes: 3.4,
      per_minute_micros: 156000,
      per_call_micros: 530400, // 3.4 min = 204 s, the spec's example
      monthly_micros: 530400000,
      components: [
        { component: 'telephony', per_minute_micros: 14000, monthly_micros: 47600000 },
        { component: 'model', per_minute_micros: 60000, monthly_micros: 204000000 },
        { component: 'voice', per_minute_micros: 50000, monthly_micros: 170000000 },
        { component: 'transcription', per_minute_micros: 12000, monthly_micros: 40800000 },
        { component: 'platform', per_minute_micros: 20000, monthly_micros: 68000000 },
      ],
    });
    const bad = await t.request.post('/v1/agent/estimate').set(a.headers).send({ calls_per_month: -1, average_minutes: 'long' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['body.average_minutes', 'body.calls_per_month']);
  });
});

describe('tenancy, permissions and bad input', () => {
  it("reads another organization's agent as 404 everywhere", async () => {
    const agent = (await create()).body.agent;
    const id = agent.agent_id;
    const checks = await Promise.all([
      t.request.get(`/v1/agent/retrieve/${id}`).set(b.headers),
      t.request.put(`/v1/agent/update/${id}`).set(b.headers).send({ name: 'mine' }),
      t.request
        .post(`/v1/agent/${id}/branch/create`)
        .set(b.headers)
        .send({ branch: { name: 'x' } }),
      t.request.get(`/v1/agent/${id}/branch/list`).set(b.headers),
      t.request
        .post(`/v1/agent/${id}/prompt/patch`)
        .set(b.headers)
        .send({ expectedHash: agent.prompt_hash, edits: [{ anchor: 'Greet', op: 'replace', text: 'Hi' }] }),
      t.request.get(`/v1/agent/${id}/prompt/revision/list`).set(b.headers),
      t.request.post(`/v1/agent/${id}/publish`).set(b.headers),
      t.request.post(`/v1/agent/${id}/branch/${agent.main_branch_id}/merge/preview`).set(b.headers),
      t.request.post('/v1/agent/estimate').set(b.headers).send({ agent_id: id, calls_per_month: 1, average_minutes: 1 }),
    ]);
    expect(checks.map((r) => r.status)).toEqual(Array(checks.length).fill(404));
    const list = await t.request.get('/v1/agent/list').set(b.headers);
    expect(list.body.agents.map((x: { agent_id: string }) => x.agent_id)).not.toContain(id);
  });

  it('scopes a principal acting in one project to that project', async () => {
    const agent = (await create()).body.agent;
    const other = await createProject(t.orm.em.fork(), systemPrincipal(a.organizationId), { name: `Scoped ${Date.now()}` });
    const inOther = { ...systemPrincipal(a.organizationId, 'mcp'), projectId: other.project_id };
    await expect(getAgent(t.orm.em.fork(), inOther, agent.agent_id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const made = await createAgent(t.orm.em.fork(), inOther, createAgent.input.parse(agentBody({ name: 'Scoped agent' })));
    expect(made.project_id).toBe(other.project_id);
    await expect(createAgent(t.orm.em.fork(), inOther, createAgent.input.parse(agentBody({ project_id: a.projectId })))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('lets a viewer read but not write, publish or branch (403)', async () => {
    const agent = (await create()).body.agent;
    expect((await t.request.get(`/v1/agent/retrieve/${agent.agent_id}`).set(viewerHeaders)).status).toBe(200);
    const writes = await Promise.all([
      t.request.post('/v1/agent/create').set(viewerHeaders).send(agentBody()),
      t.request.put(`/v1/agent/update/${agent.agent_id}`).set(viewerHeaders).send({ name: 'x' }),
      t.request
        .post(`/v1/agent/${agent.agent_id}/branch/create`)
        .set(viewerHeaders)
        .send({ branch: { name: 'x' } }),
      t.request
        .post(`/v1/agent/${agent.agent_id}/prompt/patch`)
        .set(viewerHeaders)
        .send({ expectedHash: agent.prompt_hash, edits: [{ anchor: 'Greet', op: 'replace', text: 'Hi' }] }),
      t.request.post(`/v1/agent/${agent.agent_id}/publish`).set(viewerHeaders),
      t.request.post(`/v1/agent/${agent.agent_id}/rollback`).set(viewerHeaders),
    ]);
    expect(writes.map((r) => r.status)).toEqual(Array(writes.length).fill(403));
    expect(writes[4].body.required_permission).toBe('agents:publish');
  });

  it('refuses bad bodies with 400 naming the fields', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: '', prompt: 'x' }, ['body.name']],
      [{ name: 'x' }, ['body.prompt']],
      [{ name: 'x', prompt: 'x', model: { provider: 'gpt', name: 'x' } }, ['body.model.provider']],
      [
        {
          name: 'x',
          prompt: 'x',
          tools: [
            { name: 'end_call', kind: 'builtin' },
            { name: 'end_call', kind: 'http' },
          ],
        },
        ['body.tools.1.name'],
      ],
      [{ name: 'x', prompt: 'x', tools: [{ name: 'end_call', kind: 'builtin', permission: 'maybe' }] }, ['body.tools.0.permission']],
      // A builtin entry must name a built-in (end_call, transfer_call, record_variable): anything else would do nothing.
      [{ name: 'x', prompt: 'x', tools: [{ name: 'teleport', kind: 'builtin' }] }, ['body.tools.0.name']],
      [{ name: 'x', prompt: 'x', destinations: [{ name: 'd', address: 'not a number' }] }, ['body.destinations.0.address']],
      [{ name: 'x', prompt: 'x', language: 'English' }, ['body.language']],
      [{ name: 'x', prompt: 'x', end_call: { max_duration_seconds: 1 } }, ['body.end_call.max_duration_seconds']],
      [{ name: 'x', prompt: 'x', colour: 'blue' }, ['body.colour']],
      [{ name: 'x', prompt: 'x'.repeat(200 * 1024 + 1) }, ['body.prompt']],
      [{ name: 'x', prompt: 'é'.repeat(110 * 1024) }, ['body.prompt']],
      // PostgreSQL cannot store U+0000: refused up front instead of failing the insert.
      [{ name: 'x', prompt: 'a\u0000b' }, ['body.prompt']],
      [{ name: 'x', prompt: 'x', tools: [{ name: 'a', kind: 'http', config: { 'k\u0000': 'v' } }] }, ['body.tools.0.config.k\u0000']],
    ];
    for (const [body, fields] of cases) {
      const res = await t.request.post('/v1/agent/create').set(a.headers).send(body);
      expect({ body: Object.keys(body), status: res.status }).toEqual({ body: Object.keys(body), status: 400 });
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(fields);
    }
    const agent = (await create()).body.agent;
    const badUpdate = await t.request
      .put(`/v1/agent/update/${agent.agent_id}`)
      .set(a.headers)
      .send({ voice: { provider: 'x' } });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.errors[0].field).toBe('body.voice.voice_id');
    const noBody = await t.request.post('/v1/agent/create').set(a.headers);
    expect(noBody.status).toBe(400);
    const badQuery = await t.request.get('/v1/agent/list').query({ page_size: 0, colour: 1 }).set(a.headers);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['query.colour', 'query.page_size']);
    expect((await t.request.get('/v1/agent/retrieve/agt_missing').set(a.headers)).status).toBe(404);
    const nulId = await t.request.get('/v1/agent/retrieve/agt%00x').set(a.headers);
    expect(nulId.status).toBe(400);
    expect(nulId.body.errors[0].field).toBe('path.agent_id');
    const forged = Buffer.from(JSON.stringify({ v: 1, t: '2026-01-01T00:00:00Z', id: 'agt_\u0000', f: filterFingerprint({ project: undefined }) })).toString(
      'base64url',
    );
    expect((await t.request.get('/v1/agent/list').query({ cursor: forged }).set(a.headers)).status).toBe(400);
    const nulText = await t.request
      .post(`/v1/agent/${agent.agent_id}/prompt/patch`)
      .set(a.headers)
      .send({ expectedHash: agent.prompt_hash, edits: [{ anchor: 'Greet', op: 'replace', text: 'a\u0000' }] });
    expect(nulText.status).toBe(400);
    expect(nulText.body.errors[0].field).toBe('body.edits.0.text');
    expect(
      (
        await t.request
          .post('/v1/agent/create')
          .set(a.headers)
          .send(agentBody({ project_id: 'prj_nope' }))
      ).status,
    ).toBe(404);
  });

  it('refuses a voice that does not exist, on create and on update, naming the field', async () => {
    const before = await t.orm.em.fork().count(AuditEvent, { organization: a.organizationId, action: 'agent.create' });
    const missing = await t.request
      .post('/v1/agent/create')
      .set(a.headers)
      .send(agentBody({ voice: { provider: 'openai', voice_id: 'no-such-voice' } }));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'body.voice.voice_id' }] });
    expect(missing.body.detail).toMatch(/no-such-voice/);
    // A catalogue id under another provider names the provider.
    const crossed = await t.request
      .post('/v1/agent/create')
      .set(a.headers)
      .send(agentBody({ voice: { provider: 'azure', voice_id: 'nova' } }));
    expect([crossed.status, crossed.body.errors[0].field]).toEqual([400, 'body.voice.provider']);
    expect(crossed.body.detail).toMatch(/belongs to provider openai/);
    expect(await t.orm.em.fork().count(AuditEvent, { organization: a.organizationId, action: 'agent.create' })).toBe(before);

    // The default (the platform voice) and catalogue voices pass.
    const plain = await t.request.post('/v1/agent/create').set(a.headers).send({ name: 'Default voice', prompt: 'Hi.' });
    expect([plain.status, plain.body.agent.config.voice]).toEqual([201, { provider: 'platform', voice_id: 'default' }]);
    const agent = plain.body.agent;
    const bad = await t.request
      .put(`/v1/agent/update/${agent.agent_id}`)
      .set(a.headers)
      .send({ voice: { provider: 'elevenlabs', voice_id: 'rachel' } });
    expect([bad.status, bad.body.errors[0].field]).toEqual([400, 'body.voice.voice_id']);
    const good = await t.request
      .put(`/v1/agent/update/${agent.agent_id}`)
      .set(a.headers)
      .send({ voice: { provider: 'elevenlabs', voice_id: '21m00Tcm4TlvDq8ikWAM' } });
    expect([good.status, good.body.agent.config.voice.voice_id]).toEqual([200, '21m00Tcm4TlvDq8ikWAM']);
  });

  it('documents the agent routes in the OpenAPI document', async () => {
    const doc = (await t.request.get('/v1/openapi.json')).body;
    for (const path of [
      '/v1/agent/create',
      '/v1/agent/update/{agent_id}',
      '/v1/agent/{agent_id}/prompt/patch',
      '/v1/agent/{agent_id}/branch/{branch_id}/merge',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
  });
});
