import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { connectMcp, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import type { SessionKind } from '../../src/modules/calls/calls.entity.js';

/**
 * Session kinds (decision 0022): analytics and billing count live sessions
 * only unless `kind` asks for more; the listing shows every kind unless
 * `kind` picks some. One agent leg each, so a session costs 2600 micros a
 * second at the default prices. The times straddle 15-minute buckets, so a
 * range with edges reads both halves of the stats source.
 */
const FIXTURES: Record<string, { at: string; kind: SessionKind; seconds: number }> = {
  live1: { at: '2026-05-04T10:00:00Z', kind: 'live', seconds: 100 }, // 260000
  test1: { at: '2026-05-04T10:07:00Z', kind: 'test', seconds: 30 }, // 78000
  sim1: { at: '2026-05-04T10:14:59Z', kind: 'simulation', seconds: 10 }, // 26000
  live2: { at: '2026-05-04T11:00:00Z', kind: 'live', seconds: 50 }, // 130000
  sim2: { at: '2026-05-04T12:00:00Z', kind: 'simulation', seconds: 20 }, // 52000
};
const DAY = 'from_time=2026-05-04+00:00:00&to_time=2026-05-04+23:59:59';
/** Partial buckets at both ends: 10:05-10:15 (test1, sim1) and 12:00-12:00:10 (sim2) come from the sessions. */
const EDGES = 'from_time=2026-05-04+10:05:00&to_time=2026-05-04+12:00:10';

let t: TestApp;
let a: TestTenant;
let mcp: McpSession;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  const names = Object.keys(FIXTURES);
  const made = await insertSessions(
    t.orm.em.fork(),
    names.map((name) => {
      const f = FIXTURES[name];
      const base = sessionInput(a);
      return sessionInput(a, {
        kind: f.kind,
        startedAt: new Date(f.at),
        caller: { name, address: '+14155550123' },
        legs: [{ ...base.legs[0], durationSeconds: f.seconds, turns: [] }],
      });
    }),
  );
  names.forEach((name, i) => (ids[name] = made[i]));
  mcp = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId }));
});
afterAll(async () => {
  await mcp?.close();
  await t.close();
});

const get = (path: string, query: string) => t.request.get(`/v1/${path}?${query}`).set(a.headers);
const overview = async (query: string) => {
  const res = await get('call_session/analytics/overview', query);
  expect(res.status).toBe(200);
  return { sessions: res.body.overview.sessions as number, cost: res.body.overview.cost_micros as number };
};
const names = (sessions: { session_id: string }[]) => sessions.map((s) => Object.keys(ids).find((k) => ids[k] === s.session_id));

