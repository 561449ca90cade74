/**
 * Turn latency over a carrier's media stream beside the SIP path, in one run
 * (issue 15: the Twilio stream path within 1.2× the SIP path).
 *
 * One media runtime in this process takes both: SIP calls from bench/media-caller.ts's RTP caller, and Twilio
 * Media Streams from test/support/fake-carrier-stream.ts speaking Twilio's WebSocket protocol on the runtime's
 * stream port. The calls alternate (SIP, stream, SIP...), one at a time, each to the same agent: it greets, the
 * caller says one phrase, the agent answers. Measured from the caller's side, as a phone would: from the packet
 * (or media message) holding the phrase's last voiced frame to the first audio of the reply. The media runtime's
 * own figure (end of speech to the reply queued) is printed beside it. The first call of each path warms up and
 * is not counted. BENCH_STREAM_CALLS (default 10) calls per path.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate, sql } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { engineSettingsFrom } from '../src/modules/engine/engine-settings.js';
import { createConnection } from '../src/modules/telephony/carriers/create-connection.js';
import { importPhoneNumber } from '../src/modules/telephony/numbers/import-phone-number.js';
import { PhoneNumber, Destination } from '../src/modules/telephony/telephony.entity.js';
import { newId } from '../src/modules/ids.js';
import { startMediaRuntime } from '../src/roles/media-process.js';
import type { CallReport } from '../src/media/call/live-call.js';
import { SipUserAgent } from '../src/media/transports/sip/user-agent.js';
import { decodeG711 } from '../src/media/rtp/g711.js';
import { LocalFolderStore } from '../src/modules/calls/recording-store.js';
import { twilioSignature } from '../src/modules/telephony/carriers/twilio/twilio-signature.js';
import { startFakeTwilio, TWILIO_SID, TWILIO_TOKEN } from '../test/support/fake-twilio.js';
import { FakeCarrierStream } from '../test/support/fake-carrier-stream.js';
import { Caller } from './media-caller.js';
import { phraseAudio } from './media.bench.js';
import { agentLine } from './media-setup.js';
import { ensureDatabase, percentile } from './support.js';

const CALLS = Number(process.env.BENCH_STREAM_CALLS ?? 10);
const TARGET_RATIO = 1.2;
const PHRASE = 'I would like to book an appointment';
const REPLY = 'We have Tuesday at ten in the morning.';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  callerMs: number;
  replyMs: number;
}

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm = await initOrm({ entities, url, poolMax: 8, logger: () => {} });
  await migrate(orm);
  const dir = mkdtempSync(join(tmpdir(), 'stream-bench-'));
  const twilio = await startFakeTwilio();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    SIP_HOST: '127.0.0.1',
    SIP_PORT: '0',
    MEDIA_STREAM_PORT: '0',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    RTP_PORT_MIN: String(24000 + 2 * Math.floor(Math.random() * 2000)),
    RTP_PORT_MAX: '29999',
  });
  const settings = engineSettingsFrom(config);
  const { organization } = await createOrganization(orm.em.fork(), { name: 'Stream bench', slug: `stream-bench-${Date.now()}` });
  const system = systemPrincipal(organization.id);
  // One agent: its SIP line (a simulated-carrier number), and a Twilio number of the fake account routed to it too.
  const sipNumber = await agentLine(
    orm,
    organization.id,
    settings,
    { first_message: 'Hello.', model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'book an appointment', say: REPLY }] } },
    [PHRASE],
  );
  const connection = await createConnection(
    orm.em.fork(),
    system,
    createConnection.input.parse({
      provider: 'twilio',
      name: 'bench',
      base_url: twilio.baseUrl,
      credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
    }),
    settings,
  );
  const twilioNumber = `+1646555${String(1000 + Math.floor(Math.random() * 8999))}`;
  twilio.owned.set(twilioNumber, `PN${randomBytes(8).toString('hex')}`);
  await importPhoneNumber(orm.em.fork(), system, importPhoneNumber.input.parse({ connection_id: connection.connection_id, number: twilioNumber }), settings);
  const sipRow = await orm.em.fork().findOneOrFail(PhoneNumber, { number: sipNumber });
  const destination = await orm.em.fork().findOneOrFail(Destination, { id: sipRow.destination! });
  await orm.em.fork().nativeUpdate(PhoneNumber, { number: twilioNumber }, { destination: destination.id });

  const reports: CallReport[] = [];
  const media = await startMediaRuntime({
    config,
    orm,
    logger: pino({ level: 'silent' }),
    recordings: new LocalFolderStore(join(dir, 'rec')),
    onCallFinished: (r) => reports.push(r),
    listenStreams: true,
  });
  const ua = await SipUserAgent.listen({ host: '127.0.0.1', port: 0 });
  const phrase = phraseAudio(dir);
  // The stream caller says the same audio, up to its last voiced frame (where the SIP caller stamps its speech end).
  const spoken = decodeG711('PCMU', phrase.audio).subarray(0, (phrase.lastVoicedFrame + 1) * 160);
  const sip: Sample[] = [];
  const stream: Sample[] = [];
  const failed: string[] = [];

  const reportOf = async (before: number) => {
    const until = performance.now() + 20_000;
    while (reports.length === before && performance.now() < until) await sleep(50);
    return reports[before];
  };

  async function sipCall(): Promise<Sample | undefined> {
    const caller = new Caller({ ua, target: `sip:${sipNumber}@${media.sip.host}:${media.sip.port}`, host: '127.0.0.1', phrase });
    const before = reports.length;
    try {
      await caller.dial();
      const until = performance.now() + 20_000;
      while (!caller.replyAudioAt && performance.now() < until) await sleep(20);
      await sleep(500);
    } finally {
      await caller.hangup();
    }
    const report = await reportOf(before);
    if (!caller.replyAudioAt || report?.metrics.length !== 1) return void failed.push(`sip: ${caller.replyAudioAt ? 'no single turn' : 'no reply'}`);
    return { callerMs: caller.replyAudioAt - caller.speechEndAt, replyMs: report.metrics[0].replyMs };
  }

  async function streamCall(): Promise<Sample | undefined> {
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const id = newId('carrierCall');
    await sql(
      orm.em.fork(),
      `insert into carrier_call_log (id, organization_id, provider, connection_id, idempotency_key, from_number, to_number, provider_call_id, status, created_at)
       values (?, ?, 'twilio', ?, ?, '+12125550100', ?, ?, 'in-progress', now())`,
      [id, organization.id, connection.connection_id, `inbound/${callSid}`, twilioNumber, callSid],
    );
    const at = `ws://127.0.0.1:${media.streams!.port}/carriers/twilio/stream/${id}`;
    const before = reports.length;
    const s = new FakeCarrierStream({ url: at, authToken: TWILIO_TOKEN, accountSid: TWILIO_SID, callSid, signature: twilioSignature(TWILIO_TOKEN, at, {}) });
    try {
      if ((await s.handshake) !== 101) return void failed.push('stream: handshake refused');
      let until = performance.now() + 20_000;
      while (s.marksEchoed.length < 1 && performance.now() < until) await sleep(20); // the greeting, played out
      await sleep(500); // as the SIP caller: half a second of quiet after the greeting
      s.say(spoken);
      until = performance.now() + 20_000;
      while (!s.replyAt && performance.now() < until) await sleep(20);
      await sleep(500);
    } finally {
      s.stop();
    }
    const report = await reportOf(before);
    if (!s.replyAt || report?.metrics.length !== 1) return void failed.push(`stream: ${s.replyAt ? 'no single turn' : 'no reply'}`);
    return { callerMs: s.replyAt - s.speechEndAt, replyMs: report.metrics[0].replyMs };
  }

  try {
    console.log(`carrier stream bench: ${CALLS} calls per path, alternating, after one warm-up call each`);
    for (let i = 0; i <= CALLS; i++) {
      const a = await sipCall();
      const b = await streamCall();
      if (i === 0) continue;
      if (a) sip.push(a);
      if (b) stream.push(b);
    }
    const p = (xs: number[], q: number) =>
      percentile(
        [...xs].sort((x, y) => x - y),
        q,
      );
    const row = (name: string, xs: Sample[]) =>
      `  ${name.padEnd(28)} ${String(xs.length).padStart(5)}  ${p(
        xs.map((x) => x.callerMs),
        50,
      )
        .toFixed(0)
        .padStart(8)}  ${p(
        xs.map((x) => x.callerMs),
        95,
      )
        .toFixed(0)
        .padStart(8)}  ${p(
        xs.map((x) => x.replyMs),
        50,
      )
        .toFixed(0)
        .padStart(12)}`;
    console.log('  path                         calls  p50 (ms)  p95 (ms)  queued p50');
    console.log(row('SIP/RTP', sip));
    console.log(row('Twilio Media Stream', stream));
    if (failed.length) console.log(`  failed: ${failed.join('; ')}`);
    const ratio =
      p(
        stream.map((x) => x.callerMs),
        50,
      ) /
      p(
        sip.map((x) => x.callerMs),
        50,
      );
    console.log(
      `\nturn latency, stream / SIP (p50, caller's side): ${ratio.toFixed(2)}×  (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`,
    );
  } finally {
    await ua.close();
    await media.stop();
    await twilio.close();
    await orm.close(true);
    rmSync(dir, { recursive: true, force: true });
  }
}
