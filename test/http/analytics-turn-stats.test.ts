import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { recordSessions, type SessionInput, type TurnInput } from '../../src/modules/calls/record-sessions.js';
import { DEFAULT_PRICE_LIST } from '../../src/modules/org/org.entity.js';
import type { EndReason } from '../../src/modules/calls/calls.entity.js';
import { connectMcp, mcpPrincipal } from '../support/mcp.js';
import { versionStats } from '../../src/modules/releases/guard.js';

/**
 * Turn statistics per agent version (issue 31, item 6), read from the
 * transcripts: unrecognized turns, backchannels, not_understood endings,
 * interruption stop times and the reply latency percentiles, live calls only
 * by default.
 */
let t: TestApp;
let a: TestTenant;

const reply = (replyMs: number): TurnInput => ({
  speaker: 'agent',
  text: 'Sure.',
  offsetMs: 1000,
  latency: { endOfTurnMs: 250, sttMs: 0, engineMs: 2, ttsFirstAudioMs: replyMs - 252, replyMs },
});
/** An agent line the caller cut in on, its audio stopped after stopMs. */
const cutOff = (stopMs: number): TurnInput => ({ speaker: 'agent', text: 'We have', offsetMs: 1500, interruption: { stopMs } });
const caller = (kind: 'speech' | 'unrecognized' | 'backchannel'): TurnInput => ({
  speaker: 'customer',
  text: kind === 'unrecognized' ? '' : 'okay',
  offsetMs: 500,
  heard: { kind },
});

function session(version: string, turns: TurnInput[], endReason: EndReason = 'customer_hangup', kind: 'live' | 'test' = 'live'): SessionInput {
  return {
    organizationId: a.organizationId,
    projectId: a.projectId,
    agentId: 'agt_turns',
    agentName: 'Turns',
    agentVersionId: version,
    status: 'ended',
    endReason,
    direction: 'inbound',
    kind,
    caller: { address: '+14155550123' },
    phoneNumber: '+14155550100',
    startedAt: new Date('2026-03-02T10:00:00Z'),
    legs: [{ direction: 'inbound', kind: 'agent', startOffsetSeconds: 0, durationSeconds: 30, turns }],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  await recordSessions(
    t.orm.em.fork(),
    [
      // Version 1: replies of 300, 400, 500 and 1000 ms; 1 of 6 caller turns unrecognized; one backchannel.
      // Two interruptions, stopped after 40 and 60 ms.
      session('agv_one', [caller('speech'), reply(300), caller('backchannel'), caller('speech'), reply(400), cutOff(40)]),
      session('agv_one', [caller('unrecognized'), caller('speech'), reply(500), cutOff(60), caller('speech'), reply(1000)]),
      // Version 2: two unrecognized turns and the fallback.
      session('agv_two', [caller('unrecognized'), caller('unrecognized'), caller('unrecognized')], 'not_understood'),
      // A call still in progress is not counted: its transcript is not whole yet.
      { ...session('agv_two', [caller('speech'), reply(7000)]), status: 'in_progress', endReason: null },
      // A test run is not counted unless asked for.
      session('agv_two', [caller('speech'), reply(9000)], 'customer_hangup', 'test'),
    ],
    () => DEFAULT_PRICE_LIST,
  );
});
afterAll(async () => t.close());

const RANGE = 'from_time=2026-03-02+00:00:00&to_time=2026-03-02+23:59:59';

describe('GET /v1/call_session/analytics/turn_stats', () => {
  it('gives per version the turns not understood, the backchannels, the not_understood endings and reply latency p50/p95', async () => {
    const res = await t.request.get(`/v1/call_session/analytics/turn_stats?${RANGE}`).set(a.headers);
    expect(res.status).toBe(200);
    expect(res.body.turn_stats.versions).toEqual([
      {
        agent_id: 'agt_turns',
        agent_version_id: 'agv_one',
        sessions: 2,
        caller_turns: 6,
        unrecognized_turns: 1,
        unrecognized_rate: 0.1667,
        backchannels: 1,
        replies_measured: 4,
        reply_ms_p50: 450,
        reply_ms_p95: 925,
        end_of_turn_ms_p50: 250,
        interruptions: 2,
        interruption_stop_ms_p50: 50,
        interruption_stop_ms_p95: 59,
        not_understood_sessions: 0,
      },
      {
        agent_id: 'agt_turns',
        agent_version_id: 'agv_two',
        sessions: 1,
        caller_turns: 3,
        unrecognized_turns: 3,
        unrecognized_rate: 1,
        backchannels: 0,
        replies_measured: 0,
        reply_ms_p50: null,
        reply_ms_p95: null,
        end_of_turn_ms_p50: null,
        interruptions: 0,
        interruption_stop_ms_p50: null,
        interruption_stop_ms_p95: null,
        not_understood_sessions: 1,
      },
    ]);
    const withTests = await t.request.get(`/v1/call_session/analytics/turn_stats?${RANGE}&kind=all&agent_id=agt_turns`).set(a.headers);
    expect(withTests.body.turn_stats.versions.find((v: { agent_version_id: string }) => v.agent_version_id === 'agv_two')).toMatchObject({
      sessions: 2,
      replies_measured: 1,
      reply_ms_p50: 9000,
    });
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await t.request.get('/v1/call_session/analytics/turn_stats?from_time=2026-03-03+00:00:00&to_time=2026-03-02+00:00:00').set(a.headers);
    expect(res.status).toBe(400);
  });

  it('is the MCP tool analytics_turn_stats too', async () => {
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      const result = await mcp.call('analytics_turn_stats', { from_time: '2026-03-02 00:00:00', to_time: '2026-03-02 23:59:59' });
      expect(result.isError).toBeFalsy();
      const content = result.structuredContent as { turn_stats: { versions: { agent_version_id: string; reply_ms_p50: number | null }[] } };
      expect(content.turn_stats.versions.map((v) => [v.agent_version_id, v.reply_ms_p50])).toEqual([
        ['agv_one', 450],
        ['agv_two', null],
      ]);
    } finally {
      await mcp.close();
    }
  });

  it("gives the release guard each version's reply latency p95 from live calls", async () => {
    const stats = await versionStats(t.orm.em.fork(), {
      organizationId: a.organizationId,
      agentId: 'agt_turns',
      versionIds: ['agv_one', 'agv_two'],
      since: new Date('2026-03-01T00:00:00Z'),
    });
    // agv_two's only measured reply was a test run's: not a live call, so nothing to judge.
    expect(stats.map((v) => [v.version_id, v.reply_ms_p95])).toEqual([
      ['agv_one', 925],
      ['agv_two', null],
    ]);
  });
});
