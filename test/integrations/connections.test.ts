import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createEngineTestApp } from '../support/engine.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { RADICALE_PASSWORD, RADICALE_USER, startRadicale, type Radicale } from '../support/radicale.js';
import { HUBSPOT_TOKEN, startFakeHubspot, type FakeHubspot } from '../support/fake-hubspot.js';
import { startFakeZendesk, ZENDESK_EMAIL, ZENDESK_TOKEN, type FakeZendesk } from '../support/fake-zendesk.js';
import { closeEngineDispatchers } from '../../src/modules/engine/engine-settings.js';
import { IntegrationConnection } from '../../src/modules/integrations/integrations.entity.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { listConnections } from '../../src/modules/integrations/list-connections.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';

/**
 * The integration routes end to end through the app: the catalogue,
 * connecting a CalDAV calendar (real Radicale), HubSpot and Zendesk (local
 * servers speaking their wire formats), bad inputs on every route, the
 * credentials never returned, listing with keyset pages, reconnect,
 * disconnect and delete, and other organizations seeing nothing.
 */
let t: TestApp;
let strict: TestApp;
let a: TestTenant;
let b: TestTenant;
let viewer: TestTenant;
let radicale: Radicale;
let hubspot: FakeHubspot;
let zendesk: FakeZendesk;
let calendarUrl: string;

beforeAll(async () => {
  [t, strict, radicale, hubspot, zendesk] = await Promise.all([
    createEngineTestApp(),
    createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '' } }),
    startRadicale(),
    startFakeHubspot(),
    startFakeZendesk(),
  ]);
  [a, b, viewer] = await Promise.all([createTenant(t), createTenant(t), createTenant(t, 'viewer')]);
  calendarUrl = await radicale.makeCalendar('front-desk');
});
afterAll(async () => {
  await closeEngineDispatchers();
  await Promise.all([radicale?.stop(), hubspot?.close(), zendesk?.close()]);
  await Promise.all([t?.close(), strict?.close()]);
});

const connect = (tenant: TestTenant, body: unknown, app: TestApp = t) =>
  app.request
    .post('/v1/integration/connection/connect')
    .set(tenant.headers)
    .send(body as object);
const list = (tenant: TestTenant, query: Record<string, string | number> = {}) =>
  t.request.get('/v1/integration/connection/get').set(tenant.headers).query(query);
const caldav = (over: Record<string, unknown> = {}, credentials: Record<string, unknown> = { username: RADICALE_USER, password: RADICALE_PASSWORD }) => ({
  integration: 'caldav',
  settings: { calendar_url: calendarUrl, time_zone: 'Europe/Berlin' },
  credentials,
  ...over,
});
const hubspotBody = (token = HUBSPOT_TOKEN) => ({ integration: 'hubspot', settings: { base_url: hubspot.baseUrl }, credentials: { access_token: token } });
const zendeskBody = (token = ZENDESK_TOKEN) => ({
  integration: 'zendesk',
  settings: { base_url: zendesk.baseUrl },
  credentials: { email: ZENDESK_EMAIL, api_token: token },
});
const rows = (tenant: TestTenant) => t.orm.em.fork().count(IntegrationConnection, { organization: tenant.organizationId });
const fields = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

describe('GET /v1/integration/info', () => {
  it('lists a calendar, a CRM and a helpdesk with their fields and agent tools, for every role', async () => {
    const res = await t.request.get('/v1/integration/info').set(viewer.headers).expect(200);
    const byKey = Object.fromEntries(res.body.integrations.map((i: { key: string }) => [i.key, i]));
    expect(Object.keys(byKey)).toEqual(['caldav', 'hubspot', 'zendesk']);
    expect(byKey.caldav).toMatchObject({ kind: 'calendar', name: 'CalDAV calendar' });
    expect(byKey.hubspot.kind).toBe('crm');
    expect(byKey.zendesk.kind).toBe('helpdesk');
    expect(byKey.caldav.fields.filter((f: { secret: boolean }) => f.secret).map((f: { key: string }) => f.key)).toEqual(['username', 'password']);
    expect(byKey.caldav.tools.map((x: { name: string; default_permission: string }) => [x.name, x.default_permission])).toEqual([
      ['check_availability', 'allow'],
      ['book_appointment', 'ask'],
    ]);
    expect(byKey.hubspot.tools.map((x: { name: string; default_permission: string }) => [x.name, x.default_permission])).toEqual([
      ['lookup_contact', 'allow'],
      ['create_contact', 'ask'],
    ]);
    expect(byKey.zendesk.tools.map((x: { name: string }) => x.name)).toEqual(['open_ticket']);
    expect(byKey.zendesk.tools[0].input_schema).toMatchObject({ type: 'object', required: ['subject', 'description'] });
    await t.request.get('/v1/integration/info').expect(401);
    await t.request.get('/v1/integration/info?x=1').set(a.headers).expect(400);
  });
});

