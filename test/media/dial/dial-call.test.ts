import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { TestApp } from '../../support/app.js';
import { createTenant, type TestTenant } from '../../support/factories.js';
import { createEngineTestApp, engineDeps, makeAgent } from '../../support/engine.js';
import { runSipp, stopAllSipp, randomPort, type SippRun } from '../sip/sipp.js';
import type { CallReport, MediaDeps } from '../../../src/media/call/live-call.js';
import { dialOutboundCall, type DialRequest } from '../../../src/media/call/dial-call.js';
import { SipUserAgent } from '../../../src/media/transports/sip/user-agent.js';
import { PortPool } from '../../../src/media/rtp/port-pool.js';
import { PocketsphinxStt } from '../../../src/media/speech/stt/pocketsphinx.js';
import { EspeakNgTts } from '../../../src/media/speech/tts/espeak-ng.js';
import { LocalFolderStore } from '../../../src/modules/calls/recording-store.js';
import { getSession } from '../../../src/modules/calls/get-session.js';
import { publishAgent } from '../../../src/modules/agents/publish-agent.js';
import { createTest } from '../../../src/modules/quality/create-test.js';
import { systemPrincipal } from '../../../src/modules/org/permissions.js';
import { newId } from '../../../src/modules/ids.js';
import { createSipTrunk } from '../../../src/modules/telephony/trunks/create-sip-trunk.js';
import { createSipTrunkEndpoint } from '../../../src/modules/telephony/trunks/create-sip-trunk-endpoint.js';
import { loadTrunkForDial } from '../../../src/modules/telephony/trunks/load-trunk-for-dial.js';

/**
 * Outbound calls over a SIP trunk with real sipp as the far end (UAS):
 * answered calls run the agent on live RTP and are recorded as outbound live
 * sessions; busy, unanswered (CANCEL after the ring timeout) and unknown
 * numbers come back as dial outcomes with their RTP ports released.
 */
const here = dirname(fileURLToPath(import.meta.url));
const GREETING = 'Hello, this is Acme Dental calling about your visit.';
const REPLY = 'We have Tuesday at ten in the morning. Goodbye!';
const PHRASE = 'I would like to book an appointment';
const TO = '+14155550142';
const FROM = '+14155550100';

let t: TestApp;
let a: TestTenant;
let ua: SipUserAgent;
let deps: MediaDeps;
let dir: string;
let agent: { agentId: string; versionId: string; projectId: string };
const reports: CallReport[] = [];

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t, 'owner');
  dir = mkdtempSync(join(tmpdir(), 'vp-dial-'));
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  ua = await SipUserAgent.listen({ host: '127.0.0.1', port: 0, logger });
  const rtpMin = 20000 + 2 * Math.floor(Math.random() * 9000);
  deps = {
    orm: t.orm,
    engine: engineDeps(t),
    recordings: new LocalFolderStore(join(dir, 'rec')),
    logger,
    pool: new PortPool({ min: rtpMin, max: rtpMin + 19 }),
    stt: new PocketsphinxStt({ logger }),
    tts: new EspeakNgTts(),
    rtpHost: '127.0.0.1',
    publicAddress: '127.0.0.1',
    endOfTurnSilenceMs: t.deps.config.media.endOfTurnSilenceMs,
    onCallFinished: (report) => reports.push(report),
    ua,
  };
  const made = await makeAgent(t, a, {
    first_message: GREETING,
    model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'book an appointment', say: REPLY, hangup: true }] },
  } as never);
  const published = await publishAgent(t.orm.em.fork(), systemPrincipal(a.organizationId), publishAgent.input.parse({ agentId: made.agent_id }));
  // The agent's test says what its callees say: the recognizer's grammar is built from it (agentPhrases).
  await createTest(
    t.orm.em.fork(),
    systemPrincipal(a.organizationId),
    createTest.input.parse({
      agent_id: made.agent_id,
      name: 'books',
      customer_turns: [PHRASE],
      checks: [{ type: 'reply_contains', text: 'Tuesday' }],
    }),
  );
  agent = { agentId: made.agent_id, versionId: published.live_version_id, projectId: made.project_id };
}, 60_000);

