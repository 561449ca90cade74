import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { connectMcp, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import { conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { dncCheck } from '../../src/modules/outbound/dnc-check.js';
import { dncAdd } from '../../src/modules/outbound/dnc-add.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';

/** The do-not-call list over REST, MCP and the engine's built-in tool, on the real database. */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let viewer: TestTenant;
let mcp: McpSession;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  viewer = await createTenant(t, 'viewer');
  mcp = await connectMcp(t, mcpPrincipal(a));
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let serial = 4000;
const nextNumber = () => `+1646${String(2000000 + serial++)}`;
const add = (tenant: TestTenant, body: object) => t.request.post('/v1/dnc/add').set(tenant.headers).send(body);
const check = (tenant: TestTenant, phone: string) => t.request.get('/v1/dnc/check').query({ phone }).set(tenant.headers);

describe('do-not-call over REST', () => {
  it('adds (idempotently), checks, lists and removes', async () => {
    const phone = nextNumber();
    expect((await check(a, phone)).body).toEqual({ phone, blocked: false, entry: null });
    const first = await add(a, {
      phone: `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
      reason: 'asked by email',
      source: 'manual',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: true, entry: { phone, reason: 'asked by email', source: 'manual', created_by: { type: 'api_client' } } });
    expect(first.body.entry.dnc_entry_id).toMatch(/^dnc_/);
    const again = await add(a, { phone, reason: 'another reason' });
    expect(again.body).toEqual({ created: false, entry: first.body.entry });

    const checked = await check(a, phone);
    expect(checked.body).toMatchObject({ blocked: true, entry: { dnc_entry_id: first.body.entry.dnc_entry_id } });
    const list = await t.request.get('/v1/dnc/list').set(a.headers);
    expect(list.body.entries.map((e: Json) => e.phone)).toContain(phone);

    const removed = await t.request.post('/v1/dnc/remove').set(a.headers).send({ phone });
    expect(removed.body).toMatchObject({ removed: true, entry: { phone } });
    expect((await t.request.post('/v1/dnc/remove').set(a.headers).send({ phone })).body).toEqual({ removed: false, entry: null });
    expect((await check(a, phone)).body.blocked).toBe(false);
  });

  it('pages the list without skipping or repeating', async () => {
    const c = await createTenant(t);
    for (let i = 0; i < 5; i++) await add(c, { phone: nextNumber() });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: Json } = await t.request
        .get('/v1/dnc/list')
        .query({ page_size: 2, ...(cursor ? { cursor } : {}) })
        .set(c.headers);
      seen.push(...res.body.entries.map((e: Json) => e.dnc_entry_id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('is per organization, refuses bad numbers and a viewer', async () => {
    const phone = nextNumber();
    await add(a, { phone });
    expect((await check(b, phone)).body.blocked).toBe(false);
    expect((await dncCheck(t.orm.em.fork(), a.organizationId, phone)).blocked).toBe(true);

    const bad = await add(a, { phone: 'call me maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('body.phone');
    const badCheck = await check(a, '123');
    expect(badCheck.status).toBe(400);
    expect(badCheck.body.errors[0].field).toBe('query.phone');
    expect((await add(a, { phone, source: 'carrier-pigeon' })).status).toBe(400);

    expect((await add(viewer, { phone })).status).toBe(403);
    expect((await check(viewer, phone)).status).toBe(403);
    expect((await t.request.get('/v1/dnc/list').set(viewer.headers)).status).toBe(403);
  });

  it('concurrent adds of one number keep one entry', async () => {
    const phone = nextNumber();
    const principal = systemPrincipal(a.organizationId, 'system');
    const results = await Promise.all(Array.from({ length: 10 }, () => dncAdd(t.orm.em.fork(), principal, dncAdd.input.parse({ phone }))));
    expect(new Set(results.map((r) => r.entry.dnc_entry_id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });
});

describe('MCP tools', () => {
  it('outbound_dnc_add and contact_resolve_or_create', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((x) => [x.name, x]));
    expect(byName.get('outbound_dnc_add')!.annotations).toMatchObject({ idempotentHint: true, readOnlyHint: false });
    expect(byName.get('contact_resolve_or_create')!.inputSchema.properties).toHaveProperty('phone');

    const phone = nextNumber();
    const added = await mcp.call('outbound_dnc_add', { phone, reason: 'asked in chat' });
    expect(added.isError).toBeFalsy();
    expect(added.structuredContent).toMatchObject({ created: true, entry: { phone, source: 'api' } });
    expect((await mcp.call('outbound_dnc_add', { phone })).structuredContent).toMatchObject({ created: false });
    const bad = await mcp.call('outbound_dnc_add', { phone: 'nope' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('- phone:');

    const contact = await mcp.call('contact_resolve_or_create', { phone, name: 'Dee' });
    expect(contact.structuredContent).toMatchObject({ created: true, contact: { phone, name: 'Dee' } });
    const same = await mcp.call('contact_resolve_or_create', { phone });
    expect(same.structuredContent).toMatchObject({ created: false });

    const limited = await connectMcp(t, mcpPrincipal(a, { permissions: ['calls:read'] }));
    try {
      const refused = await limited.call('outbound_dnc_add', { phone });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('dnc:manage');
    } finally {
      await limited.close();
    }
  });
});

describe('the engine', () => {
  const rules = [
    {
      when: ["don't call me again", 'do not call me again'],
      say: 'Understood, we will not call you again. Goodbye.',
      call_tool: { name: 'add_to_do_not_call', arguments: { reason: 'asked during the call' } },
      hangup: true,
    },
    { say: 'We have a new offer for you.' },
  ];

  it('puts a callee who asks not to be called again on the list (outbound calls)', async () => {
    const agent = await makeAgent(t, a, { model: { provider: 'simulated', name: 's', temperature: 0, rules } });
    const phone = nextNumber();
    const result = await runConversation(
      engineDeps(t),
      conversationInput(a, agent, {
        direction: 'outbound',
        caller: { name: 'Eve', address: phone },
        customerTurns: ['who is this?', "please don't call me again"],
      }),
    );
    expect(result).toMatchObject({ status: 'ended', endReason: 'agent_hangup' });
    expect(result.toolCalls.map((c) => [c.name, c.status])).toEqual([
      ['add_to_do_not_call', 'succeeded'],
      ['end_call', 'succeeded'],
    ]);
    const checked = await dncCheck(t.orm.em.fork(), a.organizationId, phone);
    expect(checked).toMatchObject({
      blocked: true,
      entry: { source: 'call', reason: 'asked during the call', created_by: { type: 'system', name: `call ${result.sessionId}` } },
    });
  });

  it('offers it on other calls only when the version lists it; a non-phone caller fails the tool, not the call', async () => {
    const plain = await makeAgent(t, a, { model: { provider: 'simulated', name: 's', temperature: 0, rules } });
    const inbound = await runConversation(
      engineDeps(t),
      conversationInput(a, plain, { caller: { address: nextNumber() }, customerTurns: ['do not call me again'] }),
    );
    expect(inbound.toolCalls[0]).toMatchObject({ name: 'add_to_do_not_call', status: 'failed', result: { error: 'unknown_tool' } });

    const listed = await makeAgent(t, a, {
      model: { provider: 'simulated', name: 's', temperature: 0, rules },
      tools: [{ name: 'add_to_do_not_call', kind: 'builtin', permission: 'allow', config: {} }],
    });
    const web = await runConversation(
      engineDeps(t),
      conversationInput(a, listed, { direction: 'web', caller: { address: 'visitor-42' }, customerTurns: ['do not call me again'] }),
    );
    expect(web.toolCalls[0]).toMatchObject({ name: 'add_to_do_not_call', status: 'failed', result: { error: 'not_added' } });
    expect(web.endReason).toBe('agent_hangup');
  });
});
