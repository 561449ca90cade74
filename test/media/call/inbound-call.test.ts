import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { TestApp } from '../../support/app.js';
import { createTenant, type TestTenant } from '../../support/factories.js';
import { createEngineTestApp, makeAgent } from '../../support/engine.js';
import { runSipp, stopAllSipp, randomPort } from '../sip/sipp.js';
import { startMediaRuntime, type MediaRuntime } from '../../../src/media/runtime.js';
import type { CallReport } from '../../../src/media/answer-call.js';
import { loadConfig } from '../../../src/config.js';
import { LocalFolderStore } from '../../../src/modules/calls/recording-store.js';
import { CallSession } from '../../../src/modules/calls/calls.entity.js';
import { getSession } from '../../../src/modules/calls/get-session.js';
import { PocketsphinxStt } from '../../../src/media/speech/stt/pocketsphinx.js';
import { publishAgent } from '../../../src/modules/agents/publish-agent.js';
import { createTest } from '../../../src/modules/quality/create-test.js';
import { systemPrincipal } from '../../../src/modules/org/permissions.js';

/**
 * A real phone call: sipp dials a number routed to an agent, the media
 * runtime answers over SIP/RTP, speaks the greeting (espeak-ng), hears the
 * caller's recorded phrase (pocketsphinx under the agent's grammar), runs the
 * agent's turn through the engine and speaks the reply; sipp hangs up and the
 * session is recorded with its transcript and stereo recording.
 */
const here = dirname(fileURLToPath(import.meta.url));
const GREETING = 'Hello, this is Acme Dental. How can I help you?';
const REPLY = 'We have Tuesday at ten in the morning.';
const PHRASE = 'I would like to book an appointment';

