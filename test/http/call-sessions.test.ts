import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { synthesizeWav } from '../../src/modules/calls/wav.js';

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let sessionId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  const wav = synthesizeWav({ seconds: 1, tones: [440] });
  await t.deps.recordings.put('tests/one.wav', wav);
  [sessionId] = await insertSessions(t.orm.em.fork(), [
    sessionInput(a, {
      recording: { storageKey: 'tests/one.wav', durationSeconds: 1, sizeBytes: wav.length },
      endReason: 'transferred',
      legs: [
        ...sessionInput(a).legs,
        {
          direction: 'outbound',
          kind: 'transfer',
          address: '+14155550199',
          startOffsetSeconds: 204,
          durationSeconds: 60,
          turns: [{ speaker: 'human', name: 'Dana (Support)', text: 'Hi, Dana here.', offsetMs: 500 }],
        },
      ],
    }),
  ]);
});
afterAll(async () => t.close());

const get = (path: string, tenant: TestTenant = a) => t.request.get(path).set(tenant.headers);

describe('GET /v1/call_session/retrieve/{session_id}', () => {
  it('returns every field, legs in order, transcript items in order, tool calls inline', async () => {
    const res = await get(`/v1/call_session/retrieve/${sessionId}`);
    expect(res.status).toBe(200);
    const s = res.body.session;
    expect(s).toMatchObject({
      session_id: sessionId,
      status: 'ended',
      end_reason: 'transferred',
      direction: 'inbound',
      caller: { name: 'Ana Garcia', address: '+14155550123' },
      agent: { agent_name: 'Front Desk' },
      duration_seconds: 264,
      variables: [{ key: 'customer_name', value: 'Ana Garcia' }],
      has_recording: true,
      started_at: '2026-11-01T10:00:00.000Z',
      ended_at: '2026-11-01T10:04:24.000Z',
    });
    // 204 s on the agent leg at 0.156/min, plus 60 s of telephony and platform on the transfer leg.
    expect(s.legs.map((l: { cost_micros: number }) => l.cost_micros)).toEqual([530400, 34000]);
    expect(s.total_cost_micros).toBe(564400);
    expect(s.legs.map((l: { kind: string; duration_seconds: number }) => [l.kind, l.duration_seconds])).toEqual([
      ['agent', 204],
      ['transfer', 60],
    ]);
    const items = s.legs[0].transcript.items;
    expect(items.map((i: { speaker: string }) => i.speaker)).toEqual(['agent', 'customer', 'agent', 'agent']);
    expect(items[2]).toEqual({
      speaker: 'agent',
      text: 'Calling check_availability',
      offset_ms: 4000,
      tool_call: { tool_call_id: expect.stringMatching(/^tc_/), name: 'check_availability', duration_ms: '420' },
    });
    expect(s.legs[1].transcript.items[0]).toMatchObject({ speaker: 'human', name: 'Dana (Support)' });
  });

  it("404 for an unknown id and for another organization's session", async () => {
    const unknown = await get('/v1/call_session/retrieve/sess_01JUNKNOWN0000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const foreign = await get(`/v1/call_session/retrieve/${sessionId}`, b);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(unknown.body.detail.replace('sess_01JUNKNOWN0000000000000000', sessionId));
  });
});

describe('GET .../leg/{leg_id}/tool_call/{tool_call_id}/retrieve', () => {
  it('returns the tool call with JSON-encoded request and response', async () => {
    const s = (await get(`/v1/call_session/retrieve/${sessionId}`)).body.session;
    const legId = s.legs[0].leg_id;
    const toolCallId = s.legs[0].transcript.items[2].tool_call.tool_call_id;
    const res = await get(`/v1/call_session/${sessionId}/leg/${legId}/tool_call/${toolCallId}/retrieve`);
    expect(res.status).toBe(200);
    expect(res.body.tool_call).toMatchObject({ name: 'check_availability', status: 'succeeded', duration_ms: 420 });
    expect(JSON.parse(res.body.tool_call.request_text)).toEqual({ day: 'Tuesday' });
    expect(JSON.parse(res.body.tool_call.response_text)).toEqual({ slots: ['10:00'] });
    // The wrong leg, an unknown id, or another organization: 404.
    expect((await get(`/v1/call_session/${sessionId}/leg/${s.legs[1].leg_id}/tool_call/${toolCallId}/retrieve`)).status).toBe(404);
    expect((await get(`/v1/call_session/${sessionId}/leg/${legId}/tool_call/tc_nope/retrieve`)).status).toBe(404);
    expect((await get(`/v1/call_session/${sessionId}/leg/${legId}/tool_call/${toolCallId}/retrieve`, b)).status).toBe(404);
  });
});

describe('GET /v1/call_session/{id}/cost_breakdown', () => {
  it('breaks the cost down per leg and per component, adding up to the total', async () => {
    const res = await get(`/v1/call_session/${sessionId}/cost_breakdown`);
    expect(res.status).toBe(200);
    const c = res.body.cost_breakdown;
    expect(c.total_cost_micros).toBe(564400);
    expect(c.currency).toBe('USD');
    expect(c.legs[0].lines).toContainEqual({ component: 'model', seconds: 204, per_minute_micros: 60000, amount_micros: 204000 });
    expect(c.legs[0].lines.reduce((sum: number, l: { amount_micros: number }) => sum + l.amount_micros, 0)).toBe(530400);
    expect(c.components.reduce((sum: number, l: { amount_micros: number }) => sum + l.amount_micros, 0)).toBe(564400);
    expect(c.components).toContainEqual({ component: 'telephony', amount_micros: 47600 + 14000 });
    expect((await get(`/v1/call_session/${sessionId}/cost_breakdown`, b)).status).toBe(404);
  });
});

describe('recordings', () => {
  it('issues a new signed link per request that serves the WAV without headers', async () => {
    const first = await get(`/v1/call_session/${sessionId}/recording_url/retrieve`);
    expect(first.status).toBe(200);
    expect(first.body.recording).toMatchObject({ expires_in: 3600, content_type: 'audio/wav', recording_id: expect.stringMatching(/^rec_/) });
    const expiresAt = Date.parse(first.body.recording.expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(3590_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(3600_000);
    // At once, with no pause: each request still gets its own link (spec 2.5), and every one of them plays.
    const second = await get(`/v1/call_session/${sessionId}/recording_url/retrieve`);
    expect(second.body.recording.url).not.toBe(first.body.recording.url);
    const { createRecordingLink } = await import('../../src/modules/calls/recording-links.js');
    const now = Date.now();
    const sameSecond = await Promise.all(
      [0, 1].map(() =>
        createRecordingLink(t.orm.em.fork(), { secret: t.deps.config.recordings.linkSecret, baseUrl: 'http://x', now }, a.organizationId, sessionId),
      ),
    );
    expect(sameSecond[0].expires_at).toBe(sameSecond[1].expires_at);
    expect(sameSecond[0].url).not.toBe(sameSecond[1].url);
    for (const link of [first.body.recording.url, second.body.recording.url, ...sameSecond.map((l) => l.url)]) {
      const url = new URL(link);
      const audio = await t.request
        .get(url.pathname + url.search)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(audio.status).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/wav');
      expect((audio.body as Buffer).subarray(0, 4).toString()).toBe('RIFF');
      expect((audio.body as Buffer).subarray(8, 12).toString()).toBe('WAVE');
    }
  });

  it('refuses a tampered link and an expired one with 403', async () => {
    const link = new URL((await get(`/v1/call_session/${sessionId}/recording_url/retrieve`)).body.recording.url);
    const tamper = (key: string, value: string) => {
      const u = new URL(link);
      u.searchParams.set(key, value);
      return u.pathname + u.search;
    };
    const sig = link.searchParams.get('signature')!;
    for (const path of [
      tamper('signature', sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A')),
      tamper('expires', String(Number(link.searchParams.get('expires')) + 3600)),
      tamper('org', b.organizationId),
      tamper('nonce', 'another-nonce'),
      tamper('nonce', 'not/a nonce'),
      link.pathname.replace(/rec_[^/]+/, 'rec_01JOTHER000000000000000000') + link.search,
      link.pathname,
    ]) {
      const res = await t.request.get(path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('LINK_INVALID');
    }
    const { createRecordingLink } = await import('../../src/modules/calls/recording-links.js');
    const old = await createRecordingLink(
      t.orm.em.fork(),
      { secret: t.deps.config.recordings.linkSecret, baseUrl: 'http://x', now: Date.now() - 3601_000 },
      a.organizationId,
      sessionId,
    );
    const expired = new URL(old.url);
    const res = await t.request.get(expired.pathname + expired.search);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('LINK_EXPIRED');
  });

  it('404 for a session without a recording and for another organization', async () => {
    const [plain] = await insertSessions(t.orm.em.fork(), [sessionInput(a)]);
    const res = await get(`/v1/call_session/${plain}/recording_url/retrieve`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/no recording/);
    expect((await get(`/v1/call_session/${sessionId}/recording_url/retrieve`, b)).status).toBe(404);
  });
});
