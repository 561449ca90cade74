import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant } from '../support/factories.js';
import { sql } from '../../src/db/orm.js';
import { seedSessions } from '../../src/modules/calls/seed-sessions.js';
import { DEFAULT_PRICE_LIST } from '../../src/modules/org/org.entity.js';
import { addSessionsToStats } from '../../src/modules/analytics/rollup.js';
import { copySessions } from '../../src/modules/calls/record-sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const until = new Date('2026-11-01T00:00:00Z');

/** Everything about the seeded sessions except their random ids. */
async function fingerprint(organizationId: string) {
  const rows = await sql(
    t.orm.em.fork(),
    `select s.started_at::text, s.agent_name, s.status, s.end_reason, s.direction, s.caller_name, s.duration_seconds,
            s.total_cost_micros::text, s.variables, s.has_recording,
            (select json_agg(json_build_object('kind', l.kind, 'd', l.duration_seconds, 't', l.transcript) order by l.seq) from call_leg l where l.session_id = s.id) as legs
       from call_session s where s.organization_id = ? order by s.started_at, s.caller_name, s.duration_seconds`,
    [organizationId],
  );
  return JSON.parse(JSON.stringify(rows).replace(/tc_[0-9A-Z]{26}/g, 'tc_'));
}

describe('seed', () => {
  it('creates realistic sessions reproducibly from a seed', async () => {
    const x = await createTenant(t);
    const y = await createTenant(t);
    const z = await createTenant(t);
    for (const [tenant, seed] of [
      [x, 5],
      [y, 5],
      [z, 6],
    ] as const) {
      await seedSessions(t.orm.em.fork(), t.deps.recordings, {
        organizationId: tenant.organizationId,
        projectId: tenant.projectId,
        priceList: DEFAULT_PRICE_LIST,
        sessions: 300,
        seed,
        until,
        batchSize: 120,
      });
    }
    const [fx, fy, fz] = await Promise.all([fingerprint(x.organizationId), fingerprint(y.organizationId), fingerprint(z.organizationId)]);
    expect(fx).toHaveLength(300);
    expect(fy).toEqual(fx);
    expect(fz).not.toEqual(fx);

    const [stats] = await sql(
      t.orm.em.fork(),
      `select count(*)::int as sessions,
              count(*) filter (where exists (select 1 from call_leg l where l.session_id = s.id and l.kind = 'transfer'))::int as transferred,
              count(*) filter (where s.has_recording)::int as recorded,
              count(distinct s.agent_name)::int as agents,
              count(distinct s.direction)::int as directions,
              count(*) filter (where s.status = 'failed')::int as failed,
              min(s.started_at) >= ?::timestamptz - interval '30 days' and max(s.started_at) < ?::timestamptz as in_range
         from call_session s where s.organization_id = ?`,
      [until.toISOString(), until.toISOString(), x.organizationId],
    );
    expect(stats).toMatchObject({ sessions: 300, agents: 5, directions: 3, in_range: true });
    expect(stats.transferred).toBeGreaterThan(10);
    expect(stats.recorded).toBeGreaterThan(150);
    const [tools] = await sql(t.orm.em.fork(), 'select count(*)::int as n from tool_call where organization_id = ?', [x.organizationId]);
    expect(tools.n).toBeGreaterThan(100);
    // Every seeded session is in the statistics buckets exactly once in each grain.
    const bucketed = await sql(
      t.orm.em.fork(),
      'select grain, sum(sessions)::int as n, sum(cost_micros)::bigint::text as cost from call_stats_bucket where organization_id = ? group by grain order by grain',
      [x.organizationId],
    );
    const [direct] = await sql(t.orm.em.fork(), 'select sum(total_cost_micros)::bigint::text as cost from call_session where organization_id = ?', [
      x.organizationId,
    ]);
    expect(bucketed).toEqual([900, 3600, 86_400].map((grain) => ({ grain, n: 300, cost: direct.cost })));
    const ids = (await sql<{ id: string }>(t.orm.em.fork(), 'select id from call_session where organization_id = ?', [x.organizationId])).map((r) => r.id);
    expect(await addSessionsToStats(t.orm.em.fork(), ids)).toBe(0);
  });
});

