import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createEngineTestApp, engineDeps } from '../support/engine.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { RADICALE_PASSWORD, RADICALE_USER, startRadicale, type Radicale } from '../support/radicale.js';
import { HUBSPOT_TOKEN, startFakeHubspot, type FakeHubspot } from '../support/fake-hubspot.js';
import { startFakeZendesk, ZENDESK_EMAIL, ZENDESK_TOKEN, type FakeZendesk } from '../support/fake-zendesk.js';
import { closeEngineDispatchers, type EngineSettings } from '../../src/modules/engine/engine-settings.js';
import type { Tool, ToolContext } from '../../src/modules/engine/tools.js';
import type { AgentConfig } from '../../src/modules/agents/agents.schemas.js';
import { resolveIntegrationTools } from '../../src/modules/integrations/integration-tools.js';
import { createHubspotClient } from '../../src/modules/integrations/hubspot-client.js';
import { ProviderError } from '../../src/modules/integrations/provider-http.js';
import { IntegrationConnection } from '../../src/modules/integrations/integrations.entity.js';
import { idempotencyKey } from '../../src/modules/tools/http-tool.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { newId } from '../../src/modules/ids.js';

/**
 * The integration tools against the providers: a real Radicale for CalDAV
 * (availability around existing, recurring and cancelled events; booking,
 * and booking again without a duplicate), and local servers speaking
 * HubSpot's and Zendesk's wire formats (exact request shapes; 401, 403, 409,
 * 422, 429 with Retry-After, 5xx and timeouts as clear tool failures, the
 * connection's status following refused credentials).
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let settings: EngineSettings;
let radicale: Radicale;
let hubspot: FakeHubspot;
let zendesk: FakeZendesk;
let calendarUrl: string;
let calendarId: string;
let crmId: string;
let deskId: string;

// Far-future dates, so the slots are never in the past: 2099-11-23 is a Monday (Berlin is UTC+1 in November).
const MONDAY = '2099-11-23';
const TUESDAY = '2099-11-24';
const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Other client//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

beforeAll(async () => {
  [t, radicale, hubspot, zendesk] = await Promise.all([createEngineTestApp(), startRadicale(), startFakeHubspot(), startFakeZendesk()]);
  settings = engineDeps(t).settings!;
  [a, b] = await Promise.all([createTenant(t), createTenant(t)]);
  calendarUrl = await radicale.makeCalendar('dentist');
  // Another client's events: a meeting Monday 10-11 (Berlin), a cancelled one Monday 11-12, Tuesdays 9-10 every week (3 times).
  expect(
    await radicale.putEvent(
      calendarUrl,
      'meeting',
      ics(
        'BEGIN:VEVENT',
        'UID:meeting-1',
        'DTSTAMP:20991101T000000Z',
        'DTSTART;TZID=Europe/Berlin:20991123T100000',
        'DTEND;TZID=Europe/Berlin:20991123T110000',
        'SUMMARY:Team meeting',
        'END:VEVENT',
      ),
    ),
  ).toBe(201);
  expect(
    await radicale.putEvent(
      calendarUrl,
      'cancelled',
      ics(
        'BEGIN:VEVENT',
        'UID:cancelled-1',
        'DTSTAMP:20991101T000000Z',
        'DTSTART:20991123T100000Z',
        'DURATION:PT1H',
        'STATUS:CANCELLED',
        'SUMMARY:Cancelled',
        'END:VEVENT',
      ),
    ),
  ).toBe(201);
  expect(
    await radicale.putEvent(
      calendarUrl,
      'weekly',
      ics(
        'BEGIN:VEVENT',
        'UID:weekly-1',
        'DTSTAMP:20991101T000000Z',
        'DTSTART;TZID=Europe/Berlin:20991117T090000',
        'DTEND;TZID=Europe/Berlin:20991117T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3',
        'SUMMARY:Weekly check-in',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'TRIGGER:-PT15M',
        'DESCRIPTION:soon',
        'END:VALARM',
        'END:VEVENT',
      ),
    ),
  ).toBe(201);

  const connect = async (body: object) =>
    (await t.request.post('/v1/integration/connection/connect').set(a.headers).send(body).expect(200)).body.connection.connection_id as string;
  calendarId = await connect({
    integration: 'caldav',
    settings: {
      calendar_url: calendarUrl,
      time_zone: 'Europe/Berlin',
      business_hours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '12:00' },
      slot_minutes: 60,
    },
    credentials: { username: RADICALE_USER, password: RADICALE_PASSWORD },
  });
  crmId = await connect({ integration: 'hubspot', settings: { base_url: hubspot.baseUrl }, credentials: { access_token: HUBSPOT_TOKEN } });
  deskId = await connect({ integration: 'zendesk', settings: { base_url: zendesk.baseUrl }, credentials: { email: ZENDESK_EMAIL, api_token: ZENDESK_TOKEN } });
});
afterAll(async () => {
  await closeEngineDispatchers();
  await Promise.all([radicale?.stop(), hubspot?.close(), zendesk?.close()]);
  await t?.close();
});

type Entry = { name: string; connection_id: string; tool?: string };
async function tools(tenant: TestTenant, entries: Entry[]): Promise<Record<string, Tool | null>> {
  const config = {
    tools: entries.map((e) => ({
      name: e.name,
      kind: 'integration',
      permission: 'allow',
      config: { connection_id: e.connection_id, ...(e.tool ? { tool: e.tool } : {}) },
    })),
  } as unknown as AgentConfig;
  const resolve = await resolveIntegrationTools(t.orm.em.fork(), { organizationId: tenant.organizationId, projectId: tenant.projectId, config }, settings);
  return Object.fromEntries(config.tools.map((entry) => [entry.name, resolve(entry)]));
}
const sessionId = newId('session');
function context(toolCallId: string, over: Partial<ToolContext> = {}): ToolContext {
  return {
    organizationId: a.organizationId,
    projectId: a.projectId,
    agentId: 'agt_test',
    versionId: 'ver_test',
    sessionId,
    direction: 'inbound',
    caller: { name: 'Ana Garcia', address: '+14155550123' },
    config: {} as AgentConfig,
    em: t.orm.em.fork(),
    toolCallId,
    ...over,
  };
}
async function run(tool: Tool | null, args: Record<string, unknown>, toolCallId = `call_${Math.random().toString(36).slice(2)}`) {
  if (!tool) throw new Error('no tool');
  return tool.invoke(args, context(toolCallId));
}
const status = async (id: string) => t.orm.em.fork().findOneOrFail(IntegrationConnection, { id });

describe('CalDAV against Radicale', () => {
  it('offers free business-hour slots around existing, recurring and cancelled events', async () => {
    const { check_availability: check } = await tools(a, [{ name: 'check_availability', connection_id: calendarId }]);
    expect(check?.inputSchema).toMatchObject({ type: 'object', required: ['from_date'] });
    const outcome = await run(check, { from_date: MONDAY, to_date: TUESDAY });
    expect(outcome).toEqual({
      status: 'succeeded',
      result: {
        time_zone: 'Europe/Berlin',
        from_date: MONDAY,
        to_date: TUESDAY,
        duration_minutes: 60,
        truncated: false,
        slots: [
          { start: '2099-11-23T09:00:00+01:00', end: '2099-11-23T10:00:00+01:00' },
          // 10:00 is the meeting; the cancelled event at 11:00 Berlin (10:00 UTC) is free time.
          { start: '2099-11-23T11:00:00+01:00', end: '2099-11-23T12:00:00+01:00' },
          // Tuesday 09:00 is the weekly check-in (its second instance).
          { start: '2099-11-24T10:00:00+01:00', end: '2099-11-24T11:00:00+01:00' },
          { start: '2099-11-24T11:00:00+01:00', end: '2099-11-24T12:00:00+01:00' },
        ],
      },
    });
    // The weekly rule ends after 3 instances: the fourth Tuesday is free at 09:00.
    const later = await run(check, { from_date: '2099-12-08', duration_minutes: 30 });
    expect((later.result as { slots: { start: string }[] }).slots[0].start).toBe('2099-12-08T09:00:00+01:00');
    // Weekends have no business hours.
    expect((await run(check, { from_date: '2099-11-28', to_date: '2099-11-29' })).result).toMatchObject({ slots: [] });

    for (const args of [
      {},
      { from_date: 'tomorrow' },
      { from_date: MONDAY, to_date: '2099-11-01' },
      { from_date: MONDAY, to_date: '2099-12-31' },
      { from_date: MONDAY, extra: 1 },
      { from_date: '2099-02-30' },
    ]) {
      expect(await run(check, args)).toMatchObject({ status: 'failed', result: { error: 'invalid_arguments' } });
    }
  });

  it('books with PUT If-None-Match and a UID from the call and tool call: the same call again does not book twice', async () => {
    const { book_appointment: book, check_availability: check } = await tools(a, [
      { name: 'book_appointment', connection_id: calendarId },
      { name: 'check_availability', connection_id: calendarId },
    ]);
    const before = await radicale.listEvents(calendarUrl);
    const first = await run(book, { start: `${MONDAY}T09:00`, note: 'Tooth ache, lower left' }, 'call_book_1');
    const eventId = `vp-${idempotencyKey(sessionId, 'call_book_1')}`;
    expect(first).toEqual({
      status: 'succeeded',
      result: {
        booked: true,
        already_booked: false,
        event_id: eventId,
        start: '2099-11-23T09:00:00+01:00',
        end: '2099-11-23T10:00:00+01:00',
        time_zone: 'Europe/Berlin',
      },
    });
    const again = await run(book, { start: `${MONDAY}T09:00`, note: 'Tooth ache, lower left' }, 'call_book_1');
    expect(again).toMatchObject({ status: 'succeeded', result: { booked: true, already_booked: true, event_id: eventId } });
    const after = await radicale.listEvents(calendarUrl);
    expect(after.length).toBe(before.length + 1);
    expect(after).toContain(`/${RADICALE_USER}/dentist/${eventId}.ics`);

    // The slot is now taken, for another booking and for availability.
    expect(await run(book, { start: '2099-11-23T08:00:00Z' }, 'call_book_2')).toMatchObject({ status: 'failed', result: { error: 'slot_unavailable' } });
    expect((await run(check, { from_date: MONDAY })).result).toMatchObject({ slots: [{ start: '2099-11-23T11:00:00+01:00' }] });
    // Overlapping another client's meeting, outside business hours, in the past, nonsense.
    expect(await run(book, { start: `${MONDAY}T10:30`, duration_minutes: 30 })).toMatchObject({ status: 'failed', result: { error: 'slot_unavailable' } });
    expect(await run(book, { start: '2099-11-28T10:00' })).toMatchObject({ status: 'failed', result: { error: 'outside_business_hours' } });
    expect(await run(book, { start: `${MONDAY}T11:30` })).toMatchObject({ status: 'failed', result: { error: 'outside_business_hours' } });
    expect(await run(book, { start: '2001-01-01T10:00' })).toMatchObject({ status: 'failed', result: { error: 'invalid_arguments' } });
    expect(await run(book, { start: '2099-02-30T10:00' })).toMatchObject({ status: 'failed', result: { error: 'invalid_arguments' } });
    expect(await run(book, { start: 'next monday' })).toMatchObject({ status: 'failed', result: { error: 'invalid_arguments' } });
    expect((await radicale.listEvents(calendarUrl)).length).toBe(after.length);
  });

  it('a calendar that went away is a clear failure, not a crash', async () => {
    const row = await status(calendarId);
    const em = t.orm.em.fork();
    const copy = em.create(IntegrationConnection, {
      ...row,
      id: newId('integrationConnection'),
      settings: { ...row.settings, calendar_url: `${radicale.baseUrl}/${RADICALE_USER}/gone/` },
    });
    await em.flush();
    const { check_availability: check } = await tools(a, [{ name: 'check_availability', connection_id: copy.id }]);
    expect(await run(check, { from_date: MONDAY })).toMatchObject({
      status: 'failed',
      result: { error: 'not_found', message: expect.stringMatching(/no calendar at/) },
    });
  });
});

describe('HubSpot CRM wire format', () => {
  it('looks up the caller by phone (default) or email with the exact search body', async () => {
    hubspot.reset();
    const id = hubspot.seed({ firstname: 'Ana', lastname: 'Garcia', email: 'ana@example.com', phone: '+14155550123', company: 'Acme' });
    const { lookup_contact: lookup } = await tools(a, [{ name: 'lookup_contact', connection_id: crmId }]);
    const found = await run(lookup, {});
    expect(found).toEqual({
      status: 'succeeded',
      result: {
        found: true,
        searched: { phone: '+14155550123', email: null },
        contacts: [{ id, first_name: 'Ana', last_name: 'Garcia', email: 'ana@example.com', phone: '+14155550123', company: 'Acme' }],
      },
    });
    expect(hubspot.requests[0]).toMatchObject({ method: 'POST', path: '/crm/v3/objects/contacts/search' });
    expect(hubspot.requests[0].headers).toMatchObject({ authorization: `Bearer ${HUBSPOT_TOKEN}`, 'content-type': 'application/json' });
    expect(hubspot.requests[0].body).toEqual({
      filterGroups: [
        { filters: [{ propertyName: 'phone', operator: 'EQ', value: '+14155550123' }] },
        { filters: [{ propertyName: 'mobilephone', operator: 'EQ', value: '+14155550123' }] },
      ],
      properties: ['firstname', 'lastname', 'email', 'phone', 'mobilephone', 'company'],
      limit: 5,
    });
    expect(await run(lookup, { email: 'nobody@example.com' })).toMatchObject({
      status: 'succeeded',
      result: { found: false, contacts: [], searched: { phone: null, email: 'nobody@example.com' } },
    });
    expect(hubspot.requests[1].body.filterGroups).toEqual([{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'nobody@example.com' }] }]);
    // A national number is read as E.164 where it can be.
    await run(lookup, { phone: '+1 (415) 555-0123' });
    expect(hubspot.requests[2].body.filterGroups[0].filters[0].value).toBe('+14155550123');
    // A web caller has no phone number: the model must give one.
    const web = await lookup!.invoke({}, context('c1', { caller: { name: null, address: 'web:visitor-1' } }));
    expect(web).toMatchObject({ status: 'failed', result: { error: 'invalid_arguments' } });
  });

  it('creates a contact (POST properties) unless the search finds one; a 409 conflict returns the existing contact', async () => {
    hubspot.reset();
    const { create_contact: create } = await tools(a, [{ name: 'create_contact', connection_id: crmId }]);
    const made = await run(create, { email: 'ana@example.com' });
    expect(hubspot.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /crm/v3/objects/contacts/search', 'POST /crm/v3/objects/contacts']);
    expect(hubspot.requests[1].body).toEqual({ properties: { firstname: 'Ana', lastname: 'Garcia', email: 'ana@example.com', phone: '+14155550123' } });
    expect(made).toMatchObject({ status: 'succeeded', result: { created: true, contact: { first_name: 'Ana', email: 'ana@example.com' } } });
    const id = (made.result as { contact: { id: string } }).contact.id;

    // The same again: found by the search, nothing created.
    hubspot.requests.length = 0;
    expect(await run(create, { email: 'ana@example.com' })).toMatchObject({ status: 'succeeded', result: { created: false, contact: { id } } });
    expect(hubspot.requests).toHaveLength(1);
    expect(hubspot.contacts.size).toBe(1);

    // A search that misses (HubSpot's index lags behind writes) then a 409: the existing contact is returned.
    hubspot.requests.length = 0;
    hubspot.failNext({ status: 200, body: { total: 0, results: [] } });
    expect(await run(create, { email: 'ana@example.com', first_name: 'Ana' })).toMatchObject({
      status: 'succeeded',
      result: { created: false, contact: { id } },
    });
    expect(hubspot.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /crm/v3/objects/contacts/search',
      'POST /crm/v3/objects/contacts',
      'POST /crm/v3/objects/contacts/search',
    ]);
  });

  it('turns 401, 429, 5xx and timeouts into clear failures; refused credentials put the connection in error until a call succeeds', async () => {
    hubspot.reset();
    const { lookup_contact: lookup } = await tools(a, [{ name: 'lookup_contact', connection_id: crmId }]);
    hubspot.failNext({
      status: 401,
      body: {
        status: 'error',
        message: 'The OAuth token used to make this call expired 2 day(s) ago.',
        correlationId: 'x',
        category: 'EXPIRED_AUTHENTICATION',
      },
    });
    const refused = await run(lookup, {});
    expect(refused).toEqual({
      status: 'failed',
      result: {
        error: 'auth',
        connection_id: crmId,
        message: 'HubSpot refused the credentials (401): The OAuth token used to make this call expired 2 day(s) ago. (EXPIRED_AUTHENTICATION)',
      },
    });
    const broken = await status(crmId);
    expect(broken).toMatchObject({ status: 'error', lastError: expect.stringMatching(/expired 2 day/) });
    expect(broken.lastErrorAt).toBeInstanceOf(Date);
    const listed = await t.request.get('/v1/integration/connection/get').query({ connection_id: crmId }).set(a.headers).expect(200);
    expect(listed.body.connections[0]).toMatchObject({
      status: 'error',
      last_error: expect.stringMatching(/refused the credentials/),
      last_error_at: expect.any(String),
    });

    hubspot.failNext({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', category: 'RATE_LIMITS' },
    });
    expect(await run(lookup, {})).toMatchObject({
      status: 'failed',
      result: { error: 'rate_limited', retry_after_seconds: 30, message: expect.stringMatching(/429: You have reached/) },
    });
    hubspot.failNext({ status: 502, body: { status: 'error', message: 'Bad gateway', category: 'INTERNAL_ERROR' } });
    expect(await run(lookup, {})).toMatchObject({
      status: 'failed',
      result: { error: 'provider_error', message: 'HubSpot answered 502: Bad gateway (INTERNAL_ERROR)' },
    });
    expect((await status(crmId)).status).toBe('error');

    // A short Retry-After is waited out once; the success brings the connection back.
    hubspot.requests.length = 0;
    hubspot.failNext({ status: 429, headers: { 'retry-after': '0' }, body: { status: 'error', message: 'slow down', category: 'RATE_LIMITS' } });
    expect(await run(lookup, {})).toMatchObject({ status: 'succeeded' });
    expect(hubspot.requests).toHaveLength(2);
    expect(await status(crmId)).toMatchObject({ status: 'connected' });
    const audit = await t.orm.em.fork().find(AuditEvent, { targetId: crmId, action: { $like: 'integration_connection.%' } }, { orderBy: { id: 'asc' } });
    expect(audit.map((e) => e.action)).toEqual(['integration_connection.connect', 'integration_connection.error', 'integration_connection.recovered']);
    expect(audit[1].actorName).toBe(`call ${sessionId}`);

    // A provider that does not answer in time.
    hubspot.failNext({ status: 200, delayMs: 3000, body: { results: [] } });
    const slow = createHubspotClient({ base_url: hubspot.baseUrl }, { access_token: HUBSPOT_TOKEN }, { settings, timeoutMs: 200 });
    const error = await slow.search({ phone: '+14155550123' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringMatching(/did not answer within 200 ms/) });
  });
});

describe('Zendesk tickets wire format', () => {
  it('opens a ticket for the caller with the exact body, Basic email/token auth and an idempotency key: the same call again opens no second ticket', async () => {
    zendesk.reset();
    const { open_ticket: open } = await tools(a, [{ name: 'open_ticket', connection_id: deskId }]);
    const args = { subject: 'Crown came off', description: 'Lost a crown while eating, lower left molar.', priority: 'high' };
    const first = await run(open, args, 'call_ticket_1');
    expect(first).toEqual({ status: 'succeeded', result: { opened: true, ticket_id: '35436', status: 'new' } });
    const [req] = zendesk.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/api/v2/tickets.json' });
    expect(req.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`${ZENDESK_EMAIL}/token:${ZENDESK_TOKEN}`).toString('base64')}`,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey(sessionId, 'call_ticket_1'),
    });
    expect(req.body).toEqual({
      ticket: {
        subject: 'Crown came off',
        comment: { body: `Lost a crown while eating, lower left molar.\n\n(Opened by the voice agent during call ${sessionId} from +14155550123.)` },
        requester: { name: 'Ana Garcia', phone: '+14155550123' },
        priority: 'high',
        external_id: sessionId,
        tags: ['voice-agent'],
      },
    });
    expect(await run(open, args, 'call_ticket_1')).toEqual(first);
    expect(zendesk.tickets).toHaveLength(1);
    await run(open, { ...args, requester_email: 'ana@example.com', priority: undefined }, 'call_ticket_2');
    expect(zendesk.requests[2].body.ticket.requester).toEqual({ name: 'Ana Garcia', email: 'ana@example.com', phone: '+14155550123' });
    expect(zendesk.requests[2].body.ticket.priority).toBeUndefined();

    expect(await run(open, { subject: 'x' })).toMatchObject({
      status: 'failed',
      result: { error: 'invalid_arguments', message: expect.stringMatching(/description/) },
    });
    expect(await run(open, { subject: 'x', description: 'y', priority: 'asap' })).toMatchObject({ status: 'failed', result: { error: 'invalid_arguments' } });
  });

  it("reports Zendesk's 422 details and a 403 (which puts the connection in error)", async () => {
    const { open_ticket: open } = await tools(a, [{ name: 'open_ticket', connection_id: deskId }]);
    zendesk.failNext({
      status: 422,
      body: {
        error: 'RecordInvalid',
        description: 'Record validation errors',
        details: { requester: [{ description: 'Requester: Email is not properly formatted', error: 'InvalidValue' }] },
      },
    });
    expect(await run(open, { subject: 'a', description: 'b' })).toMatchObject({
      status: 'failed',
      result: {
        error: 'invalid',
        message: expect.stringMatching(/^Zendesk answered 422: RecordInvalid: Record validation errors .*Email is not properly formatted/),
      },
    });
    zendesk.failNext({ status: 403, body: { error: 'Forbidden', description: 'You do not have access to this page.' } });
    expect(await run(open, { subject: 'a', description: 'b' })).toMatchObject({
      status: 'failed',
      result: { error: 'auth', message: expect.stringMatching(/Zendesk refused the credentials \(403\)/) },
    });
    expect(await status(deskId)).toMatchObject({ status: 'error' });
  });
});

describe('which entries get a tool', () => {
  it("only the call's organization, a connected connection, a tool its integration has; config.tool renames", async () => {
    const mine = await tools(a, [
      { name: 'find_caller', connection_id: crmId, tool: 'lookup_contact' },
      { name: 'open_ticket', connection_id: crmId },
      { name: 'lookup_contact', connection_id: 'icn_01JAAAAAAAAAAAAAAAAAAAAAAA' },
    ]);
    expect(mine.find_caller?.name).toBe('find_caller');
    expect(mine.find_caller?.description).toMatch(/Look up the caller/);
    expect(mine.open_ticket).toBeNull();
    expect(mine.lookup_contact).toBeNull();
    const theirs = await tools(b, [
      { name: 'lookup_contact', connection_id: crmId },
      { name: 'open_ticket', connection_id: deskId },
    ]);
    expect(theirs).toEqual({ lookup_contact: null, open_ticket: null });

    const scoped = (
      await t.request
        .post('/v1/integration/connection/connect')
        .set(b.headers)
        .send({ integration: 'hubspot', project_id: b.projectId, settings: { base_url: hubspot.baseUrl }, credentials: { access_token: HUBSPOT_TOKEN } })
        .expect(200)
    ).body.connection.connection_id;
    const config = {
      tools: [{ name: 'lookup_contact', kind: 'integration', permission: 'allow', config: { connection_id: scoped } }],
    } as unknown as AgentConfig;
    const otherProject = await resolveIntegrationTools(t.orm.em.fork(), { organizationId: b.organizationId, projectId: 'prj_other', config }, settings);
    expect(otherProject(config.tools[0])).toBeNull();
    const sameProject = await resolveIntegrationTools(t.orm.em.fork(), { organizationId: b.organizationId, projectId: b.projectId, config }, settings);
    expect(sameProject(config.tools[0])?.name).toBe('lookup_contact');

    await t.request.post(`/v1/integration/connection/${scoped}/disconnect`).set(b.headers).expect(200);
    const disconnected = await resolveIntegrationTools(t.orm.em.fork(), { organizationId: b.organizationId, projectId: b.projectId, config }, settings);
    expect(disconnected(config.tools[0])).toBeNull();
  });
});
