import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser, signInAndConsent } from '../support/oauth-flow.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { detailsOf, textOf } from '../support/mcp.js';
import { closeEngineDispatchers } from '../../src/modules/engine/engine-settings.js';

/**
 * The spec's agent change flow (section 3) end to end, as an assistant does it
 * over MCP with a real OAuth token against the real server and a real Temporal
 * worker: create an agent, branch it, patch its prompt (refused on a stale
 * hash), create a test, run it (passed), preview the merge, merge, publish;
 * then the next simulated call runs on the new version.
 */
let s: TestServer;
let tenant: TestTenant;
let worker: TestWorker;
let client: Client;

beforeAll(async () => {
  s = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('e2e-agent-flow') } });
  worker = await startTestWorker(s);
  tenant = await createTenant(s);
  const user = await createTestUser(s.orm.em.fork(), tenant.organizationId, 'admin');
  const { access_token } = await signInAndConsent(s.baseUrl, { ...user, organizationId: tenant.organizationId, projectId: tenant.projectId });
  client = new Client({ name: 'e2e-release-manager', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.baseUrl}/platform/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${access_token}` } },
    }),
  );
}, 120_000);

afterAll(async () => {
  await client?.close();
  await worker?.stop();
  await closeEngineDispatchers();
  await s?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
async function ok(name: string, args: Record<string, unknown>): Promise<Json> {
  const result = await call(name, args);
  if (result.isError) throw new Error(`${name}: ${textOf(result)}`);
  return result.structuredContent as Json;
}

describe('the agent change flow over MCP', () => {
  it('create, branch, patch, test, preview, merge, publish, and the next call runs on the new version', async () => {
    const prompt = 'You are the front desk of Acme Dental.\nAnswer questions about opening hours.\nBe brief.';
    const { agent } = await ok('create_agent', {
      name: 'Acme front desk',
      prompt,
      first_message: 'Acme Dental, how can I help?',
      model: {
        provider: 'simulated',
        name: 'desk',
        temperature: 0,
        rules: [{ when: 'hours', say: 'We are open 9 to 5 on weekdays.' }, { say: 'Could you say that again?' }],
      },
    });
    await ok('publish_agent', { agentId: agent.agent_id });

    const { branch } = await ok('create_agent_branch', { agentId: agent.agent_id, branch: { name: 'warmer-greeting' } });
    expect(branch.name).toBe('warmer-greeting');

    const edits = [{ anchor: 'Be brief.', op: 'insert_before', text: 'Greet callers warmly. ' }];
    const stale = await call('patch_agent_prompt', { agentId: agent.agent_id, branchId: branch.branch_id, expectedHash: '0'.repeat(64), edits });
    expect(stale.isError).toBe(true);
    expect(textOf(stale)).toContain('HASH_MISMATCH');
    expect(detailsOf(stale)).toMatchObject({ current_hash: agent.prompt_hash });
    const patched = await ok('patch_agent_prompt', { agentId: agent.agent_id, branchId: branch.branch_id, expectedHash: agent.prompt_hash, edits });
    expect(patched.prompt_hash).not.toBe(agent.prompt_hash);

    const { test } = await ok('test_create', {
      agent_id: agent.agent_id,
      name: 'tells the opening hours',
      customer_turns: ['What are your opening hours?'],
      checks: [
        { type: 'reply_contains', text: '9 to 5' },
        { type: 'ended_with', end_reason: 'customer_hangup' },
      ],
      required: true,
    });
    const run = await ok('test_run', { test_id: test.test_id, branch_id: branch.branch_id, wait_seconds: 30 });
    expect(run.status).toBe('passed');
    const evaluation = await ok('evaluation_get', { evaluation_id: run.evaluation_id });
    expect(JSON.stringify(evaluation)).toContain('passed');

    const preview = await ok('preview_agent_branch_merge', { sourceBranchId: branch.branch_id });
    expect(preview.conflicts).toEqual([]);
    const merged = await ok('merge_agent_branch', { sourceBranchId: branch.branch_id });
    expect(merged.version.parent_version_ids).toHaveLength(2);
    const published = await ok('publish_agent', { agentId: agent.agent_id });
    expect(published).toMatchObject({ changed: true, live_version_id: merged.version.version_id });
    const liveVersion = published.live_version_id;

    // A caller now reaches the new version (a REST integrator's simulated call, routed like a real one).
    const res = await s.request
      .post(`/v1/agent/${agent.agent_id}/simulate_call`)
      .set(tenant.headers)
      .send({ caller: { name: 'Ben', address: '+14155550142' }, customer_turns: ['What are your opening hours?'] });
    expect(res.status).toBe(201);
    expect(res.body.session.agent.agent_version_id).toBe(liveVersion);
    expect(JSON.stringify(res.body.session.legs[0].transcript.items)).toContain('9 to 5');
  }, 90_000);
});
