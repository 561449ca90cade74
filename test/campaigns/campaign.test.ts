import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { eventually } from '../support/releases.js';
import { connectMcp, mcpPrincipal } from '../support/mcp.js';
import { sql } from '../../src/db/orm.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { dncAdd } from '../../src/modules/outbound/dnc-add.js';
import { simulatedOutcome } from '../../src/modules/telephony/carriers/simulated-carrier.js';
import { makeAgent } from '../support/engine.js';
import { closeWebhookDispatchers } from '../../src/modules/triggers/trigger-settings.js';
import { prepareDial } from '../../src/modules/campaigns/campaign-steps.js';
import { settleFailedBatch } from '../../src/modules/campaigns/carrier-dial.js';
import { startWebhookDispatcher } from '../../src/modules/triggers/webhook-dispatcher.js';
import { triggerSettingsFrom } from '../../src/modules/triggers/trigger-settings.js';
import { temporalAccess } from '../../src/modules/temporal-access.js';
import { campaignApi, campaignTenant, nyNumbers, startReceiver, type CampaignBody, type Receiver } from './support.js';

/**
 * Campaigns end to end: REST in front, outboundCampaign and its dial
 * children on a real worker (own task queue), the simulated carrier behind
 * (each number's outcome is a pure function of the number, so the expected
 * counts follow from simulatedOutcome alone).
 */
let t: TestApp;
let worker: TestWorker;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('campaign'), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  worker = await startTestWorker(t);
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await closeWebhookDispatchers();
  await t?.close();
});

/**
 * The worker role's webhook dispatcher, limited to `tenant`'s runs (other test files share the database): it
 * delivers the runs of the events campaigns record.
 */
const webhookDispatcherOf = (tenant: { organizationId: string }) =>
  startWebhookDispatcher({
    orm: t.orm,
    temporal: temporalAccess(t.deps),
    settings: triggerSettingsFrom(t.deps.config),
    databaseUrl: t.deps.config.db.url!,
    pollMs: 300,
    logger: t.deps.logger,
    organizations: [tenant.organizationId],
  });

