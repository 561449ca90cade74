import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { connectMcp, mcpPrincipal } from '../support/mcp.js';
import { eventually } from '../support/releases.js';
import { makeAgent } from '../support/engine.js';
import { sql } from '../../src/db/orm.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import type { AgentView } from '../../src/modules/agents/agents.schemas.js';
import { buyNumbers } from './support.js';
import { simulatedOutcome } from '../../src/modules/telephony/carriers/simulated-carrier.js';
import type { CallOutcome } from '../../src/modules/telephony/telephony.entity.js';
import { dncAdd } from '../../src/modules/outbound/dnc-add.js';
import { contactResolveOrCreate } from '../../src/modules/outbound/contact-resolve-or-create.js';
import { newId } from '../../src/modules/ids.js';
import { TelephonyConnection } from '../../src/modules/telephony/telephony.entity.js';
import { OutboundCall } from '../../src/modules/campaigns/campaigns.entity.js';
import { recordUnansweredCall } from '../../src/modules/campaigns/outbound-call-steps.js';

/**
 * Single outbound calls end to end: REST and MCP in front, the outboundCall
 * workflow on a real worker (own task queue), the simulated carrier (whose
 * outcome is a pure function of the callee's number) behind.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let worker: TestWorker;
let agent: AgentView;
let from: string;

const rules = [
  { when: 'speaking', say: 'Hi Ana, this is Acme Dental confirming your appointment tomorrow.' },
  { when: 'goodbye', say: 'Goodbye!', hangup: true },
];

/** The first callee number (in the fictional 555 range) the simulated carrier answers with `outcome`. */
function calleeWith(outcome: CallOutcome, skip = 0): string {
  for (let i = 100; i < 10_000; i++) {
    const number = `+1212555${String(i).padStart(4, '0')}`;
    if (simulatedOutcome(number) === outcome && skip-- === 0) return number;
  }
  throw new Error(`no ${outcome} number`);
}

beforeAll(async () => {
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('outbound-call') } });
  a = await createTenant(t);
  b = await createTenant(t);
  const system = systemPrincipal(a.organizationId);
  agent = await makeAgent(t, a, { model: { provider: 'simulated', name: 'rules', temperature: 0, rules } } as never);
  await publishAgent(t.orm.em.fork(), system, publishAgent.input.parse({ agentId: agent.agent_id }));
  [from] = await buyNumbers(t, a.organizationId, 1);
  worker = await startTestWorker(t);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

type CallBody = {
  outbound_call_id: string;
  status: string;
  session_id: string;
  end_reason: string | null;
  error: string | null;
  workflow_id: string;
  to_number: string;
  contact_id: string | null;
};
const create = (body: Record<string, unknown>, headers: Record<string, string> = {}, tenant = a) =>
  t.request.post('/v1/outbound/call/create').set(tenant.headers).set(headers).send(body);
const retrieve = async (id: string): Promise<CallBody> => {
  const res = await t.request.get(`/v1/outbound/call/retrieve/${id}`).set(a.headers);
  expect(res.status).toBe(200);
  return res.body.outbound_call;
};
const FINAL = ['completed', 'no_answer', 'busy', 'voicemail', 'failed', 'dnc_blocked'];
const finished = (id: string) =>
  eventually(
    () => retrieve(id),
    (c) => FINAL.includes(c.status),
    60_000,
  );
const session = async (id: string) =>
  (
    await sql<{ direction: string; end_reason: string | null; status: string; caller_address: string; phone_number: string; kind: string }>(
      t.orm.em.fork(),
      'select direction, end_reason, status, caller_address, phone_number, kind from call_session where id = ?',
      [id],
    )
  )[0];
const dialled = (to: string) =>
  sql<{ idempotency_key: string }>(t.orm.em.fork(), 'select idempotency_key from carrier_call_log where organization_id = ? and to_number = ?', [
    a.organizationId,
    to,
  ]);

