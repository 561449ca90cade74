import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import type { LegInput } from '../../src/modules/calls/record-sessions.js';
import { createProject } from '../../src/modules/org/create-project.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';

/**
 * GET /v1/call_session/analytics/cost and GET /v1/billing/overview, to the
 * micro. Default prices: an agent leg costs 2600 micros a second, a 60 s
 * transfer leg 34000. New York leaves daylight time on 2026-11-01 at 06:00
 * UTC, so 2026-11-01T02:00Z is still October 31 there.
 */
interface Fixture {
  at: string;
  agent: 'alice' | 'bob';
  phone: string | null;
  seconds: number;
  transfer?: boolean;
  secondProject?: boolean;
}
const FIXTURES: Record<string, Fixture> = {
  a1: { at: '2026-10-05T12:00:00Z', agent: 'alice', phone: '+15550001', seconds: 100 }, // 260000
  a2: { at: '2026-10-31T23:30:00Z', agent: 'alice', phone: '+15550001', seconds: 50 }, // 130000
  a3: { at: '2026-11-01T02:00:00Z', agent: 'bob', phone: '+15550002', seconds: 30 }, // 78000
  a4: { at: '2026-11-10T15:00:00Z', agent: 'alice', phone: '+15550001', seconds: 60, transfer: true }, // 156000 + 34000
  a5: { at: '2026-11-15T09:00:00Z', agent: 'bob', phone: null, seconds: 20 }, // 52000
  a6: { at: '2026-11-15T13:00:00Z', agent: 'bob', phone: '+15550002', seconds: 10 }, // 26000, after as_of
  a7: { at: '2026-03-01T10:00:00Z', agent: 'alice', phone: '+15550003', seconds: 40, secondProject: true }, // 104000
  a8: { at: '2025-12-20T10:00:00Z', agent: 'alice', phone: '+15550001', seconds: 10 }, // 26000
  a9: { at: '2025-11-20T10:00:00Z', agent: 'alice', phone: '+15550001', seconds: 10 }, // 26000, before the 12 months
};

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let viewer: TestTenant;
let p2: string;

function input(tenant: TestTenant, f: Fixture, projectId: string) {
  const legs: LegInput[] = [{ direction: 'inbound', kind: 'agent', startOffsetSeconds: 0, durationSeconds: f.seconds, turns: [] }];
  if (f.transfer) legs.push({ direction: 'outbound', kind: 'transfer', startOffsetSeconds: f.seconds, durationSeconds: 60, turns: [] });
  return sessionInput(
    { organizationId: tenant.organizationId, projectId },
    {
      agentId: `agt_${f.agent}`,
      agentName: f.agent === 'alice' ? 'Alice' : 'Bob',
      phoneNumber: f.phone,
      direction: f.phone ? 'inbound' : 'web',
      startedAt: new Date(f.at),
      legs,
    },
  );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  viewer = await createTenant(t, 'viewer');
  p2 = (await createProject(t.orm.em.fork(), systemPrincipal(a.organizationId), { name: 'Second' })).project_id;
  await insertSessions(t.orm.em.fork(), [
    ...Object.values(FIXTURES).map((f) => input(a, f, f.secondProject ? p2 : a.projectId)),
    // Another organization, same agents and numbers, inside the same periods.
    input(b, { at: '2026-11-10T15:00:00Z', agent: 'alice', phone: '+15550001', seconds: 600 }, b.projectId),
  ]);
});
afterAll(async () => t.close());

const get = (path: string, tenant: TestTenant = a) => t.request.get(path).set(tenant.headers);

