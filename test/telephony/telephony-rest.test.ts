import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { createEngineTestApp, makeAgent } from '../support/engine.js';
import { startFakeTwilio, TWILIO_SID, TWILIO_TOKEN, type FakeTwilio } from '../support/fake-twilio.js';
import { startFakeTelnyx, TELNYX_KEY, type FakeTelnyx } from '../support/fake-telnyx.js';
import { createApiClient, issueToken } from '../../src/modules/org/api-clients.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import { updateAgent } from '../../src/modules/agents/update-agent.js';
import { setAgentTrafficSplit } from '../../src/modules/agents/set-agent-traffic-split.js';
import { Agent } from '../../src/modules/agents/agents.entity.js';
import { routeCall } from '../../src/modules/agents/route-call.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { SipTrunk, TelephonyConnection } from '../../src/modules/telephony/telephony.entity.js';
import { routeInboundCall } from '../../src/modules/telephony/routing/route-inbound-call.js';

let t: TestApp;
let a: TestTenant;
let viewerHeaders: Record<string, string>;
let twilio: FakeTwilio;
let telnyx: FakeTelnyx;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  const viewer = await createApiClient(t.orm.em.fork(), { organizationId: a.organizationId, name: 'viewer', role: 'viewer' });
  const token = await issueToken(t.orm.em.fork(), t.deps.config.auth, { client_id: viewer.clientId, client_secret: viewer.clientSecret });
  viewerHeaders = { Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': a.organizationId };
  twilio = await startFakeTwilio();
  telnyx = await startFakeTelnyx();
});
afterAll(async () => {
  await Promise.all([twilio.close(), telnyx.close()]);
  await t.close();
});

const post = (path: string, body: unknown, headers = a.headers) =>
  t.request
    .post(path)
    .set(headers)
    .send(body as object);
const get = (path: string, headers = a.headers) => t.request.get(path).set(headers);
const fields = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

async function twilioConnection(): Promise<string> {
  const res = await post('/v1/telephony/connection/create', {
    provider: 'twilio',
    name: unique('twilio'),
    base_url: twilio.baseUrl,
    credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
  });
  expect(res.status).toBe(201);
  return res.body.connection.connection_id;
}