describe('a campaign of 500 contacts', () => {
  it('never dials a DNC number (also one listed mid-run), keeps the attempt budget and accounts for everyone', async () => {
    const { tenant, agent, callers } = await campaignTenant(t);
    const api = campaignApi(t, tenant);
    const system = systemPrincipal(tenant.organizationId);
    const numbers = nyNumbers(500);
    const listed = new Set(numbers.filter((_, i) => i % 25 === 3)); // 20 numbers on the list before the launch
    for (const phone of listed) await dncAdd(t.orm.em.fork(), system, dncAdd.input.parse({ phone, reason: 'asked before' }));

    const res = await api.launch(
      {
        agent_id: agent.agent_id,
        caller_numbers: callers,
        numbers,
        max_concurrent_calls: 25,
        calls_per_minute: 600,
        retry: { max_attempts: 2, delay_seconds: 1 },
      },
      { 'Idempotency-Key': 'cmp-500' },
    );
    expect(res.status).toBe(202);
    const launched = res.body.campaign as CampaignBody;
    expect(launched).toMatchObject({ campaign_id: expect.stringMatching(/^cmp_/), status: 'running', counts: { recipients: 500 } });
    expect(launched.workflow_id).toBe(`campaign/${launched.campaign_id}`);
    const again = await api.launch(
      {
        agent_id: agent.agent_id,
        caller_numbers: callers,
        numbers,
        max_concurrent_calls: 25,
        calls_per_minute: 600,
        retry: { max_attempts: 2, delay_seconds: 1 },
      },
      { 'Idempotency-Key': 'cmp-500' },
    );
    expect([again.status, again.headers['idempotent-replayed'], again.body.campaign.campaign_id]).toEqual([202, 'true', launched.campaign_id]);
    expect((await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers }, { 'Idempotency-Key': 'cmp-500' })).status).toBe(422);

    // Mid-run: list the last recipient (dialled last, in list order) while others are being dialled.
    await eventually(
      () => api.retrieve(launched.campaign_id),
      (c) => c.counts.dials >= 30,
      120_000,
      200,
    );
    const lateNumber = numbers[499];
    await dncAdd(t.orm.em.fork(), system, dncAdd.input.parse({ phone: lateNumber, reason: 'asked mid-run' }));
    listed.add(lateNumber);

    const done = await api.finished(launched.campaign_id);
    expect(done.status).toBe('completed');
    const { rows, byNumber } = await api.carrierLog();
    const recipients = await api.recipients(launched.campaign_id);
    expect(recipients).toHaveLength(500);
    // No DNC number dialled; no key twice; nobody over the budget of 2.
    for (const phone of listed) expect([phone, byNumber.get(phone) ?? []]).toEqual([phone, []]);
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);
    // Every recipient accounted for, with exactly the attempts the carrier's rules imply.
    const expected = { done: 0, failed: 0, skipped_dnc: 0 } as Record<string, number>;
    const outcomes: Record<string, number> = {};
    for (const r of recipients) {
      const placed = byNumber.get(r.phone)?.length ?? 0;
      if (listed.has(r.phone)) {
        expect([r.phone, r.state, r.last_outcome, placed]).toEqual([r.phone, 'skipped_dnc', 'dnc_blocked', 0]);
        expected.skipped_dnc++;
        outcomes.dnc_blocked = (outcomes.dnc_blocked ?? 0) + 1;
        continue;
      }
      const outcome = simulatedOutcome(r.phone);
      const retried = outcome === 'no_answer' || outcome === 'busy' || outcome === 'voicemail';
      const state = outcome === 'failed' ? 'failed' : 'done';
      const last = outcome === 'answered' ? 'completed' : outcome;
      expect([r.phone, r.state, r.last_outcome, r.attempts, placed]).toEqual([r.phone, state, last, retried ? 2 : 1, retried ? 2 : 1]);
      // Each attempt is listed with its call, in order, the last one ending as the recipient's last outcome.
      expect([r.phone, r.calls.map((c) => c.attempt), r.calls.at(-1)?.status]).toEqual([r.phone, retried ? [1, 2] : [1], last]);
      expected[state]++;
      outcomes[last] = (outcomes[last] ?? 0) + 1;
    }
    expect(done.counts.by_state).toEqual(Object.fromEntries(Object.entries(expected).filter(([, n]) => n > 0)));
    expect(done.counts.by_outcome).toEqual(outcomes);
    expect(done.spent_micros).toBeGreaterThan(0);
    // Every dial is a call session of the campaign's agent, outbound; a DNC-blocked attempt is on record as a session too, but is no dial.
    const [sessions] = await sql<{ n: number; blocked: number }>(
      t.orm.em.fork(),
      `select count(*) filter (where end_reason <> 'dnc_blocked')::int as n, count(*) filter (where end_reason = 'dnc_blocked')::int as blocked
         from call_session where organization_id = ? and direction = 'outbound'`,
      [tenant.organizationId],
    );
    expect(sessions.n).toBe(done.counts.dials);
    // The recipients list links every attempt to its call session.
    const listedSessions = recipients.flatMap((r) => r.calls.map((c) => c.session_id));
    const [linked] = await sql<{ n: number }>(
      t.orm.em.fork(),
      'select count(*)::int as n from call_session where organization_id = ? and id in (select jsonb_array_elements_text(?::jsonb))',
      [tenant.organizationId, JSON.stringify(listedSessions)],
    );
    expect([listedSessions.length, linked.n]).toEqual([sessions.n + sessions.blocked, sessions.n + sessions.blocked]);
    expect(sessions.blocked).toBe(listed.size);
    expect(done.counts.dials).toBe(rows.length);
  }, 300_000);
});