describe('GET /v1/call_session/analytics/cost', () => {
  const RANGE = 'from_time=2026-10-01+00:00:00&to_time=2026-11-15+23:59:59';

  it('returns the total, per agent and per day, in micros', async () => {
    const res = await get(`/v1/call_session/analytics/cost?${RANGE}`);
    expect(res.status).toBe(200);
    const { by_day, ...cost } = res.body.cost;
    expect(cost).toEqual({
      from_time: '2026-10-01T00:00:00.000Z',
      to_time: '2026-11-15T23:59:59.000Z',
      time_zone: 'UTC',
      currency: 'USD',
      sessions: 6,
      duration_seconds: 330,
      cost_micros: 736000,
      average_cost_micros: 122667,
      average_cost_per_minute_micros: 133818,
      by_agent: [
        { agent_id: 'agt_alice', agent_name: 'Alice', sessions: 3, duration_seconds: 270, cost_micros: 580000, share: 0.788 },
        { agent_id: 'agt_bob', agent_name: 'Bob', sessions: 3, duration_seconds: 60, cost_micros: 156000, share: 0.212 },
      ],
    });
    expect(by_day).toHaveLength(46);
    expect(by_day[0]).toEqual({ date: '2026-10-01', sessions: 0, duration_seconds: 0, cost_micros: 0 });
    expect(by_day.filter((d: { sessions: number }) => d.sessions > 0)).toEqual([
      { date: '2026-10-05', sessions: 1, duration_seconds: 100, cost_micros: 260000 },
      { date: '2026-10-31', sessions: 1, duration_seconds: 50, cost_micros: 130000 },
      { date: '2026-11-01', sessions: 1, duration_seconds: 30, cost_micros: 78000 },
      { date: '2026-11-10', sessions: 1, duration_seconds: 120, cost_micros: 190000 },
      { date: '2026-11-15', sessions: 2, duration_seconds: 30, cost_micros: 78000 },
    ]);
  });

  it('counts days in the time zone and takes the analytics filters', async () => {
    const ny = (await get(`/v1/call_session/analytics/cost?${RANGE}&time_zone=America/New_York`)).body.cost;
    expect(ny.cost_micros).toBe(736000);
    expect(ny.by_day).toHaveLength(47);
    expect(ny.by_day[0].date).toBe('2026-09-30');
    expect(ny.by_day.filter((d: { sessions: number }) => d.sessions > 0).map((d: { date: string; cost_micros: number }) => [d.date, d.cost_micros])).toEqual([
      ['2026-10-05', 260000],
      ['2026-10-31', 130000 + 78000],
      ['2026-11-10', 190000],
      ['2026-11-15', 78000],
    ]);
    const bob = (await get(`/v1/call_session/analytics/cost?${RANGE}&agent_id=agt_bob`)).body.cost;
    expect([bob.sessions, bob.cost_micros, bob.by_agent.length]).toEqual([3, 156000, 1]);
    const second = (await get('/v1/call_session/analytics/cost?from_time=2026-01-01+00:00:00&to_time=2026-12-31+23:59:59&project_id=' + p2)).body.cost;
    expect([second.sessions, second.cost_micros]).toEqual([1, 104000]);
  });

  it('needs billing:read, and validates like the other analytics', async () => {
    const forbidden = await get(`/v1/call_session/analytics/cost?${RANGE}`, viewer);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'FORBIDDEN', required_permission: 'billing:read' });
    const bad = await get('/v1/call_session/analytics/cost?from_time=2026-11-02+00:00:00&to_time=2026-11-01+00:00:00');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'query.from_time', message: 'must not be after to_time' }]);
    const zone = await get('/v1/call_session/analytics/cost?time_zone=Nowhere');
    expect(zone.status).toBe(400);
    expect(zone.body.errors[0].field).toBe('query.time_zone');
  });
});

