import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createEngineTestApp, makeAgent } from '../support/engine.js';
import { createApiClient, issueToken } from '../../src/modules/org/api-clients.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import { updateAgent } from '../../src/modules/agents/update-agent.js';
import { createAgentBranch } from '../../src/modules/agents/create-agent-branch.js';
import { setAgentTrafficSplit } from '../../src/modules/agents/set-agent-traffic-split.js';
import type { AgentView } from '../../src/modules/agents/agents.schemas.js';

let t: TestApp;
let a: TestTenant;
let agent: AgentView;
let viewerHeaders: Record<string, string>;

const rules = [
  { when: { regex: 'order (\\d+)' }, say: 'Got it.', set_variable: { key: 'order_number', group: 1 } },
  { when: 'human', say: 'Transferring you.', transfer_to: 'desk' },
  { when: 'bye', say: 'Bye!', hangup: true },
];

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  agent = await makeAgent(t, a, {
    name: 'Order line',
    variables: [{ key: 'order_number', description: '' }],
    destinations: [{ name: 'desk', address: '+4930123456' }],
    model: { provider: 'simulated', name: 'rules', temperature: 0, rules },
  });
  const viewer = await createApiClient(t.orm.em.fork(), { organizationId: a.organizationId, name: 'viewer', role: 'viewer' });
  const token = await issueToken(t.orm.em.fork(), t.deps.config.auth, { client_id: viewer.clientId, client_secret: viewer.clientSecret });
  viewerHeaders = { Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': a.organizationId };
});
afterAll(async () => t.close());

const simulate = (agentId: string, body: unknown, headers = a.headers) =>
  t.request
    .post(`/v1/agent/${agentId}/simulate_call`)
    .set(headers)
    .send(body as object);

