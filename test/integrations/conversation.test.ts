import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestWorker, uniqueTaskQueue } from '../support/worker.js';
import { appEngineDeps } from '../../src/http/engine-deps.js';
import { conversationInput, createEngineTestApp, engineDeps, makeAgent } from '../support/engine.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { RADICALE_PASSWORD, RADICALE_USER, startRadicale, type Radicale } from '../support/radicale.js';
import { HUBSPOT_TOKEN, startFakeHubspot, type FakeHubspot } from '../support/fake-hubspot.js';
import { startFakeZendesk, ZENDESK_EMAIL, ZENDESK_TOKEN, type FakeZendesk } from '../support/fake-zendesk.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { closeEngineDispatchers } from '../../src/modules/engine/engine-settings.js';
import { ToolCall } from '../../src/modules/calls/calls.entity.js';
import { idempotencyKey } from '../../src/modules/tools/http-tool.js';

/**
 * One call of an agent whose tools come from three connections: the
 * simulated model looks the caller up in the CRM, opens a helpdesk ticket,
 * checks the CalDAV calendar (real Radicale) and books a slot. Every tool
 * call is recorded on the session; the providers saw what the engine sent.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let radicale: Radicale;
let hubspot: FakeHubspot;
let zendesk: FakeZendesk;
let calendarUrl: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  [t, radicale, hubspot, zendesk] = await Promise.all([createEngineTestApp(), startRadicale(), startFakeHubspot(), startFakeZendesk()]);
  [a, b] = await Promise.all([createTenant(t), createTenant(t)]);
  calendarUrl = await radicale.makeCalendar('clinic');
  const connect = async (key: string, body: object) => {
    ids[key] = (await t.request.post('/v1/integration/connection/connect').set(a.headers).send(body).expect(200)).body.connection.connection_id;
  };
  await connect('calendar', {
    integration: 'caldav',
    settings: { calendar_url: calendarUrl, time_zone: 'America/New_York' },
    credentials: { username: RADICALE_USER, password: RADICALE_PASSWORD },
  });
  await connect('crm', { integration: 'hubspot', settings: { base_url: hubspot.baseUrl }, credentials: { access_token: HUBSPOT_TOKEN } });
  await connect('desk', { integration: 'zendesk', settings: { base_url: zendesk.baseUrl }, credentials: { email: ZENDESK_EMAIL, api_token: ZENDESK_TOKEN } });
});
afterAll(async () => {
  await closeEngineDispatchers();
  await Promise.all([radicale?.stop(), hubspot?.close(), zendesk?.close()]);
  await t?.close();
});

// 2099-11-23 is a Monday; New York is UTC-5 in November.
const agentTools = () => [
  { name: 'lookup_contact', kind: 'integration' as const, permission: 'allow' as const, config: { connection_id: ids.crm } },
  { name: 'open_ticket', kind: 'integration' as const, permission: 'allow' as const, config: { connection_id: ids.desk } },
  { name: 'check_availability', kind: 'integration' as const, permission: 'allow' as const, config: { connection_id: ids.calendar } },
  { name: 'book_appointment', kind: 'integration' as const, permission: 'allow' as const, config: { connection_id: ids.calendar } },
];
const rules = [
  { when: 'who am i', call_tool: { name: 'lookup_contact', arguments: {} } },
  {
    when: 'tooth',
    call_tool: { name: 'open_ticket', arguments: { subject: 'Toothache', description: 'Strong pain since yesterday, upper right.', priority: 'urgent' } },
  },
  { when: 'monday', call_tool: { name: 'check_availability', arguments: { from_date: '2099-11-23' } } },
  { when: 'nine', call_tool: { name: 'book_appointment', arguments: { start: '2099-11-23T09:00', note: 'Toothache' } } },
];

describe('integration tools in a conversation', () => {
  it('looks the caller up, opens a ticket, checks the calendar and books, each tool call recorded on the session', async () => {
    hubspot.seed({ firstname: 'Ana', lastname: 'Garcia', email: 'ana@example.com', phone: '+14155550123' });
    const agent = await makeAgent(t, a, { tools: agentTools(), model: { provider: 'simulated', name: 'front desk', temperature: 0, rules } });
    const result = await runConversation(
      engineDeps(t),
      conversationInput(a, agent, {
        customerTurns: ['Hi, who am I to you?', 'My tooth hurts badly', 'Can I come in on Monday?', 'Nine works for me'],
      }),
    );

    expect(result.status).toBe('ended');
    expect(result.toolCalls.map((c) => [c.name, c.status])).toEqual([
      ['lookup_contact', 'succeeded'],
      ['open_ticket', 'succeeded'],
      ['check_availability', 'succeeded'],
      ['book_appointment', 'succeeded'],
    ]);
    const [lookup, ticket, check, book] = result.toolCalls;
    expect(lookup.result).toMatchObject({ found: true, contacts: [{ first_name: 'Ana', last_name: 'Garcia', phone: '+14155550123' }] });
    expect(ticket.result).toEqual({ opened: true, ticket_id: '35436', status: 'new' });
    expect((check.result as { slots: { start: string }[] }).slots[0]).toEqual({ start: '2099-11-23T09:00:00-05:00', end: '2099-11-23T09:30:00-05:00' });
    expect(book.result).toMatchObject({ booked: true, already_booked: false, start: '2099-11-23T09:00:00-05:00', end: '2099-11-23T09:30:00-05:00' });

    // What the providers received.
    expect(hubspot.requests.at(-1)!.body.filterGroups[0].filters[0]).toEqual({ propertyName: 'phone', operator: 'EQ', value: '+14155550123' });
    expect(zendesk.tickets).toHaveLength(1);
    expect(zendesk.tickets[0]).toMatchObject({
      subject: 'Toothache',
      priority: 'urgent',
      external_id: result.sessionId,
      requester: { name: 'Ana Garcia', phone: '+14155550123' },
    });
    // The simulated model's tool call ids are positional: the ticket is the second turn's call (first message, turn, tool call, its result, turn: sim_5_0).
    expect(zendesk.requests.at(-1)!.headers['idempotency-key']).toBe(idempotencyKey(result.sessionId, 'sim_5_0'));
    const eventId = (book.result as { event_id: string }).event_id;
    expect(await radicale.listEvents(calendarUrl)).toEqual([`/${RADICALE_USER}/clinic/${eventId}.ics`]);

    // Recorded on the session, in order, with arguments and results.
    const rows = await t.orm.em.fork().find(ToolCall, { session: result.sessionId }, { orderBy: { startedAt: 'asc', id: 'asc' } });
    expect(rows.map((r) => [r.name, r.status])).toEqual(result.toolCalls.map((c) => [c.name, c.status]));
    expect(JSON.parse(rows[3].requestText)).toEqual({ start: '2099-11-23T09:00', note: 'Toothache' });
    expect(JSON.parse(rows[3].responseText)).toMatchObject({ booked: true, event_id: eventId });
    expect(rows.map((r) => r.responseText).join('')).not.toContain(HUBSPOT_TOKEN);
  });

  it('opens a ticket with Ask permission only once the caller confirms the read-back; a no opens none', async () => {
    // The app with a Temporal client and a worker: the permission request runs the tool in its own activity.
    const queue = uniqueTaskQueue('integrations-ask');
    const app = await createTestApp({ temporal: true, env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', TEMPORAL_TASK_QUEUE: queue } });
    const worker = await startTestWorker(app);
    try {
      const tools = agentTools().map((x) => (x.name === 'open_ticket' ? { ...x, permission: 'ask' as const } : x));
      const agent = await makeAgent(app, a, { tools, model: { provider: 'simulated', name: 'front desk', temperature: 0, rules } });
      const before = zendesk.tickets.length;
      const result = await runConversation(
        appEngineDeps(app.deps),
        conversationInput(a, agent, {
          customerTurns: ['My tooth hurts badly', 'Yes, please do', 'My tooth hurts badly', 'No, never mind'],
        }),
      );
      expect(zendesk.tickets).toHaveLength(before + 1);
      expect(zendesk.tickets.at(-1)).toMatchObject({ subject: 'Toothache', external_id: result.sessionId });
      const [confirmed, declined] = result.toolCalls;
      expect(confirmed).toMatchObject({ name: 'open_ticket', status: 'succeeded', confirmation: { decision: 'confirmed', caller_words: 'Yes, please do' } });
      // Every argument is read back (in the order the stored rules give them), then the question.
      const readBack = confirmed.confirmation!.read_back;
      for (const part of [
        'I will use open ticket, with ',
        'subject: Toothache',
        'description: Strong pain since yesterday, upper right.',
        'priority: urgent',
      ]) {
        expect(readBack).toContain(part);
      }
      expect(readBack).toMatch(/[a-z.] Shall I go ahead\?$/);
      expect(readBack).not.toContain('..');
      expect(declined).toMatchObject({ name: 'open_ticket', status: 'failed', confirmation: { decision: 'declined', caller_words: 'No, never mind' } });
      // Two requests of the same ticket in one call are two requests: the second was asked (and refused) on its own.
      expect(declined.confirmation!.request_id).not.toBe(confirmed.confirmation!.request_id);
    } finally {
      await worker.stop();
      await app.close();
    }
  }, 60_000);

  it("another organization's agent naming these connections gets no such tools", async () => {
    const agent = await makeAgent(t, b, { tools: agentTools(), model: { provider: 'simulated', name: 'intruder', temperature: 0, rules } });
    hubspot.requests.length = 0;
    const result = await runConversation(engineDeps(t), conversationInput(b, agent, { customerTurns: ['Hi, who am I to you?', 'My tooth hurts'] }));
    expect(result.toolCalls.map((c) => [c.name, c.status, (c.result as { error?: string }).error])).toEqual([
      ['lookup_contact', 'failed', 'unknown_tool'],
      ['open_ticket', 'failed', 'unknown_tool'],
    ]);
    expect(hubspot.requests).toHaveLength(0);
  });
});