describe('dials', () => {
  it('counts only calls placed: a recipient the do-not-call list stops counts under skipped_dnc, not as a dial', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const numbers = nyNumbers(6, 9000);
    const blocked = [numbers[1], numbers[4]];
    for (const phone of blocked)
      await dncAdd(t.orm.em.fork(), systemPrincipal(tenant.organizationId), dncAdd.input.parse({ phone, reason: 'asked not to be called' }));
    const res = await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers, max_concurrent_calls: 3, retry: { max_attempts: 1 } });
    expect(res.status).toBe(202);
    const done = await api.finished(res.body.campaign.campaign_id as string, 90_000);
    expect(done.status).toBe('completed');
    const { rows, byNumber } = await api.carrierLog();
    for (const phone of blocked) expect(byNumber.get(phone)).toBeUndefined();
    expect(rows).toHaveLength(4);
    expect(done.counts).toMatchObject({ recipients: 6, dials: 4 });
    expect(done.counts.by_state.skipped_dnc).toBe(2);
    expect(done.counts.by_outcome.dnc_blocked).toBe(2);
    // The attempts themselves are on record: each blocked recipient had one, which placed no call.
    const recipients = await api.recipients(res.body.campaign.campaign_id as string);
    expect(recipients.filter((r) => blocked.includes(r.phone)).map((r) => [r.state, r.attempts])).toEqual([
      ['skipped_dnc', 1],
      ['skipped_dnc', 1],
    ]);
  }, 120_000);

  it("every dial's outcome reaches a call.ended trigger: answered, not answered, busy, failed and do-not-call blocked alike", async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const trigger = await t.request
      .post('/v1/agent_trigger/create')
      .set(tenant.headers)
      .send({ agent_id: agent.agent_id, event_kinds: ['call.ended'], url: receiver.url(`/ended/${agent.agent_id}`) });
    expect(trigger.status).toBe(201);
    const numbers = nyNumbers(30, 7000);
    const blocked = numbers[3];
    await dncAdd(t.orm.em.fork(), systemPrincipal(tenant.organizationId), dncAdd.input.parse({ phone: blocked, reason: 'asked not to be called' }));
    const expected = new Map(numbers.map((n) => [n, n === blocked ? 'dnc_blocked' : simulatedOutcome(n)]));
    // The list holds every kind of ending the carrier gives, so the test would notice one kind going unannounced.
    expect(new Set(expected.values())).toEqual(new Set(['answered', 'no_answer', 'busy', 'voicemail', 'failed', 'dnc_blocked']));
    const dispatcher = webhookDispatcherOf(tenant);
    try {
      const res = await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers, max_concurrent_calls: 5, retry: { max_attempts: 1 } });
      expect(res.status).toBe(202);
      expect((await api.finished(res.body.campaign.campaign_id as string, 90_000)).status).toBe('completed');
      await eventually(
        async () => receiver.at(`/ended/${agent.agent_id}`),
        (d) => d.length >= numbers.length,
        30_000,
        100,
      );
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      await dispatcher.stop();
    }
    const deliveries = receiver.at(`/ended/${agent.agent_id}`);
    expect(receiver.at(`/ended/${agent.agent_id}`)).toHaveLength(numbers.length); // one event per dial, none twice
    const heard = new Map(
      deliveries.map((d) => {
        const data = d.envelope.data as { end_reason: string; direction: string; outbound_call?: { to: string }; session_id: string };
        expect([d.envelope.type, data.direction]).toEqual(['call.ended', 'outbound']);
        return [data.outbound_call?.to ?? '', data];
      }),
    );
    for (const [phone, outcome] of expected) {
      const data = heard.get(phone);
      // An answered call is recorded by the conversation (its end reason says how it ended); the others name the outcome.
      if (outcome === 'answered') expect(data).toBeUndefined();
      else expect([phone, data?.end_reason]).toEqual([phone, outcome]);
    }
    const answered = [...expected.values()].filter((o) => o === 'answered').length;
    expect(deliveries.filter((d) => !(d.envelope.data as { outbound_call?: unknown }).outbound_call)).toHaveLength(answered);
    expect(new Set(deliveries.map((d) => (d.envelope.data as { session_id: string }).session_id)).size).toBe(numbers.length);
  }, 120_000);
});

