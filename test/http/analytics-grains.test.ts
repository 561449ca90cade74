import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { sql } from '../../src/db/orm.js';
import { seedSessions } from '../../src/modules/calls/seed-sessions.js';
import { DEFAULT_PRICE_LIST } from '../../src/modules/org/org.entity.js';

/**
 * The analytics routes read daily, hourly and 15-minute buckets (decision
 * 0048). Whatever mix a query reads, its answer must be the one counting the
 * sessions themselves gives: checked here for every route that splits time,
 * in time zones whose days start off the UTC day (New York), off the hour
 * (Kolkata +5:30, Kathmandu +5:45, Chatham +12:45/+13:45) and whose DST moves
 * by 30 minutes (Lord Howe), over a range whose ends cut through days, hours
 * and quarters.
 */
let t: TestApp;
let x: TestTenant;
const UNTIL = new Date('2026-11-15T13:37:00Z');
const FROM = '2026-09-03 07:22:13';
const TO = '2026-11-14 18:48:09';
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'Australia/Lord_Howe'];

beforeAll(async () => {
  t = await createTestApp();
  x = await createTenant(t);
  await seedSessions(t.orm.em.fork(), t.deps.recordings, {
    organizationId: x.organizationId,
    projectId: x.projectId,
    priceList: DEFAULT_PRICE_LIST,
    sessions: 4000,
    seed: 11,
    until: UNTIL,
    days: 80,
    batchSize: 1000,
    copy: true,
  });
}, 120_000);
afterAll(async () => t.close());

async function get(route: string, query: string) {
  const res = await t.request.get(`/v1/${route}?${query}`).set(x.headers);
  expect([route, query, res.status]).toEqual([route, query, 200]);
  return res.body;
}

const range = (from: string, to: string) => `from_time=${encodeURIComponent(from)}&to_time=${encodeURIComponent(to)}`;

