import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { recordSessions, type LegInput, type SessionInput } from '../../src/modules/calls/record-sessions.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { createProject } from '../../src/modules/org/create-project.js';
import { DEFAULT_PRICE_LIST } from '../../src/modules/org/org.entity.js';
import type { Direction, EndReason, SessionStatus } from '../../src/modules/calls/calls.entity.js';

/**
 * Sessions with hand-picked times around the 15-minute bucket edges of
 * 2026-03-02 (a Monday; New York is on EST, UTC-5, until March 8). Durations
 * are multiples of 3 s, so with the default prices an agent leg costs exactly
 * 2600 micros a second and a 60 s transfer leg 34000 micros.
 */
interface Fixture {
  at: string;
  agent: 'alice' | 'bob' | null;
  agentName?: string;
  status?: SessionStatus;
  endReason: EndReason | null;
  direction: Direction;
  phone: string | null;
  secondProject?: boolean;
  agentSeconds: number;
  transferSeconds?: number;
  tools?: ('ok' | 'fail')[];
}

const AGENT_IDS = { alice: 'agt_alice', bob: 'agt_bob' };
const FIXTURES: Fixture[] = [
  { at: '2026-03-02T09:00:00Z', agent: 'alice', endReason: 'agent_hangup', direction: 'inbound', phone: '+15550001', agentSeconds: 120, tools: ['ok', 'fail'] },
  { at: '2026-03-02T09:07:30Z', agent: 'alice', endReason: 'transferred', direction: 'inbound', phone: '+15550001', agentSeconds: 60, transferSeconds: 60 },
  {
    at: '2026-03-02T09:14:59Z',
    agent: 'bob',
    endReason: 'transferred',
    direction: 'outbound',
    phone: '+15550002',
    agentSeconds: 30,
    transferSeconds: 60,
    tools: ['ok'],
  },
  { at: '2026-03-02T09:15:00Z', agent: 'bob', status: 'failed', endReason: 'no_answer', direction: 'outbound', phone: '+15550002', agentSeconds: 0 },
  { at: '2026-03-02T09:29:59Z', agent: 'alice', endReason: 'error', direction: 'web', phone: null, agentSeconds: 90, tools: ['fail', 'fail'] },
  {
    at: '2026-03-02T09:30:00Z',
    agent: null,
    agentName: 'Front desk',
    endReason: 'agent_hangup',
    direction: 'inbound',
    phone: '+15550003',
    secondProject: true,
    agentSeconds: 45,
  },
  {
    at: '2026-03-02T23:50:00Z',
    agent: 'alice',
    agentName: 'Alice (renamed)',
    endReason: 'customer_hangup',
    direction: 'inbound',
    phone: '+15550001',
    agentSeconds: 30,
  },
  { at: '2026-03-03T04:30:00Z', agent: 'bob', endReason: 'customer_hangup', direction: 'inbound', phone: '+15550002', agentSeconds: 60 },
  // Still in progress: never counted, although it sits inside an edge bucket.
  { at: '2026-03-02T09:20:00Z', agent: 'alice', status: 'in_progress', endReason: null, direction: 'inbound', phone: '+15550001', agentSeconds: 60 },
  // The previous day, and the second just before it.
  { at: '2026-03-01T10:00:00Z', agent: 'alice', endReason: 'agent_hangup', direction: 'inbound', phone: '+15550001', agentSeconds: 60 },
  { at: '2026-03-01T23:59:59Z', agent: 'bob', endReason: 'customer_hangup', direction: 'inbound', phone: '+15550002', agentSeconds: 30 },
  { at: '2026-02-28T23:59:59Z', agent: 'bob', endReason: 'customer_hangup', direction: 'inbound', phone: '+15550002', agentSeconds: 30 },
];

const duration = (f: Fixture) => f.agentSeconds + (f.transferSeconds ?? 0);
const cost = (f: Fixture) => f.agentSeconds * 2600 + ((f.transferSeconds ?? 0) * 34000) / 60;

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let secondProjectId: string;