describe('calling windows', () => {
  it('dials a recipient whose local time is inside the window, and sets aside one whose local time is outside until it opens', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const hour = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const london = hour('Europe/London');
    // One hour wide around London's current hour: New York (4-5 hours behind) is outside it.
    const window = { start: `${String(london).padStart(2, '0')}:00`, end: london === 23 ? '24:00' : `${String(london + 1).padStart(2, '0')}:00` };
    expect(hour('America/New_York')).not.toBe(london);
    const londonNumbers = ['+442079460101', '+442079460102', '+442079460103'];
    const newYork = nyNumbers(3, 3000);
    const res = await api.launch({
      agent_id: agent.agent_id,
      caller_numbers: callers,
      numbers: [...newYork, ...londonNumbers],
      window,
      max_concurrent_calls: 3,
    });
    expect(res.status).toBe(202);
    const id = res.body.campaign.campaign_id as string;

    const waiting = await eventually(
      () => api.retrieve(id),
      (c) => (c.counts.by_state.skipped_window ?? 0) === 3 && (c.counts.by_state.done ?? 0) + (c.counts.by_state.failed ?? 0) === 3,
      60_000,
      200,
    );
    expect(waiting.status).toBe('running');
    const { byNumber } = await api.carrierLog();
    for (const n of londonNumbers) expect(byNumber.get(n)).toHaveLength(1);
    for (const n of newYork) expect(byNumber.get(n)).toBeUndefined();
    // Set aside until the window opens in New York: London's hour there, within a day.
    for (const r of (await api.recipients(id)).filter((x) => newYork.includes(x.phone))) {
      expect([r.state, r.attempts]).toEqual(['skipped_window', 0]);
      const opens = new Date(r.next_attempt_at!);
      expect(opens.getTime()).toBeGreaterThan(Date.now());
      expect(opens.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(opens)).toBe(
        window.start,
      );
    }
    const live = await eventually(
      () => api.retrieve(id),
      (c) => typeof c.progress?.sleepingUntil === 'number',
      30_000,
      200,
    );
    expect(live.progress?.sleepingUntil).toBeGreaterThan(Date.now());
    expect((await api.move(id, 'cancel', { reason: 'test over' })).status).toBe(200);
  }, 120_000);
});

