import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { sql } from '../../src/db/orm.js';
import { getSessionJson } from '../../src/modules/calls/get-session.js';
import { assembleSessions, SESSION_COLUMNS, type SessionRow } from '../../src/modules/calls/session-views.js';

/**
 * The retrieve route's session is JSON built by PostgreSQL (SESSION_JSON);
 * the listing assembles the same view in JS (toSessionView). Both must give
 * the same fields, in the same order, with the same values.
 */
let t: TestApp;
let a: TestTenant;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  ids = await insertSessions(t.orm.em.fork(), [
    sessionInput(a),
    sessionInput(a, {
      endReason: 'transferred',
      recording: { storageKey: 'tests/none.wav', durationSeconds: 1, sizeBytes: 44 },
      startedAt: new Date('2026-11-01T10:00:00.123Z'),
      legs: [
        ...sessionInput(a).legs,
        {
          direction: 'outbound',
          kind: 'transfer',
          address: '+14155550199',
          startOffsetSeconds: 204,
          durationSeconds: 60,
          turns: [{ speaker: 'human', name: 'Dana (Support)', text: 'Hi "there" \\ ünïcode ✓', offsetMs: 500 }],
        },
      ],
    }),
    // In progress: no end, no end reason, no legs, no agent, no caller, no number, nothing recorded.
    sessionInput(a, {
      status: 'in_progress',
      endReason: null,
      agentId: null,
      caller: {},
      phoneNumber: null,
      variables: [],
      summaries: [],
      legs: [],
    }),
  ]);
});
afterAll(async () => t.close());

describe('SESSION_JSON', () => {
  it('gives the same view as toSessionView, field for field and in the same order', async () => {
    const em = t.orm.em.fork();
    for (const id of ids) {
      const rows = await sql<SessionRow>(em, `select ${SESSION_COLUMNS} from call_session s where s.id = ?`, [id]);
      const [expected] = await assembleSessions(em, rows);
      const actual: unknown = JSON.parse(await getSessionJson(em, a.organizationId, id));
      expect(actual).toEqual(expected);
      expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    }
  });

  it('is what the retrieve route sends, as application/json', async () => {
    const res = await t.request.get(`/v1/call_session/retrieve/${ids[1]}`).set(a.headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = await t.request.get('/v1/call_session/get?from_time=2026-11-01+00:00:00&to_time=2026-11-01+23:59:59').set(a.headers);
    expect(listed.body.sessions.find((s: { session_id: string }) => s.session_id === ids[1])).toEqual(res.body.session);
  });
});
