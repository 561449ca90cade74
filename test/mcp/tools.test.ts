import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { platformTools } from '../../src/mcp/tools/index.js';
import { connectMcp, MCP_BASE_URL, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import { synthesizeWav } from '../../src/modules/calls/wav.js';
import { createProject } from '../../src/modules/org/create-project.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';

/**
 * The tools against the real database through the official SDK client.
 * Project P1 holds two sessions, project P2 one; the MCP principal signed in
 * for P1, so the P2 session must stay invisible to it.
 * Prices are the defaults: an agent leg costs 2600 micros a second, a 60 s
 * transfer leg 34000.
 */
let t: TestApp;
let a: TestTenant;
let p2: string;
let s1: string; // P1, 2026-11-01 10:00 UTC, 204 s agent + 60 s transfer = 564400, recording
let s2: string; // P1, 2026-11-02 09:00 UTC, agent bob, 60 s = 156000
let s3: string; // P2, 2026-11-01 12:00 UTC, 30 s = 78000
let mcp: McpSession;

const EXPECTED_TOOLS = [
  'list_calls',
  'get_call',
  'get_call_tool_call',
  'get_call_recording_url',
  'get_call_cost_breakdown',
  'analytics_overview',
  'analytics_time_series',
  'analytics_heatmap',
  'analytics_cost',
  'billing_overview_get',
];
const LATENCY = { endOfTurnMs: 500, sttMs: 40, engineMs: 15, ttsFirstAudioMs: 90, replyMs: 645 };
const NOVEMBER = { from_time: '2026-11-01 00:00:00', to_time: '2026-11-30 23:59:59' };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  p2 = (await createProject(t.orm.em.fork(), systemPrincipal(a.organizationId), { name: 'Second' })).project_id;
  const wav = synthesizeWav({ seconds: 1, tones: [440] });
  await t.deps.recordings.put('tests/mcp-one.wav', wav);
  const base = sessionInput(a);
  [s1, s2, s3] = await insertSessions(t.orm.em.fork(), [
    sessionInput(a, {
      endReason: 'transferred',
      recording: { storageKey: 'tests/mcp-one.wav', durationSeconds: 1, sizeBytes: wav.length },
      legs: [...base.legs, { direction: 'outbound', kind: 'transfer', address: '+14155550199', startOffsetSeconds: 204, durationSeconds: 60, turns: [] }],
    }),
    sessionInput(a, {
      agentId: 'agt_bob',
      agentName: 'Bob',
      direction: 'outbound',
      phoneNumber: '+14155550101',
      startedAt: new Date('2026-11-02T09:00:00Z'),
      // Its last reply carries the latency parts a live call measures.
      legs: [
        {
          ...base.legs[0],
          direction: 'outbound',
          durationSeconds: 60,
          turns: base.legs[0].turns.map((turn, i) => (i === 3 ? { ...turn, latency: LATENCY } : turn)),
        },
      ],
    }),
    sessionInput(a, {
      projectId: p2,
      startedAt: new Date('2026-11-01T12:00:00Z'),
      legs: [{ ...base.legs[0], durationSeconds: 30 }],
    }),
  ]);
  mcp = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId }));
});
afterAll(async () => {
  await mcp?.close();
  await t.close();
});