describe('pause, resume, pace and cancel', () => {
  it('pause stops new dials until resume; the campaign then finishes everyone', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const numbers = nyNumbers(40, 4000);
    const id = (await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers, max_concurrent_calls: 2 })).body.campaign.campaign_id as string;
    await eventually(
      () => api.retrieve(id),
      (c) => c.counts.dials >= 4,
      60_000,
      100,
    );
    const paused = await api.move(id, 'pause', { reason: 'lunch' });
    expect([paused.status, paused.body.campaign.status]).toEqual([200, 'paused']);
    expect((await api.move(id, 'pause')).status).toBe(409);
    // In-flight calls finish; after that nothing new is dialled.
    await eventually(
      () => api.retrieve(id),
      (c) => (c.counts.by_state.dialling ?? 0) + (c.counts.by_state.in_call ?? 0) === 0,
      30_000,
      100,
    );
    const before = (await api.carrierLog()).rows.length;
    await new Promise((r) => setTimeout(r, 2000));
    expect((await api.carrierLog()).rows.length).toBe(before);
    expect(before).toBeLessThan(40);

    const paced = await api.move(id, 'pace', { max_concurrent_calls: 5, calls_per_minute: 300 });
    expect([paced.status, paced.body.campaign.max_concurrent_calls, paced.body.campaign.calls_per_minute]).toEqual([200, 5, 300]);
    expect((await api.move(id, 'pace', {})).status).toBe(400);
    expect((await api.move(id, 'pace', { max_concurrent_calls: 0 })).status).toBe(400);

    const resumed = await api.move(id, 'resume');
    expect([resumed.status, resumed.body.campaign.status]).toEqual([200, 'running']);
    expect((await api.move(id, 'resume')).status).toBe(409);
    const done = await api.finished(id, 120_000);
    expect(done.status).toBe('completed');
    expect(done.counts.recipients).toBe(40);
    expect((done.counts.by_state.done ?? 0) + (done.counts.by_state.failed ?? 0)).toBe(40);
    expect((await api.move(id, 'pause')).status).toBe(409);
  }, 180_000);

  it('cancel: no new dials after it; undialled recipients end cancelled; campaign.finished reaches a subscribed trigger once', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const trigger = await t.request
      .post('/v1/agent_trigger/create')
      .set(tenant.headers)
      .send({ agent_id: agent.agent_id, event_kinds: ['campaign.finished'], url: receiver.url('/campaigns') });
    expect(trigger.status).toBe(201);
    const dispatcher = webhookDispatcherOf(tenant);
    try {
      const id = (
        await api.launch({
          agent_id: agent.agent_id,
          caller_numbers: callers,
          numbers: nyNumbers(60, 5000),
          max_concurrent_calls: 2,
          retry: { max_attempts: 2, delay_seconds: 3600 },
        })
      ).body.campaign.campaign_id as string;
      await eventually(
        () => api.retrieve(id),
        (c) => c.counts.dials >= 4,
        60_000,
        100,
      );
      const cancelled = await api.move(id, 'cancel', { reason: 'wrong list' });
      expect([cancelled.status, cancelled.body.campaign.status]).toEqual([200, 'cancelled']);
      // At once: nobody is left queued (those waiting for a retry neither).
      expect(cancelled.body.campaign.counts.by_state.queued ?? 0).toBe(0);
      expect(cancelled.body.campaign.counts.by_state.cancelled).toBeGreaterThan(0);
      // Calls in flight at the cancel finish; none start after.
      await eventually(
        () => api.retrieve(id),
        (c) => (c.counts.by_state.dialling ?? 0) + (c.counts.by_state.in_call ?? 0) === 0,
        30_000,
        100,
      );
      const settled = await api.retrieve(id);
      const placed = (await api.carrierLog()).rows.length;
      await new Promise((r) => setTimeout(r, 2000));
      expect((await api.carrierLog()).rows.length).toBe(placed);
      expect(placed).toBe(settled.counts.dials);
      expect(settled.reason).toContain('wrong list');
      const recipients = await api.recipients(id);
      expect(recipients.filter((r) => r.state === 'queued' || r.state === 'skipped_window')).toHaveLength(0);
      for (const r of recipients.filter((x) => x.state === 'cancelled')) {
        // Never dialled, or dialled once with an outcome that would have been retried.
        expect([r.phone, r.attempts === 0 || ['no_answer', 'busy', 'voicemail'].includes(r.last_outcome ?? '')]).toEqual([r.phone, true]);
      }
      expect((await api.move(id, 'cancel')).status).toBe(409);

      // campaign.finished: delivered once to the agent's trigger, with the final counts.
      const [delivery] = await eventually(
        async () => receiver.at('/campaigns'),
        (d) => d.length > 0,
        30_000,
        100,
      );
      expect(delivery.envelope).toMatchObject({
        type: 'campaign.finished',
        data: {
          campaign_id: id,
          status: 'cancelled',
          reason: expect.stringContaining('wrong list'),
          counts: { recipients: 60, dials: settled.counts.dials, by_state: settled.counts.by_state },
        },
      });
      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.at('/campaigns')).toHaveLength(1);
      const [events] = await sql<{ n: number }>(
        t.orm.em.fork(),
        `select count(*)::int as n from webhook_event where type = 'campaign.finished' and data->>'campaign_id' = ?`,
        [id],
      );
      expect(events.n).toBe(1);
    } finally {
      await dispatcher.stop();
    }
  }, 120_000);

  it('completed: campaign.finished is recorded once with the final counts', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const id = (await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers: nyNumbers(8, 5200) })).body.campaign.campaign_id as string;
    const done = await api.finished(id, 60_000);
    expect(done.status).toBe('completed');
    const events = await eventually(
      () =>
        sql<{ data: Record<string, unknown> }>(
          t.orm.em.fork(),
          `select data from webhook_event where type = 'campaign.finished' and data->>'campaign_id' = ?`,
          [id],
        ),
      (e) => e.length > 0,
      30_000,
      100,
    );
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ campaign_id: id, status: 'completed', reason: null, spent_micros: done.spent_micros, counts: done.counts });
  }, 90_000);
});