/** Sessions, seconds and cost of the organization's live sessions in [from, to], grouped by `key` (SQL over `s`, `?` the zone). */
async function raw(key: string, zone: string, from: string, to: string): Promise<Map<string, [number, number, number]>> {
  const rows = await sql<{ key: string; n: number; seconds: string; cost: string }>(
    t.orm.em.fork(),
    `select ${key} as key, count(*)::int as n, sum(s.duration_seconds)::text as seconds, sum(s.total_cost_micros)::text as cost
       from call_session s
      where s.organization_id = ? and s.kind = 'live' and s.started_at >= ?::timestamptz and s.started_at < ?::timestamptz + interval '1 second'
      group by 1`,
    [...Array<string>(key.split('?').length - 1).fill(zone), x.organizationId, `${from}Z`, `${to}Z`],
  );
  return new Map(rows.map((r) => [String(r.key), [r.n, Number(r.seconds), Number(r.cost)]]));
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`;

describe('analytics over buckets of every grain', () => {
  it("runs on connections without JIT compilation (decision 0048: compiling cost more than these queries' run)", async () => {
    const [row] = await sql<{ jit: string }>(t.orm.em.fork(), "select current_setting('jit') as jit");
    expect(row.jit).toBe('off');
  });

  it('the data spans the range, with sessions in most hours', async () => {
    const hours = await raw(iso(`date_trunc('hour', s.started_at, ?)`), 'UTC', FROM, TO);
    expect(hours.size).toBeGreaterThan(1000);
  });

  for (const zone of ZONES) {
    it(`time series by hour, day, week and month in ${zone} equal the sessions counted one by one`, async () => {
      for (const [interval, from, to] of [
        ['day', FROM, TO],
        ['week', FROM, TO],
        ['month', FROM, TO],
        ['hour', '2026-10-30 03:07:00', '2026-11-03 21:52:59'],
      ] as const) {
        const { points } = (await get('call_session/analytics/time_series', `${range(from, to)}&interval=${interval}&time_zone=${zone}`)).time_series as {
          points: { start: string; sessions: number; duration_seconds: number; cost_micros: number }[];
        };
        const expected = await raw(iso(`date_trunc('${interval}', s.started_at, ?)`), zone, from, to);
        const got = new Map(points.filter((p) => p.sessions > 0).map((p) => [p.start, [p.sessions, p.duration_seconds, p.cost_micros]]));
        expect([interval, got]).toEqual([interval, expected]);
      }
    });

    it(`heatmap, cost by day and overview in ${zone} equal the sessions counted one by one`, async () => {
      const q = `${range(FROM, TO)}&time_zone=${zone}`;
      const { cells } = (await get('call_session/analytics/heatmap', q)).heatmap as { cells: { day_of_week: number; hour: number; sessions: number }[] };
      const heat = await raw(
        `(extract(isodow from s.started_at at time zone ?)::int - 1) || ':' || extract(hour from s.started_at at time zone ?)::int`,
        zone,
        FROM,
        TO,
      );
      expect(new Map(cells.filter((c) => c.sessions > 0).map((c) => [`${c.day_of_week}:${c.hour}`, c.sessions]))).toEqual(
        new Map([...heat].map(([k, v]) => [k, v[0]])),
      );

      const cost = (await get('call_session/analytics/cost', q)).cost as {
        sessions: number;
        cost_micros: number;
        by_day: { date: string; sessions: number; duration_seconds: number; cost_micros: number }[];
      };
      const days = await raw(`to_char(s.started_at at time zone ?, 'YYYY-MM-DD')`, zone, FROM, TO);
      expect(new Map(cost.by_day.filter((d) => d.sessions > 0).map((d) => [d.date, [d.sessions, d.duration_seconds, d.cost_micros]]))).toEqual(days);

      const overview = (await get('call_session/analytics/overview', range(FROM, TO))).overview as { sessions: number; cost_micros: number };
      const all = [...days.values()].reduce((a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]], [0, 0, 0]);
      expect([overview.sessions, overview.cost_micros]).toEqual([all[0], all[2]]);
      expect(cost.sessions).toBe(all[0]);
    });

    it(`the billing overview's days, months and periods in ${zone} equal the sessions counted one by one`, async () => {
      const billing = (await get('billing/overview', `as_of=2026-11-14+18:48:09&time_zone=${zone}&months=3`)).billing_overview as {
        days: { date: string; sessions: number; cost_micros: number }[];
        months: { month: string; sessions: number; cost_micros: number }[];
        last_month: { from_time: string; to_time: string; sessions: number; cost_micros: number };
        year_to_date: { from_time: string; to_time: string; sessions: number; cost_micros: number };
      };
      const from = billing.months[0].month;
      const [first] = await sql<{ start: string }>(
        t.orm.em.fork(),
        `select to_char((?::timestamp at time zone ?) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as start`,
        [`${from}-01 00:00:00`, zone],
      );
      const months = await raw(`to_char(s.started_at at time zone ?, 'YYYY-MM')`, zone, first.start, TO);
      expect(new Map(billing.months.filter((m) => m.sessions > 0).map((m) => [m.month, [m.sessions, m.cost_micros]]))).toEqual(
        new Map([...months].map(([k, v]) => [k, [v[0], v[2]]])),
      );
      const days = await raw(`to_char(s.started_at at time zone ?, 'YYYY-MM-DD')`, zone, first.start, TO);
      expect(new Map(billing.days.filter((d) => d.sessions > 0).map((d) => [d.date, [d.sessions, d.cost_micros]]))).toEqual(
        new Map([...days].filter(([k]) => k >= billing.days[0].date).map(([k, v]) => [k, [v[0], v[2]]])),
      );
      for (const period of [billing.last_month, billing.year_to_date]) {
        const counted = await raw(
          `'all'`,
          zone,
          period.from_time.replace('T', ' ').replace('.000Z', ''),
          period.to_time.replace('T', ' ').replace('.000Z', ''),
        );
        const [n, , cost] = counted.get('all') ?? [0, 0, 0];
        expect([period.from_time, period.sessions, period.cost_micros]).toEqual([period.from_time, n, cost]);
      }
    });
  }
});
