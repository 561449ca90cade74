import { describe, it, expect } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomPort, runSipp } from '../sip/sipp.js';
import { callAgent, callerAudio, dial, expectPassed, routedNumber, scenarioFile, sessionOf, useCallHarness } from './support.js';
import { CallSession } from '../../../src/modules/calls/calls.entity.js';
import { sql } from '../../../src/db/orm.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import { connectMcp, mcpPrincipal, textOf } from '../../support/mcp.js';

/**
 * The durable lifecycle of a live call (issue 11): a liveCall workflow per
 * call, the session in_progress while it runs, hang-up through REST, and a
 * media process killed mid-call leaving exactly one finished, billed session
 * whose end reason says what happened.
 */
const h = useCallHarness({ durable: true });

async function inProgress(number: string, waitMs = 15_000): Promise<CallSession> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const row = await h.t.orm.em.fork().findOne(CallSession, { organization: h.a.organizationId, phoneNumber: number, status: 'in_progress' });
    if (row) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no call to ${number} in progress within ${waitMs} ms`);
}

/** A caller who stays on the line (30 s of silence) until the service hangs up: the call, once it is in progress. */
async function callThatWaits() {
  const agent = await callAgent(h, { first_message: 'Hello, you are through to Acme.' }, ['hello']);
  const number = await routedNumber(h, agent.agent_id);
  const scenario = scenarioFile(h, 'uac-await-bye.xml', { CALLER_AUDIO_FILE: callerAudio(h, [30]) });
  const sipp = runSipp({
    scenario,
    remote: `${h.media.sip.host}:${h.media.sip.port}`,
    service: number.replace('+', ''),
    localPort: randomPort(),
    timeoutS: 40,
    extra: ['-mp', String(randomPort())],
  });
  return { number, sipp, row: await inProgress(number) };
}

const liveCallResult = (sessionId: string) => h.t.deps.temporal!.client.workflow.getHandle(workflowIds.liveCall(sessionId)).result();

describe('a live call', () => {
  it('is listed in progress while it runs, hangs up through REST, and is recorded once as ended by the agent side', async () => {
    const { number, sipp, row } = await callThatWaits();
    const listed = await h.t.request.get('/v1/call_session/get?status=in_progress&page_size=100').set(h.a.headers);
    expect(listed.status).toBe(200);
    expect(listed.body.data ?? listed.body.sessions ?? listed.body.items).toBeDefined();
    expect(JSON.stringify(listed.body)).toContain(row.id);
    await new Promise((r) => setTimeout(r, 1500)); // the greeting plays

    const hungUp = await h.t.request.post(`/v1/call_session/${row.id}/hangup`).set(h.a.headers).send({});
    expect([hungUp.status, hungUp.body]).toEqual([202, { session_id: row.id, hangup: 'requested' }]);
    // sipp's scenario passes only if our BYE reached it and it answered.
    expect((await sipp.done).code).toBe(0);

    const session = await sessionOf(h, number);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'agent_hangup', kind: 'live' });
    expect(session.legs[0].transcript.items.map((i) => i.text)).toContain('The call was hung up through the API.');
    expect(await liveCallResult(row.id)).toBe('ended');
    expect(await h.t.orm.em.fork().count(CallSession, { id: row.id })).toBe(1);
    // The call is over: a second hangup is a conflict, not a second BYE.
    expect((await h.t.request.post(`/v1/call_session/${row.id}/hangup`).set(h.a.headers).send({})).status).toBe(409);
  }, 90_000);

  it('is found and hung up through MCP by an assistant: list_calls shows it in progress, hangup_call ends it, a second is an error', async () => {
    const { number, sipp, row } = await callThatWaits();
    const mcp = await connectMcp(h.t, mcpPrincipal(h.a));
    try {
      const listed = await mcp.call('list_calls', { status: 'in_progress', page_size: 100 });
      expect(listed.isError).toBeFalsy();
      const { sessions } = listed.structuredContent as { sessions: { session_id: string; status: string }[] };
      expect(sessions.find((s) => s.session_id === row.id)).toMatchObject({ status: 'in_progress' });
      await new Promise((r) => setTimeout(r, 1500)); // the greeting plays

      const hungUp = await mcp.call('hangup_call', { session_id: row.id });
      expect(hungUp.isError).toBeFalsy();
      expect(hungUp.structuredContent).toEqual({ session_id: row.id, hangup: 'requested' });
      expect((await sipp.done).code).toBe(0); // our BYE reached the caller
      expect(await sessionOf(h, number)).toMatchObject({ status: 'ended', end_reason: 'agent_hangup', kind: 'live' });

      const again = await mcp.call('hangup_call', { session_id: row.id });
      expect(again.isError).toBe(true);
      expect(textOf(again)).toMatch(/not in progress|already|ended/i);
    } finally {
      sipp.process.kill('SIGKILL'); // already gone unless an expectation failed mid-call
      await mcp.close();
    }
  }, 90_000);

  it('a caller whose audio never arrives (one-way audio) is logged as such, with what came in', async () => {
    const agent = await callAgent(h, { first_message: 'Hello.' }, ['hello']);
    const number = await routedNumber(h, agent.agent_id);
    expectPassed(await dial(h, scenarioFile(h, 'uac-silent.xml', {}), number, { pauseMs: 7000, timeoutS: 20 }));
    const session = await sessionOf(h, number);
    const warned = h.logs.find((line) => line.msg === 'live call: no audio from the caller yet (one-way audio?)' && line.session_id === session.id);
    expect(warned?.rtp).toEqual({ received: 0, wrong_source: 0, foreign: 0, latched: null });
    // The greeting went out meanwhile: the one-way audio is the caller's side only.
    const opening = h.logs.find((line) => line.msg === 'live call: first message out' && line.session_id === session.id);
    expect(opening?.rtp).toMatchObject({ received: 0 });
  }, 40_000);

  it('refused by the database after the answer (the in-progress session cannot be written): the caller is hung up on at once, not left on a silent line', async () => {
    const agent = await callAgent(h, { first_message: 'Hello, you are through to Acme.' }, ['hello']);
    const number = await routedNumber(h, agent.agent_id);
    const em = h.t.orm.em.fork();
    // A real refusal by PostgreSQL, for this number's sessions only.
    const fn = `refuse_${Date.now()}`;
    await sql(em, `create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'sessions to this number are refused'; end $$`);
    await sql(em, `create trigger ${fn} before insert on call_session for each row when (new.phone_number = '${number}') execute function ${fn}()`);
    try {
      const scenario = scenarioFile(h, 'uac-await-bye.xml', { CALLER_AUDIO_FILE: callerAudio(h, [30]) });
      const started = Date.now();
      const run = await runSipp({
        scenario,
        remote: `${h.media.sip.host}:${h.media.sip.port}`,
        service: number.replace('+', ''),
        localPort: randomPort(),
        timeoutS: 15,
        extra: ['-mp', String(randomPort())],
      }).done;
      // The scenario passes only if our BYE came (a caller left on the line would time out).
      expect({ code: run.code, errors: run.code === 0 ? '' : run.errors.slice(-2000) }).toEqual({ code: 0, errors: '' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(h.logs.some((line) => line.msg === 'inbound call: failed after the answer; hanging up')).toBe(true);
      expect(await h.t.orm.em.fork().count(CallSession, { phoneNumber: number })).toBe(0);
    } finally {
      await sql(em, `drop trigger ${fn} on call_session`);
      await sql(em, `drop function ${fn}()`);
    }
  }, 60_000);

  it('survives its media process being killed: one finished session, failed with end reason media_lost, billed once', async () => {
    const sipPort = randomPort();
    const rtpMin = 45000 + 2 * Math.floor(Math.random() * 4000);
    const dataDir = mkdtempSync(join(tmpdir(), 'vp-media-'));
    const config = h.t.deps.config;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'media'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        DATA_DIR: dataDir,
        TEMPORAL_ADDRESS: config.temporal.address,
        TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
        SIP_HOST: '127.0.0.1',
        SIP_PORT: String(sipPort),
        RTP_PORT_MIN: String(rtpMin),
        RTP_PORT_MAX: String(rtpMin + 99),
        LOG_LEVEL: 'info',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('media runtime running')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the media process did not start: ${output.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const agent = await callAgent(h, { first_message: 'Hello, you are through to Acme.' }, ['hello']);
      const number = await routedNumber(h, agent.agent_id);
      const scenario = scenarioFile(h, 'uac-await-bye.xml', { CALLER_AUDIO_FILE: callerAudio(h, [30]) });
      const sipp = runSipp({
        scenario,
        remote: `127.0.0.1:${sipPort}`,
        service: number.replace('+', ''),
        localPort: randomPort(),
        timeoutS: 25,
        extra: ['-mp', String(randomPort())],
      });
      const row = await inProgress(number);
      await new Promise((r) => setTimeout(r, 4000)); // a few heartbeats
      const killedAt = Date.now();
      child.kill('SIGKILL');

      const session = await sessionOf(h, number, 30_000);
      expect(session).toMatchObject({ status: 'failed', end_reason: 'media_lost', kind: 'live' });
      expect(Date.now() - killedAt).toBeLessThan(30_000);
      // It lasted until the process's last heartbeat (every 2 s): about the 4 s before the kill, never the time since.
      expect(session.duration_seconds).toBeGreaterThanOrEqual(3);
      expect(session.duration_seconds).toBeLessThanOrEqual(8);
      expect(session.total_cost_micros).toBeGreaterThan(0);
      expect(session.legs).toHaveLength(1);
      expect(await h.t.orm.em.fork().count(CallSession, { id: row.id })).toBe(1);
      expect(await liveCallResult(row.id)).toBe('lost');
      sipp.process.kill('SIGKILL');
      await sipp.done;
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