let t: TestApp;
let a: TestTenant;
let media: MediaRuntime;
let dir: string;
const reports: CallReport[] = [];

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t, 'owner');
  dir = mkdtempSync(join(tmpdir(), 'vp-call-'));
  const rtpMin = 40000 + 2 * Math.floor(Math.random() * 5000);
  const config = loadConfig({
    NODE_ENV: 'test', DATABASE_URL: process.env.TEST_DATABASE_URL, SIP_HOST: '127.0.0.1', SIP_PORT: '0',
    RTP_PORT_MIN: String(rtpMin), RTP_PORT_MAX: String(rtpMin + 99), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  media = await startMediaRuntime({
    config, orm: t.orm, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), recordings: new LocalFolderStore(join(dir, 'rec')),
    onCallFinished: (report) => reports.push(report),
  });
}, 60_000);
afterAll(async () => {
  stopAllSipp();
  await media?.stop();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The caller's audio as sipp streams it: headerless PCMU at 8 kHz, silence while the greeting plays, the phrase, then silence. */
function callerAudio(phrase: string, leadSeconds: number): string {
  const wav = join(dir, 'phrase.wav');
  const ulaw = join(dir, 'phrase.ulaw');
  execFileSync('espeak-ng', ['-v', 'en-us', '-w', wav, phrase]);
  execFileSync('sox', [wav, '-r', '8000', '-c', '1', '-t', 'ul', ulaw, 'pad', String(leadSeconds), '1.5']);
  return ulaw;
}

async function routedNumber(agentId: string): Promise<string> {
  const post = (path: string, body: object) => t.request.post(path).set(a.headers).send(body);
  const number = (await t.request.get('/v1/phone/number/search?area_code=415&limit=1').set(a.headers)).body.numbers[0].number as string;
  expect((await post('/v1/phone/number/purchase', { number })).status).toBe(201);
  const destination = await post('/v1/destination/create', { kind: 'phone_number', address: number });
  expect((await post('/v1/agent/destination/assign', { agent_id: agentId, destination_id: destination.body.destination.destination_id })).status).toBe(200);
  return number;
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

describe('an inbound SIP call answered by an agent', () => {
  it('greets over RTP, hears the caller, answers, and records the session with its transcript and stereo recording', async () => {
    const agent = await makeAgent(t, a, {
      first_message: GREETING,
      model: {
        provider: 'simulated', name: 'desk', temperature: 0,
        rules: [{ when: 'book an appointment', say: REPLY }, { when: 'goodbye', say: 'Goodbye!', hangup: true }],
      },
    } as never);
    await publishAgent(t.orm.em.fork(), systemPrincipal(a.organizationId), { agentId: agent.agent_id });
    // The agent's test says what its callers say: the recognizer's grammar is built from it (agentPhrases).
    await createTest(t.orm.em.fork(), systemPrincipal(a.organizationId), {
      agent_id: agent.agent_id, name: 'books', customer_turns: [PHRASE], checks: [{ type: 'reply_contains', text: 'Tuesday' }],
    } as never);
    const number = await routedNumber(agent.agent_id);
    const audio = callerAudio(PHRASE, 4.5);
    const scenario = join(dir, 'uac-speak.xml');
    writeFileSync(scenario, readFileSync(join(here, 'uac-speak.xml'), 'utf8').replace('CALLER_AUDIO_FILE,', `${audio},`));

    const sipp = runSipp({
      scenario, remote: `${media.sip.host}:${media.sip.port}`, service: number.replace('+', ''),
      localPort: randomPort(), pauseMs: 12_000, timeoutS: 40, extra: ['-mp', String(randomPort())],
    });
    const run = await sipp.done;
    expect({ code: run.code, errors: run.code === 0 ? '' : run.errors.slice(-1500) }).toEqual({ code: 0, errors: '' });

    // The session is written when the call's media ends: wait for it (bounded).
    const deadline = Date.now() + 15_000;
    let row: CallSession | null = null;
    while (!row && Date.now() < deadline) {
      row = await t.orm.em.fork().findOne(CallSession, { organization: a.organizationId, phoneNumber: number });
      if (!row) await new Promise((r) => setTimeout(r, 200));
    }
    expect(row).not.toBeNull();
    const session = await getSession(t.orm.em.fork(), a.organizationId, row!.id);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup', direction: 'inbound', kind: 'live' });
    const lines = session.legs[0].transcript.items.map((item) => [item.speaker, item.text]);
    expect(lines).toEqual(expect.arrayContaining([
      ['agent', GREETING],
      ['customer', PHRASE.toLowerCase()],
      ['agent', REPLY],
    ]));
    // Real durations: the call lasted the pause sipp held it for.
    expect(session.duration_seconds).toBeGreaterThanOrEqual(11);
    expect(session.duration_seconds).toBeLessThanOrEqual(20);

    // RTP: the agent's audio went out every 20 ms from the first tick, none late by more than a loaded machine's tolerance.
    const report = reports.find((r) => r.sessionId === row!.id)!;
    expect(report.rtp.packetsSent).toBeGreaterThan(11 * 50 * 0.95);
    expect(report.rtp.packetsReceived).toBeGreaterThan(0);
    expect(report.metrics).toHaveLength(1);
    process.stderr.write(`[call] turn: ${JSON.stringify(report.metrics[0])}, pacer: ${JSON.stringify(report.rtp.pacer)}\n`);

    // The recording holds both sides; the agent's side, transcribed under the agent's grammar, is the greeting.
    expect(session.has_recording).toBe(true);
    const store = new LocalFolderStore(join(dir, 'rec'));
    const key = (await t.orm.em.fork().getConnection().execute('select storage_key from recording where session_id = ?', [row!.id]))[0].storage_key as string;
    const file = await store.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    const wav = Buffer.concat(chunks);
    expect(wav.readUInt16LE(22)).toBe(2); // stereo
    const stream = new PocketsphinxStt().start({ sampleRate: 8000, language: 'en-US', phrases: [GREETING, REPLY, PHRASE] });
    stream.write(agentChannel(wav, 0, 4.4));
    expect((await stream.finish()).text).toBe(GREETING.toLowerCase().replace(/[.,?]/g, ''));
  }, 90_000);
});
