import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createEngineTestApp, makeAgent } from '../support/engine.js';
import { connectMcp, mcpPrincipal, textOf } from '../support/mcp.js';
import { callerBucket, normalizeAddress, routeCall } from '../../src/modules/agents/route-call.js';
import { systemPrincipal, type Principal } from '../../src/modules/org/permissions.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import { updateAgent } from '../../src/modules/agents/update-agent.js';
import { createAgentBranch } from '../../src/modules/agents/create-agent-branch.js';
import { setAgentTrafficSplit } from '../../src/modules/agents/set-agent-traffic-split.js';
import { Agent, AgentBranch } from '../../src/modules/agents/agents.entity.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { createApiClient, issueToken } from '../../src/modules/org/api-clients.js';

let t: TestApp;
let a: TestTenant;
let system: Principal;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  system = systemPrincipal(a.organizationId, 'rest');
});
afterAll(async () => t.close());

const address = (i: number) => `+1415${String(i).padStart(7, '0')}`;

describe('routeCall', () => {
  const agent = {
    id: 'agt_01JROUTE000000000000000000',
    liveVersionId: 'ver_live',
    trafficSplit: [
      { version_id: 'ver_a', percent: 10, branch_id: null },
      { version_id: 'ver_b', percent: 30, branch_id: 'brn_b' },
      { version_id: 'ver_c', percent: 60, branch_id: null },
    ],
  };

  it('lands 10,000 callers within 2 points of each weight', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const version = routeCall(agent, address(i));
      counts.set(version, (counts.get(version) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['ver_a', 'ver_b', 'ver_c']);
    for (const share of agent.trafficSplit) {
      const percent = (counts.get(share.version_id)! / 10_000) * 100;
      expect(Math.abs(percent - share.percent)).toBeLessThanOrEqual(2);
    }
  });

  it('always sends one caller to the same version, however the number is written', () => {
    for (let i = 0; i < 200; i++) {
      const first = routeCall(agent, address(i));
      for (let k = 0; k < 5; k++) expect(routeCall(agent, address(i))).toBe(first);
    }
    expect(normalizeAddress(' +1 (415) 555-0123 ')).toBe('+14155550123');
    expect(routeCall(agent, '+1 (415) 555-0123')).toBe(routeCall(agent, '+14155550123'));
    expect(callerBucket(agent.id, 'sip:ana@example.com')).toBe(callerBucket(agent.id, 'SIP:Ana@Example.com'));
  });

  it('keeps the callers of a first share when it grows', () => {
    const small = {
      ...agent,
      trafficSplit: [
        { version_id: 'ver_new', percent: 10, branch_id: null },
        { version_id: 'ver_old', percent: 90, branch_id: null },
      ],
    };
    const large = {
      ...agent,
      trafficSplit: [
        { version_id: 'ver_new', percent: 50, branch_id: null },
        { version_id: 'ver_old', percent: 50, branch_id: null },
      ],
    };
    for (let i = 0; i < 2000; i++) {
      if (routeCall(small, address(i)) === 'ver_new') expect(routeCall(large, address(i))).toBe('ver_new');
    }
  });

  it('sends everyone to the live version without a split, and refuses an agent with neither', () => {
    expect(routeCall({ ...agent, trafficSplit: null }, address(1))).toBe('ver_live');
    expect(routeCall({ ...agent, trafficSplit: [] }, address(2))).toBe('ver_live');
    expect(() => routeCall({ ...agent, trafficSplit: null, liveVersionId: null }, address(1))).toThrow(/has no live version/);
  });
});

/** An agent with a published v1, a newer main head v3 (v2 in between, never published) and an open branch. */
async function history() {
  const agent = await makeAgent(t, a, { prompt: 'Version one.' });
  const v1 = agent.version_id;
  await publishAgent(t.orm.em.fork(), system, publishAgent.input.parse({ agentId: agent.agent_id }));
  const v2 = (await updateAgent(t.orm.em.fork(), system, agent.agent_id, updateAgent.input.parse({ prompt: 'Version two.' }))).version_id;
  const v3 = (await updateAgent(t.orm.em.fork(), system, agent.agent_id, updateAgent.input.parse({ prompt: 'Version three.' }))).version_id;
  const branch = await createAgentBranch(t.orm.em.fork(), system, createAgentBranch.input.parse({ agentId: agent.agent_id, branch: { name: 'canary' } }));
  const b1 = (await updateAgent(t.orm.em.fork(), system, agent.agent_id, updateAgent.input.parse({ branch_id: branch.branch_id, prompt: 'Canary.' })))
    .version_id;
  return { agentId: agent.agent_id, v1, v2, v3, branchId: branch.branch_id, b1 };
}
const split = (agentId: string, body: unknown) =>
  t.request
    .post(`/v1/agent/${agentId}/traffic_split`)
    .set(a.headers)
    .send(body as object);