function toInput(tenant: TestTenant, f: Fixture, projectId = tenant.projectId): SessionInput {
  const legs: LegInput[] = [];
  if (f.agentSeconds > 0) {
    legs.push({
      direction: f.direction,
      kind: 'agent',
      startOffsetSeconds: 0,
      durationSeconds: f.agentSeconds,
      turns: [
        { speaker: 'customer', text: 'Hello', offsetMs: 0 },
        ...(f.tools ?? []).map((result, i) => ({
          speaker: 'agent' as const,
          text: 'lookup',
          offsetMs: 1000 * (i + 1),
          toolCall: {
            name: 'lookup',
            request: { i },
            response: { ok: result === 'ok' },
            status: result === 'ok' ? ('succeeded' as const) : ('failed' as const),
            durationMs: 120,
          },
        })),
      ],
    });
  }
  if (f.transferSeconds) {
    legs.push({
      direction: 'outbound',
      kind: 'transfer',
      address: '+15559999',
      startOffsetSeconds: f.agentSeconds,
      durationSeconds: f.transferSeconds,
      turns: [],
    });
  }
  return {
    organizationId: tenant.organizationId,
    projectId,
    agentId: f.agent ? AGENT_IDS[f.agent] : null,
    agentName: f.agentName ?? (f.agent === 'alice' ? 'Alice' : f.agent === 'bob' ? 'Bob' : 'Nobody'),
    status: f.status ?? 'ended',
    endReason: f.endReason,
    direction: f.direction,
    caller: { name: 'Caller', address: '+14155550123' },
    phoneNumber: f.phone,
    startedAt: new Date(f.at),
    legs,
  };
}

const record = (inputs: SessionInput[]) => recordSessions(t.orm.em.fork(), inputs, () => DEFAULT_PRICE_LIST);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  secondProjectId = (await createProject(t.orm.em.fork(), systemPrincipal(a.organizationId), { name: 'Second' })).project_id;
  await record(FIXTURES.map((f) => toInput(a, f, f.secondProject ? secondProjectId : a.projectId)));
  // Another organization, with the same agent id, inside the same buckets and edges.
  await record([
    toInput(b, { at: '2026-03-02T09:05:00Z', agent: 'alice', endReason: 'agent_hangup', direction: 'inbound', phone: '+15550001', agentSeconds: 60 }),
    toInput(b, {
      at: '2026-03-02T09:20:00Z',
      agent: 'alice',
      endReason: 'agent_hangup',
      direction: 'inbound',
      phone: '+15550001',
      agentSeconds: 30,
      tools: ['fail'],
    }),
  ]);
});
afterAll(async () => t.close());

const get = (route: string, query: string, tenant: TestTenant = a) => t.request.get(`/v1/call_session/analytics/${route}?${query}`).set(tenant.headers);
const DAY = 'from_time=2026-03-02+00:00:00&to_time=2026-03-02+23:59:59';
const TWO_DAYS = 'from_time=2026-03-02+00:00:00&to_time=2026-03-03+23:59:59';

