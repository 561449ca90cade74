import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createHmac, randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/server.js';
import { proxyUpgrades } from '../support/upgrade-proxy.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { startChildMedia, type ChildMedia } from '../support/child-media.js';
import { freePort } from '../support/ports.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser } from '../support/oauth-flow.js';
import { eventually } from '../support/releases.js';
import { startFakeTwilio, streamUrlOf, TWILIO_TOKEN, type FakeTwilio } from '../support/fake-twilio.js';
import { startFakeTelnyx, type FakeTelnyx } from '../support/fake-telnyx.js';
import { carrierConnection } from '../campaigns/support.js';
import { caller, carrierNumber, deskAgent, heardSentences, type StreamHarness } from './stream-harness.js';
import { decodeG711, encodeG711 } from '../../src/media/rtp/g711.js';
import { twilioSignature } from '../../src/modules/telephony/carriers/twilio/twilio-signature.js';
import { openWebCall } from '../../src/modules/calls/web-call.js';
import { resolveUserPrincipal } from '../../src/modules/people/resolve-principal.js';
import { removeMember } from '../../src/modules/people/members.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { sql } from '../../src/db/orm.js';

/**
 * Hostile input on the media streams (issue 29, items 3, 5 and 11), against a
 * real media process (`main.ts media`, its streams on MEDIA_STREAM_PORT behind
 * the API server, as a load balancer would put them): each stream spelling
 * (Twilio, Telnyx, the browser) gets frames that are not JSON objects, fields
 * of the wrong type, a frame over the size limit, binary frames and frames out
 * of order, from a plain WebSocket client. The process must survive every one
 * and answer a normal call at the end; a stream refused before it started is
 * hung up at the carrier and recorded (`media_refused`), a started call broken
 * by its far end ends as `error`. A browser-call grant opens one call; a Telnyx
 * stream in A-law is answered in A-law.
 */
let t: TestServer;
let a: TestTenant;
let worker: TestWorker;
let media: ChildMedia;
let twilio: FakeTwilio;
let telnyx: FakeTelnyx;
let streamPort: number;
const encryptionKey = randomBytes(32);
let proxy: { close(): void } | undefined;
const numbers: Record<'twilio' | 'telnyx', string> = { twilio: '', telnyx: '' };
let agentId: string;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  telnyx = await startFakeTelnyx();
  telnyx.openStreams = false;
  const queue = uniqueTaskQueue('fuzz-stream');
  streamPort = await freePort();
  const env = { TEMPORAL_TASK_QUEUE: queue, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ENCRYPTION_KEY: encryptionKey.toString('base64') };
  t = await startTestServer({ temporal: true, env });
  // The balancer's rule: media streams go to the media process.
  proxy = proxyUpgrades(t.server, { prefix: '/carriers/', port: streamPort });
  worker = await startTestWorker(t);
  a = await createTenant(t, 'owner');
  media = await startChildMedia({ ...env, PUBLIC_URL: t.baseUrl, MEDIA_STREAM_PORT: String(streamPort), MEDIA_DRAIN_TIMEOUT_MS: '1000' });
  const h = { t, a } as unknown as StreamHarness;
  agentId = (await deskAgent(h)).agent_id;
  numbers.twilio = await carrierNumber(h, twilio.owned, await carrierConnection(t, a, 'twilio', twilio.baseUrl), agentId);
  numbers.telnyx = await carrierNumber(h, telnyx.owned, await carrierConnection(t, a, 'telnyx', telnyx.baseUrl), agentId);
}, 180_000);
afterAll(async () => {
  await media?.kill('SIGKILL');
  proxy?.close();
  await worker?.stop();
  await twilio?.close();
  await telnyx?.close();
  await t?.close();
});

const alive = () => expect([media.process.exitCode, media.process.signalCode]).toEqual([null, null]);

