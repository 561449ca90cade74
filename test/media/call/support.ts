/**
 * What every real-call test needs: the app and a tenant, the media runtime
 * on an ephemeral SIP port and a random RTP range (its log lines captured),
 * agents whose tests give the recognizer its grammar, routed numbers, the
 * caller's audio (espeak-ng + sox, headerless µ-law as sipp streams it),
 * sipp runs, and the session row the call leaves behind.
 */
import { afterAll, beforeAll, expect } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../support/app.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../../support/worker.js';
import { temporalConfirmations } from '../../../src/modules/engine/temporal-confirmations.js';
import { createTenant, unique, type TestTenant } from '../../support/factories.js';
import { createEngineTestApp, makeAgent } from '../../support/engine.js';
import { runSipp, stopAllSipp, randomPort, type SippRun } from '../sip/sipp.js';
import { startMediaRuntime, type MediaRuntime } from '../../../src/roles/media-process.js';
import type { CallReport } from '../../../src/media/call/live-call.js';
import { loadConfig } from '../../../src/config.js';
import { LocalFolderStore } from '../../../src/modules/calls/recording-store.js';
import { CallSession } from '../../../src/modules/calls/calls.entity.js';
import { getSession } from '../../../src/modules/calls/get-session.js';
import type { SessionView } from '../../../src/modules/calls/calls.schemas.js';
import type { Confirmations } from '../../../src/modules/engine/confirmations.js';
import type { AgentView, CreateAgentBody } from '../../../src/modules/agents/agents.schemas.js';
import { publishAgent } from '../../../src/modules/agents/publish-agent.js';
import { createTest } from '../../../src/modules/quality/create-test.js';
import { systemPrincipal } from '../../../src/modules/org/permissions.js';

const here = dirname(fileURLToPath(import.meta.url));