describe('analytics and billing by kind', () => {
  it('count live sessions only by default, and the kinds asked for with kind', async () => {
    expect(await overview(DAY)).toEqual({ sessions: 2, cost: 390_000 });
    expect(await overview(`${DAY}&kind=live`)).toEqual({ sessions: 2, cost: 390_000 });
    expect(await overview(`${DAY}&kind=test`)).toEqual({ sessions: 1, cost: 78_000 });
    expect(await overview(`${DAY}&kind=simulation,test`)).toEqual({ sessions: 3, cost: 156_000 });
    expect(await overview(`${DAY}&kind=all`)).toEqual({ sessions: 5, cost: 546_000 });
    expect(await overview(`${DAY}&kind=live,test,simulation`)).toEqual({ sessions: 5, cost: 546_000 });
  });

  it('filter the edge sessions as they filter the buckets', async () => {
    expect(await overview(EDGES)).toEqual({ sessions: 1, cost: 130_000 });
    expect(await overview(`${EDGES}&kind=simulation`)).toEqual({ sessions: 2, cost: 78_000 });
    expect(await overview(`${EDGES}&kind=all`)).toEqual({ sessions: 4, cost: 286_000 });
  });

  it('apply to the time series, heatmap, agent stats and cost', async () => {
    const series = async (query: string) =>
      (await get('call_session/analytics/time_series', `${DAY}&interval=hour&${query}`)).body.time_series.points
        .filter((p: { sessions: number }) => p.sessions > 0)
        .map((p: { start: string; sessions: number; cost_micros: number }) => [p.start.slice(11, 16), p.sessions, p.cost_micros]);
    expect(await series('')).toEqual([
      ['10:00', 1, 260_000],
      ['11:00', 1, 130_000],
    ]);
    expect(await series('kind=all')).toEqual([
      ['10:00', 3, 364_000],
      ['11:00', 1, 130_000],
      ['12:00', 1, 52_000],
    ]);

    const heat = async (query: string) =>
      (await get('call_session/analytics/heatmap', `${DAY}&${query}`)).body.heatmap.cells.reduce((n: number, c: { sessions: number }) => n + c.sessions, 0);
    expect([await heat(''), await heat('kind=test')]).toEqual([2, 1]);

    const agents = await get('call_session/analytics/agent_stats', `${DAY}&kind=simulation`);
    expect(agents.body.agent_stats.agents).toMatchObject([{ sessions: 2, cost_micros: 78_000 }]);

    const cost = async (query: string) => (await get('call_session/analytics/cost', `${DAY}&${query}`)).body.cost;
    expect(await cost('')).toMatchObject({ sessions: 2, cost_micros: 390_000, by_day: [{ date: '2026-05-04', sessions: 2, cost_micros: 390_000 }] });
    expect(await cost('kind=all')).toMatchObject({ sessions: 5, cost_micros: 546_000 });
  });

  it('break sessions down by kind', async () => {
    const res = await get('call_session/analytics/breakdown', `${DAY}&group_by=kind&kind=all`);
    expect(res.status).toBe(200);
    expect(res.body.breakdown.rows.map((r: { value: string; sessions: number; cost_micros: number }) => [r.value, r.sessions, r.cost_micros])).toEqual([
      ['live', 2, 390_000],
      ['simulation', 2, 78_000],
      ['test', 1, 78_000],
    ]);
    const live = await get('call_session/analytics/breakdown', `${DAY}&group_by=kind`);
    expect(live.body.breakdown.rows.map((r: { value: string }) => r.value)).toEqual(['live']);
  });

  it('bill live sessions only by default', async () => {
    const billing = async (query: string) => {
      const res = await get('billing/overview', `as_of=2026-05-04+23:59:59&${query}`);
      expect(res.status).toBe(200);
      return res.body.billing_overview;
    };
    const live = await billing('');
    expect(live.today).toMatchObject({ sessions: 2, cost_micros: 390_000 });
    expect(live.this_month).toMatchObject({ sessions: 2, cost_micros: 390_000 });
    expect(live.by_agent).toMatchObject([{ this_month: { sessions: 2, cost_micros: 390_000 } }]);
    const all = await billing('kind=all');
    expect(all.today).toMatchObject({ sessions: 5, cost_micros: 546_000 });
    expect((await billing('kind=test')).year_to_date).toMatchObject({ sessions: 1, cost_micros: 78_000 });
  });

  it('refuse an unknown kind, naming the field', async () => {
    for (const [path, kind] of [
      ['call_session/analytics/overview', 'bogus'],
      ['call_session/analytics/time_series', 'live,nope'],
      ['billing/overview', ''],
      ['call_session/get', 'Live'],
      ['call_session/get', 'live,,test'],
    ]) {
      const res = await get(path, `kind=${kind}`);
      expect({ path, kind, status: res.status }).toEqual({ path, kind, status: 400 });
      expect(res.body.errors).toEqual([{ field: 'query.kind', message: expect.stringContaining('expected live, test, simulation') }]);
    }
  });
});