/** A plain WebSocket client: what it was answered (101 or the HTTP status), what came, how it closed. */
class RawStream {
  readonly ws: WebSocket;
  readonly opened: Promise<number>;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly received: { event?: string; media?: { payload?: string } }[] = [];
  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('error', () => {});
    this.opened = new Promise((resolve) => {
      this.ws.once('open', () => resolve(101));
      this.ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        this.ws.terminate();
      });
      this.ws.once('error', () => resolve(0));
    });
    this.closed = new Promise((resolve) => this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    this.ws.on('message', (data) => this.received.push(JSON.parse(data.toString())));
  }
  send(data: string | Buffer): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data, { binary: Buffer.isBuffer(data) });
  }
  /** The agent audio received so far, decoded as `codec`. */
  audio(codec: 'PCMU' | 'PCMA'): { bytes: Buffer; pcm: Int16Array } {
    const bytes = Buffer.concat(this.received.filter((m) => m.event === 'media').map((m) => Buffer.from(m.media!.payload!, 'base64')));
    return { bytes, pcm: decodeG711(codec, bytes) };
  }
}

type Dialect = 'twilio' | 'telnyx' | 'web';

/** One call's stream in a spelling: its client, how to write its frames, and where its session and hang-up show. */
interface Opened {
  stream: RawStream;
  start(format?: object): string;
  media(seq: number, payload: string): string;
  stop(): string;
  /** The session's caller address (the caller's number, the person's email). */
  callerAddress: string;
  /** Whether the platform asked the carrier to hang the call up (the browser has no carrier: true). */
  hungUp(): boolean;
}

/** The carrier log row id and carrier call id in a carrier stream address. */
async function providerCallId(url: string): Promise<string> {
  const id = /\/stream\/([A-Za-z0-9_-]+)/.exec(url)![1];
  const [row] = await sql<{ provider_call_id: string }>(t.orm.em.fork(), 'select provider_call_id from carrier_call_log where id = ?', [id]);
  return row.provider_call_id;
}

async function webGrant(userId: string, email: string): Promise<string> {
  const em = t.orm.em.fork();
  const principal = await resolveUserPrincipal(em, { userId, organizationId: a.organizationId, via: 'dashboard' });
  return (await openWebCall(em, principal, agentId, { userId, email }, { encryptionKey, publicUrl: t.baseUrl })).stream_url;
}

/** A new call in `dialect`, its stream opened (not started). */
async function open(dialect: Dialect): Promise<Opened> {
  if (dialect === 'web') {
    const user = await createTestUser(t.orm.em.fork(), a.organizationId, 'member');
    const stream = new RawStream(await webGrant(user.userId, user.email));
    return {
      stream,
      start: (format) => JSON.stringify({ event: 'start', encoding: 'pcm16', sample_rate: 8000, ...format }),
      media: (seq, payload) => JSON.stringify({ event: 'media', seq, media: { payload } }),
      stop: () => JSON.stringify({ event: 'stop' }),
      callerAddress: user.email,
      hungUp: () => true,
    };
  }
  const from = caller();
  if (dialect === 'twilio') {
    const call = await twilio.dialInbound({ to: numbers.twilio, from, voiceUrl: `${t.baseUrl}/carriers/twilio/voice`, open: false });
    const url = streamUrlOf(call.twiml)!;
    const callSid = await providerCallId(url);
    const streamSid = `MZ${randomBytes(16).toString('hex')}`;
    const stream = new RawStream(url, { 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, {}) });
    return {
      stream,
      start: (format) =>
        JSON.stringify({
          event: 'start',
          sequenceNumber: '1',
          streamSid,
          start: {
            streamSid,
            callSid,
            tracks: ['inbound'],
            mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1, ...format },
            customParameters: {},
          },
        }),
      media: (seq, payload) =>
        JSON.stringify({ event: 'media', streamSid, media: { track: 'inbound', chunk: String(seq), timestamp: String(seq * 20), payload } }),
      stop: () => JSON.stringify({ event: 'stop', streamSid, stop: { callSid } }),
      callerAddress: from,
      hungUp: () => twilio.requests.some((r) => r.method === 'POST' && r.path.endsWith(`/Calls/${callSid}.json`) && r.body.Status === 'completed'),
    };
  }
  const call = await telnyx.dialInbound({ to: numbers.telnyx, from, voiceUrl: `${t.baseUrl}/carriers/telnyx/voice` });
  const url = telnyx.streamUrls.get(call.callControlId)!;
  const streamId = randomBytes(8).toString('hex');
  const stream = new RawStream(url);
  return {
    stream,
    start: (format) =>
      JSON.stringify({
        event: 'start',
        sequence_number: '1',
        stream_id: streamId,
        start: { call_control_id: call.callControlId, media_format: { encoding: 'PCMU', sample_rate: 8000, channels: 1, ...format } },
      }),
    media: (seq, payload) =>
      JSON.stringify({ event: 'media', sequence_number: String(seq), stream_id: streamId, media: { track: 'inbound', chunk: String(seq), payload } }),
    stop: () => JSON.stringify({ event: 'stop', stream_id: streamId }),
    callerAddress: from,
    hungUp: () => telnyx.actions.some((x) => x.callControlId === call.callControlId && x.action === 'hangup'),
  };
}