afterAll(async () => {
  stopAllSipp();
  await ua?.close();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function request(sippPort: number, over: Partial<DialRequest> = {}): DialRequest {
  return {
    organizationId: a.organizationId,
    projectId: agent.projectId,
    agentId: agent.agentId,
    versionId: agent.versionId,
    sessionId: newId('session'),
    to: TO,
    from: FROM,
    trunk: { endpoints: [{ host: '127.0.0.1', port: sippPort }] },
    ringTimeoutMs: 10_000,
    ...over,
  };
}

/** Starts a sipp UAS on a random port (a scenario of this folder, or of ../sip/scenarios by name) and lets it bind. */
async function startUas(scenario: string, options: { pauseMs?: number; extra?: string[] } = {}): Promise<{ port: number; done: Promise<SippRun> }> {
  const port = randomPort();
  const { done } = runSipp({ scenario, localPort: port, timeoutS: 40, pauseMs: options.pauseMs, extra: options.extra });
  await new Promise((r) => setTimeout(r, 300)); // our INVITE retransmits anyway
  return { port, done };
}

function expectPassed(run: SippRun): void {
  expect({ code: run.code, errors: run.code === 0 ? '' : run.errors.slice(-1500) }).toEqual({ code: 0, errors: '' });
}

/** The callee's audio as sipp streams it: headerless PCMU, silence while the greeting plays, the phrase, then silence. */
function calleeAudio(phrase: string, leadSeconds: number): string {
  const wav = join(dir, 'phrase.wav');
  const ulaw = join(dir, 'phrase.ulaw');
  execFileSync('espeak-ng', ['-v', 'en-us', '-w', wav, phrase]);
  execFileSync('sox', [wav, '-r', '8000', '-c', '1', '-t', 'ul', ulaw, 'pad', String(leadSeconds), '3']);
  return ulaw;
}

/** The right (agent) channel of a stereo 8 kHz WAV, from `fromS` for `seconds`. */
function agentChannel(wav: Buffer, fromS: number, seconds: number): Int16Array {
  const samples = (wav.length - 44) / 4;
  const start = Math.min(samples, Math.round(fromS * 8000));
  const end = Math.min(samples, start + Math.round(seconds * 8000));
  const out = new Int16Array(end - start);
  for (let i = start; i < end; i++) out[i - start] = wav.readInt16LE(44 + i * 4 + 2);
  return out;
}

describe('dialOutboundCall over a SIP trunk', () => {
  it('is answered: the agent greets over RTP, hears the callee, answers, hangs up by its rule, and the session is recorded as outbound', async () => {
    const scenario = join(dir, 'uas-speak.xml');
    writeFileSync(scenario, readFileSync(join(here, 'uas-speak.xml'), 'utf8').replace('CALLEE_AUDIO_FILE,', `${calleeAudio(PHRASE, 5)},`));
    const uas = await startUas(scenario, { extra: ['-mp', String(randomPort())] });
    let answeredHook = 0;
    const dial = request(uas.port, { variables: { campaign: 'spring' } });
    const result = await dialOutboundCall(deps, dial, { onAnswered: () => answeredHook++ });
    expect({ outcome: result.outcome, sipStatus: result.sipStatus, hook: answeredHook }).toEqual({ outcome: 'answered', sipStatus: 200, hook: 1 });
    expect(deps.pool.inUse).toBe(1); // the call holds its RTP pair while it goes on

    await result.conversation;
    expectPassed(await uas.done); // sipp got our BYE: the agent hung up
    expect(deps.pool.inUse).toBe(0);
    const session = await getSession(t.orm.em.fork(), a.organizationId, dial.sessionId);
    expect(session).toMatchObject({ status: 'ended', direction: 'outbound', kind: 'live', phone_number: FROM });
    expect(session.caller).toMatchObject({ address: TO });
    expect(session.variables).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'campaign', value: 'spring' })]));
    const lines = session.legs[0].transcript.items.map((item) => [item.speaker, item.text]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['agent', GREETING],
        ['customer', PHRASE.toLowerCase()],
        ['agent', REPLY],
      ]),
    );
    expect(session.has_recording).toBe(true);

    const report = reports.find((r) => r.sessionId === dial.sessionId)!;
    expect(report.rtp!.packetsSent).toBeGreaterThan(5 * 50 * 0.9); // 20 ms packets from the answer on, greeting included
    expect(report.rtp!.packetsReceived).toBeGreaterThan(5 * 50 * 0.9);
    expect(report.metrics).toHaveLength(1);

    // What went out on RTP from the answer on is the recording's agent side: transcribed, it is the greeting.
    const key = (await t.orm.em.fork().getConnection().execute('select storage_key from recording where session_id = ?', [dial.sessionId]))[0]
      .storage_key as string;
    const chunks: Buffer[] = [];
    for await (const chunk of (await new LocalFolderStore(join(dir, 'rec')).open(key))!.stream) chunks.push(chunk as Buffer);
    const stream = new PocketsphinxStt().start({ sampleRate: 8000, language: 'en-US', phrases: [GREETING, REPLY, PHRASE] });
    stream.write(agentChannel(Buffer.concat(chunks), 0, 4.4));
    expect((await stream.finish()).text).toBe(GREETING.toLowerCase().replace(/[.,?]/g, ''));
  }, 90_000);

  it("takes the callee's opening 'Hello?' over its greeting as expected, not as an interruption or an answer: the greeting goes on", async () => {
    // The callee picks up saying "Hello?" as the greeting starts, listens, then asks for an appointment.
    const hello = join(dir, 'hello.wav');
    const audio = join(dir, 'hello-then-phrase.ulaw');
    execFileSync('espeak-ng', ['-v', 'en-us', '-w', hello, 'Hello?']);
    execFileSync('sox', [hello, '-r', '8000', '-c', '1', '-t', 'ul', join(dir, 'hello.ulaw'), 'pad', '0.6', '0']);
    const phrase = calleeAudio(PHRASE, 5);
    writeFileSync(audio, Buffer.concat([readFileSync(join(dir, 'hello.ulaw')), readFileSync(phrase)]));
    const scenario = join(dir, 'uas-hello.xml');
    writeFileSync(scenario, readFileSync(join(here, 'uas-speak.xml'), 'utf8').replace('CALLEE_AUDIO_FILE,', `${audio},`));
    const uas = await startUas(scenario, { extra: ['-mp', String(randomPort())] });
    const dial = request(uas.port);
    const result = await dialOutboundCall(deps, dial);
    expect(result.outcome).toBe('answered');
    await result.conversation;
    expectPassed(await uas.done);
    const session = await getSession(t.orm.em.fork(), a.organizationId, dial.sessionId);
    expect(session.legs[0].transcript.items.map((item) => [item.speaker, item.text, item.kind])).toEqual([
      ['agent', GREETING, undefined],
      ['customer', 'hello', 'backchannel'],
      ['customer', PHRASE.toLowerCase(), 'speech'],
      ['agent', REPLY, undefined],
      ['agent', 'Calling end_call', undefined],
    ]);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'agent_hangup' });
  }, 90_000);

  it('answers a 401 challenge with the trunk credentials (loadTrunkForDial, decrypted), then the far end hangs up', async () => {
    const uas = await startUas(join(here, 'uas-auth-bye.xml'), { pauseMs: 4000 });
    const settings = { encryptionKey: t.deps.config.secrets.encryptionKey };
    const principal = systemPrincipal(a.organizationId);
    const trunk = await createSipTrunk(
      t.orm.em.fork(),
      principal,
      createSipTrunk.input.parse({
        name: `dial trunk ${uas.port}`,
        direction: 'outbound',
        auth: { username: 'trunkuser', password: 's3cret-pass' },
      }),
      settings,
    );
    await createSipTrunkEndpoint(
      t.orm.em.fork(),
      principal,
      createSipTrunkEndpoint.input.parse({ sip_trunk_id: trunk.sip_trunk_id, uri: `sip:127.0.0.1:${uas.port}` }),
    );
    const loaded = await loadTrunkForDial(t.orm.em.fork(), settings, a.organizationId, trunk.sip_trunk_id);
    expect(loaded).toEqual({ endpoints: [{ host: '127.0.0.1', port: uas.port }], username: 'trunkuser', password: 's3cret-pass' });

    const dial = request(uas.port, { trunk: loaded });
    const result = await dialOutboundCall(deps, dial);
    expect(result.outcome).toBe('answered');
    await result.conversation;
    expectPassed(await uas.done);
    expect(deps.pool.inUse).toBe(0);
    const session = await getSession(t.orm.em.fork(), a.organizationId, dial.sessionId);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup', direction: 'outbound', kind: 'live' });
    expect(session.legs[0].transcript.items.map((item) => [item.speaker, item.text])).toEqual(expect.arrayContaining([['agent', GREETING]]));
    expect(session.duration_seconds).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('reports 486 as busy and releases the RTP ports', async () => {
    const uas = await startUas('uas-busy.xml');
    const result = await dialOutboundCall(deps, request(uas.port));
    expect(result).toEqual({ outcome: 'busy', sipStatus: 486, reason: 'Busy Here' });
    expect(deps.pool.inUse).toBe(0);
    expectPassed(await uas.done);
  }, 30_000);

  it('CANCELs an unanswered call after the ring timeout: no_answer, ports released', async () => {
    const uas = await startUas('uas-no-answer.xml');
    const started = performance.now();
    const result = await dialOutboundCall(deps, request(uas.port, { ringTimeoutMs: 1000 }));
    expect(performance.now() - started).toBeGreaterThan(900);
    expect(result).toEqual({ outcome: 'no_answer', sipStatus: 487, reason: 'Request Terminated' });
    expect(deps.pool.inUse).toBe(0);
    expectPassed(await uas.done); // sipp saw our CANCEL
  }, 30_000);

  it('tries the next endpoint when one fails on its side (503); a 404 there is final', async () => {
    const first = await startUas(join(here, 'uas-unavailable.xml'));
    const second = await startUas(join(here, 'uas-not-found.xml'));
    const endpoints = [
      { host: '127.0.0.1', port: first.port },
      { host: 'localhost', port: second.port },
    ];
    const result = await dialOutboundCall(deps, request(0, { trunk: { endpoints } }));
    expect(result).toEqual({ outcome: 'invalid_number', sipStatus: 404, reason: 'Not Found' });
    expect(deps.pool.inUse).toBe(0);
    expectPassed(await first.done);
    expectPassed(await second.done);
  }, 30_000);

  it('reports 404 as invalid_number and releases the RTP ports', async () => {
    const uas = await startUas(join(here, 'uas-not-found.xml'));
    const result = await dialOutboundCall(deps, request(uas.port));
    expect(result).toEqual({ outcome: 'invalid_number', sipStatus: 404, reason: 'Not Found' });
    expect(deps.pool.inUse).toBe(0);
    expectPassed(await uas.done);
  }, 30_000);
});
