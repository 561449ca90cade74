import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { connectMcp, mcpPrincipal, textOf, detailsOf } from '../support/mcp.js';
import { sql } from '../../src/db/orm.js';
import { PERMISSIONS } from '../../src/modules/org/permissions.js';
import { newId } from '../../src/modules/ids.js';
import { Campaign } from '../../src/modules/campaigns/campaigns.entity.js';

/**
 * Deletes for what had none (issue 13 item 4, in part): MCP servers, knowledge
 * resources and tests, on REST and MCP. What is in use is refused with a 409
 * that says by what; a required test leaves the release gate only for
 * someone who may publish.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  a = await createTenant(t);
  b = await createTenant(t);
});
afterAll(async () => t.close());

const post = async (tenant: TestTenant, path: string, body: object) => {
  const res = await t.request.post(path).set(tenant.headers).send(body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const agentBody = (name: string) => ({
  name,
  prompt: 'You answer.',
  model: { provider: 'simulated', name: 'rules-v1', rules: [{ when: 'bye', say: 'Bye', hangup: true }] },
});

describe('deleting an MCP server', () => {
  it('is refused while an agent uses it, naming the agent; then deletes it with its tools', async () => {
    const agent = (await post(a, '/v1/agent/create', agentBody('Orders desk'))).agent;
    const server = (await post(a, '/v1/mcp/server/create', { name: 'Orders', address: 'http://127.0.0.1:9/mcp' })).mcp_server;
    await post(a, '/v1/agent/mcp_server/assign', { agent_id: agent.agent_id, mcp_server_id: server.id });

    expect((await t.request.delete(`/v1/mcp/server/delete/${server.id}`).set(b.headers)).status).toBe(404);
    const refused = await t.request.delete(`/v1/mcp/server/delete/${server.id}`).set(a.headers);
    expect([refused.status, refused.body.code, refused.body.in_use_by]).toEqual([409, 'CONFLICT', [{ agent_id: agent.agent_id, name: 'Orders desk' }]]);
    expect(refused.body.detail).toContain('Orders desk');

    const unassigned = await post(a, '/v1/agent/mcp_server/unassign', { agent_id: agent.agent_id, mcp_server_id: server.id });
    expect(unassigned).toEqual({ agent_id: agent.agent_id, mcp_server_id: server.id, unassigned: true });
    expect((await post(a, '/v1/agent/mcp_server/unassign', { agent_id: agent.agent_id, mcp_server_id: server.id })).unassigned).toBe(false);
    const deleted = await t.request.delete(`/v1/mcp/server/delete/${server.id}`).set(a.headers);
    expect([deleted.status, deleted.body]).toEqual([200, { mcp_server_id: server.id, deleted: true }]);
    expect((await t.request.get(`/v1/mcp/server/retrieve/${server.id}`).set(a.headers)).status).toBe(404);
    expect((await t.request.delete(`/v1/mcp/server/delete/${server.id}`).set(a.headers)).status).toBe(404);
  });

  it('over MCP too, with the refusal saying by what', async () => {
    const agent = (await post(a, '/v1/agent/create', agentBody('Billing desk'))).agent;
    const server = (await post(a, '/v1/mcp/server/create', { name: 'Billing', address: 'http://127.0.0.1:9/mcp' })).mcp_server;
    await post(a, '/v1/agent/mcp_server/assign', { agent_id: agent.agent_id, mcp_server_id: server.id });
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      const refused = await mcp.call('mcp_server_delete', { mcpServerId: server.id });
      expect([refused.isError, textOf(refused)]).toEqual([true, expect.stringContaining('Billing desk')]);
      expect(detailsOf(refused)).toMatchObject({ in_use_by: [{ agent_id: agent.agent_id }] });
    } finally {
      await mcp.close();
    }
  });
});

describe('deleting a knowledge resource', () => {
  it('removes it and its chunks, so retrieval no longer finds it', async () => {
    const resource = (await post(a, '/v1/knowledge/resource/create', { text: 'The parking garage closes at midnight on Fridays.' })).resource;
    const found = await post(a, '/v1/knowledge/retrieve', { query: 'when does the parking garage close' });
    expect(JSON.stringify(found)).toContain('midnight');
    expect((await t.request.delete(`/v1/knowledge/resource/delete/${resource.id}`).set(b.headers)).status).toBe(404);
    const deleted = await t.request.delete(`/v1/knowledge/resource/delete/${resource.id}`).set(a.headers);
    expect([deleted.status, deleted.body]).toEqual([200, { resource_id: resource.id, deleted: true }]);
    const chunks = await sql<{ n: number }>(t.orm.em.fork(), 'select count(*)::int as n from knowledge_chunk where resource_id = ?', [resource.id]);
    expect(chunks[0].n).toBe(0);
    const after = await post(a, '/v1/knowledge/retrieve', { query: 'when does the parking garage close' });
    expect(JSON.stringify(after)).not.toContain('midnight');
  });
});

describe('deleting a test', () => {
  it('deletes an optional test; a required one leaves the release gate too, and only for someone who may publish', async () => {
    const agent = (await post(a, '/v1/agent/create', agentBody('Gatekeeper'))).agent;
    const checks = [{ type: 'reply_contains', text: 'x' }];
    const optional = (await post(a, `/v1/agent/${agent.agent_id}/test/create`, { name: 'optional', customer_turns: ['hi'], checks })).test;
    const required = (await post(a, `/v1/agent/${agent.agent_id}/test/create`, { name: 'gate', customer_turns: ['hi'], checks, required: true })).test;

    const gone = await t.request.delete(`/v1/agent/${agent.agent_id}/test/delete/${optional.test_id}`).set(a.headers);
    expect([gone.status, gone.body]).toEqual([200, { test_id: optional.test_id, deleted: true, was_required: false }]);

    // Someone who may run tests but not publish cannot drop a gate.
    const tester = await connectMcp(t, mcpPrincipal(a, { permissions: PERMISSIONS.filter((p) => p !== 'agents:publish') }));
    try {
      const refused = await tester.call('test_delete', { agentId: agent.agent_id, testId: required.test_id });
      expect([refused.isError, textOf(refused)]).toEqual([true, expect.stringContaining('agents:publish')]);
    } finally {
      await tester.close();
    }
    const gated = await t.request.get(`/v1/agent/retrieve/${agent.agent_id}`).set(a.headers);
    expect(gated.body.agent.required_test_ids).toEqual([required.test_id]);

    const dropped = await t.request.delete(`/v1/agent/${agent.agent_id}/test/delete/${required.test_id}`).set(a.headers);
    expect([dropped.status, dropped.body.was_required]).toEqual([200, true]);
    const after = await t.request.get(`/v1/agent/retrieve/${agent.agent_id}`).set(a.headers);
    expect(after.body.agent.required_test_ids).toEqual([]);
    const listed = await t.request.get(`/v1/agent/${agent.agent_id}/test/list`).set(a.headers);
    expect(listed.body.tests).toEqual([]);
    const audit = await sql<{ action: string }>(t.orm.em.fork(), "select action from audit_event where organization_id = ? and action = 'test.delete'", [
      a.organizationId,
    ]);
    expect(audit).toHaveLength(2);
  });
});

describe('archiving an agent', () => {
  it('is refused while the agent is published or reached, naming each use; unpublish then archive; archived agents take no changes', async () => {
    const agent = (await post(a, '/v1/agent/create', agentBody('Front desk'))).agent;
    const id = agent.agent_id;
    await post(a, `/v1/agent/${id}/publish`, {});
    const address = `sip:frontdesk-${Date.now()}@acme.example.com`;
    const destination = (await post(a, '/v1/destination/create', { kind: 'sip_address', address, agent_id: id })).destination;

    const refused = await t.request.post(`/v1/agent/${id}/archive`).set(a.headers).send({});
    expect([refused.status, refused.body.code]).toEqual([409, 'CONFLICT']);
    expect(refused.body.in_use_by.map((u: { kind: string }) => u.kind)).toEqual(['live_version', 'destination']);
    expect(refused.body.in_use_by[1]).toEqual({ kind: 'destination', id: destination.destination_id, label: address });
    expect(refused.body.detail).toContain(`/v1/agent/${id}/unpublish`);

    // Unpublishing is refused while the destination still routes calls here.
    const stillRouted = await t.request.post(`/v1/agent/${id}/unpublish`).set(a.headers).send({});
    expect([stillRouted.status, stillRouted.body.in_use_by.map((u: { kind: string }) => u.kind)]).toEqual([409, ['destination']]);
    expect((await t.request.delete(`/v1/destination/delete/${destination.destination_id}`).set(a.headers)).status).toBe(200);
    const unpublished = await post(a, `/v1/agent/${id}/unpublish`, {});
    expect(unpublished).toMatchObject({ agent_id: id, live_version_id: null, previous_version_id: agent.version_id, changed: true });
    expect((await post(a, `/v1/agent/${id}/unpublish`, {})).changed).toBe(false);

    expect((await t.request.post(`/v1/agent/${id}/archive`).set(b.headers).send({})).status).toBe(404);
    const archived = await post(a, `/v1/agent/${id}/archive`, {});
    expect(archived).toMatchObject({ agent_id: id, archived: true, changed: true });
    expect((await post(a, `/v1/agent/${id}/archive`, {})).changed).toBe(false);

    const listed = (await t.request.get('/v1/agent/list?page_size=100').set(a.headers)).body.agents.map((x: { agent_id: string }) => x.agent_id);
    expect(listed).not.toContain(id);
    const archivedList = (await t.request.get('/v1/agent/list?archived=true').set(a.headers)).body.agents;
    expect(archivedList.map((x: { agent_id: string }) => x.agent_id)).toEqual([id]);
    expect(archivedList[0].archived_at).toBe(archived.archived_at);
    const read = await t.request.get(`/v1/agent/retrieve/${id}`).set(a.headers);
    expect([read.status, read.body.agent.archived_at]).toEqual([200, archived.archived_at]);

    // Changes, publishing, calls and assignments are refused with the way back named.
    const change = await t.request.put(`/v1/agent/update/${id}`).set(a.headers).send({ name: 'Renamed' });
    expect([change.status, change.body.code, change.body.detail]).toEqual([409, 'CONFLICT', expect.stringContaining(`/v1/agent/${id}/unarchive`)]);
    expect((await t.request.post(`/v1/agent/${id}/publish`).set(a.headers).send({})).status).toBe(409);
    expect(
      (
        await t.request
          .post('/v1/destination/create')
          .set(a.headers)
          .send({ kind: 'sip_address', address: `${address}x`, agent_id: id })
      ).status,
    ).toBe(409);

    const back = await post(a, `/v1/agent/${id}/unarchive`, {});
    expect(back).toEqual({ agent_id: id, archived: false, archived_at: null, changed: true });
    const renamed = await t.request.put(`/v1/agent/update/${id}`).set(a.headers).send({ name: 'Renamed' });
    expect(renamed.status).toBe(200);
    const audit = await sql<{ action: string }>(
      t.orm.em.fork(),
      "select action from audit_event where target_id = ? and action in ('agent.unpublish', 'agent.archive', 'agent.unarchive') order by id",
      [id],
    );
    expect(audit.map((x) => x.action)).toEqual(['agent.unpublish', 'agent.archive', 'agent.unarchive']);
  });

  it('over MCP: archive_agent names what uses the agent; unpublish_agent and unarchive_agent exist', async () => {
    const agent = (await post(a, '/v1/agent/create', agentBody('Night desk'))).agent;
    await post(a, `/v1/agent/${agent.agent_id}/publish`, {});
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      const refused = await mcp.call('archive_agent', { agentId: agent.agent_id });
      expect([refused.isError, textOf(refused)]).toEqual([true, expect.stringContaining('unpublish')]);
      expect(detailsOf(refused)).toMatchObject({ in_use_by: [{ kind: 'live_version', id: agent.version_id }] });
      expect((await mcp.call('unpublish_agent', { agentId: agent.agent_id })).isError).toBeFalsy();
      const archived = await mcp.call('archive_agent', { agentId: agent.agent_id });
      expect([archived.isError, archived.structuredContent]).toEqual([undefined, expect.objectContaining({ archived: true, changed: true })]);
      const hidden = await mcp.call('list_agents', { archived: 'true' });
      expect(JSON.stringify(hidden.structuredContent)).toContain(agent.agent_id);
      expect((await mcp.call('unarchive_agent', { agentId: agent.agent_id })).structuredContent).toMatchObject({ archived: false });
    } finally {
      await mcp.close();
    }
  });
});

describe('deleting an HTTP tool', () => {
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Stock', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9/api' }],
    paths: { '/stock': { get: { operationId: 'checkStock', summary: 'Stock level', responses: { 200: { description: 'ok' } } } } },
  };

  it("is refused while an agent's tools list it; deleted once the entry is gone", async () => {
    const tool = (await post(a, '/v1/tool/http/import', { spec })).tools[0];
    const agent = (
      await post(a, '/v1/agent/create', {
        ...agentBody('Stock desk'),
        tools: [{ name: 'check_stock', kind: 'http', permission: 'allow', config: { http_tool_id: tool.id } }],
      })
    ).agent;
    expect((await t.request.delete(`/v1/tool/http/delete/${tool.id}`).set(b.headers)).status).toBe(404);
    const refused = await t.request.delete(`/v1/tool/http/delete/${tool.id}`).set(a.headers);
    expect([refused.status, refused.body.in_use_by]).toEqual([409, [{ kind: 'agent', id: agent.agent_id, label: 'Stock desk' }]]);

    const updated = await t.request.put(`/v1/agent/update/${agent.agent_id}`).set(a.headers).set('If-Match', `"${agent.etag}"`).send({ tools: [] });
    expect(updated.status).toBe(200);
    const deleted = await t.request.delete(`/v1/tool/http/delete/${tool.id}`).set(a.headers);
    expect([deleted.status, deleted.body]).toEqual([200, { tool_id: tool.id, deleted: true }]);
    const listed = await t.request.get('/v1/tool/http/list').set(a.headers);
    expect(listed.body.tools.map((x: { id: string }) => x.id)).not.toContain(tool.id);
  });

  it('over MCP (tool_http_delete)', async () => {
    const tool = (
      await post(a, '/v1/tool/http/import', {
        spec: { ...spec, paths: { '/stock2': { get: { operationId: 'checkStock2', responses: { 200: { description: 'ok' } } } } } },
      })
    ).tools[0];
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      expect((await mcp.call('tool_http_delete', { toolId: tool.id })).structuredContent).toEqual({ tool_id: tool.id, deleted: true });
      expect((await mcp.call('tool_http_delete', { toolId: tool.id })).isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });
});

describe('deleting a contact', () => {
  it("deletes it (another organization's reads as 404), over REST and MCP", async () => {
    const one = (await post(a, '/v1/contact/resolve_or_create', { phone: '+14155550111', name: 'Ada' })).contact;
    const two = (await post(a, '/v1/contact/resolve_or_create', { phone: '+14155550112', name: 'Bob' })).contact;
    expect((await t.request.delete(`/v1/contact/delete/${one.contact_id}`).set(b.headers)).status).toBe(404);
    const deleted = await t.request.delete(`/v1/contact/delete/${one.contact_id}`).set(a.headers);
    expect([deleted.status, deleted.body.deleted]).toEqual([200, true]);
    expect((await t.request.get(`/v1/contact/retrieve/${one.contact_id}`).set(a.headers)).status).toBe(404);
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      expect((await mcp.call('contact_delete', { contactId: two.contact_id })).structuredContent).toMatchObject({ deleted: true });
    } finally {
      await mcp.close();
    }
  });

  it('is refused while a running or paused campaign still has it to dial, naming the campaign; deleted once it is dialled', async () => {
    const agent = (await post(a, '/v1/agent/create', agentBody('Recall desk'))).agent;
    const contact = (await post(a, '/v1/contact/resolve_or_create', { phone: '+14155550113', name: 'Cy' })).contact;
    // A campaign row with the contact queued (no workflow: the delete reads the rows).
    const em = t.orm.em.fork();
    const campaign = em.create(Campaign, {
      id: newId('campaign'),
      organization: a.organizationId,
      project: agent.project_id,
      agent: agent.agent_id,
      name: 'Spring recall',
      callerNumbers: ['+14155550100'],
      window: null,
      timeZone: 'America/New_York',
      maxConcurrent: 5,
      callsPerMinute: 60,
      retry: { outcomes: [], max_attempts: 1, delay_seconds: 60 },
      spendCapMicros: null,
      spentMicros: 0,
      customerScript: [],
      variables: {},
      status: 'paused',
      reason: null,
      idempotencyKey: null,
      createdBy: { type: 'system', id: null, name: null },
      finishedAt: null,
    });
    await em.flush();
    const recipient = newId('campaignRecipient');
    await sql(
      em,
      `insert into campaign_recipient (id, campaign_id, contact_id, phone, time_zone, seq, attempts, state, updated_at)
       values (?, ?, ?, ?, 'America/New_York', 0, 0, 'queued', now())`,
      [recipient, campaign.id, contact.contact_id, contact.phone],
    );
    const refused = await t.request.delete(`/v1/contact/delete/${contact.contact_id}`).set(a.headers);
    expect([refused.status, refused.body.code, refused.body.in_use_by]).toEqual([
      409,
      'CONFLICT',
      [{ kind: 'campaign', id: campaign.id, label: 'Spring recall' }],
    ]);
    expect(refused.body.detail).toContain(`campaign ${campaign.id}`);
    expect((await t.request.get(`/v1/contact/retrieve/${contact.contact_id}`).set(a.headers)).status).toBe(200);

    await sql(em, `update campaign_recipient set state = 'done', attempts = 1 where id = ?`, [recipient]);
    const deleted = await t.request.delete(`/v1/contact/delete/${contact.contact_id}`).set(a.headers);
    expect([deleted.status, deleted.body.deleted]).toEqual([200, true]);
  });
});

describe('deleting a project', () => {
  it('deletes an empty project; refuses one holding an agent (naming it) and the only project', async () => {
    const solo = await createTenant(t);
    const first = (await t.request.get('/v1/organization/retrieve').set(solo.headers)).body.organization.projects[0];
    const only = await t.request.delete(`/v1/project/delete/${first.project_id}`).set(solo.headers);
    expect([only.status, only.body.detail]).toEqual([409, expect.stringContaining('only project')]);

    const spare = (await post(solo, '/v1/project/create', { name: 'Spare' })).project;
    const agent = (await post(solo, '/v1/agent/create', { ...agentBody('Spare desk'), project_id: spare.project_id })).agent;
    const full = await t.request.delete(`/v1/project/delete/${spare.project_id}`).set(solo.headers);
    expect([full.status, full.body.in_use_by]).toEqual([409, [{ kind: 'agent', id: agent.agent_id, label: 'Spare desk' }]]);

    const empty = (await post(solo, '/v1/project/create', { name: 'Empty' })).project;
    expect((await t.request.delete(`/v1/project/delete/${empty.project_id}`).set(a.headers)).status).toBe(404);
    const mcp = await connectMcp(t, mcpPrincipal(solo));
    try {
      expect((await mcp.call('project_delete', { projectId: empty.project_id })).structuredContent).toEqual({ project_id: empty.project_id, deleted: true });
    } finally {
      await mcp.close();
    }
    const projects = (await t.request.get('/v1/organization/retrieve').set(solo.headers)).body.organization.projects.map(
      (p: { project_id: string }) => p.project_id,
    );
    expect(projects).toEqual(expect.not.arrayContaining([empty.project_id]));
  });
});

describe('assigning MCP servers over MCP', () => {
  it("mcp_server_assign and mcp_server_unassign give and take a server's tools", async () => {
    const agent = (await post(a, '/v1/agent/create', agentBody('Tools desk'))).agent;
    const server = (await post(a, '/v1/mcp/server/create', { name: 'Desk tools', address: 'http://127.0.0.1:9/mcp' })).mcp_server;
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      expect((await mcp.call('mcp_server_assign', { agentId: agent.agent_id, mcpServerId: server.id })).structuredContent).toEqual({
        agent_id: agent.agent_id,
        mcp_server_id: server.id,
        assigned: true,
      });
      expect((await mcp.call('mcp_server_delete', { mcpServerId: server.id })).isError).toBe(true);
      expect((await mcp.call('mcp_server_unassign', { agentId: agent.agent_id, mcpServerId: server.id })).structuredContent).toMatchObject({
        unassigned: true,
      });
      expect((await mcp.call('mcp_server_delete', { mcpServerId: server.id })).structuredContent).toEqual({ mcp_server_id: server.id, deleted: true });
    } finally {
      await mcp.close();
    }
  });
});