describe('GET /v1/billing/overview', () => {
  it('returns spend to date per period, per day, per month, per agent and per number', async () => {
    const res = await get('/v1/billing/overview?as_of=2026-11-15+12:00:00');
    expect(res.status).toBe(200);
    const { days, months, ...overview } = res.body.billing_overview;
    expect(overview).toEqual({
      currency: 'USD',
      time_zone: 'UTC',
      as_of: '2026-11-15T12:00:00.000Z',
      today: { from_time: '2026-11-15T00:00:00.000Z', to_time: '2026-11-15T12:00:00.000Z', sessions: 1, duration_seconds: 20, cost_micros: 52000 },
      this_month: { from_time: '2026-11-01T00:00:00.000Z', to_time: '2026-11-15T12:00:00.000Z', sessions: 3, duration_seconds: 170, cost_micros: 320000 },
      last_month: { from_time: '2026-10-01T00:00:00.000Z', to_time: '2026-10-31T23:59:59.000Z', sessions: 2, duration_seconds: 150, cost_micros: 390000 },
      year_to_date: { from_time: '2026-01-01T00:00:00.000Z', to_time: '2026-11-15T12:00:00.000Z', sessions: 6, duration_seconds: 360, cost_micros: 814000 },
      by_agent: [
        { agent_id: 'agt_alice', agent_name: 'Alice', this_month: { sessions: 1, cost_micros: 190000 }, last_month: { sessions: 2, cost_micros: 390000 } },
        { agent_id: 'agt_bob', agent_name: 'Bob', this_month: { sessions: 2, cost_micros: 130000 }, last_month: { sessions: 0, cost_micros: 0 } },
      ],
      by_phone_number: [
        { phone_number: '+15550001', this_month: { sessions: 1, cost_micros: 190000 }, last_month: { sessions: 2, cost_micros: 390000 } },
        { phone_number: '+15550002', this_month: { sessions: 1, cost_micros: 78000 }, last_month: { sessions: 0, cost_micros: 0 } },
        { phone_number: null, this_month: { sessions: 1, cost_micros: 52000 }, last_month: { sessions: 0, cost_micros: 0 } },
      ],
    });
    expect(days.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 15 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`));
    expect(days.filter((d: { sessions: number }) => d.sessions > 0)).toEqual([
      { date: '2026-11-01', sessions: 1, duration_seconds: 30, cost_micros: 78000 },
      { date: '2026-11-10', sessions: 1, duration_seconds: 120, cost_micros: 190000 },
      { date: '2026-11-15', sessions: 1, duration_seconds: 20, cost_micros: 52000 },
    ]);
    expect(months.map((m: { month: string; cost_micros: number }) => [m.month, m.cost_micros])).toEqual([
      ['2025-12', 26000],
      ['2026-01', 0],
      ['2026-02', 0],
      ['2026-03', 104000],
      ['2026-04', 0],
      ['2026-05', 0],
      ['2026-06', 0],
      ['2026-07', 0],
      ['2026-08', 0],
      ['2026-09', 0],
      ['2026-10', 390000],
      ['2026-11', 320000],
    ]);
  });

  it('follows the calendar of the time zone', async () => {
    const ny = (await get('/v1/billing/overview?as_of=2026-11-15+12:00:00&time_zone=America/New_York&months=3')).body.billing_overview;
    // a3 (2026-11-01T02:00Z) is October 31 in New York.
    expect(ny.this_month).toEqual({
      from_time: '2026-11-01T04:00:00.000Z',
      to_time: '2026-11-15T12:00:00.000Z',
      sessions: 2,
      duration_seconds: 140,
      cost_micros: 242000,
    });
    expect(ny.last_month).toEqual({
      from_time: '2026-10-01T04:00:00.000Z',
      to_time: '2026-11-01T03:59:59.000Z',
      sessions: 3,
      duration_seconds: 180,
      cost_micros: 468000,
    });
    expect(ny.today).toMatchObject({ from_time: '2026-11-15T05:00:00.000Z', cost_micros: 52000 });
    expect(ny.months.map((m: { month: string; cost_micros: number }) => [m.month, m.cost_micros])).toEqual([
      ['2026-09', 0],
      ['2026-10', 468000],
      ['2026-11', 242000],
    ]);
    expect(
      ny.by_agent.map((r: { agent_id: string; this_month: { cost_micros: number }; last_month: { cost_micros: number } }) => [
        r.agent_id,
        r.this_month.cost_micros,
        r.last_month.cost_micros,
      ]),
    ).toEqual([
      ['agt_alice', 190000, 390000],
      ['agt_bob', 52000, 78000],
    ]);
  });

  it('counts one project with project_id, and more months with months', async () => {
    const second = (await get(`/v1/billing/overview?as_of=2026-11-15+12:00:00&project_id=${p2}`)).body.billing_overview;
    expect([second.year_to_date.cost_micros, second.this_month.cost_micros, second.by_agent]).toEqual([104000, 0, []]);
    const long = (await get('/v1/billing/overview?as_of=2026-11-15+12:00:00&months=24')).body.billing_overview;
    expect(long.months).toHaveLength(24);
    expect(long.months.find((m: { month: string }) => m.month === '2025-11').cost_micros).toBe(26000);
  });

  it('needs billing:read and names invalid parameters', async () => {
    const forbidden = await get('/v1/billing/overview', viewer);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'FORBIDDEN', required_permission: 'billing:read' });
    const bad = await get('/v1/billing/overview?months=0&as_of=soon');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['query.as_of', 'query.months']);
    // Without as_of the periods end now.
    const now = (await get('/v1/billing/overview')).body.billing_overview;
    expect(Math.abs(Date.parse(now.as_of) - Date.now())).toBeLessThan(5000);
  });
});