describe('seeded directory', () => {
  it('creates the agents and numbers the sessions name, once: every id a session names retrieves 200', async () => {
    const x = await createTenant(t);
    const seed = () =>
      seedSessions(t.orm.em.fork(), t.deps.recordings, {
        organizationId: x.organizationId,
        projectId: x.projectId,
        priceList: DEFAULT_PRICE_LIST,
        sessions: 150,
        seed: 7,
        until,
        batchSize: 100,
      });
    await seed();
    const named = async () =>
      sql<{ agent_id: string; agent_name: string; phone_number: string }>(
        t.orm.em.fork(),
        'select distinct agent_id, agent_name, phone_number from call_session where organization_id = ?',
        [x.organizationId],
      );
    const first = await named();
    const agentIds = [...new Set(first.map((r) => r.agent_id))];
    const numbers = [...new Set(first.map((r) => r.phone_number))];
    expect(agentIds).toHaveLength(5);
    expect(numbers).toHaveLength(3);
    for (const id of agentIds) {
      const res = await t.request.get(`/v1/agent/retrieve/${id}`).set(x.headers);
      expect([id, res.status]).toEqual([id, 200]);
      expect(res.body.agent.name).toBe(first.find((r) => r.agent_id === id)!.agent_name);
      expect(res.body.agent.project_id).toBe(x.projectId);
    }
    const held = (await t.request.get('/v1/phone/number/list').set(x.headers).expect(200)).body.phone_numbers as { phone_number_id: string; number: string }[];
    for (const number of numbers) {
      const row = held.find((n) => n.number === number);
      expect([number, row !== undefined]).toEqual([number, true]);
      expect((await t.request.get(`/v1/phone/number/retrieve/${row!.phone_number_id}`).set(x.headers)).status).toBe(200);
    }
    // Seeding again adds sessions on the same agents and numbers, and no new agent or number.
    await seed();
    const again = await named();
    expect(new Set(again.map((r) => r.agent_id))).toEqual(new Set(agentIds));
    expect(new Set(again.map((r) => r.phone_number))).toEqual(new Set(numbers));
    const [counts] = await sql<{ agents: number; numbers: number; sessions: number }>(
      t.orm.em.fork(),
      `
      select (select count(*)::int from agent where organization_id = ?) as agents,
             (select count(*)::int from phone_number where organization_id = ?) as numbers,
             (select count(*)::int from call_session where organization_id = ?) as sessions`,
      [x.organizationId, x.organizationId, x.organizationId],
    );
    expect(counts).toEqual({ agents: 5, numbers: 3, sessions: 300 });
  });
});

describe('copySessions', () => {
  /** The buckets of an organization, without its own ids and numbers. */
  const buckets = (organizationId: string) =>
    sql(
      t.orm.em.fork(),
      `select grain, bucket_start::text, agent_name, direction, kind, sum(sessions)::int as sessions, sum(cost_micros)::text as cost,
              sum(duration_seconds)::text as seconds, sum(transferred)::int as transferred, sum(tool_calls)::int as tool_calls,
              sum(er_customer_hangup)::int as hangups
         from call_stats_bucket where organization_id = ?
        group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      [organizationId],
    );

  it('writes with COPY the same records and buckets as row inserts, each session counted once', async () => {
    const inserted = await createTenant(t);
    const copied = await createTenant(t);
    for (const [tenant, copy] of [
      [inserted, false],
      [copied, true],
    ] as const) {
      await seedSessions(t.orm.em.fork(), t.deps.recordings, {
        organizationId: tenant.organizationId,
        projectId: tenant.projectId,
        priceList: DEFAULT_PRICE_LIST,
        sessions: 240,
        seed: 9,
        until,
        days: 3,
        batchSize: 70,
        copy,
      });
    }
    const [viaInsert, viaCopy] = await Promise.all([fingerprint(inserted.organizationId), fingerprint(copied.organizationId)]);
    expect(viaInsert).toHaveLength(240);
    expect(viaCopy).toEqual(viaInsert);
    const [insertBuckets, copyBuckets] = await Promise.all([buckets(inserted.organizationId), buckets(copied.organizationId)]);
    expect(insertBuckets.length).toBeGreaterThan(50);
    expect(copyBuckets).toEqual(insertBuckets);
    const counts = (organizationId: string) =>
      sql(
        t.orm.em.fork(),
        `select (select count(*)::int from tool_call where organization_id = ?) as tool_calls,
                (select count(*)::int from recording where organization_id = ?) as recordings,
                (select count(*)::int from call_session where organization_id = ? and stats_counted_at is null) as uncounted`,
        [organizationId, organizationId, organizationId],
      );
    const [insertCounts, copyCounts] = await Promise.all([counts(inserted.organizationId), counts(copied.organizationId)]);
    expect(copyCounts).toEqual(insertCounts);
    expect(copyCounts[0]).toMatchObject({ uncounted: 0 });
    const ids = (await sql<{ id: string }>(t.orm.em.fork(), 'select id from call_session where organization_id = ?', [copied.organizationId])).map((r) => r.id);
    expect(await addSessionsToStats(t.orm.em.fork(), ids)).toBe(0);
  });

  it("keeps tabs, newlines, backslashes and a literal \\N in text and JSON intact (COPY's text format escapes them)", async () => {
    const x = await createTenant(t);
    const text = 'tab\there\nnew line, a literal \\N, back\\slash\r and "quotes"';
    const [id] = await copySessions(
      t.orm.em.fork(),
      [
        {
          organizationId: x.organizationId,
          projectId: x.projectId,
          agentName: 'Odd\tName',
          status: 'ended',
          endReason: 'agent_hangup',
          direction: 'inbound',
          caller: { name: 'A\\B\nC', address: null },
          startedAt: new Date('2026-10-20T10:07:00Z'),
          variables: [{ key: 'note', value: text }],
          summaries: [text],
          legs: [{ direction: 'inbound', kind: 'agent', startOffsetSeconds: 0, durationSeconds: 30, turns: [{ speaker: 'customer', text, offsetMs: 100 }] }],
        },
      ],
      () => DEFAULT_PRICE_LIST,
    );
    const res = await t.request.get(`/v1/call_session/retrieve/${id}`).set(x.headers).expect(200);
    expect(res.body.session).toMatchObject({
      agent: { agent_name: 'Odd\tName' },
      caller: { name: 'A\\B\nC', address: null },
      variables: [{ key: 'note', value: text }],
      summaries: [{ text }],
      duration_seconds: 30,
    });
    expect(res.body.session.legs[0].transcript.items).toEqual([{ speaker: 'customer', text, offset_ms: 100 }]);
  });
});
