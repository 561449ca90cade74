import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import pino from 'pino';
import type { TestApp } from '../../support/app.js';
import { createTenant, type TestTenant } from '../../support/factories.js';
import { createEngineTestApp, engineDeps, makeAgent } from '../../support/engine.js';
import { startChildMedia, type ChildMedia } from '../../support/child-media.js';
import { uniqueTaskQueue } from '../../support/worker.js';
import { runSipp, stopAllSipp, randomPort } from './sipp.js';
import { headerValue, parseSipMessage, type SipResponse } from '../../../src/media/transports/sip/message.js';
import { parseRtp } from '../../../src/media/rtp/rtp-packet.js';
import { publishAgent } from '../../../src/modules/agents/publish-agent.js';
import { systemPrincipal } from '../../../src/modules/org/permissions.js';
import { dialOutboundCall } from '../../../src/media/call/dial-call.js';
import { SipUserAgent } from '../../../src/media/transports/sip/user-agent.js';
import { PortPool } from '../../../src/media/rtp/port-pool.js';
import { PocketsphinxStt } from '../../../src/media/speech/stt/pocketsphinx.js';
import { EspeakNgTts } from '../../../src/media/speech/tts/espeak-ng.js';
import { LocalFolderStore } from '../../../src/modules/calls/recording-store.js';
import { newId } from '../../../src/modules/ids.js';

/**
 * Hostile SDP against a real media process (`main.ts media` in a child
 * process, so a crash is a dead process, not a failed assertion somewhere
 * else): every offer gets a 4xx, the process is still alive past the RTCP
 * interval (an accepted `m=audio 65535` made RTCP go to port 65536 and the
 * process exit about 5 s after the ACK), and it answers the next call. A
 * hostile re-INVITE is refused and the call goes on; a callee that answers
 * our INVITE with a hostile SDP is ACKed and hung up, and the dial fails
 * with a reason (issue 29, item 2).
 */
let t: TestApp;
let a: TestTenant;
let media: ChildMedia;
let sip: { host: string; port: number };
let number: string;
let agent: { agentId: string; versionId: string; projectId: string };
const sockets: dgram.Socket[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = () => media.process.exitCode === null && media.process.signalCode === null;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t, 'owner');
  const made = await makeAgent(t, a, {
    first_message: 'Hello, Acme Dental, how can I help?',
    model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [] },
  } as never);
  const published = await publishAgent(t.orm.em.fork(), systemPrincipal(a.organizationId), publishAgent.input.parse({ agentId: made.agent_id }));
  agent = { agentId: made.agent_id, versionId: published.live_version_id, projectId: made.project_id };
  number = await routedNumber(made.agent_id);
  media = await startChildMedia({ TEMPORAL_TASK_QUEUE: uniqueTaskQueue('hostile-sdp'), MEDIA_DRAIN_TIMEOUT_MS: '1000', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  const running = /"sip":\{"host":"([^"]+)","port":(\d+)\}/.exec(media.output());
  expect(running).not.toBeNull();
  sip = { host: running![1], port: Number(running![2]) };
}, 120_000);

afterAll(async () => {
  stopAllSipp();
  for (const s of sockets) s.close();
  await media?.kill('SIGTERM');
  await t?.close();
});

/** A number of the tenant's, routed to the agent through a trunk that admits loopback (what a trunk dials). */
async function routedNumber(agentId: string): Promise<string> {
  const post = (path: string, body: object) => t.request.post(path).set(a.headers).send(body);
  const found = (await t.request.get('/v1/phone/number/search?area_code=415&page_size=1').set(a.headers)).body.numbers[0].number as string;
  expect((await post('/v1/phone/number/purchase', { number: found })).status).toBe(201);
  // The callers here are on loopback: a trunk admits them (SIP admission, decision 0053).
  const trunk = await post('/v1/sip_trunk/create', { name: `loopback-${found}`, direction: 'inbound', allowed_ips: ['127.0.0.1/32'] });
  expect(trunk.status).toBe(201);
  const destination = await post('/v1/destination/create', { kind: 'phone_number', address: found, sip_trunk_id: trunk.body.sip_trunk.sip_trunk_id });
  expect(destination.status).toBe(201);
  const assigned = await post('/v1/agent/destination/assign', { agent_id: agentId, destination_id: destination.body.destination.destination_id });
  expect(assigned.status).toBe(200);
  return found;
}

/** A normal call from a raw caller, answered: its RTP socket and when each of the agent's packets came. */
async function answeredCall(): Promise<{ rtp: dgram.Socket; packets: number[]; caller: RawCaller }> {
  const rtp = await bound();
  const packets: number[] = [];
  rtp.on('message', (msg) => parseRtp(msg) && packets.push(Date.now()));
  const caller = await RawCaller.open();
  const answered = await caller.invite(sdp({ m: `m=audio ${rtp.address().port} RTP/AVP 0` }));
  expect(answered.status).toBe(200);
  return { rtp, packets, caller };
}

async function bound(): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4');
  sockets.push(socket);
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  return socket;
}