describe('API reference', () => {
  it('documents the routes, the per-integration connect body and the connection view in the OpenAPI document', async () => {
    const doc = (await t.request.get('/v1/openapi.json').expect(200)).body;
    expect(doc.paths['/v1/integration/info'].get.operationId).toBe('getIntegrationInfo');
    expect(doc.paths['/v1/integration/connection/connect'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ConnectIntegrationBody',
    });
    expect(doc.paths['/v1/integration/connection/get'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'connection_id',
      'integration',
      'kind',
      'status',
      'page_size',
      'cursor',
      'X-Organization-Id',
    ]);
    expect(doc.paths['/v1/integration/connection/{connection_id}/disconnect'].post).toBeDefined();
    expect(doc.paths['/v1/integration/connection/{connection_id}/delete'].delete).toBeDefined();
    const body = doc.components.schemas.ConnectIntegrationBody;
    expect(body.oneOf).toHaveLength(3);
    expect(
      body.oneOf.map(
        (o: { properties: { integration: { const?: string; enum?: string[] } } }) => o.properties.integration.const ?? o.properties.integration.enum?.[0],
      ),
    ).toEqual(['caldav', 'hubspot', 'zendesk']);
    expect(doc.components.schemas.IntegrationConnection.properties).not.toHaveProperty('credentials');
  });
});