describe('POST /v1/agent/{agent_id}/simulate_call', () => {
  it('runs a version and returns the recorded session (201)', async () => {
    const res = await simulate(agent.agent_id, {
      version_id: agent.version_id,
      caller: { name: 'Ana', address: '+1 (415) 555-0123' },
      customer_turns: ['It is about order 4711', 'bye'],
    });
    expect(res.status).toBe(201);
    const session = res.body.session;
    expect(session).toMatchObject({
      session_id: expect.stringMatching(/^sess_/),
      status: 'ended',
      end_reason: 'agent_hangup',
      direction: 'inbound',
      caller: { name: 'Ana', address: '+14155550123' },
      agent: { agent_id: agent.agent_id, agent_name: 'Order line', agent_version_id: agent.version_id },
      variables: [{ key: 'order_number', value: '4711' }],
      project_id: a.projectId,
    });
    expect(session.total_cost_micros).toBeGreaterThan(0);
    expect(session.legs).toHaveLength(1);
    expect(session.legs[0].transcript.items.map((i: { speaker: string; text: string }) => `${i.speaker}: ${i.text}`)).toEqual([
      'agent: Hello, Acme Dental, how can I help?',
      'customer: It is about order 4711',
      'agent: Got it.',
      'agent: Calling record_variable',
      'customer: bye',
      'agent: Bye!',
      'agent: Calling end_call',
    ]);
    const again = await t.request.get(`/v1/call_session/retrieve/${session.session_id}`).set(a.headers);
    expect(again.status).toBe(200);
    expect(again.body.session.session_id).toBe(session.session_id);
  });

  it('records a simulation: listed with its kind, left out of analytics and billing unless asked for', async () => {
    const res = await simulate(agent.agent_id, { caller: { address: '+14155550777' }, version_id: agent.version_id, customer_turns: ['bye'] });
    expect(res.status).toBe(201);
    const { session_id: id, started_at: startedAt, total_cost_micros: cost } = res.body.session;
    expect(res.body.session.kind).toBe('simulation');
    expect(cost).toBeGreaterThan(0);
    // This tenant has simulated calls only, so live analytics are empty.
    const range = `from_time=${encodeURIComponent(new Date(Date.parse(startedAt) - 60_000).toISOString())}&to_time=${encodeURIComponent(new Date(Date.parse(startedAt) + 60_000).toISOString())}`;
    const overview = async (kind: string) => (await t.request.get(`/v1/call_session/analytics/overview?${range}${kind}`).set(a.headers)).body.overview;
    expect(await overview('')).toMatchObject({ sessions: 0, cost_micros: 0 });
    expect((await overview('&kind=simulation')).sessions).toBeGreaterThanOrEqual(1);
    const series = async (kind: string) =>
      (await t.request.get(`/v1/call_session/analytics/time_series?${range}&interval=hour${kind}`).set(a.headers)).body.time_series.points.reduce(
        (n: number, p: { sessions: number }) => n + p.sessions,
        0,
      );
    expect(await series('')).toBe(0);
    expect(await series('&kind=all')).toBeGreaterThanOrEqual(1);
    const billing = async (kind: string) =>
      (await t.request.get(`/v1/billing/overview?as_of=${encodeURIComponent(new Date(Date.parse(startedAt) + 60_000).toISOString())}${kind}`).set(a.headers))
        .body.billing_overview.today;
    expect(await billing('')).toMatchObject({ sessions: 0, cost_micros: 0 });
    expect((await billing('&kind=simulation')).cost_micros).toBeGreaterThanOrEqual(cost);
    const listed = await t.request.get(`/v1/call_session/get?${range}&kind=simulation`).set(a.headers);
    expect(listed.body.sessions.map((s: { session_id: string }) => s.session_id)).toContain(id);
    const live = await t.request.get(`/v1/call_session/get?${range}&kind=live`).set(a.headers);
    expect(live.body.sessions).toEqual([]);
  });

  it('runs a branch head, or routes like a real call (live version, then the traffic split)', async () => {
    const own = await makeAgent(t, a, { model: { provider: 'simulated', name: 'r', temperature: 0, rules } });
    const system = systemPrincipal(a.organizationId);
    const branch = await createAgentBranch(t.orm.em.fork(), system, createAgentBranch.input.parse({ agentId: own.agent_id, branch: { name: 'shorter' } }));
    const head = await updateAgent(t.orm.em.fork(), system, own.agent_id, updateAgent.input.parse({ branch_id: branch.branch_id, first_message: 'Hi.' }));
    const byBranch = await simulate(own.agent_id, { branch_id: branch.branch_id, caller: { address: '+14155550999' }, customer_turns: ['hello'] });
    expect(byBranch.status).toBe(201);
    expect(byBranch.body.session.agent.agent_version_id).toBe(head.version_id);
    expect(byBranch.body.session.legs[0].transcript.items[0].text).toBe('Hi.');

    const unpublished = await simulate(own.agent_id, { caller: { address: '+14155550999' }, customer_turns: [] });
    expect(unpublished.status).toBe(409);
    expect(unpublished.body.detail).toMatch(/has no live version/);

    await publishAgent(t.orm.em.fork(), system, publishAgent.input.parse({ agentId: own.agent_id }));
    const live = await simulate(own.agent_id, { caller: { address: '+14155550999' }, direction: 'web', customer_turns: ['hello'] });
    expect(live.status).toBe(201);
    expect(live.body.session).toMatchObject({ direction: 'web', end_reason: 'customer_hangup', agent: { agent_version_id: own.version_id } });

    await setAgentTrafficSplit(
      t.orm.em.fork(),
      system,
      setAgentTrafficSplit.input.parse({ agentId: own.agent_id, split: [{ branchId: branch.branch_id, percent: 100 }] }),
    );
    const routed = await simulate(own.agent_id, { caller: { address: '+14155550999' }, customer_turns: ['hello'] });
    expect(routed.body.session.agent.agent_version_id).toBe(head.version_id);
  });

  it('refuses bad inputs with 400/404/403, never a 500', async () => {
    const caller = { address: '+14155550123' };
    const cases: [unknown, number, string | null][] = [
      [{ caller }, 400, 'body.customer_turns'],
      [{ caller, customer_turns: 'hello' }, 400, 'body.customer_turns'],
      [{ caller, customer_turns: [''] }, 400, 'body.customer_turns.0'],
      [{ caller, customer_turns: ['x'.repeat(2001)] }, 400, 'body.customer_turns.0'],
      [{ caller, customer_turns: Array.from({ length: 101 }, () => 'hi') }, 400, 'body.customer_turns'],
      [{ caller: { address: 'not a number' }, customer_turns: [] }, 400, 'body.caller.address'],
      [{ caller: { address: '+0123' }, customer_turns: [] }, 400, 'body.caller.address'],
      [{ customer_turns: [] }, 400, 'body.caller'],
      [{ caller, customer_turns: [], direction: 'sideways' }, 400, 'body.direction'],
      [{ caller, customer_turns: [], version_id: agent.version_id, branch_id: agent.branch.branch_id }, 400, 'body.version_id'],
      [{ caller, customer_turns: [], version_id: 'ver 1; drop table' }, 400, 'body.version_id'],
      [{ caller, customer_turns: [], speed: 2 }, 400, 'body.speed'],
      [{ caller, customer_turns: ['nul \u0000 here'] }, 400, 'body.customer_turns.0'],
      [{ caller, customer_turns: [], version_id: 'ver_01JNOSUCHVERSION0000000000' }, 404, 'body.version_id'],
      [{ caller, customer_turns: [], branch_id: 'brn_01JNOSUCHBRANCH00000000000' }, 404, null],
    ];
    for (const [body, status, field] of cases) {
      const res = await simulate(agent.agent_id, body);
      expect([JSON.stringify(body).slice(0, 120), res.status]).toEqual([JSON.stringify(body).slice(0, 120), status]);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      if (field) expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const noBody = await t.request.post(`/v1/agent/${agent.agent_id}/simulate_call`).set(a.headers);
    expect(noBody.status).toBe(400);
    expect((await simulate('agt_01JNOSUCHAGENT000000000000', { caller, customer_turns: [] })).status).toBe(404);
    expect((await simulate('not an id!', { caller, customer_turns: [] })).status).toBe(400);
    const other = await createTenant(t);
    expect((await simulate(agent.agent_id, { caller, customer_turns: [] }, other.headers)).status).toBe(404);
    const viewer = await simulate(agent.agent_id, { caller, customer_turns: [] }, viewerHeaders);
    expect(viewer.status).toBe(403);
    expect(viewer.body.required_permission).toBe('tests:run');
  });

  it('is in the OpenAPI document with the model provider routes', async () => {
    const doc = await t.request.get('/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/agent/{agent_id}/simulate_call',
        '/v1/agent/{agent_id}/traffic_split',
        '/v1/model_provider/create',
        '/v1/model_provider/list',
      ]),
    );
  });
});
