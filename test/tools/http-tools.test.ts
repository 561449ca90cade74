import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { closeEngineDispatchers } from '../../src/modules/engine/engine-settings.js';
import { collectTools } from '../../src/modules/engine/tools.js';
import { resolveAgentTools } from '../../src/modules/tools/resolve-agent-tools.js';
import { idempotencyKey } from '../../src/modules/tools/http-tool.js';
import { HttpTool } from '../../src/modules/tools/tools.entity.js';
import { ToolCall } from '../../src/modules/calls/calls.entity.js';
import { AgentVersion } from '../../src/modules/agents/agents.entity.js';

/**
 * HTTP tools end to end: a real server on 127.0.0.1 serves an OpenAPI
 * document and the API its operations call (recording every request); the
 * import goes through REST, the calls through the engine with a simulated
 * model, and the upstream sees what the engine sent.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let server: Server;
let base: string;
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

function spec(serverUrl: string) {
  return {
    openapi: '3.0.3',
    info: { title: 'Orders', version: '1' },
    servers: [{ url: serverUrl }],
    components: {
      schemas: { NewOrder: { type: 'object', required: ['item'], properties: { item: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } } } },
      parameters: { Trace: { name: 'X-Trace', in: 'header', schema: { type: 'string' }, description: 'A trace id' } },
    },
    paths: {
      '/orders': {
        post: {
          operationId: 'createOrder',
          summary: 'Place an order',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewOrder' } } } },
          responses: { 201: { description: 'created' } },
        },
      },
      '/orders/{order_id}': {
        parameters: [{ name: 'order_id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getOrder',
          description: 'Look up an order by its id',
          parameters: [{ name: 'expand', in: 'query', schema: { type: 'string', enum: ['items'] } }, { $ref: '#/components/parameters/Trace' }],
          responses: { 200: { description: 'the order' } },
        },
      },
      '/broken': { post: { summary: 'Always fails', responses: { 500: { description: 'failure' } } } },
    },
  };
}

beforeAll(async () => {
  t = await createEngineTestApp();
  [a, b] = await Promise.all([createTenant(t), createTenant(t)]);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/openapi.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(spec('/api')));
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/api/broken') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"database down"}');
      if (req.method === 'POST' && req.url === '/api/orders')
        return void res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"ord_1","status":"placed"}');
      if (req.method === 'GET' && req.url?.startsWith('/api/orders/'))
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"A 1","status":"shipped"}');
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeEngineDispatchers();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const importSpec = (tenant: TestTenant, body: unknown) =>
  t.request
    .post('/v1/tool/http/import')
    .set(tenant.headers)
    .send(body as object);

describe('tool_http_import_spec', () => {
  it('imports every operation from a spec URL: input schemas from parameters and body, auth headers stored encrypted, Ask by default', async () => {
    const res = await importSpec(a, { spec_url: `${base}/openapi.json`, headers: { Authorization: 'Bearer s3cret-token' } }).expect(201);
    expect(JSON.stringify(res.body)).not.toContain('s3cret');
    const byName = Object.fromEntries(res.body.tools.map((x: { name: string }) => [x.name, x]));
    expect(Object.keys(byName).sort()).toEqual(['POST_broken', 'createOrder', 'getOrder']);
    expect(byName.getOrder).toMatchObject({
      method: 'GET',
      url_template: `${base}/api/orders/{order_id}`,
      permission: 'ask',
      header_names: ['authorization'],
      source_url: `${base}/openapi.json`,
      description: 'Look up an order by its id',
      input_schema: {
        type: 'object',
        additionalProperties: false,
        required: ['order_id'],
        properties: { order_id: { type: 'string' }, expand: { type: 'string', enum: ['items'] }, 'X-Trace': { type: 'string', description: 'A trace id' } },
      },
    });
    expect(byName.createOrder.input_schema).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['body'],
      properties: { body: { type: 'object', required: ['item'], properties: { item: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } } } },
    });
    expect(res.body.agent_tools).toContainEqual({ name: 'getOrder', kind: 'http', permission: 'ask', config: { http_tool_id: byName.getOrder.id } });
    const row = await t.orm.em.fork().findOneOrFail(HttpTool, { id: byName.getOrder.id });
    expect(row.headersEncrypted).toMatch(/^v1:/);
    expect(row.headersEncrypted).not.toContain('s3cret');

    // In the order imported (the spec's order).
    const listed = await t.request.get('/v1/tool/http/list').set(a.headers).expect(200);
    expect(listed.body.tools.map((x: { name: string }) => x.name)).toEqual(['createOrder', 'getOrder', 'POST_broken']);
    expect(JSON.stringify(listed.body)).not.toContain('s3cret');
    expect((await t.request.get('/v1/tool/http/list').set(b.headers).expect(200)).body.tools).toEqual([]);
  });

  it('imports from a body (object or JSON text), a subset of operations, replacing tools of the same name', async () => {
    const once = await importSpec(b, { spec: spec(`${base}/api`), operations: ['getOrder'], permission: 'allow' }).expect(201);
    expect(once.body.tools).toHaveLength(1);
    const again = await importSpec(b, { spec: JSON.stringify(spec(`${base}/v2`)), operations: ['GET /orders/{order_id}'] }).expect(201);
    expect(again.body.tools[0]).toMatchObject({ id: once.body.tools[0].id, url_template: `${base}/v2/orders/{order_id}`, permission: 'ask', header_names: [] });
  });

  it('refuses bad specs with 400 and unreachable ones with 422, never 500', async () => {
    await importSpec(a, {}).expect(400);
    await importSpec(a, { spec: spec(`${base}/api`), spec_url: `${base}/openapi.json` }).expect(400);
    await importSpec(a, { spec: 'openapi: 3.0.0\npaths: {}' }).expect(400);
    await importSpec(a, { spec: { swagger: '2.0', paths: {} } }).expect(400);
    await importSpec(a, { spec: { openapi: '3.1.0', paths: {} } }).expect(400);
    await importSpec(a, { spec: { ...spec('/relative'), servers: [{ url: '/relative' }] } }).expect(400);
    await importSpec(a, { spec: spec('http://10.0.0.8/api') }).expect(400);
    await importSpec(a, { spec: spec(`${base}/api`), operations: ['nope'] }).expect(400);
    await importSpec(a, { spec: spec(`${base}/api`), headers: { 'bad header': 'x' } }).expect(400);
    await importSpec(a, { spec: spec(`${base}/api`), headers: { Authorization: 'Bearer x\r\nX-Injected: 1' } }).expect(400);
    await importSpec(a, { spec_url: 'http://169.254.169.254/openapi.json' }).expect(422);
    await importSpec(a, { spec_url: `${base}/missing.json` }).expect(422);
  });
});

describe('HTTP tools in a conversation', () => {
  it('calls the API with the arguments and an idempotency key on POST, records request and response, fails on a 500, never offers Block', async () => {
    const imported = await importSpec(a, { spec: spec(`${base}/api`), headers: { Authorization: 'Bearer s3cret-token' } }).expect(201);
    const id = (name: string) => imported.body.tools.find((x: { name: string }) => x.name === name).id as string;
    const agent = await makeAgent(t, a, {
      tools: [
        { name: 'place_order', kind: 'http', permission: 'allow', config: { http_tool_id: id('createOrder') } },
        { name: 'order_status', kind: 'http', permission: 'allow', config: { http_tool_id: id('getOrder') } },
        { name: 'broken', kind: 'http', permission: 'allow', config: { http_tool_id: id('POST_broken') } },
        { name: 'secret_op', kind: 'http', permission: 'block', config: { http_tool_id: id('createOrder') } },
      ],
      model: {
        provider: 'simulated',
        name: 'orders',
        temperature: 0,
        rules: [
          { when: 'order', call_tool: { name: 'place_order', arguments: { body: { item: 'widget', quantity: 2 } } } },
          { when: 'status', call_tool: { name: 'order_status', arguments: { order_id: 'A 1', expand: 'items', 'X-Trace': 't-1' } } },
          { when: 'broken', call_tool: { name: 'broken', arguments: {} } },
          { when: 'secret', call_tool: { name: 'secret_op', arguments: { body: { item: 'x' } } } },
        ],
      },
    });
    received.length = 0;
    const result = await runConversation(
      engineDeps(t),
      conversationInput(a, agent, { customerTurns: ['An order please', 'What is the status?', 'Try broken', 'The secret one'] }),
    );

    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/orders', 'GET /api/orders/A%201?expand=items', 'POST /api/broken']);
    const [post, get] = received;
    expect(JSON.parse(post.body)).toEqual({ item: 'widget', quantity: 2 });
    expect(post.headers).toMatchObject({ authorization: 'Bearer s3cret-token', 'content-type': 'application/json' });
    // The simulated model's tool call ids are positional (sim_<messages>_<index>): the key is a pure function of session and call.
    const placeCall = result.toolCalls.find((c) => c.name === 'place_order')!;
    // First customer turn: the history holds the first message and the turn, so the call id is sim_2_0.
    expect(post.headers['idempotency-key']).toBe(idempotencyKey(result.sessionId, 'sim_2_0'));
    expect(get.headers['idempotency-key']).toBeUndefined();
    expect(get.headers).toMatchObject({ 'x-trace': 't-1', authorization: 'Bearer s3cret-token' });

    expect(placeCall).toMatchObject({
      status: 'succeeded',
      result: {
        request: {
          method: 'POST',
          url: `${base}/api/orders`,
          body: { item: 'widget', quantity: 2 },
          headers: { authorization: '[redacted]', 'idempotency-key': post.headers['idempotency-key'] },
        },
        response: { status: 201, body: { id: 'ord_1', status: 'placed' } },
      },
    });
    expect(result.toolCalls.find((c) => c.name === 'order_status')).toMatchObject({
      status: 'succeeded',
      result: { response: { status: 200, body: { status: 'shipped' } } },
    });
    expect(result.toolCalls.find((c) => c.name === 'broken')).toMatchObject({
      status: 'failed',
      result: { error: 'upstream_status', response: { status: 500, body: { message: 'database down' } } },
    });
    // Blocked: refused by the engine, never sent upstream.
    expect(result.toolCalls.find((c) => c.name === 'secret_op')).toMatchObject({ status: 'failed' });
    expect(result.status).toBe('ended');

    const rows = await t.orm.em.fork().find(ToolCall, { session: result.sessionId }, { orderBy: { startedAt: 'asc' } });
    const recorded = rows.find((r) => r.name === 'place_order')!;
    expect(JSON.parse(recorded.responseText)).toMatchObject({ response: { status: 201 } });
    expect(recorded.responseText).not.toContain('s3cret');
    expect(rows.find((r) => r.name === 'broken')!.status).toBe('failed');

    // The model is offered the allowed tools only: the blocked one is collected (so a call to it is refused) but not offered.
    const config = (await t.orm.em.fork().findOneOrFail(AgentVersion, { id: agent.version_id })).config;
    const em = t.orm.em.fork();
    const tools = collectTools(config, { external: await resolveAgentTools(em, { organizationId: a.organizationId, config }, engineDeps(t).settings!) });
    expect(tools.filter((x) => x.permission !== 'block').map((x) => x.name)).toEqual(['place_order', 'order_status', 'broken', 'end_call']);
    expect(tools.find((x) => x.name === 'secret_op')?.permission).toBe('block');
    // Another organization's agent naming these tool ids gets nothing.
    expect(
      collectTools(config, { external: await resolveAgentTools(em, { organizationId: b.organizationId, config }, engineDeps(t).settings!) }).map((x) => x.name),
    ).toEqual(['end_call']);
  });

  it('a refused upstream address is a failed tool call, not a crash', async () => {
    const [row] = (await importSpec(a, { spec: spec(`${base}/api`), operations: ['getOrder'] }).expect(201)).body.tools;
    // The stored URL moves to the metadata address after import (as a DNS change would): the call is refused.
    const em = t.orm.em.fork();
    const tool = await em.findOneOrFail(HttpTool, { id: row.id });
    tool.urlTemplate = 'http://169.254.169.254/latest/{order_id}';
    await em.flush();
    const agent = await makeAgent(t, a, {
      tools: [{ name: 'order_status', kind: 'http', permission: 'allow', config: { http_tool_id: row.id } }],
      model: {
        provider: 'simulated',
        name: 'orders',
        temperature: 0,
        rules: [{ when: 'status', call_tool: { name: 'order_status', arguments: { order_id: '1' } } }],
      },
    });
    const result = await runConversation(engineDeps(t), conversationInput(a, agent, { customerTurns: ['status?'] }));
    expect(result.toolCalls[0]).toMatchObject({ status: 'failed', result: { error: 'forbidden_address' } });
    expect(result.status).toBe('ended');
  });
});