describe('GET /v1/call_session/analytics/overview', () => {
  it('returns the totals of the range and of the previous period of equal length', async () => {
    const res = await get('overview', DAY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      overview: {
        from_time: '2026-03-02T00:00:00.000Z',
        to_time: '2026-03-02T23:59:59.000Z',
        sessions: 7,
        ended: 6,
        failed: 1,
        duration_seconds: 495,
        average_duration_seconds: 70.71,
        cost_micros: 1_043_000,
        average_cost_micros: 149_000,
        transferred: 2,
        transfer_rate: 0.2857,
        tool_calls: 5,
        tool_call_failures: 3,
        tool_call_failure_rate: 0.6,
        end_reasons: [
          { end_reason: 'agent_hangup', sessions: 2 },
          { end_reason: 'transferred', sessions: 2 },
          { end_reason: 'customer_hangup', sessions: 1 },
          { end_reason: 'error', sessions: 1 },
          { end_reason: 'no_answer', sessions: 1 },
        ],
        previous_period: {
          from_time: '2026-03-01T00:00:00.000Z',
          to_time: '2026-03-01T23:59:59.000Z',
          sessions: 2,
          ended: 2,
          failed: 0,
          duration_seconds: 90,
          average_duration_seconds: 45,
          cost_micros: 234_000,
          average_cost_micros: 117_000,
          transferred: 0,
          transfer_rate: 0,
          tool_calls: 0,
          tool_call_failures: 0,
          tool_call_failure_rate: 0,
          end_reasons: [
            { end_reason: 'agent_hangup', sessions: 1 },
            { end_reason: 'customer_hangup', sessions: 1 },
          ],
        },
      },
    });
  });

  it('counts exactly the sessions inside a range that cuts through buckets', async () => {
    // 09:07:30..09:29:58 lies inside two buckets and reads only raw sessions; 09:07:30..09:30:00 adds
    // the whole 09:15 bucket and a one-second tail. The in-progress session at 09:20 never counts.
    const inner = (await get('overview', 'from_time=2026-03-02+09:07:30&to_time=2026-03-02+09:29:58')).body.overview;
    expect(inner).toMatchObject({ sessions: 3, ended: 2, failed: 1, duration_seconds: 210, cost_micros: 302_000, transferred: 2, tool_calls: 1 });
    const mixed = (await get('overview', 'from_time=2026-03-02+09:07:30&to_time=2026-03-02+09:30:00')).body.overview;
    expect(mixed).toMatchObject({ sessions: 5, duration_seconds: 345, cost_micros: 653_000, tool_calls: 3, tool_call_failures: 2 });
    // The previous period of a 1-second range is the second before it.
    const second = (await get('overview', 'from_time=2026-03-02+09:15:00&to_time=2026-03-02+09:15:00')).body.overview;
    expect(second).toMatchObject({
      sessions: 1,
      failed: 1,
      previous_period: { from_time: '2026-03-02T09:14:59.000Z', to_time: '2026-03-02T09:14:59.000Z', sessions: 1, transferred: 1 },
    });
  });

  it('matches a count over the sessions themselves for every cut through the buckets', async () => {
    const counted = FIXTURES.filter((f) => (f.status ?? 'ended') !== 'in_progress');
    const cuts: [string, string][] = [
      ['2026-03-02T08:59:59Z', '2026-03-02T09:00:00Z'],
      ['2026-03-02T09:00:01Z', '2026-03-02T09:14:59Z'],
      ['2026-03-02T09:00:01Z', '2026-03-02T09:14:58Z'],
      ['2026-03-02T09:14:59Z', '2026-03-02T09:15:00Z'],
      ['2026-03-02T09:15:00Z', '2026-03-02T09:29:59Z'],
      ['2026-03-02T09:15:01Z', '2026-03-02T09:44:59Z'],
      ['2026-03-02T09:29:59Z', '2026-03-02T23:49:59Z'],
      ['2026-03-01T23:59:59Z', '2026-03-03T04:30:00Z'],
      ['2026-02-28T23:59:59Z', '2026-03-31T00:00:00Z'],
      ['2026-03-02T09:07:29.500Z', '2026-03-02T09:07:30Z'],
    ];
    for (const [from, to] of cuts) {
      const inside = counted.filter((f) => Date.parse(f.at) >= Date.parse(from) && Date.parse(f.at) < Math.floor(Date.parse(to) / 1000) * 1000 + 1000);
      const res = await get('overview', `from_time=${encodeURIComponent(from)}&to_time=${encodeURIComponent(to)}`);
      expect(res.status).toBe(200);
      expect({ range: [from, to], ...res.body.overview }).toMatchObject({
        range: [from, to],
        sessions: inside.length,
        duration_seconds: inside.reduce((sum, f) => sum + duration(f), 0),
        cost_micros: inside.reduce((sum, f) => sum + cost(f), 0),
        transferred: inside.filter((f) => f.transferSeconds).length,
        tool_calls: inside.reduce((sum, f) => sum + (f.tools?.length ?? 0), 0),
        tool_call_failures: inside.reduce((sum, f) => sum + (f.tools?.filter((x) => x === 'fail').length ?? 0), 0),
      });
    }
  });

  it('applies the agent, project and direction filters to both periods', async () => {
    const alice = (await get('overview', `${DAY}&agent_id=agt_alice`)).body.overview;
    expect(alice).toMatchObject({ sessions: 4, cost_micros: 814_000, previous_period: { sessions: 1, cost_micros: 156_000 } });
    const outbound = (await get('overview', `${DAY}&direction=outbound`)).body.overview;
    expect(outbound).toMatchObject({ sessions: 2, failed: 1, transferred: 1, previous_period: { sessions: 0 } });
    const second = (await get('overview', `${DAY}&project_id=${secondProjectId}`)).body.overview;
    expect(second).toMatchObject({ sessions: 1, duration_seconds: 45 });
    const both = (await get('overview', `${DAY}&agent_id=agt_bob&direction=inbound`)).body.overview;
    expect(both).toMatchObject({ sessions: 0, average_duration_seconds: 0, transfer_rate: 0, end_reasons: [], previous_period: { sessions: 1 } });
  });

  it("never counts another organization's sessions", async () => {
    const other = (await get('overview', DAY, b)).body.overview;
    expect(other).toMatchObject({
      sessions: 2,
      duration_seconds: 90,
      cost_micros: 234_000,
      tool_calls: 1,
      tool_call_failures: 1,
      previous_period: { sessions: 0 },
    });
    const edges = (await get('overview', 'from_time=2026-03-02+09:05:00&to_time=2026-03-02+09:20:00&agent_id=agt_alice', b)).body.overview;
    expect(edges.sessions).toBe(2);
  });

  it('defaults to the 30 days ending now', async () => {
    const c = await createTenant(t);
    const now = Date.now();
    await record([
      toInput(c, {
        at: new Date(now - 3_600_000).toISOString(),
        agent: 'alice',
        endReason: 'agent_hangup',
        direction: 'inbound',
        phone: null,
        agentSeconds: 30,
      }),
      toInput(c, {
        at: new Date(now - 40 * 86_400_000).toISOString(),
        agent: 'alice',
        endReason: 'agent_hangup',
        direction: 'inbound',
        phone: null,
        agentSeconds: 60,
      }),
      toInput(c, {
        at: new Date(now - 70 * 86_400_000).toISOString(),
        agent: 'alice',
        endReason: 'agent_hangup',
        direction: 'inbound',
        phone: null,
        agentSeconds: 90,
      }),
    ]);
    const res = await get('overview', '', c);
    expect(res.status).toBe(200);
    const { overview } = res.body;
    expect(overview).toMatchObject({ sessions: 1, duration_seconds: 30, previous_period: { sessions: 1, duration_seconds: 60 } });
    expect(Date.parse(overview.to_time) - Date.parse(overview.from_time)).toBe(30 * 86_400_000 - 1000);
    expect(Math.abs(Date.parse(overview.to_time) - now)).toBeLessThan(5000);
  });
});

