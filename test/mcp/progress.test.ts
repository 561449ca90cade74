import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTestUser, signInAndConsent } from '../support/oauth-flow.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { connectMcp, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import { releasable } from '../support/releases.js';
import { startToolServer, type Upstream } from '../support/mcp-upstream.js';
import { b64, speechWav } from '../voices/support.js';
import { progressReporter } from '../../src/mcp/tool.js';

/**
 * Long tools report progress over MCP when the client asks for it with a
 * progressToken (issue 13 item 3): test_run, release_start and
 * voice_clone_start with a wait, tool_mcp_sync. Through the SDK client's
 * onprogress, against the real database, Temporal server and worker.
 */
let t: TestServer;
let http: Client;
let worker: TestWorker;
let tenant: TestTenant;
let mcp: McpSession;
let upstream: Upstream & { tools: string[] };

beforeAll(async () => {
  t = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('mcp-progress'), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  worker = await startTestWorker(t);
  tenant = await createTenant(t);
  mcp = await connectMcp(t, mcpPrincipal(tenant));
  // A stock client over the real endpoint (Streamable HTTP), signed in through the OAuth flow.
  const user = await createTestUser(t.orm.em.fork(), tenant.organizationId, 'admin');
  const { access_token } = await signInAndConsent(t.baseUrl, { ...user, organizationId: tenant.organizationId, projectId: tenant.projectId });
  http = new Client({ name: 'progress-watcher', version: '1.0.0' });
  await http.connect(
    new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/platform/mcp`), { requestInit: { headers: { authorization: `Bearer ${access_token}` } } }),
  );
  upstream = await startToolServer({ header: 'Authorization', value: 'Bearer k', listDelayMs: 1500 });
  upstream.tools.push('lookup_order', 'cancel_order');
}, 60_000);
afterAll(async () => {
  await upstream?.close();
  await http?.close();
  await mcp?.close();
  await worker?.stop();
  await t?.close();
});

async function withProgress(name: string, args: Record<string, unknown>): Promise<{ result: CallToolResult; updates: Progress[] }> {
  const updates: Progress[] = [];
  const result = (await mcp.client.callTool({ name, arguments: args }, undefined, { onprogress: (p) => updates.push(p), timeout: 120_000 })) as CallToolResult;
  if (result.isError) throw new Error(`${name}: ${textOf(result)}`);
  return { result, updates };
}
const increasing = (updates: Progress[]) => updates.every((u, i) => i === 0 || u.progress > updates[i - 1].progress);

describe('progress over MCP', () => {
  it('test_run reports each test that finishes, up to all of them', async () => {
    const { agent } = await releasable(t, tenant, { requiredTests: 3 });
    const { result, updates } = await withProgress('test_run', { agentId: agent.agent_id, waitSeconds: 60 });
    expect((result.structuredContent as { status: string }).status).toBe('passed');
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(increasing(updates)).toBe(true);
    expect(updates.at(-1)).toMatchObject({ progress: 3, total: 3, message: '3 of 3 tests finished' });
  }, 90_000);

  it('reaches a stock client over the HTTP endpoint too: the call is answered as an event stream', async () => {
    const { agent } = await releasable(t, tenant, { requiredTests: 2 });
    const updates: Progress[] = [];
    const result = (await http.callTool({ name: 'test_run', arguments: { agentId: agent.agent_id, waitSeconds: 60 } }, undefined, {
      onprogress: (p) => updates.push(p),
      timeout: 90_000,
    })) as CallToolResult;
    expect([result.isError ?? false, (result.structuredContent as { status: string }).status]).toEqual([false, 'passed']);
    expect(updates.at(-1)).toMatchObject({ progress: 2, total: 2 });
  }, 120_000);

  it('release_start with waitSeconds reports its steps and answers with the finished release', async () => {
    const { agent, branch } = await releasable(t, tenant);
    const { result, updates } = await withProgress('release_start', { agentId: agent.agent_id, branchId: branch.branch_id, waitSeconds: 90 });
    const release = (result.structuredContent as { release: { status: string; steps: unknown[] } }).release;
    expect(release.status).toBe('succeeded');
    expect(increasing(updates)).toBe(true);
    expect(updates.at(-1)).toMatchObject({ progress: release.steps.length, total: release.steps.length });
  }, 120_000);

  it("voice_clone_start with waitSeconds reports the clone's progress out of 100 and answers once it is ready", async () => {
    const { result, updates } = await withProgress('voice_clone_start', {
      name: 'Progress voice',
      samples: [{ audioBase64: b64(speechWav(12, [180, 210])) }],
      waitSeconds: 90,
    });
    const clone = (result.structuredContent as { voice_clone: { status: string; progress: number } }).voice_clone;
    expect([clone.status, clone.progress]).toEqual(['ready', 100]);
    expect(increasing(updates)).toBe(true);
    expect(updates.every((u) => u.total === 100)).toBe(true);
    expect(updates.at(-1)?.progress).toBe(100);
  }, 120_000);

  it('tool_mcp_sync reports while it waits for the sync, and its end', async () => {
    const created = await mcp.call('list_mcp_servers');
    expect(created.isError).toBeFalsy();
    const res = await t.request
      .post('/v1/mcp/server/create')
      .set(tenant.headers)
      .send({ name: 'Orders', address: `${upstream.url}/mcp`, headers: { Authorization: 'Bearer k' } });
    expect(res.status).toBe(201);
    const { result, updates } = await withProgress('tool_mcp_sync', { mcpServerId: res.body.mcp_server.id, waitSeconds: 30 });
    expect((result.structuredContent as { status: string }).status).toBe('finished');
    expect(increasing(updates)).toBe(true);
    expect(updates.at(-1)).toMatchObject({ progress: 30, total: 30, message: 'synced 2 tools' });
  }, 60_000);

  it('a reporter never sends a value that does not grow', async () => {
    const sent: number[] = [];
    const report = progressReporter('tok', async (n) => {
      sent.push(n.params.progress);
    });
    for (const p of [0, 1, 1, 3, 2, 5]) report({ progress: p, total: 5 });
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([0, 1, 3, 5]);
  });
});