describe('an outbound call', () => {
  it('answered: dials once, runs the conversation and records an outbound session', async () => {
    const to = calleeWith('answered');
    const res = await create(
      { agent_id: agent.agent_id, from_number: from, to_number: to, variables: { first_name: 'Ana' } },
      { 'Idempotency-Key': 'call-answered-1' },
    );
    expect(res.status).toBe(202);
    const created = res.body.outbound_call as CallBody;
    expect(created).toMatchObject({ outbound_call_id: expect.stringMatching(/^ocl_/), status: 'queued', session_id: expect.stringMatching(/^sess_/) });
    expect(created.workflow_id).toBe(`call/${created.session_id}`);
    // The same request under the key answers with the same call, and nothing is dialled twice; another request
    // under it is refused.
    const again = await create(
      { agent_id: agent.agent_id, from_number: from, to_number: to, variables: { first_name: 'Ana' } },
      { 'Idempotency-Key': 'call-answered-1' },
    );
    expect([again.status, again.headers['idempotent-replayed'], again.body.outbound_call.outbound_call_id]).toEqual([202, 'true', created.outbound_call_id]);
    const other = await create({ agent_id: agent.agent_id, from_number: from, to_number: to }, { 'Idempotency-Key': 'call-answered-1' });
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);

    const done = await finished(created.outbound_call_id);
    expect([done.status, done.error]).toEqual(['completed', null]);
    expect(done.end_reason).toBeTruthy();
    // Through the simulated carrier nothing was dialled: a simulation, not billed by default (decision 0022).
    expect(await session(done.session_id)).toMatchObject({
      direction: 'outbound',
      status: 'ended',
      caller_address: to,
      phone_number: from,
      kind: 'simulation',
    });
    expect((await dialled(to)).map((r) => r.idempotency_key)).toEqual([done.workflow_id]);
    const turns = await sql<{ transcript: { speaker: string; text: string }[] }>(t.orm.em.fork(), 'select transcript from call_leg where session_id = ?', [
      done.session_id,
    ]);
    expect(turns[0].transcript.some((x) => x.speaker === 'agent' && x.text.includes('confirming your appointment'))).toBe(true);
  });

  it('busy: recorded as a session with end reason busy, no conversation', async () => {
    const to = calleeWith('busy');
    const res = await create({ agent_id: agent.agent_id, from_number: from, to_number: to });
    const done = await finished(res.body.outbound_call.outbound_call_id);
    expect([done.status, done.end_reason]).toEqual(['busy', 'busy']);
    expect(await session(done.session_id)).toMatchObject({ direction: 'outbound', end_reason: 'busy', kind: 'simulation' });
    expect(await dialled(to)).toHaveLength(1);
  });

  it("to_number of an existing contact (however it is written) is that contact's call; a number without one has none", async () => {
    const to = calleeWith('busy', 1);
    const { contact } = await contactResolveOrCreate(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      contactResolveOrCreate.input.parse({ phone: to, name: 'Known caller' }),
    );
    // The other organization's contact with the same number is not ours.
    await contactResolveOrCreate(t.orm.em.fork(), systemPrincipal(b.organizationId), contactResolveOrCreate.input.parse({ phone: to, name: 'Someone else' }));
    const national = `(${to.slice(2, 5)}) ${to.slice(5, 8)}-${to.slice(8)}`;
    const res = await create({ agent_id: agent.agent_id, from_number: from, to_number: national, default_country: 'US' });
    expect(res.status).toBe(202);
    expect(res.body.outbound_call).toMatchObject({ to_number: to, contact_id: contact.contact_id });
    expect((await retrieve(res.body.outbound_call.outbound_call_id)).contact_id).toBe(contact.contact_id);
    const stranger = await create({ agent_id: agent.agent_id, from_number: from, to_number: calleeWith('busy', 2) });
    expect(stranger.body.outbound_call.contact_id).toBeNull();
    await finished(res.body.outbound_call.outbound_call_id);
    await finished(stranger.body.outbound_call.outbound_call_id);
  });

  it('DNC-blocked: a listed contact is never dialled, and the attempt is recorded with end reason dnc_blocked', async () => {
    const to = calleeWith('answered', 1);
    const system = systemPrincipal(a.organizationId);
    const { contact } = await contactResolveOrCreate(t.orm.em.fork(), system, contactResolveOrCreate.input.parse({ phone: to, name: 'Do Not Call' }));
    await dncAdd(t.orm.em.fork(), system, dncAdd.input.parse({ phone: to, reason: 'asked not to be called' }));
    const res = await create({ agent_id: agent.agent_id, from_number: from, contact_id: contact.contact_id });
    expect(res.status).toBe(202);
    const done = await finished(res.body.outbound_call.outbound_call_id);
    expect([done.status, done.end_reason, done.contact_id, done.to_number]).toEqual(['dnc_blocked', 'dnc_blocked', contact.contact_id, to]);
    expect(await session(done.session_id)).toMatchObject({ direction: 'outbound', end_reason: 'dnc_blocked' });
    expect(await dialled(to)).toHaveLength(0);
  });

  it('MCP: outbound_call_create returns at once and outbound_call_get follows it', async () => {
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      const to = calleeWith('voicemail');
      const created = await mcp.call('outbound_call_create', { agent_id: agent.agent_id, from_number: from, to_number: to });
      expect(created.isError).toBeFalsy();
      const id = (created.structuredContent as { outbound_call: CallBody }).outbound_call.outbound_call_id;
      const done = await eventually(
        async () => (await mcp.call('outbound_call_get', { outbound_call_id: id })).structuredContent as { outbound_call: CallBody },
        (r) => FINAL.includes(r.outbound_call.status),
        60_000,
      );
      expect(done.outbound_call.status).toBe('voicemail');
      const bad = await mcp.call('outbound_call_create', { agent_id: agent.agent_id, from_number: from });
      expect(bad.isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });
});