describe('GET /v1/call_session/analytics/time_series', () => {
  const zero = { sessions: 0, duration_seconds: 0, cost_micros: 0, transferred: 0, failed: 0 };

  it('returns one point per day, empty days included', async () => {
    const res = await get('time_series', `${TWO_DAYS}&interval=day`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      time_series: {
        from_time: '2026-03-02T00:00:00.000Z',
        to_time: '2026-03-03T23:59:59.000Z',
        interval: 'day',
        time_zone: 'UTC',
        points: [
          {
            start: '2026-03-02T00:00:00.000Z',
            local_start: '2026-03-02T00:00:00',
            sessions: 7,
            duration_seconds: 495,
            cost_micros: 1_043_000,
            transferred: 2,
            failed: 1,
          },
          {
            start: '2026-03-03T00:00:00.000Z',
            local_start: '2026-03-03T00:00:00',
            sessions: 1,
            duration_seconds: 60,
            cost_micros: 156_000,
            transferred: 0,
            failed: 0,
          },
        ],
      },
    });
    // day is the default interval
    expect((await get('time_series', TWO_DAYS)).body.time_series.points).toEqual(res.body.time_series.points);
  });

  it("keeps a renamed zone under the name asked for (Asia/Kolkata, not ICU's Asia/Calcutta), and counts in it", async () => {
    for (const zone of ['Asia/Kolkata', 'Europe/Kyiv']) {
      const res = await get('heatmap', `${TWO_DAYS}&time_zone=${zone}`);
      expect([zone, res.status, res.body.heatmap.time_zone]).toEqual([zone, 200, zone]);
    }
    const kolkata = (await get('time_series', `${TWO_DAYS}&interval=day&time_zone=Asia/Kolkata`)).body.time_series;
    const calcutta = (await get('time_series', `${TWO_DAYS}&interval=day&time_zone=Asia/Calcutta`)).body.time_series;
    expect([kolkata.time_zone, calcutta.time_zone]).toEqual(['Asia/Kolkata', 'Asia/Calcutta']);
    expect(kolkata.points).toEqual(calcutta.points);
  });

  it('counts days in the time zone: New York days start at 05:00 UTC', async () => {
    const res = await get('time_series', `${TWO_DAYS}&interval=day&time_zone=america/new_york`);
    expect(res.status).toBe(200);
    expect(res.body.time_series.time_zone).toBe('America/New_York');
    expect(res.body.time_series.points).toEqual([
      { start: '2026-03-01T05:00:00.000Z', local_start: '2026-03-01T00:00:00', ...zero },
      {
        start: '2026-03-02T05:00:00.000Z',
        local_start: '2026-03-02T00:00:00',
        sessions: 8,
        duration_seconds: 555,
        cost_micros: 1_199_000,
        transferred: 2,
        failed: 1,
      },
      { start: '2026-03-03T05:00:00.000Z', local_start: '2026-03-03T00:00:00', ...zero },
    ]);
  });

  it('returns hours, with edge buckets holding only the part inside the range', async () => {
    const hours = (await get('time_series', 'from_time=2026-03-02+08:00:00&to_time=2026-03-02+10:59:59&interval=hour')).body.time_series.points;
    expect(hours).toEqual([
      { start: '2026-03-02T08:00:00.000Z', local_start: '2026-03-02T08:00:00', ...zero },
      {
        start: '2026-03-02T09:00:00.000Z',
        local_start: '2026-03-02T09:00:00',
        sessions: 6,
        duration_seconds: 465,
        cost_micros: 965_000,
        transferred: 2,
        failed: 1,
      },
      { start: '2026-03-02T10:00:00.000Z', local_start: '2026-03-02T10:00:00', ...zero },
    ]);
    const cut = (await get('time_series', 'from_time=2026-03-02+09:07:30&to_time=2026-03-02+09:30:00&interval=hour')).body.time_series.points;
    expect(cut).toEqual([
      {
        start: '2026-03-02T09:00:00.000Z',
        local_start: '2026-03-02T09:00:00',
        sessions: 5,
        duration_seconds: 345,
        cost_micros: 653_000,
        transferred: 2,
        failed: 1,
      },
    ]);
    // India is UTC+05:30: its hours start at half past in UTC, and 15-minute buckets still fall inside one hour.
    const india = (await get('time_series', 'from_time=2026-03-02+09:00:00&to_time=2026-03-02+09:44:59&interval=hour&time_zone=Asia/Kolkata')).body.time_series
      .points;
    expect(india.map((p: { start: string; local_start: string; sessions: number }) => [p.start, p.local_start, p.sessions])).toEqual([
      ['2026-03-02T08:30:00.000Z', '2026-03-02T14:00:00', 5],
      ['2026-03-02T09:30:00.000Z', '2026-03-02T15:00:00', 1],
    ]);
  });

  it('returns weeks from Monday and calendar months', async () => {
    const weeks = (await get('time_series', 'from_time=2026-03-02+00:00:00&to_time=2026-03-15+23:59:59&interval=week')).body.time_series.points;
    expect(weeks.map((p: { start: string; sessions: number }) => [p.start, p.sessions])).toEqual([
      ['2026-03-02T00:00:00.000Z', 8],
      ['2026-03-09T00:00:00.000Z', 0],
    ]);
    const months = (await get('time_series', 'from_time=2026-02-01+00:00:00&to_time=2026-03-31+23:59:59&interval=month')).body.time_series.points;
    expect(months.map((p: { start: string; sessions: number }) => [p.start, p.sessions])).toEqual([
      ['2026-02-01T00:00:00.000Z', 1],
      ['2026-03-01T00:00:00.000Z', 10],
    ]);
  });

  it('follows daylight saving time: 23-hour days, and two 1 a.m. hours in the fall', async () => {
    const spring = (await get('time_series', 'from_time=2026-03-07+05:00:00&to_time=2026-03-10+03:59:59&time_zone=America/New_York')).body.time_series.points;
    expect(spring.map((p: { start: string; local_start: string }) => [p.start, p.local_start])).toEqual([
      ['2026-03-07T05:00:00.000Z', '2026-03-07T00:00:00'],
      ['2026-03-08T05:00:00.000Z', '2026-03-08T00:00:00'],
      ['2026-03-09T04:00:00.000Z', '2026-03-09T00:00:00'],
    ]);
    const fall = (await get('time_series', 'from_time=2026-11-01+04:00:00&to_time=2026-11-01+07:59:59&interval=hour&time_zone=America/New_York')).body
      .time_series.points;
    expect(fall.map((p: { start: string; local_start: string }) => [p.start, p.local_start])).toEqual([
      ['2026-11-01T04:00:00.000Z', '2026-11-01T00:00:00'],
      ['2026-11-01T05:00:00.000Z', '2026-11-01T01:00:00'],
      ['2026-11-01T06:00:00.000Z', '2026-11-01T01:00:00'],
      ['2026-11-01T07:00:00.000Z', '2026-11-01T02:00:00'],
    ]);
  });

  it('allows at most 2000 points', async () => {
    const max = await get('time_series', 'from_time=2026-01-01+00:00:00&to_time=2026-03-25+07:59:59&interval=hour');
    expect(max.status).toBe(200);
    expect(max.body.time_series.points).toHaveLength(2000);
    const over = await get('time_series', 'from_time=2026-01-01+00:00:00&to_time=2026-03-25+08:00:00&interval=hour');
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([{ field: 'query.interval', message: expect.stringContaining('2001 points') }]);
  });
});

