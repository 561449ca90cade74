import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { conversationInput, engineDeps, makeAgent } from '../support/engine.js';
import { completion, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { connectMcp, mcpPrincipal } from '../support/mcp.js';
import { startEverythingServer, startHeaderProxy, startToolServer, type Upstream } from '../support/mcp-upstream.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { closeEngineDispatchers, engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import { createModelProvider } from '../../src/modules/engine/create-model-provider.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { McpServer } from '../../src/modules/mcp-servers/mcp-servers.entity.js';
import { ToolCall } from '../../src/modules/calls/calls.entity.js';

/**
 * External MCP servers end to end: REST in front, the mcpToolSync workflow
 * on a real worker (own task queue) against the test run's Temporal server,
 * and real MCP servers on loopback: the official server-everything over
 * Streamable HTTP behind a proxy that requires an API key header, and a small
 * server of our own whose tool list changes between syncs.
 */
const KEY = 'k-3f9a-secret-value';
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let worker: TestWorker;
let everything: Upstream;
let proxy: Upstream & { seen: number };
let tools: Awaited<ReturnType<typeof startToolServer>>;
let fake: FakeOpenAi;

beforeAll(async () => {
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('mcp-servers'), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  [a, b] = await Promise.all([createTenant(t), createTenant(t)]);
  worker = await startTestWorker(t);
  everything = await startEverythingServer();
  proxy = await startHeaderProxy(new URL(everything.url).origin, 'X-Api-Key', KEY);
  tools = await startToolServer({ header: 'Authorization', value: `Bearer ${KEY}`, pageSize: 2, listDelayMs: 300 });
  fake = await startFakeOpenAi();
}, 120_000);
afterAll(async () => {
  // The schedules would outlive the test (they fire every 6 h on the shared dev server): remove them.
  const servers = await t.orm.em.fork().find(McpServer, { organization: [a.organizationId, b.organizationId] });
  await Promise.all(
    servers.map((s) =>
      t.deps
        .temporal!.client.schedule.getHandle(`mcp-sync/${s.id}`)
        .delete()
        .catch(() => undefined),
    ),
  );
  await worker?.stop();
  await fake?.close();
  await tools?.close();
  await proxy?.close();
  await everything?.close();
  await closeEngineDispatchers();
  await t?.close();
});

const create = (tenant: TestTenant, body: unknown) =>
  t.request
    .post('/v1/mcp/server/create')
    .set(tenant.headers)
    .send(body as object);
const sync = (tenant: TestTenant, id: string, body: unknown = { wait: true }) =>
  t.request
    .post(`/v1/mcp/server/${id}/tool/sync`)
    .set(tenant.headers)
    .send(body as object);
const retrieve = (tenant: TestTenant, id: string) => t.request.get(`/v1/mcp/server/retrieve/${id}`).set(tenant.headers);
const activate = (tenant: TestTenant, id: string, tool: string, body: unknown) =>
  t.request
    .post(`/v1/mcp/server/${id}/tool/${encodeURIComponent(tool)}/activate`)
    .set(tenant.headers)
    .send(body as object);
const toolOf = (server: { tools: { name: string }[] }, name: string) => server.tools.find((x) => x.name === name) as Record<string, unknown> | undefined;

let everythingId: string;

describe('connecting a server', () => {
  it('stores the headers encrypted and never returns them; refuses bad input with 400 and private addresses outside the allowlist', async () => {
    const res = await create(a, { name: 'Everything', address: `${proxy.url}/mcp`, headers: { 'X-Api-Key': KEY } }).expect(201);
    everythingId = res.body.mcp_server.id;
    expect(res.body.mcp_server).toMatchObject({
      id: expect.stringMatching(/^mcp_/),
      name: 'Everything',
      sign_in_method: 'headers',
      header_names: ['x-api-key'],
      discovery: { last_synced_at: null, tool_count: 0, last_error: null },
    });
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    const row = await t.orm.em.fork().findOneOrFail(McpServer, { id: everythingId });
    expect(row.headersEncrypted).toMatch(/^v1:/);
    expect(row.headersEncrypted).not.toContain(KEY);

    await create(a, {}).expect(400);
    await create(a, { name: 'x' }).expect(400);
    await create(a, { name: 'x', address: 'not a url' }).expect(400);
    await create(a, { name: 'x', address: 'ftp://example.com/mcp' }).expect(400);
    await create(a, { name: 'x', address: 'https://example.com/mcp', headers: { 'bad header': 'v' } }).expect(400);
    await create(a, { name: 'x', address: 'https://example.com/mcp', headers: { 'X-Api-Key': 'a\r\nX-Injected: 1' } }).expect(400);
    await create(a, { name: 'x', address: 'https://example.com/mcp', extra: true }).expect(400);
    await create(a, { name: 'x', address: 'https://example.com/mcp', sign_in_method: 'password' }).expect(400);
    // SSRF: private, link-local (metadata), loopback names and literal forms are refused when saved (only 127.0.0.1 is allowed here).
    for (const address of [
      'http://10.1.2.3/mcp',
      'http://169.254.169.254/latest',
      'http://localhost:8080/mcp',
      'http://[::ffff:127.0.0.2]/mcp',
      'http://192.168.0.10/mcp',
    ]) {
      const refused = await create(a, { name: 'private', address });
      expect([address, refused.status]).toEqual([address, 400]);
    }
  });
});

describe('tool sync (mcpToolSync workflow)', () => {
  it('refuses, when connecting, an address that is not allowed (a row saved before the policy, or a name that now resolves privately)', async () => {
    const id = (await create(a, { name: 'Later private', address: 'https://mcp.example.com/mcp' }).expect(201)).body.mcp_server.id;
    // What DNS rebinding or an older row would leave: the stored address now points at loopback under a name the allowlist does not have.
    await t.orm.em.fork().nativeUpdate(McpServer, { id }, { address: `${tools.url.replace('127.0.0.1', 'localhost')}` });
    const res = await sync(a, id).expect(200);
    expect(res.body.result).toMatchObject({ ok: false, error: expect.stringMatching(/^localhost resolves to 127\.0\.0\.1, a private or reserved address/) });
    expect((await retrieve(a, id).expect(200)).body.mcp_server.discovery.last_error).toMatch(/private or reserved address/);
  });

  it('syncs server-everything through the header-checking proxy: every tool added as ask, discovery state recorded', async () => {
    const res = await sync(a, everythingId).expect(200);
    expect(res.body).toMatchObject({ workflow_id: `mcp-sync/${everythingId}`, run_id: expect.any(String), result: { ok: true, error: null, removed: [] } });
    expect(res.body.result.added).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const server = (await retrieve(a, everythingId).expect(200)).body.mcp_server;
    expect(server.discovery).toMatchObject({ last_synced_at: expect.any(String), tool_count: res.body.result.tool_count, last_error: null });
    expect(server.tools).toHaveLength(res.body.result.tool_count);
    expect(new Set(server.tools.map((x: { permission: string }) => x.permission))).toEqual(new Set(['ask']));
    expect(toolOf(server, 'echo')).toMatchObject({
      active: true,
      removed_at: null,
      input_schema: { type: 'object', properties: { message: expect.any(Object) } },
    });
    expect((await t.request.get('/v1/mcp/server/list').set(a.headers).expect(200)).body.mcp_servers.map((s: { id: string }) => s.id)).toContain(everythingId);
  });

  it('a wrong header fails the sync and records last_error', async () => {
    const wrong = (await create(a, { name: 'Wrong key', address: `${proxy.url}/mcp`, headers: { 'X-Api-Key': 'nope' } }).expect(201)).body.mcp_server.id;
    const res = await sync(a, wrong).expect(200);
    expect(res.body.result).toMatchObject({ ok: false, tool_count: 0, error: expect.stringMatching(/401/) });
    const server = (await retrieve(a, wrong).expect(200)).body.mcp_server;
    expect(server.discovery).toMatchObject({ last_synced_at: null, last_attempt_at: expect.any(String), last_error: expect.stringMatching(/401/) });
    expect(server.tools).toEqual([]);
  });

  it('follows list pages; a re-sync marks removed tools and keeps the permissions of the others; concurrent requests join one run', async () => {
    tools.tools = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    const id = (await create(a, { name: 'Own', address: tools.url, headers: { Authorization: `Bearer ${KEY}` } }).expect(201)).body.mcp_server.id;
    const first = await sync(a, id).expect(200);
    expect(first.body.result).toMatchObject({ ok: true, tool_count: 5, added: ['alpha', 'beta', 'delta', 'epsilon', 'gamma'] });

    expect((await activate(a, id, 'beta', { permission: 'allow' }).expect(200)).body.tool).toMatchObject({ name: 'beta', permission: 'allow', active: true });
    expect((await activate(a, id, 'delta', { permission: 'block', active: false }).expect(200)).body.tool).toMatchObject({
      permission: 'block',
      active: false,
    });

    tools.tools = ['alpha', 'beta', 'delta', 'epsilon', 'zeta'];
    const before = tools.listCalls;
    // Two requests while the first is still listing (the server answers after 300 ms): one workflow run serves both.
    const [one, two] = await Promise.all([sync(a, id, { wait: false }), sync(a, id, { wait: false })]);
    expect(one.status).toBe(200);
    expect(two.body.run_id).toBe(one.body.run_id);
    // A third request, waiting, joins the same run (it lasts about 900 ms: three pages, 300 ms each) and gets its result.
    const joined = await sync(a, id).expect(200);
    expect(joined.body.run_id).toBe(one.body.run_id);
    expect(joined.body.result).toMatchObject({ ok: true, added: ['zeta'], removed: ['gamma'] });
    expect(tools.listCalls - before).toBe(3);
    const server = (await retrieve(a, id).expect(200)).body.mcp_server;
    expect(toolOf(server, 'gamma')).toMatchObject({ removed_at: expect.any(String), permission: 'ask' });
    expect(toolOf(server, 'beta')).toMatchObject({ removed_at: null, permission: 'allow' });
    expect(toolOf(server, 'delta')).toMatchObject({ permission: 'block', active: false });
    expect(toolOf(server, 'zeta')).toMatchObject({ permission: 'ask', removed_at: null });
    expect(server.discovery.tool_count).toBe(5);
  });

  it('each server gets a Temporal Schedule that syncs it every 6 hours', async () => {
    tools.tools = ['scheduled'];
    const id = (await create(a, { name: 'Scheduled', address: tools.url, headers: { Authorization: `Bearer ${KEY}` } }).expect(201)).body.mcp_server.id;
    const handle = t.deps.temporal!.client.schedule.getHandle(`mcp-sync/${id}`);
    const described = await handle.describe();
    expect(described.spec.intervals).toMatchObject([{ every: 6 * 3600 * 1000 }]);
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'mcpToolSync', args: [{ mcpServerId: id }] });
    await handle.trigger();
    let server;
    for (let i = 0; i < 100 && !server?.discovery.last_synced_at; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      server = (await retrieve(a, id).expect(200)).body.mcp_server;
    }
    expect(server.tools.map((x: { name: string }) => x.name)).toEqual(['scheduled']);
    await handle.delete();
  });

  it('an empty POST starts a sync without waiting', async () => {
    const res = await t.request.post(`/v1/mcp/server/${everythingId}/tool/sync`).set(a.headers).expect(200);
    expect(res.body).toMatchObject({
      workflow_id: `mcp-sync/${everythingId}`,
      run_id: expect.any(String),
      status: 'running',
      timed_out: false,
      result: null,
      tools: null,
    });
    await t.deps.temporal!.client.workflow.getHandle(res.body.workflow_id, res.body.run_id).result();
  });

  it('?wait=true waits for the result and returns the synced tools; a wait that runs out says so, and the sync goes on', async () => {
    tools.tools = ['one', 'two'];
    const id = (await create(a, { name: 'Waited', address: tools.url, headers: { Authorization: `Bearer ${KEY}` } }).expect(201)).body.mcp_server.id;
    const waited = await t.request.post(`/v1/mcp/server/${id}/tool/sync?wait=true`).set(a.headers).expect(200);
    expect(waited.body).toMatchObject({ status: 'finished', timed_out: false, result: { ok: true, tool_count: 2, added: ['one', 'two'] } });
    expect(waited.body.tools.map((x: { name: string; permission: string }) => [x.name, x.permission])).toEqual([
      ['one', 'ask'],
      ['two', 'ask'],
    ]);

    // Twenty tools in pages of two, 300 ms a page: about 3 s, well past a 1 s wait.
    tools.tools = Array.from({ length: 20 }, (_, i) => `tool-${String(i).padStart(2, '0')}`);
    const started = Date.now();
    const short = await t.request.post(`/v1/mcp/server/${id}/tool/sync?wait=true&wait_seconds=1`).set(a.headers).expect(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(short.body).toMatchObject({ status: 'running', timed_out: true, result: null, tools: null });
    // Waiting again joins the same run and gets its result.
    const joined = await sync(a, id, { wait: true, wait_seconds: 30 }).expect(200);
    expect(joined.body).toMatchObject({ run_id: short.body.run_id, status: 'finished', timed_out: false, result: { ok: true, tool_count: 20 } });
    expect(joined.body.tools.filter((x: { removed_at: string | null }) => x.removed_at === null)).toHaveLength(20);

    // Bad or contradicting settings are refused by name, never ignored.
    expect((await t.request.post(`/v1/mcp/server/${id}/tool/sync?wait=yes`).set(a.headers).expect(400)).body.errors[0].field).toBe('query.wait');
    expect((await t.request.post(`/v1/mcp/server/${id}/tool/sync?wait=true&wait_seconds=61`).set(a.headers).expect(400)).body.errors[0].field).toBe(
      'query.wait_seconds',
    );
    expect((await t.request.post(`/v1/mcp/server/${id}/tool/sync?wait=false`).set(a.headers).send({ wait: true }).expect(400)).body.errors[0].field).toBe(
      'query.wait',
    );
    expect((await t.request.post(`/v1/mcp/server/${id}/tool/sync?wiat=true`).set(a.headers).expect(400)).body.errors[0].field).toBe('query.wiat');
    await sync(a, id, { wait: true, wait_seconds: 0 }).expect(400);
  });

  it('tool_mcp_sync over MCP runs the same workflow', async () => {
    const session = await connectMcp(t, mcpPrincipal(a));
    try {
      const result = await session.client.callTool({ name: 'tool_mcp_sync', arguments: { mcp_server_id: everythingId } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        workflow_id: `mcp-sync/${everythingId}`,
        status: 'finished',
        timed_out: false,
        result: { ok: true, added: [], removed: [] },
      });
      expect((result.structuredContent as { tools: { name: string }[] }).tools.map((x) => x.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    } finally {
      await session.close();
    }
  });

  it('activate refuses bad input with 400 and unknown tools with 404', async () => {
    await activate(a, everythingId, 'echo', {}).expect(400);
    await activate(a, everythingId, 'echo', { permission: 'maybe' }).expect(400);
    await activate(a, everythingId, 'echo', { active: 'yes' }).expect(400);
    await activate(a, everythingId, 'no-such-tool', { active: true }).expect(404);
    await sync(a, everythingId, { wait: 'soon' }).expect(400);
    await t.request.post('/v1/agent/mcp_server/assign').set(a.headers).send({ agent_id: 'agt_x' }).expect(400);
  });
});

describe('permissions', () => {
  it('reading needs agents:read; connecting, syncing, activating and assigning need tools:manage', async () => {
    const viewer = await createTenant(t, 'viewer');
    expect((await t.request.get('/v1/mcp/server/list').set(viewer.headers).expect(200)).body.mcp_servers).toEqual([]);
    await create(viewer, { name: 'x', address: 'https://example.com/mcp' }).expect(403);
    await sync(viewer, 'mcp_01ABC').expect(403);
    await activate(viewer, 'mcp_01ABC', 'echo', { active: false }).expect(403);
    await t.request.post('/v1/agent/mcp_server/assign').set(viewer.headers).send({ agent_id: 'agt_1', mcp_server_id: 'mcp_01ABC' }).expect(403);
  });
});

describe('isolation between organizations', () => {
  it('another organization cannot see, sync, change or assign the server', async () => {
    await retrieve(b, everythingId).expect(404);
    await sync(b, everythingId).expect(404);
    await activate(b, everythingId, 'echo', { permission: 'allow' }).expect(404);
    expect((await t.request.get('/v1/mcp/server/list').set(b.headers).expect(200)).body.mcp_servers).toEqual([]);
    const agentB = await makeAgent(t, b);
    await t.request.post('/v1/agent/mcp_server/assign').set(b.headers).send({ agent_id: agentB.agent_id, mcp_server_id: everythingId }).expect(404);
    const agentA = await makeAgent(t, a);
    await t.request.post('/v1/agent/mcp_server/assign').set(b.headers).send({ agent_id: agentA.agent_id, mcp_server_id: everythingId }).expect(404);
  });
});

describe('MCP tools in a conversation', () => {
  it('Allow runs through tools/call with request and response recorded; Ask is refused for now; Block is never offered', async () => {
    await activate(a, everythingId, 'echo', { permission: 'allow' }).expect(200);
    await activate(a, everythingId, 'get-sum', { permission: 'block' }).expect(200);
    const agent = await makeAgent(t, a, {
      model: {
        provider: 'simulated',
        name: 'mcp',
        temperature: 0,
        rules: [
          { when: 'echo', call_tool: { name: 'echo', arguments: { message: 'hello from the call' } } },
          { when: 'sum', call_tool: { name: 'get-sum', arguments: { a: 1, b: 2 } } },
          { when: 'env', call_tool: { name: 'get-env', arguments: {} } },
          { when: 'broken', call_tool: { name: 'echo', arguments: { nope: 1 } } },
        ],
      },
    });
    const assigned = await t.request
      .post('/v1/agent/mcp_server/assign')
      .set(a.headers)
      .send({ agent_id: agent.agent_id, mcp_server_id: everythingId })
      .expect(200);
    expect(assigned.body).toEqual({ agent_id: agent.agent_id, mcp_server_id: everythingId, assigned: true });
    expect(
      (await t.request.post('/v1/agent/mcp_server/assign').set(a.headers).send({ agent_id: agent.agent_id, mcp_server_id: everythingId }).expect(200)).body
        .assigned,
    ).toBe(false);

    const result = await runConversation(
      engineDeps(t),
      conversationInput(a, agent, { customerTurns: ['Please echo', 'What is the sum?', 'Show env', 'Try broken'] }),
    );
    const echo = result.toolCalls.find((c) => c.name === 'echo');
    // Arguments the server refuses: a failed tool call with the server's answer, and the conversation goes on.
    const broken = result.toolCalls.filter((c) => c.name === 'echo')[1];
    expect(broken).toMatchObject({ status: 'failed', result: { request: { arguments: { nope: 1 } } } });
    expect(['tool_error', 'mcp_error']).toContain((broken.result as { error: string }).error);
    expect(result.status).toBe('ended');
    expect(echo).toMatchObject({
      status: 'succeeded',
      result: {
        request: { mcp_server_id: everythingId, tool: 'echo', arguments: { message: 'hello from the call' } },
        response: { isError: false, content: [{ type: 'text', text: 'Echo: hello from the call' }] },
      },
    });
    expect(result.toolCalls.find((c) => c.name === 'get-sum')).toMatchObject({ status: 'failed', result: { error: 'unknown_tool' } });
    expect(result.toolCalls.find((c) => c.name === 'get-env')).toMatchObject({ status: 'failed', result: { error: 'confirmation_unavailable' } });
    const rows = await t.orm.em.fork().find(ToolCall, { session: result.sessionId });
    expect(JSON.parse(rows.find((r) => r.name === 'echo')!.responseText)).toMatchObject({ response: { content: [{ text: 'Echo: hello from the call' }] } });
    expect(rows.map((r) => r.responseText).join('')).not.toContain(KEY);
  });

  it('the model request lists allowed and ask tools, never blocked or inactive ones', async () => {
    const provider = await createModelProvider(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      createModelProvider.input.parse({
        name: 'fake-mcp',
        base_url: fake.baseUrl,
        api_key: 'sk-test-mcp-0123456789abcdef',
        default_model: 'fake',
      }),
      engineSettingsFrom(t.deps.config),
    );
    const agent = await makeAgent(t, a, {
      model: { provider: 'openai-compatible', name: 'gpt-test', temperature: 0, provider_id: provider.model_provider_id },
    });
    await t.request.post('/v1/agent/mcp_server/assign').set(a.headers).send({ agent_id: agent.agent_id, mcp_server_id: everythingId }).expect(200);
    await activate(a, everythingId, 'get-tiny-image', { active: false }).expect(200);
    fake.reset();
    fake.reply(
      completion({ content: 'Sure.', toolCalls: [{ id: 'call_1', name: 'echo', arguments: { message: 'via llm' } }] }),
      completion({ content: 'Done.' }),
    );
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['echo something'] }));
    const names: string[] = fake.requests[0].body.tools.map((x: { function: { name: string } }) => x.function.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-env', 'end_call']));
    expect(names).not.toContain('get-sum');
    expect(names).not.toContain('get-tiny-image');
    expect(result.toolCalls.find((c) => c.name === 'echo')).toMatchObject({
      status: 'succeeded',
      result: { response: { content: [{ text: 'Echo: via llm' }] } },
    });
    // The tool result reached the model.
    expect(JSON.stringify(fake.requests[1].body.messages)).toContain('Echo: via llm');
  });
});