describe('listing by kind', () => {
  it('lists every kind by default, each session with its kind', async () => {
    const res = await get('call_session/get', DAY);
    expect(res.status).toBe(200);
    expect(res.body.sessions.map((s: { session_id: string; kind: string }) => [names([s])[0], s.kind])).toEqual([
      ['sim2', 'simulation'],
      ['live2', 'live'],
      ['sim1', 'simulation'],
      ['test1', 'test'],
      ['live1', 'live'],
    ]);
    const one = await get(`call_session/retrieve/${ids.test1}`, '');
    expect(one.body.session.kind).toBe('test');
  });

  it('filters by one kind, a list, or all, and keeps the filter across pages', async () => {
    expect(names((await get('call_session/get', `${DAY}&kind=test`)).body.sessions)).toEqual(['test1']);
    expect(names((await get('call_session/get', `${DAY}&kind=live,test`)).body.sessions)).toEqual(['live2', 'test1', 'live1']);
    expect(names((await get('call_session/get', `${DAY}&kind=all`)).body.sessions)).toHaveLength(5);

    const first = await get('call_session/get', `${DAY}&kind=simulation&page_size=1`);
    expect(names(first.body.sessions)).toEqual(['sim2']);
    const cursor = encodeURIComponent(first.body.next_cursor);
    const second = await get('call_session/get', `${DAY}&kind=simulation&page_size=1&cursor=${cursor}`);
    expect(names(second.body.sessions)).toEqual(['sim1']);
    expect(second.body.has_more).toBe(false);
    // The same order of kinds is the same filter; another filter is refused.
    expect((await get('call_session/get', `${DAY}&kind=simulation&page_size=1&cursor=${cursor}`)).status).toBe(200);
    const other = await get('call_session/get', `${DAY}&kind=live&page_size=1&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('INVALID_CURSOR');
  });
});

describe('MCP tools by kind', () => {
  const DAY_ARGS = { from_time: '2026-05-04 00:00:00', to_time: '2026-05-04 23:59:59' };

  it("list_calls filters by kind and shows each call's kind", async () => {
    const all = (await mcp.call('list_calls', DAY_ARGS)).structuredContent as { sessions: { session_id: string; kind: string }[] };
    expect(all.sessions.map((s) => s.kind)).toEqual(['simulation', 'live', 'simulation', 'test', 'live']);
    const sims = (await mcp.call('list_calls', { ...DAY_ARGS, kind: 'simulation' })).structuredContent as { sessions: { session_id: string }[] };
    expect(names(sims.sessions)).toEqual(['sim2', 'sim1']);
    const bad = await mcp.call('list_calls', { ...DAY_ARGS, kind: 'fake' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('kind');
  });

  it('get_call shows the kind', async () => {
    const call = (await mcp.call('get_call', { session_id: ids.sim1 })).structuredContent as { session: { kind: string } };
    expect(call.session.kind).toBe('simulation');
  });

  it('analytics and billing tools count live calls unless kind says otherwise', async () => {
    const totals = async (args: Record<string, unknown>) => {
      const { overview } = (await mcp.call('analytics_overview', { ...DAY_ARGS, ...args })).structuredContent as { overview: { sessions: number } };
      return overview.sessions;
    };
    expect([await totals({}), await totals({ kind: 'test,simulation' }), await totals({ kind: 'all' })]).toEqual([2, 3, 5]);
    const cost = (await mcp.call('analytics_cost', DAY_ARGS)).structuredContent as { cost: { cost_micros: number } };
    expect(cost.cost.cost_micros).toBe(390_000);
    const billing = async (args: Record<string, unknown>) =>
      (
        (await mcp.call('billing_overview_get', { as_of: '2026-05-04 23:59:59', ...args })).structuredContent as {
          billing_overview: { today: { cost_micros: number } };
        }
      ).billing_overview.today.cost_micros;
    expect([await billing({}), await billing({ kind: 'all' })]).toEqual([390_000, 546_000]);
  });
});