describe('the sweeper', () => {
  it('reconciles a dial stuck in flight whose workflow never ran: the attempt is given back, the slot freed, the campaign finishes', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const numbers = nyNumbers(8, 5300);
    const id = (await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers, max_concurrent_calls: 1 })).body.campaign.campaign_id as string;
    expect((await api.move(id, 'pause')).status).toBe(200);
    await eventually(
      () => api.retrieve(id),
      (c) => (c.counts.by_state.dialling ?? 0) + (c.counts.by_state.in_call ?? 0) === 0,
      30_000,
      100,
    );
    // A recipient the campaign believes in flight (claimed an hour ago) whose dial workflow does not exist:
    // as after a terminated dial, or one whose history was lost. With one slot, the campaign could never finish.
    const [stuck] = await sql<{ id: string; phone: string }>(
      t.orm.em.fork(),
      `
      update campaign_recipient set state = 'dialling', attempts = attempts + 1, claim = 'lost', updated_at = now() - interval '1 hour'
       where id = (select id from campaign_recipient where campaign_id = ? and state = 'queued' order by seq desc limit 1) returning id, phone`,
      [id],
    );
    expect(stuck).toBeDefined();
    // And one whose dial had begun (its call row made) when its workflow went away, as when it is terminated mid-call.
    const [begun] = await sql<{ id: string; phone: string; contact_id: string }>(
      t.orm.em.fork(),
      `
      update campaign_recipient set state = 'dialling', attempts = attempts + 1, claim = 'lost', updated_at = now() - interval '1 hour'
       where id = (select id from campaign_recipient where campaign_id = ? and state = 'queued' order by seq desc limit 1) returning id, phone, contact_id`,
      [id],
    );
    const callId = await prepareDial(t.orm.em.fork(), id, begun.id, 1, `dial/${id}/${begun.contact_id}/1`);
    expect((await api.move(id, 'resume')).status).toBe(200);
    const done = await api.finished(id, 90_000);
    expect(done.status).toBe('completed');
    // Its dial never ran (no workflow, no call row), so the sweep gave the attempt back and it was dialled as usual:
    // everyone once, with the carrier's outcome.
    const recipients = await api.recipients(id);
    const { byNumber } = await api.carrierLog();
    for (const r of recipients.filter((x) => x.phone !== begun.phone)) {
      const outcome = simulatedOutcome(r.phone);
      expect([r.phone, r.attempts, r.state, byNumber.get(r.phone)?.length]).toEqual([r.phone, 1, outcome === 'failed' ? 'failed' : 'done', 1]);
    }
    // The one whose workflow went away mid-dial is not dialled again by the sweep: it ends failed, and so does its call.
    const ended = recipients.find((r) => r.phone === begun.phone)!;
    expect([ended.state, ended.last_outcome, ended.attempts]).toEqual(['failed', 'failed', 1]);
    const [call] = await sql<{ status: string; error: string }>(t.orm.em.fork(), 'select status, error from outbound_call where id = ?', [callId]);
    expect(call).toMatchObject({ status: 'failed', error: expect.stringContaining('swept') });
  }, 150_000);
});