/** The session of a caller once recorded, with its transcript's system lines. */
async function sessionOf(callerAddress: string) {
  return eventually(
    async () =>
      (
        await sql<{ id: string; status: string; end_reason: string; notes: string[] | null }>(
          t.orm.em.fork(),
          `select s.id, s.status, s.end_reason,
                  (select array_agg(i->>'text') from call_leg l, jsonb_array_elements(l.transcript) i where l.session_id = s.id and i->>'speaker' = 'system') as notes
             from call_session s where s.organization_id = ? and s.caller_address = ? order by s.started_at desc limit 1`,
          [a.organizationId, callerAddress],
        )
      )[0],
    (s) => s !== undefined && s.status !== 'in_progress',
    30_000,
    100,
  );
}

const silence = (codec: 'PCMU' | 'PCMA' | 'pcm16') => (codec === 'pcm16' ? Buffer.alloc(320) : encodeG711(codec, new Int16Array(160))).toString('base64');

/** Frames sent to a stream before it started, and how the media process must close it. */
const BEFORE_START: { name: string; frames: (o: Opened, dialect: Dialect) => (string | Buffer)[]; code: number }[] = [
  { name: 'null', frames: () => ['null'], code: 1008 },
  { name: 'a number', frames: () => ['42'], code: 1008 },
  { name: 'an array', frames: () => ['[{"event":"start"}]'], code: 1008 },
  { name: 'a string', frames: () => ['"start"'], code: 1008 },
  { name: 'true', frames: () => ['true'], code: 1008 },
  { name: 'an event that is not a string', frames: () => ['{"event":7}'], code: 1008 },
  { name: 'text that is not JSON', frames: () => ['{"event":"start",'], code: 1007 },
  { name: 'a binary frame', frames: () => [Buffer.from([0x7b, 0x7d, 0, 1, 2])], code: 1003 },
  { name: 'a frame over 64 KiB', frames: () => [JSON.stringify({ event: 'media', media: { payload: 'A'.repeat(70_000) } })], code: 1009 },
  {
    name: 'start with fields of the wrong type',
    frames: () => ['{"event":"start","streamSid":[],"stream_id":5,"start":{"callSid":null,"call_control_id":{},"mediaFormat":"x","media_format":[]}}'],
    code: 1008,
  },
  { name: 'stop before start', frames: (o) => [o.stop()], code: 1000 },
  { name: '101 media frames before start', frames: (o) => Array.from({ length: 101 }, (_, i) => o.media(i, silence('PCMU'))), code: 1008 },
  {
    name: 'an encoding it does not take',
    frames: (o, d) => [
      o.start(d === 'twilio' ? { encoding: 'audio/l16', sampleRate: 16000 } : d === 'telnyx' ? { encoding: 'L16', sample_rate: 16000 } : { encoding: 'opus' }),
    ],
    code: 1008,
  },
];