describe("the kind of an outbound call's session", () => {
  it('is live through a Twilio or Telnyx connection, a simulation through the simulated carrier', async () => {
    const em = t.orm.em.fork();
    const kindThrough = async (provider: 'twilio' | 'telnyx' | 'simulated' | null) => {
      let connectionId: string | null = null;
      if (provider) {
        connectionId = newId('telephonyConnection');
        em.create(TelephonyConnection, {
          id: connectionId,
          organization: a.organizationId,
          name: `kind-${provider}-${connectionId}`,
          provider,
          credentialsEncrypted: null,
          baseUrl: null,
          simulation: null,
        });
      }
      const sessionId = newId('session');
      const id = newId('outboundCall');
      em.create(OutboundCall, {
        id,
        organization: a.organizationId,
        project: a.projectId,
        agent: agent.agent_id,
        versionId: agent.version_id,
        sessionId,
        dialKey: `call/${sessionId}`,
        fromNumber: from,
        toNumber: calleeWith('no_answer'),
        connectionId,
        variables: {},
        customerScript: [],
        createdBy: { type: 'system', id: null, name: 'test' },
      });
      await em.flush();
      await recordUnansweredCall(t.orm.em.fork(), id, 'no_answer');
      return (await session(sessionId)).kind;
    };
    expect(await kindThrough('twilio')).toBe('live');
    expect(await kindThrough('telnyx')).toBe('live');
    expect(await kindThrough('simulated')).toBe('simulation');
    expect(await kindThrough(null)).toBe('simulation');
  });
});

describe('bad inputs', () => {
  it('answers 400/404/422 naming the field, never a 500', async () => {
    const to = calleeWith('answered');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ agent_id: agent.agent_id, from_number: from }, 400, 'body.to_number'],
      [{ agent_id: agent.agent_id, from_number: from, to_number: to, contact_id: 'cnt_x' }, 400, 'body.to_number'],
      [{ agent_id: agent.agent_id, from_number: from, to_number: 'not a number' }, 400, 'body.to_number'],
      [{ agent_id: agent.agent_id, from_number: '+12125550000', to_number: to }, 422, 'body.from_number'],
      [{ agent_id: agent.agent_id, from_number: from, to_number: to, surprise: 1 }, 400, ''],
      [{ agent_id: agent.agent_id, from_number: from, to_number: to, variables: { k: 5 } }, 400, ''],
      [{ agent_id: agent.agent_id, from_number: from, to_number: to, default_country: 'ZZ' }, 400, 'body.default_country'],
    ];
    for (const [body, status, field] of cases) {
      const res = await create(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      if (field) expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await create({ agent_id: 'agt_missing', from_number: from, to_number: to })).status).toBe(404);
    expect((await create({ agent_id: agent.agent_id, from_number: from, contact_id: 'cnt_missing' })).status).toBe(404);
    expect((await create({ agent_id: agent.agent_id, from_number: from, to_number: to }, { 'Idempotency-Key': 'has space' })).status).toBe(400);
    // Another organization may not call from this organization's number, nor see its calls.
    expect((await create({ agent_id: agent.agent_id, from_number: from, to_number: to }, {}, b)).status).toBe(422);
    expect((await t.request.get('/v1/outbound/call/retrieve/ocl_missing').set(a.headers)).status).toBe(404);
    expect((await t.request.get('/v1/outbound/call/retrieve/bad%20id').set(a.headers)).status).toBe(400);
  });
});
