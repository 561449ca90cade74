import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { connectMcp, mcpPrincipal, textOf, detailsOf } from '../support/mcp.js';
import { sql } from '../../src/db/orm.js';
import { PERMISSIONS } from '../../src/modules/org/permissions.js';

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
const agentBody = (name: string) => ({ name, prompt: 'You answer.', model: { provider: 'simulated', name: 'rules-v1', rules: [{ when: 'bye', say: 'Bye', hangup: true }] } });

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
    const audit = await sql<{ action: string }>(t.orm.em.fork(), "select action from audit_event where organization_id = ? and action = 'test.delete'", [a.organizationId]);
    expect(audit).toHaveLength(2);
  });
});