describe('tools/list', () => {
  it('lists exactly the registered tools (the calls and analytics ones first), each with schemas and annotations', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(platformTools.map((tool) => tool.name));
    expect(tools.map((tool) => tool.name).filter((name) => EXPECTED_TOOLS.includes(name))).toEqual(EXPECTED_TOOLS);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      // Every hint is declared; the calls and analytics tools only read.
      expect(tool.annotations).toEqual({
        title: tool.title,
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        // True for tools that reach user-given URLs (tool_http_import_spec, resource_create, webhook triggers).
        openWorldHint: expect.any(Boolean),
      });
      if (EXPECTED_TOOLS.includes(tool.name))
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      // The model knows an argument only by its description.
      const properties = Object.entries(tool.inputSchema.properties ?? {}) as [string, { description?: string }][];
      expect(properties.length).toBeGreaterThan(0);
      for (const [name, property] of properties) expect({ tool: tool.name, name, described: !!property.description }).toMatchObject({ described: true });
    }
  });

  it('takes the REST fields in camelCase and marks only ids as required', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName.get('list_calls')!.inputSchema.properties!)).toEqual([
      'fromTime',
      'toTime',
      'pageSize',
      'cursor',
      'agentId',
      'projectId',
      'status',
      'direction',
      'endReason',
      'kind',
    ]);
    expect(byName.get('list_calls')!.inputSchema.required ?? []).toEqual([]);
    expect(byName.get('get_call_tool_call')!.inputSchema.required).toEqual(['sessionId', 'legId', 'toolCallId']);
    expect(Object.keys(byName.get('list_calls')!.outputSchema!.properties!)).toEqual(['sessions', 'has_more', 'next_cursor']);
  });

  it('declares tools and logging, and tells the assistant where it acts', async () => {
    expect(mcp.client.getServerCapabilities()).toEqual({ tools: {}, logging: {} });
    expect(mcp.client.getServerVersion()).toMatchObject({ name: 'voice-agent-platform' });
    const instructions = mcp.client.getInstructions()!;
    expect(instructions).toContain('voice-agent platform');
    expect(instructions).toContain(a.organizationId);
    expect(instructions).toContain(a.projectId);
    // logging/setLevel is answered, since logging is declared.
    await expect(mcp.client.setLoggingLevel('warning')).resolves.toBeDefined();
  });
});

describe('calls tools', () => {
  it("list_calls returns the project's sessions newest first, as structuredContent and as JSON text", async () => {
    const result = await mcp.call('list_calls', NOVEMBER);
    expect(result.isError).toBeFalsy();
    const listing = result.structuredContent as {
      sessions: { session_id: string; total_cost_micros: number }[];
      has_more: boolean;
      next_cursor: string | null;
    };
    expect(listing.sessions.map((s) => s.session_id)).toEqual([s2, s1]);
    expect(listing.sessions.map((s) => s.total_cost_micros)).toEqual([156000, 564400]);
    expect(listing).toMatchObject({ has_more: false, next_cursor: null });
    expect(JSON.parse(textOf(result))).toEqual(listing);
  });

  it('list_calls pages with next_cursor and filters like the REST listing', async () => {
    const first = (await mcp.call('list_calls', { ...NOVEMBER, page_size: 1 })).structuredContent as {
      sessions: { session_id: string }[];
      has_more: boolean;
      next_cursor: string;
    };
    expect(first.sessions.map((s) => s.session_id)).toEqual([s2]);
    expect(first.has_more).toBe(true);
    const second = (await mcp.call('list_calls', { ...NOVEMBER, page_size: 1, cursor: first.next_cursor })).structuredContent as {
      sessions: { session_id: string }[];
      has_more: boolean;
    };
    expect(second.sessions.map((s) => s.session_id)).toEqual([s1]);
    expect(second.has_more).toBe(false);
    const outbound = (await mcp.call('list_calls', { ...NOVEMBER, direction: 'outbound', agent_id: 'agt_bob' })).structuredContent as {
      sessions: { session_id: string }[];
    };
    expect(outbound.sessions.map((s) => s.session_id)).toEqual([s2]);
  });

  it('get_call and get_call_tool_call return the session and its tool call', async () => {
    const result = await mcp.call('get_call', { session_id: s1 });
    const session = (
      result.structuredContent as {
        session: {
          session_id: string;
          duration_seconds: number;
          has_recording: boolean;
          legs: { leg_id: string; transcript: { items: { tool_call?: { tool_call_id: string } }[] } }[];
        };
      }
    ).session;
    expect(session).toMatchObject({ session_id: s1, duration_seconds: 264, has_recording: true });
    const legId = session.legs[0].leg_id;
    const toolCallId = session.legs[0].transcript.items[2].tool_call!.tool_call_id;
    const toolCall = await mcp.call('get_call_tool_call', { session_id: s1, leg_id: legId, tool_call_id: toolCallId });
    expect(toolCall.structuredContent).toEqual({
      tool_call: expect.objectContaining({ tool_call_id: toolCallId, name: 'check_availability', status: 'succeeded', duration_ms: 420 }),
    });
    const { tool_call } = toolCall.structuredContent as { tool_call: { request_text: string } };
    expect(JSON.parse(tool_call.request_text)).toEqual({ day: 'Tuesday' });
  });

  it('get_call sends PostgreSQL-built JSON that matches its output schema exactly, as REST retrieve does', async () => {
    const tool = platformTools.find((candidate) => candidate.name === 'get_call')!;
    for (const sessionId of [s1, s2]) {
      const result = await mcp.call('get_call', { session_id: sessionId });
      // Parsing through the schema changes nothing: no field missing, none extra, every type as declared.
      expect(tool.outputSchema.strict().parse(result.structuredContent)).toEqual(result.structuredContent);
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
      const rest = await t.request.get(`/v1/call_session/retrieve/${sessionId}`).set(a.headers);
      expect(result.structuredContent).toEqual(rest.body);
    }
    // A reply's latency is part of the schema, so the checks above held it (s2's last reply).
    const { session } = (await mcp.call('get_call', { session_id: s2 })).structuredContent as { session: { legs: { transcript: { items: object[] } }[] } };
    expect(session.legs[0].transcript.items[3]).toMatchObject({
      text: 'Tuesday at 10:00 is free.',
      latency: { end_of_turn_ms: 500, stt_ms: 40, engine_ms: 15, tts_first_audio_ms: 90, reply_ms: 645 },
    });
    expect(session.legs[0].transcript.items[0]).not.toHaveProperty('latency');
  });

  it('get_call_recording_url returns a signed link on the base URL that serves the audio', async () => {
    const result = await mcp.call('get_call_recording_url', { session_id: s1 });
    const { recording } = result.structuredContent as { recording: { url: string; expires_in: number; content_type: string } };
    expect(recording).toMatchObject({ expires_in: 3600, content_type: 'audio/wav' });
    expect(recording.url.startsWith(`${MCP_BASE_URL}/recordings/rec_`)).toBe(true);
    const url = new URL(recording.url);
    const audio = await t.request.get(url.pathname + url.search);
    expect(audio.status).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    // A session without a recording says so.
    const none = await mcp.call('get_call_recording_url', { session_id: s2 });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toBe(`Call session ${s2} has no recording (NOT_FOUND)`);
  });

  it('get_call_cost_breakdown adds up per component and per leg', async () => {
    const result = await mcp.call('get_call_cost_breakdown', { session_id: s1 });
    const { cost_breakdown } = result.structuredContent as {
      cost_breakdown: {
        total_cost_micros: number;
        currency: string;
        components: { component: string; amount_micros: number }[];
        legs: { cost_micros: number }[];
      };
    };
    expect(cost_breakdown.total_cost_micros).toBe(564400);
    expect(cost_breakdown.currency).toBe('USD');
    expect(cost_breakdown.legs.map((l) => l.cost_micros)).toEqual([530400, 34000]);
    expect(cost_breakdown.components).toContainEqual({ component: 'telephony', amount_micros: 47600 + 14000 });
  });
});