describe.each<Dialect>(['twilio', 'telnyx', 'web'])('a %s stream', (dialect) => {
  it('closed with a proper code for every hostile frame before start; each call hung up at the carrier and recorded media_refused', async () => {
    for (const c of BEFORE_START) {
      const o = await open(dialect);
      expect([c.name, await o.stream.opened]).toEqual([c.name, 101]);
      for (const frame of c.frames(o, dialect)) o.stream.send(frame);
      const closed = await Promise.race([o.stream.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000))]);
      expect([c.name, (closed as { code: number }).code]).toEqual([c.name, c.code]);
      const session = await sessionOf(o.callerAddress);
      expect([c.name, session.status, session.end_reason]).toEqual([c.name, 'failed', 'media_refused']);
      expect(session.notes?.[0]).toMatch(/^The media stream was refused: .+\.$/);
      await eventually(async () => o.hungUp(), Boolean, 5_000, 50);
      alive();
    }
    // A format it does not take says which.
    const other = await open(dialect);
    expect(await other.stream.opened).toBe(101);
    other.stream.send(other.start({ encoding: 'G722' }));
    await other.stream.closed;
    expect((await sessionOf(other.callerAddress)).notes?.[0]).toMatch(dialect === 'web' ? /G722 at 8000 Hz, not PCM16 at 8 kHz/ : /G722 at 8000 Hz, not/);
  }, 120_000);

  it('a started call ignores fields of the wrong type and frames out of order, and a frame that is not an object ends it as an error', async () => {
    const o = await open(dialect);
    expect(await o.stream.opened).toBe(101);
    const codec = dialect === 'web' ? 'pcm16' : 'PCMU';
    for (let i = 0; i < 3; i++) o.stream.send(o.media(i, silence(codec))); // media before start: ignored
    o.stream.send(o.start());
    o.stream.send(o.start()); // a second start: ignored
    let seq = 10;
    const talking = setInterval(() => o.stream.send(o.media(seq++, silence(codec))), 20);
    try {
      const wrong = [
        '{"event":"media","media":{"payload":5}}',
        '{"event":"media","media":null}',
        `{"event":"media","seq":-1,"sequence_number":"-1","media":{"chunk":"-1","payload":"${silence(codec)}"}}`,
        `{"event":"media","seq":1e300,"sequence_number":"99999999999","media":{"chunk":"1e300","payload":"${silence(codec)}"}}`,
        `{"event":"media","seq":5,"sequence_number":"5","media":{"chunk":"5","track":7,"payload":"${silence(codec)}"}}`,
        `{"event":"media","seq":6,"sequence_number":"6","media":{"chunk":"6","payload":"${'QUFB'.repeat(6000)}"}}`,
        '{"event":"media","seq":7,"sequence_number":"7","media":{"chunk":"7","payload":"not base64!"}}',
        '{"event":"dtmf","dtmf":{"digit":12}}',
        '{"event":"dtmf","dtmf":"1"}',
        '{"event":"mark","mark":{"name":{}}}',
        '{"event":"mark"}',
        '{"event":"start","start":null}',
        '{"event":"something new"}',
      ];
      for (const frame of wrong) o.stream.send(frame);
      // The agent greets through all of it: the call goes on.
      await eventually(
        async () => o.stream.received.filter((m) => m.event === 'media').length,
        (n) => n >= 25,
        20_000,
        50,
      );
      expect(o.stream.ws.readyState).toBe(WebSocket.OPEN);
      o.stream.send('null');
      expect((await o.stream.closed).code).toBe(1008);
    } finally {
      clearInterval(talking);
    }
    const session = await sessionOf(o.callerAddress);
    expect([session.status, session.end_reason]).toEqual(['failed', 'error']);
    expect(session.notes).toContain('The media stream was closed: a message that is not an object with an event.');
    await eventually(async () => o.hungUp(), Boolean, 5_000, 50);
    alive();
  }, 60_000);
});