/**
 * A caller written by hand over raw UDP: it sends exactly the bytes a test
 * gives it (NUL and all), waits for final responses and ACKs them as RFC
 * 3261 says (§17.1.1.3 for non-2xx, §13.2.2.4 for 2xx).
 */
class RawCaller {
  readonly responses: SipResponse[] = [];
  readonly callId = `${randomBytes(8).toString('hex')}@127.0.0.1`;
  readonly fromTag = randomBytes(4).toString('hex');
  private seq = 0;
  private remoteTo?: string;
  private remoteTarget?: string;

  private constructor(private readonly socket: dgram.Socket) {
    socket.on('message', (data) => {
      try {
        const message = parseSipMessage(data);
        if (message.kind === 'response') this.responses.push(message);
      } catch {
        // Not ours to judge here: the assertions look at what parsed.
      }
    });
  }

  static async open(): Promise<RawCaller> {
    return new RawCaller(await bound());
  }

  private get port(): number {
    return this.socket.address().port;
  }

  private send(text: string): void {
    this.socket.send(Buffer.from(text.replace(/\n/g, '\r\n'), 'latin1'), sip.port, sip.host);
  }

  private headers(method: string, branch: string, seq = this.seq): string {
    const to = this.remoteTo ?? `<sip:${number}@${sip.host}>`;
    return [
      `Via: SIP/2.0/UDP 127.0.0.1:${this.port};branch=${branch};rport`,
      'Max-Forwards: 70',
      `From: <sip:+14155550123@127.0.0.1>;tag=${this.fromTag}`,
      `To: ${to}`,
      `Call-ID: ${this.callId}`,
      `CSeq: ${seq} ${method}`,
      `Contact: <sip:caller@127.0.0.1:${this.port}>`,
    ].join('\n');
  }

  /** Sends an INVITE (in the dialog once there is one) with `sdp` as its body; resolves with its final response, ACKed. */
  async invite(sdp: string): Promise<SipResponse> {
    const branch = `z9hG4bK${randomBytes(6).toString('hex')}`;
    const seq = ++this.seq;
    const uri = this.remoteTarget ?? `sip:${number}@${sip.host}:${sip.port}`;
    const body = Buffer.from(sdp.replace(/\n/g, '\r\n'), 'latin1');
    this.send(`INVITE ${uri} SIP/2.0\n${this.headers('INVITE', branch)}\nContent-Type: application/sdp\nContent-Length: ${body.length}\n\n${sdp}`);
    const final = await this.final(seq, 'INVITE');
    if (final.status < 300) {
      this.remoteTo ??= headerValue(final.headers, 'To');
      this.remoteTarget ??= /<([^>]+)>/.exec(headerValue(final.headers, 'Contact') ?? '')?.[1];
      const ackBranch = `z9hG4bK${randomBytes(6).toString('hex')}`;
      this.send(`ACK ${this.remoteTarget} SIP/2.0\n${this.headers('ACK', ackBranch, seq)}\nContent-Length: 0\n\n`);
    } else {
      // The ACK of a non-2xx is part of the INVITE transaction: same branch, the response's To (§17.1.1.3).
      const via = `Via: SIP/2.0/UDP 127.0.0.1:${this.port};branch=${branch};rport`;
      const lines = this.headers('ACK', branch, seq).split('\n');
      lines[0] = via;
      lines[3] = `To: ${headerValue(final.headers, 'To')}`;
      this.send(`ACK ${uri} SIP/2.0\n${lines.join('\n')}\nContent-Length: 0\n\n`);
    }
    return final;
  }

  async bye(): Promise<SipResponse> {
    const seq = ++this.seq;
    this.send(`BYE ${this.remoteTarget} SIP/2.0\n${this.headers('BYE', `z9hG4bK${randomBytes(6).toString('hex')}`)}\nContent-Length: 0\n\n`);
    return this.final(seq, 'BYE');
  }

  private async final(seq: number, method: string, ms = 8000): Promise<SipResponse> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const found = this.responses.find((r) => r.status >= 200 && headerValue(r.headers, 'CSeq') === `${seq} ${method}`);
      if (found) return found;
      await sleep(20);
    }
    throw new Error(`no final response to ${method} ${seq} within ${ms} ms`);
  }
}

const sdp = (lines: { c?: string | null; m?: string }) =>
  [
    'v=0',
    'o=- 1 1 IN IP4 127.0.0.1',
    's=-',
    lines.c === null ? '' : (lines.c ?? 'c=IN IP4 127.0.0.1'),
    't=0 0',
    lines.m ?? 'm=audio 40000 RTP/AVP 0',
    'a=rtpmap:0 PCMU/8000',
    '',
  ]
    .filter((l, i, all) => l !== '' || i === all.length - 1)
    .join('\n');

