import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
const base = Date.parse('2026-10-01T00:00:00Z');
const RANGE = 'from_time=2026-10-01+00:00:00&to_time=2026-10-31+23:59:59';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  // 57 sessions, in groups of three that share a start time, so the id must break ties.
  const inputs = Array.from({ length: 57 }, (_, i) =>
    sessionInput(a, {
      startedAt: new Date(base + Math.floor(i / 3) * 3_600_000),
      caller: { name: `Caller ${i}`, address: '+14155550123' },
      // Every tenth call went to voicemail: the end-reason filter's subject.
      ...(i % 10 === 0 ? { endReason: 'voicemail' as const } : {}),
    }),
  );
  await insertSessions(t.orm.em.fork(), inputs);
  await insertSessions(t.orm.em.fork(), [sessionInput(b, { startedAt: new Date(base + 3_600_000) })]);
});
afterAll(async () => t.close());

const list = (query: string, tenant: TestTenant = a) => t.request.get(`/v1/call_session/get?${query}`).set(tenant.headers);

async function walk(query: string, between?: (page: number) => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    ids.push(...res.body.sessions.map((s: { session_id: string }) => s.session_id));
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      return ids;
    }
    cursor = res.body.next_cursor;
    await between?.(page);
  }
  throw new Error('too many pages');
}

describe('GET /v1/call_session/get', () => {
  it('lists newest first with summaries and legs, and pages through every session once', async () => {
    const first = await list(`${RANGE}&page_size=5`);
    expect(first.body.sessions).toHaveLength(5);
    expect(first.body.has_more).toBe(true);
    const s = first.body.sessions[0];
    expect(s.summaries).toEqual([{ text: 'Ana asked for an appointment.', created_at: expect.any(String) }]);
    expect(s.legs[0].transcript.items.length).toBeGreaterThan(0);
    const ids = await walk(`${RANGE}&page_size=10`);
    expect(ids).toHaveLength(57);
    expect(new Set(ids).size).toBe(57);
    const all = (await list(`${RANGE}&page_size=100`)).body.sessions;
    expect(all.map((x: { session_id: string }) => x.session_id)).toEqual(ids);
    const starts = all.map((x: { started_at: string }) => x.started_at);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('never skips or repeats a session when sessions arrive between pages', async () => {
    const before = await walk(`${RANGE}&page_size=100`);
    const seen = await walk(`${RANGE}&page_size=7`, async (page) => {
      // Newer, older, and same-instant sessions land while the client pages.
      await insertSessions(t.orm.em.fork(), [
        sessionInput(a, { startedAt: new Date(base + 30 * 3_600_000 + page * 1000) }),
        sessionInput(a, { startedAt: new Date(base + 1000 + page) }),
        sessionInput(a, { startedAt: new Date(base + (18 - page) * 3_600_000) }),
      ]);
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });

  it('filters by time range with + or space, inclusive to the second', async () => {
    const res = await list('from_time=2026-10-01+01:00:00&to_time=2026-10-01+02:00:00&page_size=100');
    expect(res.status).toBe(200);
    const starts = new Set(res.body.sessions.map((x: { started_at: string }) => x.started_at));
    expect([...starts].sort()).toEqual(['2026-10-01T01:00:00.000Z', '2026-10-01T02:00:00.000Z']);
    const spaced = await list('from_time=2026-10-01%2001:00:00&to_time=2026-10-01%2002:00:00&page_size=100');
    expect(spaced.body.sessions.length).toBe(res.body.sessions.length);
  });

  it('keeps the default window (the last 30 days) fixed across pages', async () => {
    const recent = await createTenant(t);
    await insertSessions(
      t.orm.em.fork(),
      Array.from({ length: 5 }, (_, i) => sessionInput(recent, { startedAt: new Date(Date.now() - (i + 1) * 60_000) })),
    );
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { sessions: { session_id: string }[]; next_cursor: string | null } } = await list(
        `page_size=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        recent,
      );
      expect(res.status).toBe(200);
      ids.push(...res.body.sessions.map((x) => x.session_id));
      cursor = res.body.next_cursor;
      await new Promise((r) => setTimeout(r, 1100)); // "now" moves on between pages
    } while (cursor);
    expect(new Set(ids).size).toBe(5);
  });

  it("shows only the organization's own sessions", async () => {
    const res = await list(`${RANGE}&page_size=100`, b);
    expect(res.body.sessions).toHaveLength(1);
  });

  it('refuses bad input with 400 problems naming the field', async () => {
    const cases: [string, string][] = [
      ['from_time=yesterday', 'query.from_time'],
      ['from_time=2026-02-30+00:00:00', 'query.from_time'],
      ['to_time=2026-10-01T00:00', 'query.to_time'],
      ['from_time=2026-10-02+00:00:00&to_time=2026-10-01+00:00:00', 'query.from_time'],
      ['page_size=0', 'query.page_size'],
      ['page_size=101', 'query.page_size'],
      ['page_size=ten', 'query.page_size'],
      ['cursor=not-a-cursor', 'query.cursor'],
      ['status=dancing', 'query.status'],
      ['end_reason=bored', 'query.end_reason'],
      ['sort=asc', 'query.sort'],
      ['agent_id=abc%00def', 'query.agent_id'],
    ];
    for (const [query, field] of cases) {
      const res = await list(query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('filters by end reason, page after page, and a cursor keeps its filter', async () => {
    const ids = await walk(`${RANGE}&end_reason=voicemail&page_size=2`);
    expect(ids).toHaveLength(6);
    const res = await list(`${RANGE}&end_reason=voicemail&page_size=100`);
    expect(res.body.sessions.map((x: { end_reason: string }) => x.end_reason)).toEqual(Array(6).fill('voicemail'));
    const first = await list(`${RANGE}&end_reason=voicemail&page_size=2`);
    const other = await list(`${RANGE}&page_size=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(other.body.code).toBe('INVALID_CURSOR');
  });

  it('refuses a cursor used with other filters', async () => {
    const first = await list(`${RANGE}&page_size=5`);
    const res = await list(`from_time=2026-10-02+00:00:00&to_time=2026-10-31+23:59:59&page_size=5&cursor=${first.body.next_cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CURSOR');
  });
});