describe('dial batches', () => {
  it("a dial that fails for a while is run again with its claim's other open dials only: everyone is dialled once", async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const numbers = nyNumbers(6, 5400);
    const refused = numbers[2];
    // A real database refusal (not a domain error) of one number's call row, twice (a sequence counts: it is not
    // rolled back with the refused insert); the batch's activity runs again each time, then the dial goes through.
    const fn = `refuse_${tenant.organizationId.replace(/\W/g, '_').toLowerCase()}`;
    await sql(t.orm.em.fork(), `create sequence ${fn}_seq`);
    await sql(
      t.orm.em.fork(),
      `create function ${fn}() returns trigger language plpgsql as $$
      begin if new.to_number = '${refused}' and nextval('${fn}_seq') <= 2 then raise exception 'refused by the test'; end if; return new; end $$`,
    );
    await sql(t.orm.em.fork(), `create trigger ${fn} before insert on outbound_call for each row execute function ${fn}()`);
    try {
      const id = (await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers, max_concurrent_calls: 6 })).body.campaign
        .campaign_id as string;
      const done = await api.finished(id, 90_000);
      expect(done.status).toBe('completed');
      const recipients = await api.recipients(id);
      const { byNumber } = await api.carrierLog();
      for (const r of recipients) {
        const outcome = simulatedOutcome(r.phone);
        expect([r.phone, r.attempts, r.state, byNumber.get(r.phone)?.length]).toEqual([r.phone, 1, outcome === 'failed' ? 'failed' : 'done', 1]);
      }
      // One batch workflow carried the claim; its activity completed on its third run.
      const batches = t.deps.temporal!.client.workflow.list({ query: `WorkflowId STARTS_WITH "dial-batch/${id}/"` });
      const ids: string[] = [];
      for await (const w of batches) ids.push(w.workflowId);
      expect(ids).toHaveLength(1);
      const history = await t.deps.temporal!.client.workflow.getHandle(ids[0]).fetchHistory();
      expect(history.events!.find((e) => e.activityTaskStartedEventAttributes)?.activityTaskStartedEventAttributes?.attempt).toBe(3);
      expect(history.events!.filter((e) => e.activityTaskCompletedEventAttributes)).toHaveLength(1);
    } finally {
      await sql(t.orm.em.fork(), `drop trigger if exists ${fn} on outbound_call`);
      await sql(t.orm.em.fork(), `drop function if exists ${fn}()`);
      await sql(t.orm.em.fork(), `drop sequence if exists ${fn}_seq`);
    }
  }, 120_000);

  it('a batch that gave up settles its open dials: a call that ended keeps its ending, the others fail; none is given back', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const id = (await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers: nyNumbers(6, 5500), max_concurrent_calls: 1 })).body.campaign
      .campaign_id as string;
    expect((await api.move(id, 'pause')).status).toBe(200);
    await eventually(
      () => api.retrieve(id),
      (c) => (c.counts.by_state.dialling ?? 0) + (c.counts.by_state.in_call ?? 0) === 0,
      30_000,
      100,
    );
    // Three recipients of one claim, in flight as a batch left them: one never reached its call row, one's call
    // row is made but not ended, one's call ended busy before the batch died.
    const claimed = await sql<{ id: string; phone: string; contact_id: string; attempts: number }>(
      t.orm.em.fork(),
      `
      update campaign_recipient set state = 'dialling', attempts = attempts + 1, claim = 'gave-up', updated_at = now()
       where id in (select id from campaign_recipient where campaign_id = ? and state = 'queued' order by seq desc limit 3)
       returning id, phone, contact_id, attempts`,
      [id],
    );
    expect(claimed).toHaveLength(3);
    const [none, begun, ended] = claimed;
    const begunCall = await prepareDial(t.orm.em.fork(), id, begun.id, 1, `dial/${id}/${begun.contact_id}/1`);
    const endedCall = await prepareDial(t.orm.em.fork(), id, ended.id, 1, `dial/${id}/${ended.contact_id}/1`);
    await sql(t.orm.em.fork(), `update outbound_call set status = 'busy', end_reason = 'busy' where id = ?`, [endedCall]);

    expect(await settleFailedBatch({ orm: t.orm }, id, 'gave-up', "The dial's batch failed: the test")).toBe(3);
    const after = new Map((await api.recipients(id)).map((r) => [r.phone, r]));
    expect([after.get(none.phone)?.state, after.get(none.phone)?.last_outcome, after.get(none.phone)?.attempts]).toEqual(['failed', 'failed', 1]);
    expect([after.get(begun.phone)?.state, after.get(begun.phone)?.last_outcome]).toEqual(['failed', 'failed']);
    expect([after.get(ended.phone)?.state, after.get(ended.phone)?.last_outcome]).toEqual(['done', 'busy']);
    const [call] = await sql<{ status: string; error: string }>(t.orm.em.fork(), 'select status, error from outbound_call where id = ?', [begunCall]);
    expect(call).toMatchObject({ status: 'failed', error: "The dial's batch failed: the test" });
    // Settled once: a second settling finds nothing open.
    expect(await settleFailedBatch({ orm: t.orm }, id, 'gave-up', 'again')).toBe(0);
    await api.move(id, 'cancel');
  }, 60_000);
});

describe('spend cap', () => {
  it('stops dialling once spend reaches the cap, passing it by one call at most, even with 10 calls allowed at once', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const answered = nyNumbers(400, 6000)
      .filter((n) => simulatedOutcome(n) === 'answered')
      .slice(0, 40);
    // Answered calls of the default script all cost the same: read it from a first campaign of one.
    const probe = (await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers: answered.slice(0, 1) })).body.campaign.campaign_id as string;
    const perCall = (await api.finished(probe, 60_000)).spent_micros;
    expect(perCall).toBeGreaterThan(0);
    const cap = perCall * 5 + 1;
    const id = (
      await api.launch({
        agent_id: agent.agent_id,
        caller_numbers: callers,
        numbers: answered.slice(1),
        max_concurrent_calls: 10,
        spend_cap_micros: cap,
      })
    ).body.campaign.campaign_id as string;
    const done = await api.finished(id, 90_000);
    expect([done.status, done.reason]).toEqual(['completed', 'the spend cap was reached']);
    expect(done.spent_micros).toBeGreaterThanOrEqual(cap);
    expect(done.spent_micros - cap).toBeLessThan(perCall);
    expect(done.counts.dials).toBe(6);
    expect(done.counts.by_state.queued).toBe(39 - 6);
  }, 150_000);
});