describe('analytics and billing tools', () => {
  const TWO_DAYS = { from_time: '2026-11-01 00:00:00', to_time: '2026-11-02 23:59:59' };

  it("analytics_overview counts the project's sessions only", async () => {
    const { overview } = (await mcp.call('analytics_overview', TWO_DAYS)).structuredContent as {
      overview: Record<string, unknown> & { previous_period: { sessions: number } };
    };
    expect(overview).toMatchObject({ sessions: 2, ended: 2, duration_seconds: 324, cost_micros: 720400, transferred: 1, tool_calls: 2 });
    expect(overview.previous_period.sessions).toBe(0);
  });

  it('analytics_time_series gives one point per day', async () => {
    const { time_series } = (await mcp.call('analytics_time_series', { ...TWO_DAYS, interval: 'day' })).structuredContent as {
      time_series: { points: { local_start: string; sessions: number; cost_micros: number }[] };
    };
    expect(time_series.points.map((p) => [p.local_start, p.sessions, p.cost_micros])).toEqual([
      ['2026-11-01T00:00:00', 1, 564400],
      ['2026-11-02T00:00:00', 1, 156000],
    ]);
  });

  it('analytics_heatmap puts each session in its weekday and hour', async () => {
    const { heatmap } = (await mcp.call('analytics_heatmap', { ...TWO_DAYS, time_zone: 'UTC' })).structuredContent as {
      heatmap: { cells: { day_of_week: number; hour: number; sessions: number }[] };
    };
    expect(heatmap.cells).toHaveLength(168);
    // 2026-11-01 is a Sunday (6), 2026-11-02 a Monday (0).
    expect(heatmap.cells.filter((c) => c.sessions > 0).map((c) => [c.day_of_week, c.hour, c.sessions])).toEqual([
      [0, 9, 1],
      [6, 10, 1],
    ]);
  });

  it('analytics_cost gives the total, per agent and per day in micros', async () => {
    const { cost } = (await mcp.call('analytics_cost', TWO_DAYS)).structuredContent as { cost: Record<string, unknown> };
    expect(cost).toEqual({
      from_time: '2026-11-01T00:00:00.000Z',
      to_time: '2026-11-02T23:59:59.000Z',
      time_zone: 'UTC',
      currency: 'USD',
      sessions: 2,
      duration_seconds: 324,
      cost_micros: 720400,
      average_cost_micros: 360200,
      // 720400 micros over 5.4 minutes.
      average_cost_per_minute_micros: 133407,
      by_agent: [
        { agent_id: 'agt_01JTEST0000000000000000000', agent_name: 'Front Desk', sessions: 1, duration_seconds: 264, cost_micros: 564400, share: 0.7835 },
        { agent_id: 'agt_bob', agent_name: 'Bob', sessions: 1, duration_seconds: 60, cost_micros: 156000, share: 0.2165 },
      ],
      by_day: [
        { date: '2026-11-01', sessions: 1, duration_seconds: 264, cost_micros: 564400 },
        { date: '2026-11-02', sessions: 1, duration_seconds: 60, cost_micros: 156000 },
      ],
    });
  });

  it('billing_overview_get gives spend to date per period, per agent and per number', async () => {
    const { billing_overview: b } = (await mcp.call('billing_overview_get', { as_of: '2026-11-02 18:00:00' })).structuredContent as {
      billing_overview: Record<string, unknown> & { months: { month: string; cost_micros: number }[]; days: unknown[] };
    };
    expect(b).toMatchObject({
      currency: 'USD',
      as_of: '2026-11-02T18:00:00.000Z',
      today: { from_time: '2026-11-02T00:00:00.000Z', to_time: '2026-11-02T18:00:00.000Z', sessions: 1, duration_seconds: 60, cost_micros: 156000 },
      this_month: { from_time: '2026-11-01T00:00:00.000Z', sessions: 2, cost_micros: 720400 },
      last_month: { from_time: '2026-10-01T00:00:00.000Z', to_time: '2026-10-31T23:59:59.000Z', sessions: 0, cost_micros: 0 },
      year_to_date: { from_time: '2026-01-01T00:00:00.000Z', sessions: 2, cost_micros: 720400 },
      days: [
        { date: '2026-11-01', sessions: 1, duration_seconds: 264, cost_micros: 564400 },
        { date: '2026-11-02', sessions: 1, duration_seconds: 60, cost_micros: 156000 },
      ],
      by_agent: [
        {
          agent_id: 'agt_01JTEST0000000000000000000',
          agent_name: 'Front Desk',
          this_month: { sessions: 1, cost_micros: 564400 },
          last_month: { sessions: 0, cost_micros: 0 },
        },
        { agent_id: 'agt_bob', agent_name: 'Bob', this_month: { sessions: 1, cost_micros: 156000 }, last_month: { sessions: 0, cost_micros: 0 } },
      ],
      by_phone_number: [
        { phone_number: '+14155550100', this_month: { sessions: 1, cost_micros: 564400 }, last_month: { sessions: 0, cost_micros: 0 } },
        { phone_number: '+14155550101', this_month: { sessions: 1, cost_micros: 156000 }, last_month: { sessions: 0, cost_micros: 0 } },
      ],
    });
    expect(b.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(b.months.at(-1)!.cost_micros).toBe(720400);
  });

  it('without a project in the sign-in, the tools see every project of the organization', async () => {
    const orgWide = await connectMcp(t, mcpPrincipal(a));
    try {
      const listing = (await orgWide.call('list_calls', NOVEMBER)).structuredContent as { sessions: { session_id: string }[] };
      expect(listing.sessions.map((s) => s.session_id)).toEqual([s2, s3, s1]);
      const { billing_overview } = (await orgWide.call('billing_overview_get', { as_of: '2026-11-02 18:00:00' })).structuredContent as {
        billing_overview: { this_month: { cost_micros: number } };
      };
      expect(billing_overview.this_month.cost_micros).toBe(720400 + 78000);
      const only2 = (await orgWide.call('analytics_cost', { ...TWO_DAYS, project_id: p2 })).structuredContent as { cost: { cost_micros: number } };
      expect(only2.cost.cost_micros).toBe(78000);
    } finally {
      await orgWide.close();
    }
  });
});