describe('POST /v1/integration/connection/connect', () => {
  it('connects a CalDAV calendar after PROPFIND accepts the credentials; stores them encrypted, never returns them, audits the change', async () => {
    const res = await connect(a, caldav({ name: 'Front desk calendar' })).expect(200);
    expect(res.body.created).toBe(true);
    expect(res.body.connection).toMatchObject({
      integration: 'caldav',
      kind: 'calendar',
      name: 'Front desk calendar',
      status: 'connected',
      project_id: null,
      last_error: null,
      settings: {
        calendar_url: calendarUrl,
        time_zone: 'Europe/Berlin',
        business_hours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
        slot_minutes: 30,
      },
      credential_names: ['password', 'username'],
    });
    const id = res.body.connection.connection_id as string;
    expect(id).toMatch(/^icn_/);
    expect(res.body.connection.agent_tools).toEqual([
      { name: 'check_availability', kind: 'integration', permission: 'allow', config: { connection_id: id } },
      { name: 'book_appointment', kind: 'integration', permission: 'ask', config: { connection_id: id } },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(RADICALE_PASSWORD);
    const row = await t.orm.em.fork().findOneOrFail(IntegrationConnection, { id });
    expect(row.credentialsEncrypted).toMatch(/^v1:/);
    expect(row.credentialsEncrypted).not.toContain(RADICALE_PASSWORD);
    const audit = await t.orm.em.fork().find(AuditEvent, { organization: a.organizationId, targetId: id });
    expect(audit.map((e) => e.action)).toEqual(['integration_connection.connect']);
    expect(JSON.stringify(audit[0].data)).not.toContain(RADICALE_PASSWORD);
    expect(audit[0].data).toMatchObject({ integration: 'caldav', credential_names: ['password', 'username'] });

    const listed = await list(a, { connection_id: id }).expect(200);
    expect(listed.body.connections).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(RADICALE_PASSWORD);
  });

  it('connects HubSpot and Zendesk after a cheap authenticated GET each', async () => {
    hubspot.reset();
    zendesk.reset();
    const crm = await connect(a, hubspotBody()).expect(200);
    expect(crm.body.connection).toMatchObject({
      integration: 'hubspot',
      kind: 'crm',
      name: 'HubSpot CRM',
      status: 'connected',
      credential_names: ['access_token'],
    });
    expect(hubspot.requests.map((r) => `${r.method} ${r.path}?${new URLSearchParams(r.query)}`)).toEqual(['GET /crm/v3/objects/contacts?limit=1']);
    expect(hubspot.requests[0].headers.authorization).toBe(`Bearer ${HUBSPOT_TOKEN}`);
    const desk = await connect(a, zendeskBody()).expect(200);
    expect(desk.body.connection).toMatchObject({ integration: 'zendesk', kind: 'helpdesk', status: 'connected', credential_names: ['api_token', 'email'] });
    expect(zendesk.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/users/me.json']);
    expect(zendesk.requests[0].headers.authorization).toBe(`Basic ${Buffer.from(`${ZENDESK_EMAIL}/token:${ZENDESK_TOKEN}`).toString('base64')}`);
    for (const body of [crm.body, desk.body]) {
      expect(JSON.stringify(body)).not.toContain(HUBSPOT_TOKEN);
      expect(JSON.stringify(body)).not.toContain(ZENDESK_TOKEN);
    }
  });

  it('refuses bad input with 400 naming the field, before calling anyone', async () => {
    const before = await rows(a);
    const cases: [unknown, string][] = [
      [{}, 'body.integration'],
      [{ ...caldav(), integration: 'salesforce' }, 'body.integration'],
      [{ integration: 'caldav', settings: { calendar_url: calendarUrl } }, 'body.credentials'],
      [caldav({}, { username: RADICALE_USER }), 'body.credentials.password'],
      [caldav({ settings: { calendar_url: 'not a url' } }), 'body.settings.calendar_url'],
      [caldav({ settings: { calendar_url: 'ftp://example.com/cal/' } }), 'body.settings.calendar_url'],
      [caldav({ settings: { calendar_url: calendarUrl, time_zone: 'Mars/Olympus' } }), 'body.settings.time_zone'],
      [caldav({ settings: { calendar_url: calendarUrl, business_hours: { start: '18:00', end: '09:00' } } }), 'body.settings.business_hours.end'],
      [caldav({ settings: { calendar_url: calendarUrl, slot_minutes: 1 } }), 'body.settings.slot_minutes'],
      [caldav({ extra: true }), 'body.extra'],
      [caldav({}, { username: 'a:b', password: 'x' }), 'body.credentials.username'],
      [caldav({}, { username: RADICALE_USER, password: 'x\r\nX-Injected: 1' }), 'body.credentials.password'],
      [caldav({ settings: { calendar_url: 'http://10.0.0.5/dav/cal/' } }), 'body.settings.calendar_url'],
      [caldav({ settings: { calendar_url: 'https://169.254.169.254/latest/' } }), 'body.settings.calendar_url'],
      [caldav({ settings: { calendar_url: 'http://localhost:5232/ana/cal/' } }), 'body.settings.calendar_url'],
      [caldav({ settings: { calendar_url: calendarUrl.replace('http://', `http://${RADICALE_USER}:${RADICALE_PASSWORD}@`) } }), 'body.settings.calendar_url'],
      [{ ...zendeskBody(), settings: { subdomain: 'acme', base_url: zendesk.baseUrl } }, 'body.settings'],
      [{ ...zendeskBody(), settings: {} }, 'body.settings'],
      [{ ...zendeskBody(), credentials: { email: 'not-an-email', api_token: 'x' } }, 'body.credentials.email'],
      [{ ...hubspotBody(), credentials: {} }, 'body.credentials.access_token'],
      [caldav({ project_id: 'prj_nope!' }), 'body.project_id'],
    ];
    for (const [body, field] of cases) {
      const res = await connect(a, body).expect(400);
      expect({ body, fields: fields(res) }).toEqual({ body, fields: expect.arrayContaining([field]) });
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    await t.request.post('/v1/integration/connection/connect').set(a.headers).expect(400);
    expect(await rows(a)).toBe(before);
  });

  it('outside the allowlist, loopback and plain http are refused (400)', async () => {
    const tenant = await createTenant(strict);
    for (const url of [calendarUrl, calendarUrl.replace('127.0.0.1', '[::ffff:127.0.0.1]'), 'http://cal.example.com/dav/']) {
      const res = await connect(tenant, caldav({ settings: { calendar_url: url } }), strict).expect(400);
      expect(fields(res)).toEqual(['body.settings.calendar_url']);
    }
    const res = await connect(tenant, hubspotBody(), strict).expect(400);
    expect(fields(res)).toEqual(['body.settings.base_url']);
  });

  it("refuses credentials the provider refuses with 422 and the provider's reason, and stores nothing", async () => {
    const before = await rows(a);
    const wrong = await connect(a, caldav({}, { username: RADICALE_USER, password: 'wrong' })).expect(422);
    expect(wrong.body.detail).toMatch(/CalDAV refused the credentials \(401\)/);
    const account = await connect(a, caldav({ settings: { calendar_url: `${radicale.baseUrl}/${RADICALE_USER}/` } })).expect(422);
    expect(account.body.detail).toMatch(/is not a calendar collection/);
    const missing = await connect(a, caldav({ settings: { calendar_url: `${radicale.baseUrl}/${RADICALE_USER}/nope/` } })).expect(422);
    expect(missing.body.detail).toMatch(/no calendar at/);
    const crm = await connect(a, hubspotBody('pat-wrong')).expect(422);
    expect(crm.body).toMatchObject({ code: 'UNPROCESSABLE', provider: 'HubSpot', provider_status: 401 });
    expect(crm.body.detail).toMatch(/HubSpot refused the credentials \(401\): Authentication credentials not found.*\(INVALID_AUTHENTICATION\)/);
    const desk = await connect(a, zendeskBody('wrong')).expect(422);
    expect(desk.body.detail).toMatch(/Zendesk refused the credentials \(401\): Couldn't authenticate you/);
    expect(await rows(a)).toBe(before);
  });

  it('maps a provider that is down, rate-limited or unreachable to 502 and 429, never 500', async () => {
    hubspot.failNext({ status: 503, body: { status: 'error', message: 'Service unavailable', category: 'SERVICE_UNAVAILABLE' } });
    expect((await connect(a, hubspotBody()).expect(502)).body.detail).toMatch(/HubSpot answered 503: Service unavailable/);
    hubspot.failNext({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { status: 'error', message: 'You have reached your secondly limit.', category: 'RATE_LIMITS' },
    });
    const limited = await connect(a, hubspotBody()).expect(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', retry_after_seconds: 30 });
    // A short Retry-After is waited out once, and the second answer counts.
    hubspot.reset();
    hubspot.failNext({ status: 429, headers: { 'retry-after': '0' }, body: { status: 'error', message: 'slow down', category: 'RATE_LIMITS' } });
    await connect(a, hubspotBody()).expect(200);
    expect(hubspot.requests).toHaveLength(2);
    const closed = await connect(a, { ...hubspotBody(), settings: { base_url: 'http://127.0.0.1:1' } }).expect(502);
    expect(closed.body.detail).toMatch(/Could not reach 127\.0\.0\.1:1/);
    // A host that does not exist is the caller's typo: a 422 naming the field (no provider is down).
    const typo = await connect(a, { ...hubspotBody(), settings: { base_url: 'https://no-such-host.invalid' } }).expect(422);
    expect(typo.body).toMatchObject({ code: 'UNPROCESSABLE', errors: [{ field: 'body.settings.base_url', message: 'names a host that does not exist' }] });
  });

  it('reconnects with connection_id: new credentials after checking them; a failed reconnect leaves the connection as it was', async () => {
    const first = await connect(a, zendeskBody()).expect(200);
    const id = first.body.connection.connection_id;
    await connect(a, { ...zendeskBody('wrong'), connection_id: id }).expect(422);
    const unchanged = await list(a, { connection_id: id }).expect(200);
    expect(unchanged.body.connections[0]).toMatchObject({ status: 'connected', credential_names: ['api_token', 'email'] });
    expect((await connect(a, { ...hubspotBody(), connection_id: id }).expect(400)).body.errors[0].field).toBe('body.integration');
    expect((await connect(a, { ...zendeskBody(), connection_id: 'icn_01JAAAAAAAAAAAAAAAAAAAAAAA' }).expect(404)).body.errors[0].field).toBe(
      'body.connection_id',
    );
    const again = await connect(a, { ...zendeskBody(), connection_id: id, name: 'Support desk' }).expect(200);
    expect(again.body).toMatchObject({ created: false, connection: { connection_id: id, name: 'Support desk', status: 'connected' } });
    const audit = await t.orm.em.fork().find(AuditEvent, { targetId: id }, { orderBy: { id: 'asc' } });
    expect(audit.map((e) => e.action)).toEqual(['integration_connection.connect', 'integration_connection.reconnect']);
  });

  it('needs integrations:manage to connect; other organizations cannot reconnect one', async () => {
    const res = await connect(viewer, caldav()).expect(403);
    expect(res.body.required_permission).toBe('integrations:manage');
    const mine = await connect(a, zendeskBody()).expect(200);
    await connect(b, { ...zendeskBody(), connection_id: mine.body.connection.connection_id }).expect(404);
  });

  it('keeps a connection to one project when asked', async () => {
    const res = await connect(a, caldav({ project_id: a.projectId })).expect(200);
    expect(res.body.connection.project_id).toBe(a.projectId);
    await connect(a, caldav({ project_id: b.projectId })).expect(404);
    const scopedId = res.body.connection.connection_id as string;
    const orgWide = (await connect(a, zendeskBody()).expect(200)).body.connection.connection_id as string;
    // A sign-in acting in one project sees organization-wide connections and its own project's only.
    const seen = async (projectId: string) =>
      (
        await listConnections(t.orm.em.fork(), { ...systemPrincipal(a.organizationId), projectId }, listConnections.input.parse({ page_size: 100 }))
      ).connections.map((c) => c.connection_id);
    expect(await seen(a.projectId)).toEqual(expect.arrayContaining([scopedId, orgWide]));
    const elsewhere = await seen('prj_01JAAAAAAAAAAAAAAAAAAAAAAA');
    expect(elsewhere).toContain(orgWide);
    expect(elsewhere).not.toContain(scopedId);
  });
});

describe('GET /v1/integration/connection/get', () => {
  it('pages newest first with an opaque cursor, filters by integration, kind and status, and shows other organizations nothing', async () => {
    const tenant = await createTenant(t);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await connect(tenant, zendeskBody()).expect(200)).body.connection.connection_id);
    made.push((await connect(tenant, hubspotBody()).expect(200)).body.connection.connection_id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await list(tenant, { page_size: 3, ...(cursor ? { cursor } : {}) }).expect(200);
      seen.push(...res.body.connections.map((c: { connection_id: string }) => c.connection_id));
      if (!res.body.has_more) {
        expect(res.body.next_cursor).toBeNull();
        break;
      }
      cursor = res.body.next_cursor;
    }
    expect(seen).toEqual([...made].reverse());
    expect((await list(tenant, { integration: 'hubspot' }).expect(200)).body.connections.map((c: { connection_id: string }) => c.connection_id)).toEqual([
      made[3],
    ]);
    expect((await list(tenant, { kind: 'helpdesk' }).expect(200)).body.connections).toHaveLength(3);
    expect((await list(tenant, { status: 'error' }).expect(200)).body.connections).toHaveLength(0);

    const first = await list(tenant, { page_size: 1 }).expect(200);
    expect((await list(tenant, { page_size: 1, integration: 'zendesk', cursor: first.body.next_cursor }).expect(400)).body.code).toBe('INVALID_CURSOR');
    await list(tenant, { cursor: 'garbage' }).expect(400);
    await list(tenant, { page_size: 0 }).expect(400);
    await list(tenant, { integration: 'salesforce' }).expect(400);
    await list(tenant, { unknown: 1 }).expect(400);

    expect((await list(b, { connection_id: made[0] }).expect(404)).body.errors[0].field).toBe('query.connection_id');
    const other = await list(b).expect(200);
    expect(other.body.connections.map((c: { connection_id: string }) => c.connection_id)).not.toEqual(expect.arrayContaining([made[0]]));
    // A viewer (agents:read) may read the list: it holds no secret.
    await list(viewer).expect(200);
  });
});

describe('disconnect and delete', () => {
  it('disconnect wipes the credentials and is idempotent; delete removes the row; both audited; other organizations get 404', async () => {
    const id = (await connect(a, hubspotBody()).expect(200)).body.connection.connection_id as string;
    await t.request.post(`/v1/integration/connection/${id}/disconnect`).set(b.headers).expect(404);
    await t.request.delete(`/v1/integration/connection/${id}/delete`).set(b.headers).expect(404);
    await t.request.post(`/v1/integration/connection/${id}/disconnect`).set(viewer.headers).expect(403);
    await t.request.post('/v1/integration/connection/bad id!/disconnect').set(a.headers).expect(400);

    const off = await t.request.post(`/v1/integration/connection/${id}/disconnect`).set(a.headers).expect(200);
    expect(off.body.connection).toMatchObject({ status: 'disconnected', credential_names: [] });
    expect(off.body.connection.disconnected_at).toEqual(expect.any(String));
    expect((await t.orm.em.fork().findOneOrFail(IntegrationConnection, { id })).credentialsEncrypted).toBeNull();
    await t.request.post(`/v1/integration/connection/${id}/disconnect`).set(a.headers).expect(200);
    expect((await list(a, { status: 'disconnected', connection_id: id }).expect(200)).body.connections).toHaveLength(1);

    // Reconnecting brings it back.
    const back = await connect(a, { ...hubspotBody(), connection_id: id }).expect(200);
    expect(back.body.connection).toMatchObject({ status: 'connected', disconnected_at: null, credential_names: ['access_token'] });

    await t.request.delete(`/v1/integration/connection/${id}/delete`).set(a.headers).expect(200, { connection_id: id, deleted: true });
    await list(a, { connection_id: id }).expect(404);
    await t.request.delete(`/v1/integration/connection/${id}/delete`).set(a.headers).expect(404);
    const audit = await t.orm.em.fork().find(AuditEvent, { targetId: id }, { orderBy: { id: 'asc' } });
    expect(audit.map((e) => e.action)).toEqual([
      'integration_connection.connect',
      'integration_connection.disconnect',
      'integration_connection.reconnect',
      'integration_connection.delete',
    ]);
  });
});