describe('A-law (issue 29, item 11)', () => {
  it('a Telnyx stream declaring PCMA is answered, and the agent speaks in A-law', async () => {
    const o = await open('telnyx');
    expect(await o.stream.opened).toBe(101);
    o.stream.send(o.start({ encoding: 'PCMA' }));
    let seq = 2;
    const talking = setInterval(() => o.stream.send(o.media(seq++, silence('PCMA'))), 20);
    try {
      // The greeting's first second, loud when read as A-law.
      await eventually(
        async () => o.stream.audio('PCMA').pcm.filter((v) => Math.abs(v) > 1000).length,
        (n) => n >= 800,
        20_000,
        50,
      );
    } finally {
      clearInterval(talking);
    }
    // Digital silence in the agent's audio is A-law's 0xd5 (read as µ-law it would be loud); µ-law's 0xff never comes.
    const { bytes } = o.stream.audio('PCMA');
    const runs = (value: number) => {
      let run = 0;
      let best = 0;
      for (const b of bytes) best = Math.max(best, (run = b === value ? run + 1 : 0));
      return best;
    };
    process.stderr.write(`[a-law] ${bytes.length} bytes, longest 0xd5 run ${runs(0xd5)}, longest 0xff run ${runs(0xff)}\n`);
    expect(runs(0xd5)).toBeGreaterThanOrEqual(40);
    expect(runs(0xff)).toBeLessThan(4);
    o.stream.send(o.stop());
    await o.stream.closed;
    const session = await sessionOf(o.callerAddress);
    expect([session.status, session.end_reason]).toEqual(['ended', 'customer_hangup']);
  }, 60_000);
});

describe('a browser-call grant (issue 29, item 5)', () => {
  const grantOf = (url: string) => JSON.parse(Buffer.from(url.split('/').pop()!.split('.')[0], 'base64url').toString()) as { exp: number };

  it('opens one call: three opens of one stream_url at once give one call, the others are refused', async () => {
    const user = await createTestUser(t.orm.em.fork(), a.organizationId, 'member');
    const url = await webGrant(user.userId, user.email);
    expect(grantOf(url).exp - Date.now()).toBeLessThanOrEqual(30_000);
    const streams = [new RawStream(url), new RawStream(url), new RawStream(url)];
    const answers = await Promise.all(streams.map((s) => s.opened));
    expect([...answers].sort()).toEqual([101, 403, 403]);
    const call = streams[answers.indexOf(101)];
    call.send(JSON.stringify({ event: 'start', encoding: 'pcm16', sample_rate: 8000 }));
    await eventually(
      async () => call.received.filter((m) => m.event === 'media').length,
      (n) => n >= 10,
      20_000,
      50,
    );
    call.send(JSON.stringify({ event: 'stop' }));
    await call.closed;
    // Opened again after the call: still refused.
    expect(await new RawStream(url).opened).toBe(403);
    const sessions = await sql<{ n: number }>(t.orm.em.fork(), 'select count(*)::int as n from call_session where caller_address = ? and direction = ?', [
      user.email,
      'web',
    ]);
    expect(sessions[0].n).toBe(1);
    alive();
  }, 60_000);

  it('an expired grant is refused', async () => {
    const user = await createTestUser(t.orm.em.fork(), a.organizationId, 'member');
    const url = await webGrant(user.userId, user.email);
    // The same grant, signed with the platform's key as openWebCall signs, expired a second ago.
    const payload = Buffer.from(JSON.stringify({ ...grantOf(url), exp: Date.now() - 1000 })).toString('base64url');
    const signature = createHmac('sha256', encryptionKey).update(`web-call:${payload}`).digest('base64url');
    expect(await new RawStream(url.replace(/[^/]+$/, `${payload}.${signature}`)).opened).toBe(403);
    alive();
  });

  it('the grant of a person removed from the organization is refused', async () => {
    const user = await createTestUser(t.orm.em.fork(), a.organizationId, 'member');
    const url = await webGrant(user.userId, user.email);
    await removeMember(t.orm.em.fork(), systemPrincipal(a.organizationId), user.userId);
    expect(await new RawStream(url).opened).toBe(403);
    alive();
  });
});

describe('after all of it', () => {
  it('the media process is alive and answers a normal call through Telnyx', async () => {
    alive();
    telnyx.openStreams = true;
    const from = caller();
    const call = await telnyx.dialInbound({ to: numbers.telnyx, from, voiceUrl: `${t.baseUrl}/carriers/telnyx/voice` });
    const stream = telnyx.streams.get(call.callControlId)!;
    expect(await stream.handshake).toBe(101);
    await heardSentences(stream, 1);
    stream.stop();
    const session = await sessionOf(from);
    expect([session.status, session.end_reason]).toEqual(['ended', 'customer_hangup']);
  }, 60_000);
});
