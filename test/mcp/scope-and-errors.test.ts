import { Writable } from 'node:stream';
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import pino from 'pino';
import { z } from 'zod';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { connectMcp, detailsOf, MCP_BASE_URL, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import { callTool, defineTool } from '../../src/mcp/tool.js';
import { createProject } from '../../src/modules/org/create-project.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { createUser } from '../../src/modules/people/users.js';
import { addMember } from '../../src/modules/people/members.js';
import { resolveUserPrincipal } from '../../src/modules/people/resolve-principal.js';

/**
 * What an assistant may see and what it is told when it may not: project
 * scoping, permissions, bad arguments, unexpected failures.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let p2: string;
let mine: string; // project P1 of organization A
let otherProject: string; // project P2 of organization A
let otherOrg: string; // organization B
let otherProjectIds: { leg_id: string; tool_call_id: string };
let admin: McpSession; // signed in for P1 with every permission
let viewer: McpSession; // a real viewer membership, resolved as the MCP endpoint does

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  const em = t.orm.em.fork();
  p2 = (await createProject(em, systemPrincipal(a.organizationId), { name: 'Second' })).project_id;
  await t.deps.recordings.put('tests/mcp-scope.wav', Buffer.from('RIFF0000WAVE'));
  const recording = { storageKey: 'tests/mcp-scope.wav', durationSeconds: 1, sizeBytes: 12 };
  [mine, otherProject] = await insertSessions(em, [sessionInput(a, { recording }), sessionInput(a, { projectId: p2, recording })]);
  [otherOrg] = await insertSessions(em, [sessionInput(b, { recording })]);
  const session = (await t.request.get(`/v1/call_session/retrieve/${otherProject}`).set(a.headers)).body.session;
  otherProjectIds = { leg_id: session.legs[0].leg_id, tool_call_id: session.legs[0].transcript.items[2].tool_call.tool_call_id };

  const user = await createUser(em, { email: `${unique('viewer')}@example.test`, name: 'Vera Viewer', password: 'correct horse battery' });
  await addMember(em, systemPrincipal(a.organizationId), { email: user.email, role: 'viewer' });
  const viewerPrincipal = await resolveUserPrincipal(t.orm.em.fork(), {
    userId: user.id,
    organizationId: a.organizationId,
    projectId: a.projectId,
    via: 'mcp',
  });
  admin = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId }));
  viewer = await connectMcp(t, viewerPrincipal);
});
afterAll(async () => {
  await admin?.close();
  await viewer?.close();
  await t.close();
});

describe('project scope', () => {
  it('a session of another project of the same organization is not found through MCP, but visible through REST', async () => {
    expect((await admin.call('get_call', { session_id: mine })).isError).toBeFalsy();
    const calls: [string, Record<string, unknown>][] = [
      ['get_call', { session_id: otherProject }],
      ['get_call_recording_url', { session_id: otherProject }],
      ['get_call_cost_breakdown', { session_id: otherProject }],
      ['get_call_tool_call', { session_id: otherProject, ...otherProjectIds }],
    ];
    for (const [tool, args] of calls) {
      const result = await admin.call(tool, args);
      expect({ tool, isError: result.isError }).toEqual({ tool, isError: true });
      expect(textOf(result)).toMatch(/was not found \(NOT_FOUND\)$/);
      expect(textOf(result)).toContain(tool === 'get_call_tool_call' ? otherProjectIds.tool_call_id : otherProject);
    }
    // The same API organization reads it through REST, which is not bound to a project.
    expect((await t.request.get(`/v1/call_session/retrieve/${otherProject}`).set(a.headers)).status).toBe(200);
    expect((await t.request.get(`/v1/call_session/${otherProject}/cost_breakdown`).set(a.headers)).status).toBe(200);
    expect((await t.request.get(`/v1/call_session/${otherProject}/recording_url/retrieve`).set(a.headers)).status).toBe(200);
  });

  it("another organization's session is not found, even without a project in the sign-in", async () => {
    const orgWide = await connectMcp(t, mcpPrincipal(a));
    try {
      expect((await orgWide.call('get_call', { session_id: otherProject })).isError).toBeFalsy();
      const foreign = await orgWide.call('get_call', { session_id: otherOrg });
      expect(foreign.isError).toBe(true);
      expect(textOf(foreign)).toBe(`Call session ${otherOrg} was not found (NOT_FOUND)`);
    } finally {
      await orgWide.close();
    }
  });

  it('listings and analytics leave the other project out, and refuse a filter naming it', async () => {
    const listing = (await admin.call('list_calls', { from_time: '2026-11-01 00:00:00', to_time: '2026-11-01 23:59:59' })).structuredContent as {
      sessions: { session_id: string }[];
    };
    expect(listing.sessions.map((s) => s.session_id)).toEqual([mine]);
    const overview = (await admin.call('analytics_overview', { from_time: '2026-11-01 00:00:00', to_time: '2026-11-01 23:59:59' })).structuredContent as {
      overview: { sessions: number };
    };
    expect(overview.overview.sessions).toBe(1);
    for (const tool of ['list_calls', 'analytics_overview', 'analytics_time_series', 'analytics_heatmap', 'analytics_cost', 'billing_overview_get']) {
      const result = await admin.call(tool, { project_id: p2 });
      expect({ tool, isError: result.isError }).toEqual({ tool, isError: true });
      expect(textOf(result)).toBe(`This sign-in acts in project ${a.projectId} only (FORBIDDEN)\n- projectId: must be ${a.projectId}, or left out`);
    }
    // Naming its own project is fine.
    expect((await admin.call('list_calls', { project_id: a.projectId })).isError).toBeFalsy();
  });
});

describe('permissions', () => {
  it('a viewer reads calls and analytics but is told which permission the money tools need', async () => {
    expect((await viewer.call('get_call', { session_id: mine })).isError).toBeFalsy();
    expect((await viewer.call('analytics_overview', {})).isError).toBeFalsy();
    expect((await viewer.call('get_call_recording_url', { session_id: mine })).isError).toBeFalsy();
    for (const [tool, args] of [
      ['billing_overview_get', {}],
      ['analytics_cost', {}],
      ['get_call_cost_breakdown', { session_id: mine }],
    ] as const) {
      const result = await viewer.call(tool, args);
      expect({ tool, isError: result.isError, structured: result.structuredContent }).toEqual({ tool, isError: true, structured: undefined });
      expect(textOf(result)).toBe('This action needs the permission billing:read, which your role does not grant (FORBIDDEN)');
      expect(detailsOf(result)).toEqual({ required_permission: 'billing:read' });
    }
  });

  it('the permission is checked before the arguments', async () => {
    const result = await viewer.call('billing_overview_get', { months: 0 });
    expect(textOf(result)).toContain('billing:read');
  });

  it('each tool names its own permission', async () => {
    const nobody = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId, permissions: [] }));
    try {
      const expected: Record<string, string> = {
        list_calls: 'calls:read',
        get_call: 'calls:read',
        get_call_tool_call: 'calls:read',
        get_call_recording_url: 'recordings:read',
        get_call_cost_breakdown: 'billing:read',
        analytics_overview: 'analytics:read',
        analytics_time_series: 'analytics:read',
        analytics_heatmap: 'analytics:read',
        analytics_cost: 'billing:read',
        billing_overview_get: 'billing:read',
      };
      for (const [tool, permission] of Object.entries(expected)) {
        const result = await nobody.call(tool, {});
        expect({ tool, text: textOf(result) }).toEqual({
          tool,
          text: `This action needs the permission ${permission}, which your role does not grant (FORBIDDEN)`,
        });
      }
    } finally {
      await nobody.close();
    }
  });
});

describe('bad arguments are tool errors naming the field', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    [
      'a timestamp in another form',
      'list_calls',
      { fromTime: 'yesterday' },
      'The request is not valid (VALIDATION_FAILED)\n- fromTime: expected the form YYYY-MM-DD HH:MM:SS (UTC) or an ISO 8601 timestamp with a zone',
    ],
    [
      'a date that does not exist',
      'analytics_overview',
      { toTime: '2026-02-30 00:00:00' },
      'The request is not valid (VALIDATION_FAILED)\n- toTime: 2026-02-30 00:00:00 is not a real date and time',
    ],
    ['page_size 0', 'list_calls', { pageSize: 0 }, 'The request is not valid (VALIDATION_FAILED)\n- pageSize: Too small: expected number to be >=1'],
    [
      'page_size of the wrong type',
      'list_calls',
      { pageSize: 'many' },
      'The request is not valid (VALIDATION_FAILED)\n- pageSize: Invalid input: expected number, received NaN',
    ],
    [
      'a cursor this server never issued',
      'list_calls',
      { cursor: 'not-a-cursor' },
      'The cursor is not valid: it is not a cursor returned by this API (INVALID_CURSOR)\n- cursor: it is not a cursor returned by this API',
    ],
    [
      'from_time after to_time',
      'analytics_cost',
      { fromTime: '2026-11-02 00:00:00', toTime: '2026-11-01 00:00:00' },
      'from_time is after to_time (VALIDATION_FAILED)\n- fromTime: must not be after to_time',
    ],
    [
      'an unknown argument',
      'get_call',
      { sessionId: 'sess_x', verbose: true },
      'The request is not valid (VALIDATION_FAILED)\n- verbose: is not a known parameter',
    ],
    ['a missing id', 'get_call', {}, 'The request is not valid (VALIDATION_FAILED)\n- sessionId: Invalid input: expected string, received undefined'],
    [
      'an unknown time zone',
      'analytics_heatmap',
      { timeZone: 'Mars/Olympus' },
      'The request is not valid (VALIDATION_FAILED)\n- timeZone: Mars/Olympus is not an IANA time zone name (such as UTC or America/New_York)',
    ],
    ['too many months', 'billing_overview_get', { months: 25 }, 'The request is not valid (VALIDATION_FAILED)\n- months: Too big: expected number to be <=24'],
    [
      'an unknown session id',
      'get_call',
      { sessionId: 'sess_01JUNKNOWN0000000000000000' },
      'Call session sess_01JUNKNOWN0000000000000000 was not found (NOT_FOUND)',
    ],
  ];
  it.each(cases)('%s', async (_case, tool, args, message) => {
    const result = await admin.call(tool, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toBe(message);
  });

  it('a cursor issued for other filters is refused', async () => {
    await insertSessions(t.orm.em.fork(), [sessionInput(a, { startedAt: new Date('2026-11-01T11:00:00Z') })]);
    const first = (await admin.call('list_calls', { page_size: 1, from_time: '2026-11-01 00:00:00', to_time: '2026-11-01 23:59:59' })).structuredContent as {
      next_cursor: string;
    };
    const result = await admin.call('list_calls', { page_size: 1, cursor: first.next_cursor, direction: 'outbound' });
    expect(textOf(result)).toBe(
      'The cursor is not valid: it was issued for other filters; send the same filters as the first page (INVALID_CURSOR)\n' +
        '- cursor: it was issued for other filters; send the same filters as the first page',
    );
  });

  it('an unknown tool is a protocol error, as the MCP spec has it', async () => {
    const call = admin.client.callTool({ name: 'delete_everything', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
  });
});

describe('unexpected failures', () => {
  function capturingLogger() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { logger: pino({ level: 'error' }, stream), lines };
  }
  const context = (logger: pino.Logger, requestId?: string) => ({
    principal: { ...mcpPrincipal(a), requestId },
    em: t.orm.em.fork(),
    deps: { ...t.deps, logger },
    baseUrl: MCP_BASE_URL,
    progress: () => {},
  });
  const base = {
    title: 'Broken',
    description: 'A tool that fails, to see what the assistant is told.',
    input: {},
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    permission: 'calls:read' as const,
  };

  it('are logged with their trace and reported by request id only', async () => {
    const broken = defineTool({
      ...base,
      name: 'broken',
      output: z.object({ ok: z.boolean() }),
      handler: async () => {
        throw new Error('connection to 10.0.0.7 refused, password=hunter2');
      },
    });
    const { logger, lines } = capturingLogger();
    const result = await callTool(broken, {}, context(logger, 'req-1234567890'));
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'internal error, request id req-1234567890' }] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'MCP tool failed',
      tool: 'broken',
      request_id: 'req-1234567890',
      err: { message: expect.stringContaining('hunter2') },
    });
  });

  it('an output that does not match the output schema is a bug, not data', async () => {
    const wrong = defineTool({
      ...base,
      name: 'wrong_shape',
      output: z.object({ count: z.number().int() }),
      handler: async () => ({ count: 'seven' }) as unknown as { count: number },
    });
    const { logger, lines } = capturingLogger();
    const result = await callTool(wrong, {}, context(logger));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^internal error, request id [0-9a-f-]{36}$/);
    expect(lines[0]).toMatchObject({ tool: 'wrong_shape', request_id: textOf(result).split(' ').at(-1) });
  });
});