describe('set_agent_traffic_split', () => {
  it('stores published versions and branch heads (resolved now), shows them on the agent, audits, and routes by them', async () => {
    const h = await history();
    const res = await split(h.agentId, {
      split: [
        { branchId: h.branchId, percent: 20 },
        { versionId: h.v1, percent: 70 },
        { versionId: h.v3, percent: 10 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      agent_id: h.agentId,
      live_version_id: h.v1,
      changed: true,
      previous_split: [],
      split: [
        { version_id: h.b1, percent: 20, branch_id: h.branchId },
        { version_id: h.v1, percent: 70, branch_id: null },
        { version_id: h.v3, percent: 10, branch_id: null },
      ],
    });
    // The branch moving on does not move the split.
    await updateAgent(t.orm.em.fork(), system, h.agentId, updateAgent.input.parse({ branch_id: h.branchId, prompt: 'Canary two.' }));
    const agent = await t.request.get(`/v1/agent/retrieve/${h.agentId}`).set(a.headers);
    expect(agent.body.agent.traffic_split).toEqual(res.body.split);

    const again = await split(h.agentId, {
      split: [
        { branchId: h.branchId, percent: 20 },
        { versionId: h.v1, percent: 70 },
        { versionId: h.v3, percent: 10 },
      ],
    });
    expect(again.body.changed).toBe(true); // the branch head moved, so the same request resolves differently
    const same = await split(h.agentId, {
      split: again.body.split.map((s: { version_id: string; percent: number; branch_id: string | null }) =>
        s.branch_id ? { branchId: s.branch_id, percent: s.percent } : { versionId: s.version_id, percent: s.percent },
      ),
    });
    expect(same.body.changed).toBe(false);

    const row = await t.orm.em.fork().findOneOrFail(Agent, { id: h.agentId });
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const v = routeCall(row, address(i));
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    expect(new Set(counts.keys())).toEqual(new Set(again.body.split.map((s: { version_id: string }) => s.version_id)));

    const cleared = await split(h.agentId, { split: [] });
    expect(cleared.body).toMatchObject({ split: [], changed: true });
    const reloaded = await t.orm.em.fork().findOneOrFail(Agent, { id: h.agentId });
    expect(reloaded.trafficSplit).toBeNull();
    expect(routeCall(reloaded, address(7))).toBe(h.v1);

    const audit = await t.orm.em
      .fork()
      .find(AuditEvent, { organization: a.organizationId, targetId: h.agentId, action: 'agent.traffic_split' }, { orderBy: { id: 'asc' } });
    expect(audit).toHaveLength(3);
    expect(audit[0].data).toMatchObject({ split: res.body.split, previous_split: [] });
    expect(audit[0]).toMatchObject({ actorType: 'api_client', actorId: a.clientId, via: 'rest' });
  });

  it('refuses bad splits, naming the share', async () => {
    const h = await history();
    const cases: [unknown, number, string, RegExp | string][] = [
      [
        {
          split: [
            { versionId: h.v1, percent: 60 },
            { versionId: h.v3, percent: 30 },
          ],
        },
        400,
        'body.split',
        /add up to 90, not 100/,
      ],
      [
        {
          split: [
            { versionId: h.v1, percent: 110 },
            { versionId: h.v3, percent: -10 },
          ],
        },
        400,
        'body.split.1.percent',
        /negative/,
      ],
      [
        {
          split: [
            { versionId: h.v1, percent: 50.5 },
            { versionId: h.v3, percent: 49.5 },
          ],
        },
        400,
        'body.split.0.percent',
        /whole number/,
      ],
      [{ split: [{ versionId: h.v1, branchId: h.branchId, percent: 100 }] }, 400, 'body.split.0', /exactly one of versionId and branchId/],
      [{ split: [{ percent: 100 }] }, 400, 'body.split.0', /exactly one/],
      [{ split: [{ versionId: 'ver_01JNOSUCHVERSION0000000000', percent: 100 }] }, 404, 'body.split.0.versionId', /no such version/],
      [
        {
          split: [
            { versionId: h.v2, percent: 50 },
            { versionId: h.v1, percent: 50 },
          ],
        },
        422,
        'body.split.0.versionId',
        /publish it/,
      ],
      [{ split: [{ branchId: 'brn_01JNOSUCHBRANCH00000000000', percent: 100 }] }, 404, 'body.split.0.branchId', /no such branch/],
      [
        {
          split: [
            { versionId: h.v3, percent: 50 },
            { branchId: await mainBranch(h.agentId), percent: 50 },
          ],
        },
        400,
        'body.split.1',
        /same version as share 0/,
      ],
      [{ split: [{ versionId: h.v1, percent: 100 }], extra: 1 }, 400, 'body.extra', /not a known parameter/],
      [{ split: 'all of it' }, 400, 'body.split', /array/],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await split(h.agentId, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(res.body.errors?.map((e: { field: string }) => e.field)).toContain(field);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    const other = await createTenant(t);
    const foreign = await t.request
      .post(`/v1/agent/${h.agentId}/traffic_split`)
      .set(other.headers)
      .send({ split: [{ versionId: h.v1, percent: 100 }] });
    expect(foreign.status).toBe(404);
    const viewer = await createApiClient(t.orm.em.fork(), { organizationId: a.organizationId, name: 'viewer', role: 'viewer' });
    const token = await issueToken(t.orm.em.fork(), t.deps.config.auth, { client_id: viewer.clientId, client_secret: viewer.clientSecret });
    const forbidden = await t.request
      .post(`/v1/agent/${h.agentId}/traffic_split`)
      .set({ Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': a.organizationId })
      .send({ split: [] });
    expect(forbidden.status).toBe(403);
    expect((await t.orm.em.fork().findOneOrFail(Agent, { id: h.agentId })).trafficSplit).toBeNull();
  });

  it('refuses a merged branch', async () => {
    const h = await history();
    const em = t.orm.em.fork();
    const branch = await em.findOneOrFail(AgentBranch, { id: h.branchId });
    branch.state = 'merged';
    await em.flush();
    await expect(
      setAgentTrafficSplit(t.orm.em.fork(), system, setAgentTrafficSplit.input.parse({ agentId: h.agentId, split: [{ branchId: h.branchId, percent: 100 }] })),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringMatching(/is merged/),
    });
  });

  it('works as the MCP tool set_agent_traffic_split', async () => {
    const h = await history();
    const mcp = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId }));
    try {
      const listed = (await mcp.client.listTools()).tools.find((x) => x.name === 'set_agent_traffic_split')!;
      expect(listed.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
      expect(Object.keys(listed.inputSchema.properties ?? {})).toEqual(['agentId', 'split', 'override']);
      const ok = await mcp.call('set_agent_traffic_split', {
        agentId: h.agentId,
        split: [
          { versionId: h.v1, percent: 90 },
          { branchId: h.branchId, percent: 10 },
        ],
      });
      expect(ok.isError).toBeFalsy();
      expect(ok.structuredContent).toMatchObject({
        split: [
          { version_id: h.v1, percent: 90 },
          { version_id: h.b1, percent: 10, branch_id: h.branchId },
        ],
      });
      const bad = await mcp.call('set_agent_traffic_split', { agentId: h.agentId, split: [{ versionId: h.v1, percent: 90 }] });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/split: the percents add up to 90, not 100/);
      const noPermission = await connectMcp(t, mcpPrincipal(a, { permissions: ['agents:read', 'agents:write'] }));
      const refused = await noPermission.call('set_agent_traffic_split', { agentId: h.agentId, split: [] });
      expect(textOf(refused)).toMatch(/agents:publish/);
      await noPermission.close();
    } finally {
      await mcp.close();
    }
  });
});

async function mainBranch(agentId: string): Promise<string> {
  return (await t.orm.em.fork().findOneOrFail(Agent, { id: agentId })).mainBranchId;
}