describe('telephony connections', () => {
  it('validates Twilio credentials with the provider, stores them encrypted and never returns them', async () => {
    twilio.reset();
    const res = await post('/v1/telephony/connection/create', {
      provider: 'twilio',
      name: 'main twilio',
      base_url: twilio.baseUrl,
      credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
    });
    expect(res.status).toBe(201);
    expect(res.body.connection).toMatchObject({ name: 'main twilio', provider: 'twilio', base_url: twilio.baseUrl, has_credentials: true });
    expect(JSON.stringify(res.body)).not.toContain(TWILIO_TOKEN);
    expect(twilio.requests).toHaveLength(1);
    expect(twilio.requests[0]).toMatchObject({ method: 'GET', path: `/2010-04-01/Accounts/${TWILIO_SID}.json` });

    const row = await t.orm.em.fork().findOneOrFail(TelephonyConnection, { id: res.body.connection.connection_id });
    expect(row.credentialsEncrypted).toMatch(/^v1:/);
    expect(row.credentialsEncrypted).not.toContain(TWILIO_TOKEN);
    const audit = await t.orm.em.fork().findOneOrFail(AuditEvent, { targetId: row.id });
    expect(JSON.stringify(audit.data)).not.toContain(TWILIO_TOKEN);

    const list = await get('/v1/telephony/connection/list', viewerHeaders);
    expect(list.status).toBe(200);
    expect(list.body.connections.map((c: { name: string }) => c.name)).toContain('main twilio');
    expect(JSON.stringify(list.body)).not.toContain(TWILIO_TOKEN);
    expect(
      (
        await post('/v1/telephony/connection/create', {
          provider: 'twilio',
          name: 'main twilio',
          base_url: twilio.baseUrl,
          credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
        })
      ).status,
    ).toBe(409);
  });

  it('refuses credentials the provider refuses (422 naming the provider code), and maps provider outages to 502/503', async () => {
    const wrong = await post('/v1/telephony/connection/create', {
      provider: 'telnyx',
      name: unique('tx'),
      base_url: telnyx.baseUrl,
      credentials: { api_key: 'KEYwrong-key' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'UNPROCESSABLE', provider: 'Telnyx', provider_status: 401, provider_code: '10009' });
    expect(JSON.stringify(wrong.body)).not.toContain('KEYwrong-key');

    telnyx.failNext({ status: 500, body: { errors: [{ code: '90000', title: 'Internal error' }] } });
    const down = await post('/v1/telephony/connection/create', {
      provider: 'telnyx',
      name: unique('tx'),
      base_url: telnyx.baseUrl,
      credentials: { api_key: TELNYX_KEY },
    });
    expect(down.status).toBe(502);
    const gone = await post('/v1/telephony/connection/create', {
      provider: 'telnyx',
      name: unique('tx'),
      base_url: 'http://127.0.0.1:1',
      credentials: { api_key: TELNYX_KEY },
    });
    expect(gone.status).toBe(503);
  });

  it('refuses bad bodies with 400 naming the field, private base URLs, and writers without numbers:manage', async () => {
    const badSid = await post('/v1/telephony/connection/create', {
      provider: 'twilio',
      name: 'x',
      credentials: { account_sid: 'nope', auth_token: 'tok-12345678' },
    });
    expect(badSid.status).toBe(400);
    expect(fields(badSid)).toEqual(['body.credentials.account_sid']);
    const badProvider = await post('/v1/telephony/connection/create', { provider: 'vonage', name: 'x' });
    expect(badProvider.status).toBe(400);
    expect(fields(badProvider)).toEqual(['body.provider']);
    const privateUrl = await post('/v1/telephony/connection/create', {
      provider: 'twilio',
      name: 'x',
      base_url: 'http://10.1.2.3',
      credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
    });
    expect(privateUrl.status).toBe(400);
    expect(fields(privateUrl)).toEqual(['body.base_url']);
    expect((await post('/v1/telephony/connection/create', { provider: 'simulated', name: 'sim' }, viewerHeaders)).status).toBe(403);
  });
});

describe('phone numbers', () => {
  it('searches the simulated carrier by default and buys a number, normalised to E.164', async () => {
    const search = await get('/v1/phone/number/search?country=us&area_code=512&page_size=2', viewerHeaders);
    expect(search.status).toBe(200);
    expect(search.body.provider).toBe('simulated');
    expect(search.body.numbers).toHaveLength(2);
    const wanted: string = search.body.numbers[0].number;
    const pretty = `+1 (${wanted.slice(2, 5)}) ${wanted.slice(5, 8)}-${wanted.slice(8)}`;
    const bought = await post('/v1/phone/number/purchase', { number: pretty });
    expect(bought.status).toBe(201);
    expect(bought.body.phone_number).toMatchObject({
      number: wanted,
      country: 'US',
      provider: 'simulated',
      connection_id: null,
      origin: 'purchased',
      status: 'active',
      destination_id: null,
    });
    // Held numbers leave the search; buying one twice is a 409.
    const after = await get('/v1/phone/number/search?country=US&area_code=512&page_size=2');
    expect(after.body.numbers.map((n: { number: string }) => n.number)).not.toContain(wanted);
    expect((await post('/v1/phone/number/purchase', { number: wanted })).status).toBe(409);

    const list = await get('/v1/phone/number/list', viewerHeaders);
    expect(list.body.phone_numbers.map((n: { number: string }) => n.number)).toContain(wanted);
    const one = await get(`/v1/phone/number/retrieve/${bought.body.phone_number.phone_number_id}`);
    expect(one.body.phone_number.number).toBe(wanted);
  });

  it('refuses bad numbers and queries with 400 naming the field', async () => {
    for (const number of ['5125550000', '+1 000 000 0000', 'not a number', '']) {
      const res = await post('/v1/phone/number/purchase', { number });
      expect(res.status).toBe(400);
      expect(fields(res)).toEqual(['body.number']);
    }
    const missing = await post('/v1/phone/number/purchase', {});
    expect(fields(missing)).toEqual(['body.number']);
    expect(fields(await get('/v1/phone/number/search?country=USA'))).toEqual(['query.country']);
    expect(fields(await get('/v1/phone/number/search?page_size=500'))).toEqual(['query.page_size']);
    expect(fields(await get('/v1/phone/number/search?area_code=abc'))).toEqual(['query.area_code']);
    expect(fields(await get('/v1/phone/number/search?country=FR'))).toEqual(['query.country']);
    expect(fields(await get('/v1/phone/number/search?connection_id=tcn_nope'))).toEqual(['query.connection_id']);
    // A number outside the simulated pool is not for sale.
    expect((await post('/v1/phone/number/purchase', { number: '+14156660123' })).status).toBe(422);
  });

  it('searches, buys and imports through Twilio and Telnyx', async () => {
    const tw = await twilioConnection();
    const search = await get(`/v1/phone/number/search?connection_id=${tw}&area_code=415&page_size=2`);
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ provider: 'twilio', numbers: [{ number: '+14155557000' }, { number: '+14155557001' }] });
    const bought = await post('/v1/phone/number/purchase', { connection_id: tw, number: '+14155557000' });
    expect(bought.status).toBe(201);
    expect(bought.body.phone_number).toMatchObject({ provider: 'twilio', connection_id: tw, origin: 'purchased' });

    twilio.owned.set('+14155557042', 'PN0123');
    const imported = await post('/v1/phone/number/provider/import', { connection_id: tw, number: '+1 415 555 7042' });
    expect(imported.status).toBe(201);
    expect(imported.body.phone_number).toMatchObject({ number: '+14155557042', provider: 'twilio', origin: 'imported' });
    const notHeld = await post('/v1/phone/number/provider/import', { connection_id: tw, number: '+14155557043' });
    expect(notHeld.status).toBe(404);
    expect(fields(notHeld)).toEqual(['body.number']);

    const tx = (
      await post('/v1/telephony/connection/create', {
        provider: 'telnyx',
        name: unique('telnyx'),
        base_url: telnyx.baseUrl,
        credentials: { api_key: TELNYX_KEY },
      })
    ).body.connection.connection_id;
    telnyx.owned.set('+13125559001', 'tel-id-1');
    const fromTelnyx = await post('/v1/phone/number/provider/import', { connection_id: tx, number: '+13125559001' });
    expect(fromTelnyx.status).toBe(201);
    expect(fromTelnyx.body.phone_number).toMatchObject({ provider: 'telnyx', origin: 'imported' });

    // Import is for real providers; a 5xx while buying is a 502, never a 500.
    const sim = (await post('/v1/telephony/connection/create', { provider: 'simulated', name: unique('sim') })).body.connection.connection_id;
    expect((await post('/v1/phone/number/provider/import', { connection_id: sim, number: '+13125559002' })).status).toBe(422);
    twilio.failNext({ status: 500, body: { code: 20500, message: 'oops', status: 500 } });
    expect((await post('/v1/phone/number/purchase', { connection_id: tw, number: '+14155557001' })).status).toBe(502);
    // The failed purchase left nothing behind: the number can be bought afterwards.
    expect((await post('/v1/phone/number/purchase', { connection_id: tw, number: '+14155557001' })).status).toBe(201);
  });

  it('lets exactly one of two racing purchases of a number through, asking the provider once', async () => {
    const tw = await twilioConnection();
    twilio.reset();
    const results = await Promise.all([1, 2, 3].map(() => post('/v1/phone/number/purchase', { connection_id: tw, number: '+14155557003' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/IncomingPhoneNumbers.json'))).toHaveLength(1);
  });
});

describe('SIP trunks, destinations and inbound routing', () => {
  it('creates trunks (password never returned) and endpoints, and refuses bad ones', async () => {
    const trunk = await post('/v1/sip_trunk/create', {
      name: unique('pbx'),
      direction: 'inbound',
      auth: { username: 'acme', password: 'sip-secret-pass' },
      allowed_ips: ['203.0.113.0/24'],
    });
    expect(trunk.status).toBe(201);
    expect(trunk.body.sip_trunk).toMatchObject({
      direction: 'inbound',
      auth_username: 'acme',
      has_password: true,
      allowed_ips: ['203.0.113.0/24'],
      endpoints: [],
    });
    expect(JSON.stringify(trunk.body)).not.toContain('sip-secret-pass');
    const row = await t.orm.em.fork().findOneOrFail(SipTrunk, { id: trunk.body.sip_trunk.sip_trunk_id });
    expect(row.authPasswordEncrypted).toMatch(/^v1:/);

    const endpoint = await post('/v1/sip_trunk_endpoint/create', {
      sip_trunk_id: trunk.body.sip_trunk.sip_trunk_id,
      uri: 'sip:pbx.acme.example.com:5060',
      priority: 1,
    });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body.sip_trunk.endpoints).toEqual([
      { sip_trunk_endpoint_id: expect.stringMatching(/^tep_/), uri: 'sip:pbx.acme.example.com:5060', priority: 1, weight: 100 },
    ]);

    expect(fields(await post('/v1/sip_trunk/create', { name: 'open', direction: 'inbound' }))).toEqual(['body.auth']);
    expect(fields(await post('/v1/sip_trunk/create', { name: 'x', allowed_ips: ['999.1.1.1'] }))).toEqual(['body.allowed_ips.0']);
    expect(fields(await post('/v1/sip_trunk_endpoint/create', { sip_trunk_id: row.id, uri: 'http://x' }))).toEqual(['body.uri']);
    const unknown = await post('/v1/sip_trunk_endpoint/create', { sip_trunk_id: 'trk_nope', uri: 'sip:a@b.c' });
    expect(unknown.status).toBe(404);
    expect(fields(unknown)).toEqual(['body.sip_trunk_id']);
    const trunks = await get('/v1/sip_trunk/list', viewerHeaders);
    expect(JSON.stringify(trunks.body)).not.toContain('sip-secret-pass');
  });

  it("routes a call to a number to its destination's agent, honouring the traffic split", async () => {
    const system = systemPrincipal(a.organizationId, 'rest');
    const agent = await makeAgent(t, a, { model: { provider: 'simulated', name: 'r', temperature: 0, rules: [{ when: 'bye', say: 'Bye!', hangup: true }] } });
    await publishAgent(t.orm.em.fork(), system, publishAgent.input.parse({ agentId: agent.agent_id }));
    const v2 = (await updateAgent(t.orm.em.fork(), system, agent.agent_id, updateAgent.input.parse({ prompt: 'Version two.' }))).version_id;
    await setAgentTrafficSplit(
      t.orm.em.fork(),
      system,
      setAgentTrafficSplit.input.parse({
        agentId: agent.agent_id,
        split: [
          { versionId: agent.version_id, percent: 50 },
          { versionId: v2, percent: 50 },
        ],
      }),
    );

    const number = (await get('/v1/phone/number/search?area_code=206&page_size=1')).body.numbers[0].number as string;
    expect((await post('/v1/phone/number/purchase', { number })).status).toBe(201);
    // A number the organization does not hold cannot become its destination.
    const foreign = await post('/v1/destination/create', { kind: 'phone_number', address: '+12065559999' });
    expect(foreign.status).toBe(422);
    expect(fields(foreign)).toEqual(['body.address']);
    const destination = await post('/v1/destination/create', { kind: 'phone_number', address: number });
    expect(destination.status).toBe(201);
    expect(destination.body.destination).toMatchObject({ kind: 'phone_number', address: number, agent_id: null });
    await expect(routeInboundCall(t.orm.em.fork(), number, '+14155550123')).rejects.toMatchObject({ code: 'CONFLICT' });

    const assigned = await post('/v1/agent/destination/assign', { agent_id: agent.agent_id, destination_id: destination.body.destination.destination_id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.destination.agent_id).toBe(agent.agent_id);
    expect((await get(`/v1/destination/list?agent_id=${agent.agent_id}`)).body.destinations).toHaveLength(1);

    const row = await t.orm.em.fork().findOneOrFail(Agent, { id: agent.agent_id });
    const seen = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      const caller = `+1312555${String(i).padStart(4, '0')}`;
      const route = await routeInboundCall(t.orm.em.fork(), number, caller);
      expect(route).toMatchObject({ agentId: agent.agent_id, organizationId: a.organizationId, destinationId: destination.body.destination.destination_id });
      expect(route.versionId).toBe(routeCall(row, caller));
      seen.set(route.versionId, (seen.get(route.versionId) ?? 0) + 1);
    }
    expect(new Set(seen.keys())).toEqual(new Set([agent.version_id, v2]));
    for (const count of seen.values()) expect(Math.abs(count / 4 - 50)).toBeLessThanOrEqual(10);
    await expect(routeInboundCall(t.orm.em.fork(), '+12065559999', '+14155550123')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // The simulated inbound call runs on the version routing picks, written as a real session.
    const caller = '+13125550042';
    const session = await post(`/v1/phone/number/${encodeURIComponent(number)}/simulate_inbound`, {
      caller: { name: 'Ana', address: caller },
      customer_turns: ['bye'],
    });
    expect(session.status).toBe(201);
    expect(session.body.session).toMatchObject({
      direction: 'inbound',
      status: 'ended',
      caller: { address: caller },
      kind: 'simulation',
      agent: { agent_id: agent.agent_id, agent_version_id: routeCall(row, caller) },
    });
    const badCaller = await post(`/v1/phone/number/${encodeURIComponent(number)}/simulate_inbound`, { caller: { address: '12' }, customer_turns: [] });
    expect(badCaller.status).toBe(400);
    expect(fields(badCaller)).toEqual(['body.caller.address']);
    expect((await post('/v1/phone/number/+12065559999/simulate_inbound', { caller: { address: caller }, customer_turns: [] })).status).toBe(404);
    expect(fields(await post('/v1/phone/number/abc/simulate_inbound', { caller: { address: caller }, customer_turns: [] }))).toEqual(['path.number']);
  });

  it('routes SIP addresses, assigns trunks to destinations, and deletes', async () => {
    const system = systemPrincipal(a.organizationId, 'rest');
    const agent = await makeAgent(t, a);
    await publishAgent(t.orm.em.fork(), system, publishAgent.input.parse({ agentId: agent.agent_id }));
    const address = `sip:${unique('desk').toLowerCase()}@acme.example.com`;
    const destination = await post('/v1/destination/create', { kind: 'sip_address', address, agent_id: agent.agent_id });
    expect(destination.status).toBe(201);
    const id = destination.body.destination.destination_id;
    expect((await post('/v1/destination/create', { kind: 'sip_address', address })).status).toBe(409);
    expect(fields(await post('/v1/destination/create', { kind: 'sip_address', address: 'frontdesk' }))).toEqual(['body.address']);
    expect(fields(await post('/v1/destination/create', { kind: 'fax', address }))).toEqual(['body.kind']);

    const route = await routeInboundCall(t.orm.em.fork(), address.replace('sip:', 'SIP:'), 'sip:caller@example.org');
    expect(route).toMatchObject({ agentId: agent.agent_id, versionId: agent.version_id });

    const trunk = (await post('/v1/sip_trunk/create', { name: unique('out'), direction: 'outbound' })).body.sip_trunk.sip_trunk_id;
    const assigned = await post('/v1/sip_trunk/destination/assign', { sip_trunk_id: trunk, destination_id: id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.destination.sip_trunk_id).toBe(trunk);
    expect(fields(await post('/v1/sip_trunk/destination/assign', { sip_trunk_id: trunk, destination_id: 'dst_nope' }))).toEqual(['body.destination_id']);
    expect(fields(await post('/v1/agent/destination/assign', { agent_id: 'agt_nope', destination_id: id }))).toEqual(['body.agent_id']);

    // Another organization sees none of it.
    const b = await createTenant(t);
    expect((await post('/v1/agent/destination/assign', { agent_id: agent.agent_id, destination_id: id }, b.headers)).status).toBe(404);
    expect((await get('/v1/destination/list', b.headers)).body.destinations).toEqual([]);

    expect((await t.request.delete(`/v1/destination/delete/${id}`).set(a.headers)).status).toBe(200);
    await expect(routeInboundCall(t.orm.em.fork(), address, 'sip:caller@example.org')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.request.delete(`/v1/sip_trunk/delete/${trunk}`).set(a.headers)).status).toBe(200);
  });

  it('lists voices', async () => {
    const res = await get('/v1/voice/list?language=en-GB', viewerHeaders);
    expect(res.status).toBe(200);
    expect(res.body.voices.length).toBeGreaterThan(0);
    for (const v of res.body.voices) expect(v.language).toBe('en-GB');
  });

  it('is in the OpenAPI document', async () => {
    const doc = await t.request.get('/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/telephony/connection/create',
        '/v1/phone/number/search',
        '/v1/phone/number/purchase',
        '/v1/phone/number/provider/import',
        '/v1/phone/number/list',
        '/v1/phone/number/{number}/simulate_inbound',
        '/v1/sip_trunk/create',
        '/v1/sip_trunk_endpoint/create',
        '/v1/sip_trunk/destination/assign',
        '/v1/destination/create',
        '/v1/agent/destination/assign',
        '/v1/voice/list',
      ]),
    );
    expect(JSON.stringify(doc.body.components.schemas.CreateConnectionBody)).toContain('account_sid');
  });
});