describe('GET /v1/call_session/analytics/breakdown', () => {
  const rows = async (groupBy: string) => {
    const res = await get('breakdown', `${DAY}&group_by=${groupBy}`);
    expect(res.status).toBe(200);
    expect(res.body.breakdown).toMatchObject({ group_by: groupBy, sessions: 7, from_time: '2026-03-02T00:00:00.000Z' });
    return res.body.breakdown.rows;
  };

  it('groups by agent when no group_by is given, so a dashboard asking for nothing gets an answer', async () => {
    const res = await get('breakdown', DAY);
    expect([res.status, res.body.breakdown.group_by]).toEqual([200, 'agent']);
    expect(res.body.breakdown.rows).toEqual(await rows('agent'));
  });

  it('splits by agent, labelled with the latest name', async () => {
    expect(await rows('agent')).toEqual([
      { value: 'agt_alice', label: 'Alice (renamed)', sessions: 4, share: 0.5714, duration_seconds: 360, average_duration_seconds: 90, cost_micros: 814_000 },
      { value: 'agt_bob', label: 'Bob', sessions: 2, share: 0.2857, duration_seconds: 90, average_duration_seconds: 45, cost_micros: 112_000 },
      { value: null, label: 'Front desk', sessions: 1, share: 0.1429, duration_seconds: 45, average_duration_seconds: 45, cost_micros: 117_000 },
    ]);
  });

  it('splits by status, end reason and direction', async () => {
    expect(await rows('status')).toEqual([
      { value: 'ended', label: 'ended', sessions: 6, share: 0.8571, duration_seconds: 495, average_duration_seconds: 82.5, cost_micros: 1_043_000 },
      { value: 'failed', label: 'failed', sessions: 1, share: 0.1429, duration_seconds: 0, average_duration_seconds: 0, cost_micros: 0 },
    ]);
    expect(await rows('end_reason')).toEqual([
      { value: 'agent_hangup', label: 'agent_hangup', sessions: 2, share: 0.2857, duration_seconds: 165, average_duration_seconds: 82.5, cost_micros: 429_000 },
      { value: 'transferred', label: 'transferred', sessions: 2, share: 0.2857, duration_seconds: 210, average_duration_seconds: 105, cost_micros: 302_000 },
      {
        value: 'customer_hangup',
        label: 'customer_hangup',
        sessions: 1,
        share: 0.1429,
        duration_seconds: 30,
        average_duration_seconds: 30,
        cost_micros: 78_000,
      },
      { value: 'error', label: 'error', sessions: 1, share: 0.1429, duration_seconds: 90, average_duration_seconds: 90, cost_micros: 234_000 },
      { value: 'no_answer', label: 'no_answer', sessions: 1, share: 0.1429, duration_seconds: 0, average_duration_seconds: 0, cost_micros: 0 },
    ]);
    expect(await rows('direction')).toEqual([
      { value: 'inbound', label: 'inbound', sessions: 4, share: 0.5714, duration_seconds: 315, average_duration_seconds: 78.75, cost_micros: 697_000 },
      { value: 'outbound', label: 'outbound', sessions: 2, share: 0.2857, duration_seconds: 90, average_duration_seconds: 45, cost_micros: 112_000 },
      { value: 'web', label: 'web', sessions: 1, share: 0.1429, duration_seconds: 90, average_duration_seconds: 90, cost_micros: 234_000 },
    ]);
  });

  it('splits by project, labelled with its name, and by phone number', async () => {
    expect(await rows('project')).toEqual([
      { value: a.projectId, label: 'Default', sessions: 6, share: 0.8571, duration_seconds: 450, average_duration_seconds: 75, cost_micros: 926_000 },
      { value: secondProjectId, label: 'Second', sessions: 1, share: 0.1429, duration_seconds: 45, average_duration_seconds: 45, cost_micros: 117_000 },
    ]);
    expect(await rows('phone_number')).toEqual([
      { value: '+15550001', label: '+15550001', sessions: 3, share: 0.4286, duration_seconds: 270, average_duration_seconds: 90, cost_micros: 580_000 },
      { value: '+15550002', label: '+15550002', sessions: 2, share: 0.2857, duration_seconds: 90, average_duration_seconds: 45, cost_micros: 112_000 },
      { value: '+15550003', label: '+15550003', sessions: 1, share: 0.1429, duration_seconds: 45, average_duration_seconds: 45, cost_micros: 117_000 },
      { value: null, label: null, sessions: 1, share: 0.1429, duration_seconds: 90, average_duration_seconds: 90, cost_micros: 234_000 },
    ]);
  });

  it('is empty for a range without sessions', async () => {
    const res = await get('breakdown', 'from_time=2025-01-01+00:00:00&to_time=2025-01-01+10:07:00&group_by=agent');
    expect(res.body.breakdown).toMatchObject({ sessions: 0, rows: [] });
  });
});