describe('hostile SDP against a running media process', () => {
  it('answers each hostile offer with a 4xx, is alive past the RTCP interval, and answers the next call', async () => {
    const hostile: Array<[string, string, number]> = [
      ['port 0', sdp({ m: 'm=audio 0 RTP/AVP 0' }), 488],
      ['port 65535', sdp({ m: 'm=audio 65535 RTP/AVP 0' }), 488],
      ['port 70000', sdp({ m: 'm=audio 70000 RTP/AVP 0' }), 400],
      ['port -1', sdp({ m: 'm=audio -1 RTP/AVP 0' }), 400],
      ['NUL in c=', sdp({ c: 'c=IN IP4 127.0.0.1\0' }), 400],
      ['a host name in c=', sdp({ c: 'c=IN IP4 localhost' }), 488],
      ['IPv6 in c= on an IPv4 socket', sdp({ c: 'c=IN IP6 ::1' }), 488],
      ['multicast in c=', sdp({ c: 'c=IN IP4 239.1.1.1/16' }), 488],
      ['no c=', sdp({ c: null }), 488],
      ['garbage', 'v=0\n\u00ff\u00fe garbage \0 here\n', 400],
    ];
    const got: Array<[string, number, string | undefined]> = [];
    for (const [name, body] of hostile) {
      const caller = await RawCaller.open();
      const final = await caller.invite(body);
      got.push([name, final.status, final.status === 488 ? headerValue(final.headers, 'Warning') : final.reason]);
    }
    expect(got.map(([name, status]) => [name, status])).toEqual(hostile.map(([name, , status]) => [name, status]));
    // Each refusal says why (a 488's Warning, a 400's reason phrase).
    for (const [name, , why] of got) expect([name, why]).toEqual([name, expect.stringMatching(/\S/)]);

    // Past the RTCP interval (5 s) of anything that might have started: the process is still there.
    await sleep(6000);
    expect(alive()).toBe(true);

    // The next normal call is answered, and its audio flows.
    const { packets, caller } = await answeredCall();
    await sleep(1000);
    expect(packets.length).toBeGreaterThan(20);
    expect((await caller.bye()).status).toBe(200);
    expect(alive()).toBe(true);
  }, 60_000);

  it('refuses a hostile re-INVITE with 488 and the call goes on as it was', async () => {
    const { rtp, packets, caller } = await answeredCall();
    await sleep(500);

    for (const body of [sdp({ m: 'm=audio 65535 RTP/AVP 0' }), sdp({ c: 'c=IN IP4 evil.example.com', m: `m=audio ${rtp.address().port} RTP/AVP 0` })]) {
      const refused = await caller.invite(body);
      expect([refused.status, headerValue(refused.headers, 'Warning')]).toEqual([488, expect.stringMatching(/^399 - "Not acceptable: /)]);
    }
    const before = packets.length;
    // Past the RTCP interval: still alive, still sending to the address the call was set up with.
    await sleep(5500);
    expect(alive()).toBe(true);
    expect(packets.length - before).toBeGreaterThan(200);
    expect((await caller.bye()).status).toBe(200);
  }, 60_000);

  it('ends an outbound call whose callee answers with a hostile SDP: ACK, BYE, a failed dial with the reason, nothing thrown', async () => {
    const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
    const ua = await SipUserAgent.listen({ host: '127.0.0.1', port: 0, logger });
    const rtpMin = 20000 + 2 * Math.floor(Math.random() * 9000);
    const pool = new PortPool({ min: rtpMin, max: rtpMin + 19 });
    const deps = {
      orm: t.orm,
      engine: engineDeps(t),
      recordings: new LocalFolderStore(`/tmp/vp-hostile-${randomBytes(4).toString('hex')}`),
      logger,
      pool,
      stt: new PocketsphinxStt({ logger }),
      tts: new EspeakNgTts(),
      rtpHost: '127.0.0.1',
      publicAddress: '127.0.0.1',
      endOfTurnSilenceMs: t.deps.config.media.endOfTurnSilenceMs,
      ua,
    };
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const port = randomPort();
      const uas = runSipp({ scenario: 'uas-hostile-answer.xml', localPort: port, timeoutS: 20 });
      await sleep(300);
      const result = await dialOutboundCall(deps, {
        organizationId: a.organizationId,
        projectId: agent.projectId,
        agentId: agent.agentId,
        versionId: agent.versionId,
        sessionId: newId('session'),
        to: '+14155550142',
        from: '+14155550100',
        trunk: { endpoints: [{ host: '127.0.0.1', port }] },
        ringTimeoutMs: 10_000,
      });
      expect(result).toEqual({ outcome: 'failed', sipStatus: 200, reason: "the answer's SDP was refused: media port 65535 leaves no room for RTCP" });
      const run = await uas.done; // it passes once our ACK and then our BYE came
      expect({ code: run.code, errors: run.code === 0 ? '' : run.errors.slice(-1500) }).toEqual({ code: 0, errors: '' });
      expect(pool.inUse).toBe(0);
      await sleep(5500); // past the RTCP interval of a session that must never have started
    } finally {
      process.off('uncaughtException', onUncaught);
      await ua.close();
    }
    expect(uncaught).toEqual([]);
  }, 60_000);
});