export interface CallHarness {
  t: TestApp;
  a: TestTenant;
  media: MediaRuntime;
  /** A temporary folder (audio, scenarios, recordings), removed at close. */
  dir: string;
  recordings: LocalFolderStore;
  reports: CallReport[];
  /** The media runtime's log lines (info and up), parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startCallHarness(
  options: { app?: () => Promise<TestApp>; confirmations?: (t: TestApp) => Confirmations; env?: Record<string, string> } = {},
): Promise<CallHarness> {
  const t = await (options.app ?? createEngineTestApp)();
  const a = await createTenant(t, 'owner');
  const dir = mkdtempSync(join(tmpdir(), 'vp-call-'));
  const rtpMin = 40000 + 2 * Math.floor(Math.random() * 5000);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    SIP_HOST: '127.0.0.1',
    SIP_PORT: '0',
    RTP_PORT_MIN: String(rtpMin),
    RTP_PORT_MAX: String(rtpMin + 99),
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    TEMPORAL_ADDRESS: t.deps.config.temporal.address,
    TEMPORAL_TASK_QUEUE: t.deps.config.temporal.taskQueue,
    // Closing the harness drains the runtime: calls a test left behind are hung up after a second, not thirty.
    MEDIA_DRAIN_TIMEOUT_MS: '1000',
    ...options.env,
  });
  const logs: Record<string, unknown>[] = [];
  const echo = process.env.TEST_LOG_LEVEL;
  const logger = pino(
    { level: echo && echo !== 'silent' ? echo : 'info' },
    {
      write(line: string) {
        logs.push(JSON.parse(line) as Record<string, unknown>);
        if (echo && echo !== 'silent') process.stderr.write(line);
      },
    },
  );
  const recordings = new LocalFolderStore(join(dir, 'rec'));
  const reports: CallReport[] = [];
  const media = await startMediaRuntime({
    config,
    orm: t.orm,
    logger,
    recordings,
    confirmations: options.confirmations?.(t),
    onCallFinished: (report) => reports.push(report),
    // An app made with Temporal (options.app) makes the calls durable: a liveCall workflow per call (hold-call.ts).
    temporal: t.deps.temporal ? { client: t.deps.temporal.client } : undefined,
  });
  return {
    t,
    a,
    media,
    dir,
    recordings,
    reports,
    logs,
    async close() {
      stopAllSipp();
      await media.stop();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The harness of one test file, started before its tests and closed after
 * them. `durable`: the app has Temporal and a worker runs on a queue of the
 * file's own, so calls get their liveCall workflows; `confirmations` adds Ask
 * permissions answered by the permissionRequest workflow.
 */
export function useCallHarness(options: { durable?: boolean; confirmations?: boolean; env?: Record<string, string> } = {}): CallHarness {
  const h = {} as CallHarness;
  let worker: TestWorker | undefined;
  beforeAll(async () => {
    const durable = options.durable || options.confirmations;
    const env = { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', TEMPORAL_TASK_QUEUE: uniqueTaskQueue('calls') };
    Object.assign(
      h,
      await startCallHarness({
        app: durable ? () => createTestApp({ temporal: true, env }) : undefined,
        confirmations: options.confirmations ? (t) => temporalConfirmations(t.deps.temporal!.client, t.deps.config.temporal.taskQueue) : undefined,
        env: options.env,
      }),
    );
    if (durable) worker = await startTestWorker(h.t);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await h.close?.();
  });
  return h;
}

/**
 * A published agent whose test lists what its callers say: the recognizer's
 * grammar is built from those turns (agentPhrases), so what the test speaks is
 * what it can hear.
 */
export async function callAgent(h: CallHarness, body: Partial<CreateAgentBody> & Record<string, unknown>, customerTurns: string[]): Promise<AgentView> {
  const agent = await makeAgent(h.t, h.a, body as Partial<CreateAgentBody>);
  await publishAgent(h.t.orm.em.fork(), systemPrincipal(h.a.organizationId), publishAgent.input.parse({ agentId: agent.agent_id }));
  await createTest(
    h.t.orm.em.fork(),
    systemPrincipal(h.a.organizationId),
    createTest.input.parse({
      agent_id: agent.agent_id,
      name: unique('phrases'),
      customer_turns: customerTurns,
      checks: [{ type: 'reply_contains', text: 'the' }],
    }),
  );
  return agent;
}

/**
 * A number bought by the tenant with a destination; assigned to `agentId` unless it is null (a destination with no
 * agent). Its inbound trunk admits sipp on this machine (127.0.0.1, ::1), unless `trunk` says otherwise (`false`: no
 * trunk; else the trunk's own allowed_ips and digest credentials).
 */
export async function routedNumber(
  h: CallHarness,
  agentId: string | null,
  options: { trunk?: false | { allowed_ips?: string[]; auth?: { username: string; password: string } }; allowUnauthenticatedSip?: boolean } = {},
): Promise<string> {
  const post = (path: string, body: object) => h.t.request.post(path).set(h.a.headers).send(body);
  const number = (await h.t.request.get('/v1/phone/number/search?area_code=415&page_size=1').set(h.a.headers)).body.numbers[0].number as string;
  expect((await post('/v1/phone/number/purchase', { number })).status).toBe(201);
  let sipTrunkId: string | undefined;
  if (options.trunk !== false) {
    const trunk = await post('/v1/sip_trunk/create', {
      name: unique('loopback'),
      direction: 'inbound',
      allowed_ips: ['127.0.0.1/32', '::1/128'],
      ...options.trunk,
    });
    expect(trunk.status).toBe(201);
    sipTrunkId = trunk.body.sip_trunk.sip_trunk_id as string;
  }
  const destination = await post('/v1/destination/create', {
    kind: 'phone_number',
    address: number,
    sip_trunk_id: sipTrunkId,
    allow_unauthenticated_sip: options.allowUnauthenticatedSip,
  });
  expect(destination.status).toBe(201);
  if (agentId)
    expect((await post('/v1/agent/destination/assign', { agent_id: agentId, destination_id: destination.body.destination.destination_id })).status).toBe(200);
  return number;
}

/**
 * The caller's audio as sipp streams it: headerless PCMU at 8 kHz. `parts`
 * alternate seconds of silence (numbers) and spoken phrases (strings). End
 * with silence: sipp sends nothing after the file ends, and end-of-turn needs
 * frames of silence to be heard. With `hiss`, the whole line hisses under it,
 * speech included, as a handset or a room does: pink noise at about -48 dBFS.
 */
export function callerAudio(
  h: CallHarness,
  parts: (number | string | { say: string; voice?: string; speed?: number })[],
  options: { hiss?: boolean } = {},
): string {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (typeof part === 'number') {
      chunks.push(Buffer.alloc(Math.round(part * 8000), 0xff));
      continue;
    }
    // A phrase in espeak-ng's default voice, or in another voice and speed (one the grammar was not tuned on).
    const { say, voice = 'en-us', speed } = typeof part === 'string' ? { say: part } : part;
    const wav = join(h.dir, `${unique('say')}.wav`);
    execFileSync('espeak-ng', ['-v', voice, ...(speed ? ['-s', String(speed)] : []), '-w', wav, say]);
    chunks.push(execFileSync('sox', [wav, '-r', '8000', '-c', '1', '-t', 'ul', '-'], { maxBuffer: 16 << 20 }));
    rmSync(wav);
  }
  const file = join(h.dir, `${unique('caller')}.ulaw`);
  writeFileSync(file, Buffer.concat(chunks));
  if (options.hiss) {
    const clean = `${file}.clean.ul`;
    renameSync(file, clean);
    const seconds = statSync(clean).size / 8000;
    const noise = `${file}.noise.ul`;
    execFileSync('sox', ['-R', '-n', '-r', '8000', '-c', '1', '-t', 'ul', noise, 'synth', String(seconds), 'pinknoise', 'vol', '0.02']);
    // -v 1 on each input: sox -m would otherwise halve both.
    execFileSync('sox', ['-m', '-v', '1', '-r', '8000', '-c', '1', '-t', 'ul', clean, '-v', '1', '-r', '8000', '-c', '1', '-t', 'ul', noise, '-t', 'ul', file]);
    rmSync(clean);
    rmSync(noise);
  }
  return file;
}

/** Seconds a phrase lasts when espeak-ng says it (to time what the caller says next). */
export function spokenSeconds(phrase: string): number {
  const wav = execFileSync('espeak-ng', ['-v', 'en-us', '--stdout', phrase], { maxBuffer: 16 << 20 });
  return (wav.length - 44) / 2 / 22050;
}

/** A scenario of this folder with its placeholders (CALLER_AUDIO_FILE, ...) filled in, written to the harness's folder. */
export function scenarioFile(h: CallHarness, name: string, values: Record<string, string>): string {
  let xml = readFileSync(join(here, name), 'utf8');
  for (const [key, value] of Object.entries(values)) xml = xml.replaceAll(key, value);
  const file = join(h.dir, `${unique('scenario')}.xml`);
  writeFileSync(file, xml);
  return file;
}

/** Dials `number` with sipp running `scenario`; bounded by timeoutS (sipp's own timeout, then a kill). */
export async function dial(h: CallHarness, scenario: string, number: string, options: { pauseMs?: number; timeoutS?: number } = {}): Promise<SippRun> {
  const sipp = runSipp({
    scenario,
    remote: `${h.media.sip.host}:${h.media.sip.port}`,
    service: number.replace('+', ''),
    localPort: randomPort(),
    pauseMs: options.pauseMs ?? 300,
    timeoutS: options.timeoutS ?? 20,
    extra: ['-mp', String(randomPort())],
  });
  return sipp.done;
}

/** Asserts sipp passed, showing its error log when it did not. */
export function expectPassed(run: SippRun): void {
  // sipp's own error log comes first (why it failed), then the last messages it traced (where the call was).
  const shown = run.errors.length > 4000 ? `${run.errors.slice(0, 1500)}\n[…]\n${run.errors.slice(-2500)}` : run.errors;
  expect({ code: run.code, errors: run.code === 0 ? '' : shown }).toEqual({ code: 0, errors: '' });
}

/** The session the call to `number` left behind, once written (bounded wait). */
export async function sessionOf(h: CallHarness, number: string, waitMs = 15_000): Promise<SessionView & { id: string }> {
  const deadline = Date.now() + waitMs;
  let row: CallSession | null = null;
  while (Date.now() < deadline) {
    row = await h.t.orm.em.fork().findOne(CallSession, { organization: h.a.organizationId, phoneNumber: number });
    // A session written while the call runs is not the finished record yet.
    if (row && row.status !== 'in_progress') break;
    row = null;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(row).not.toBeNull();
  return { ...(await getSession(h.t.orm.em.fork(), h.a.organizationId, row!.id)), id: row!.id };
}

/** The transcript of the session's first leg as [speaker, text] pairs. */
export function lines(session: SessionView): [string, string][] {
  return session.legs[0].transcript.items.map((item) => [item.speaker, item.text]);
}

/** The session's stereo recording (caller left, agent right) as a WAV buffer. */
export async function recordingOf(h: CallHarness, sessionId: string): Promise<Buffer> {
  const key = (await h.t.orm.em.fork().getConnection().execute('select storage_key from recording where session_id = ?', [sessionId]))[0].storage_key as string;
  const file = await h.recordings.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One channel (0 caller, 1 agent) of a stereo 8 kHz WAV, from `fromS` for `seconds` (to the end when omitted). */
export function channel(wav: Buffer, which: 0 | 1, fromS = 0, seconds = Infinity): Int16Array {
  const samples = (wav.length - 44) / 4;
  const start = Math.min(samples, Math.round(fromS * 8000));
  const end = Math.min(samples, start + (Number.isFinite(seconds) ? Math.round(seconds * 8000) : samples));
  const out = new Int16Array(end - start);
  for (let i = start; i < end; i++) out[i - start] = wav.readInt16LE(44 + i * 4 + which * 2);
  return out;
}

/** The record of the session's tool call named `name` (through the REST route a dashboard reads). */
export async function toolCallOf(h: CallHarness, session: SessionView, name: string): Promise<Record<string, unknown>> {
  const leg = session.legs[0];
  const item = leg.transcript.items.find((i) => i.tool_call?.name === name);
  expect(item).toBeDefined();
  const res = await h.t.request
    .get(`/v1/call_session/${session.session_id}/leg/${leg.leg_id}/tool_call/${item!.tool_call!.tool_call_id}/retrieve`)
    .set(h.a.headers);
  expect(res.status).toBe(200);
  return res.body.tool_call as Record<string, unknown>;
}