describe('GET /v1/call_session/analytics/heatmap', () => {
  const nonEmpty = (cells: { day_of_week: number; hour: number; sessions: number; average_duration_seconds: number }[]) =>
    cells.filter((c) => c.sessions > 0).map((c) => [c.day_of_week, c.hour, c.sessions, c.average_duration_seconds]);

  it('returns all 168 cells by weekday from Monday and hour, in UTC by default', async () => {
    const res = await get('heatmap', TWO_DAYS);
    expect(res.status).toBe(200);
    const { cells, time_zone } = res.body.heatmap;
    expect(time_zone).toBe('UTC');
    expect(cells).toHaveLength(168);
    expect(cells[0]).toEqual({ day_of_week: 0, hour: 0, sessions: 0, average_duration_seconds: 0 });
    expect(cells[167]).toMatchObject({ day_of_week: 6, hour: 23 });
    expect(nonEmpty(cells)).toEqual([
      [0, 9, 6, 77.5],
      [0, 23, 1, 30],
      [1, 4, 1, 60],
    ]);
  });

  it('shifts weekday and hour into the time zone', async () => {
    const ny = (await get('heatmap', `${TWO_DAYS}&time_zone=America/New_York`)).body.heatmap;
    expect(ny.time_zone).toBe('America/New_York');
    // Tuesday 04:30 UTC is Monday 23:30 in New York.
    expect(nonEmpty(ny.cells)).toEqual([
      [0, 4, 6, 77.5],
      [0, 18, 1, 30],
      [0, 23, 1, 60],
    ]);
    const india = (await get('heatmap', 'from_time=2026-03-02+09:00:00&to_time=2026-03-02+09:44:59&time_zone=Asia/Kolkata')).body.heatmap;
    expect(nonEmpty(india.cells)).toEqual([
      [0, 14, 5, 84],
      [0, 15, 1, 45],
    ]);
  });
});