describe('bad inputs', () => {
  it('answers 400/404/409/422 naming the field, never a 500', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const api = campaignApi(t, tenant);
    const ok = { agent_id: agent.agent_id, caller_numbers: callers, numbers: nyNumbers(2, 7000) };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...ok, agent_id: undefined }, 400, 'agent_id'],
      [{ ...ok, numbers: undefined }, 400, 'body.contact_ids'],
      [{ ...ok, contact_ids: ['cnt_x'] }, 400, 'body.contact_ids'],
      [{ ...ok, numbers: ['+12125557000', 'nonsense'] }, 400, 'body.numbers.1'],
      [{ ...ok, window: { start: '20:00', end: '09:00' } }, 400, 'end'],
      [{ ...ok, window: { start: '9am', end: '20:00' } }, 400, 'start'],
      [{ ...ok, time_zone: 'Mars/Olympus' }, 400, 'body.time_zone'],
      [{ ...ok, max_concurrent_calls: 0 }, 400, 'max_concurrent_calls'],
      [{ ...ok, retry: { max_attempts: 11 } }, 400, 'max_attempts'],
      [{ ...ok, spend_cap_micros: -1 }, 400, 'spend_cap_micros'],
      [{ ...ok, surprise: true }, 400, ''],
      [{ ...ok, caller_numbers: ['+12125550000'] }, 422, 'body.caller_numbers.0'],
      [{ ...ok, numbers: undefined, contact_ids: ['cnt_missing'] }, 422, 'body.contact_ids.0'],
      [{ ...ok, agent_id: 'agt_missing' }, 404, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await api.launch(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      if (field) expect(JSON.stringify(res.body)).toContain(field);
    }
    const draft = await makeAgent(t, tenant);
    expect((await api.launch({ ...ok, agent_id: draft.agent_id })).status).toBe(409);
    expect((await api.launch(ok, { 'Idempotency-Key': 'has space' })).status).toBe(400);
    expect((await t.request.get('/v1/outbound/campaign/cmp_missing/retrieve').set(tenant.headers)).status).toBe(404);
    expect((await t.request.get('/v1/outbound/campaign/bad%20id/retrieve').set(tenant.headers)).status).toBe(400);
    expect((await api.move('cmp_missing', 'pause')).status).toBe(404);
    expect((await api.move('cmp_missing', 'pause', { reason: 5 })).status).toBe(400);
    const list = await t.request.get('/v1/outbound/campaign/list').set(tenant.headers);
    expect([list.status, list.body.campaigns]).toEqual([200, []]);
    const doc = (await t.request.get('/v1/openapi.json')).body;
    for (const path of [
      '/v1/outbound/call/create',
      '/v1/outbound/call/retrieve/{outbound_call_id}',
      '/v1/outbound/campaign/launch',
      '/v1/outbound/campaign/list',
      '/v1/outbound/campaign/{campaign_id}/retrieve',
      '/v1/outbound/campaign/{campaign_id}/pause',
      '/v1/outbound/campaign/{campaign_id}/resume',
      '/v1/outbound/campaign/{campaign_id}/cancel',
      '/v1/outbound/campaign/{campaign_id}/pace',
    ]) {
      expect([path, doc.paths[path] !== undefined]).toEqual([path, true]);
    }
  });

  it('MCP: outbound_campaign_launch launches, and refuses bad input as a tool error', async () => {
    const { tenant, agent, callers } = await campaignTenant(t, 1);
    const mcp = await connectMcp(t, mcpPrincipal(tenant));
    try {
      const bad = await mcp.call('outbound_campaign_launch', { agent_id: agent.agent_id, caller_numbers: callers });
      expect(bad.isError).toBe(true);
      const good = await mcp.call('outbound_campaign_launch', { agent_id: agent.agent_id, caller_numbers: callers, numbers: nyNumbers(3, 8000) });
      expect(good.isError).toBeFalsy();
      const campaign = (good.structuredContent as { campaign: CampaignBody }).campaign;
      expect(campaign.counts.recipients).toBe(3);
      const done = await campaignApi(t, tenant).finished(campaign.campaign_id, 60_000);
      expect(done.counts.dials).toBe(3);
    } finally {
      await mcp.close();
    }
  }, 90_000);
});