describe('GET /v1/call_session/analytics/agent_stats', () => {
  it('returns per-agent numbers, most sessions first', async () => {
    const res = await get('agent_stats', DAY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      agent_stats: {
        from_time: '2026-03-02T00:00:00.000Z',
        to_time: '2026-03-02T23:59:59.000Z',
        agents: [
          {
            agent_id: 'agt_alice',
            agent_name: 'Alice (renamed)',
            sessions: 4,
            duration_seconds: 360,
            average_duration_seconds: 90,
            cost_micros: 814_000,
            average_cost_micros: 203_500,
            transferred: 1,
            transfer_rate: 0.25,
            failed: 0,
            failure_rate: 0,
            errors: 1,
            error_rate: 0.25,
            tool_calls: 4,
            tool_call_failures: 3,
            tool_call_failure_rate: 0.75,
            end_reasons: [
              { end_reason: 'agent_hangup', sessions: 1 },
              { end_reason: 'customer_hangup', sessions: 1 },
              { end_reason: 'error', sessions: 1 },
              { end_reason: 'transferred', sessions: 1 },
            ],
          },
          {
            agent_id: 'agt_bob',
            agent_name: 'Bob',
            sessions: 2,
            duration_seconds: 90,
            average_duration_seconds: 45,
            cost_micros: 112_000,
            average_cost_micros: 56_000,
            transferred: 1,
            transfer_rate: 0.5,
            failed: 1,
            failure_rate: 0.5,
            errors: 0,
            error_rate: 0,
            tool_calls: 1,
            tool_call_failures: 0,
            tool_call_failure_rate: 0,
            end_reasons: [
              { end_reason: 'no_answer', sessions: 1 },
              { end_reason: 'transferred', sessions: 1 },
            ],
          },
          {
            agent_id: null,
            agent_name: 'Front desk',
            sessions: 1,
            duration_seconds: 45,
            average_duration_seconds: 45,
            cost_micros: 117_000,
            average_cost_micros: 117_000,
            transferred: 0,
            transfer_rate: 0,
            failed: 0,
            failure_rate: 0,
            errors: 0,
            error_rate: 0,
            tool_calls: 0,
            tool_call_failures: 0,
            tool_call_failure_rate: 0,
            end_reasons: [{ end_reason: 'agent_hangup', sessions: 1 }],
          },
        ],
      },
    });
  });

  it('names the agent by its latest session in the range, and filters by direction', async () => {
    const morning = (await get('agent_stats', 'from_time=2026-03-02+09:00:00&to_time=2026-03-02+09:59:59&direction=inbound')).body.agent_stats.agents;
    expect(morning.map((x: { agent_id: string; agent_name: string; sessions: number }) => [x.agent_id, x.agent_name, x.sessions])).toEqual([
      ['agt_alice', 'Alice', 2],
      [null, 'Front desk', 1],
    ]);
    const other = (await get('agent_stats', DAY, b)).body.agent_stats.agents;
    expect(other).toHaveLength(1);
    expect(other[0]).toMatchObject({ agent_id: 'agt_alice', sessions: 2, tool_call_failure_rate: 1 });
  });
});

describe('analytics inputs', () => {
  const bad: [string, string, string][] = [
    ['overview', 'from_time=yesterday', 'query.from_time'],
    ['overview', 'from_time=2026-02-30+00:00:00', 'query.from_time'],
    ['overview', 'from_time=2026-03-02+00:00:01&to_time=2026-03-02+00:00:00', 'query.from_time'],
    ['overview', 'from_time=2025-01-01+00:00:00&to_time=2026-02-05+00:00:00', 'query.to_time'],
    ['time_series', 'time_zone=Mars/Olympus_Mons', 'query.time_zone'],
    ['heatmap', 'time_zone=%2B05:30', 'query.time_zone'],
    ['time_series', 'interval=minute', 'query.interval'],
    ['breakdown', 'group_by=caller', 'query.group_by'],
    ['agent_stats', 'direction=sideways', 'query.direction'],
    ['agent_stats', 'agent_id=', 'query.agent_id'],
  ];
  it.each(bad)('%s?%s is a 400 naming %s', async (route, query, field) => {
    const res = await get(route, query);
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/problem+json');
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses unknown query parameters, including a time zone where it has no effect', async () => {
    for (const [route, query] of [
      ['overview', 'foo=1'],
      ['agent_stats', 'time_zone=UTC'],
      ['heatmap', 'interval=day'],
    ]) {
      const res = await get(route, query);
      expect(res.status).toBe(400);
      expect(res.type).toBe('application/problem+json');
      expect(res.body.errors).toEqual([{ field: `query.${query.split('=')[0]}`, message: 'is not a known parameter' }]);
    }
  });

  it('allows a range of exactly 400 days', async () => {
    const res = await get('overview', 'from_time=2025-01-01+00:00:00&to_time=2026-02-04+23:59:59');
    expect(res.status).toBe(200);
  });

  it('needs a token', async () => {
    const res = await t.request.get('/v1/call_session/analytics/overview');
    expect(res.status).toBe(401);
    expect(res.type).toBe('application/problem+json');
  });

  it('documents the five routes in the OpenAPI document', async () => {
    const res = await t.request.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    for (const name of ['overview', 'time_series', 'breakdown', 'heatmap', 'agent_stats']) {
      expect(res.body.paths[`/v1/call_session/analytics/${name}`]?.get).toBeDefined();
    }
    const params = res.body.paths['/v1/call_session/analytics/time_series'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['from_time', 'to_time', 'time_zone', 'interval', 'agent_id']));
  });
});
