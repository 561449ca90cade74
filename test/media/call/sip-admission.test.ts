import { describe, it, expect, afterEach } from '@jest/globals';
import { createSocket, type Socket } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { CallSession } from '../../../src/modules/calls/calls.entity.js';
import { headerValue, parseSipMessage, type SipResponse } from '../../../src/media/transports/sip/message.js';
import { digestAuthorization, parseDigestChallenge } from '../../../src/media/transports/sip/digest.js';
import { callAgent, routedNumber, useCallHarness } from './support.js';

/**
 * SIP admission and the reflection budget (issue 29 items 1 and 6, decision
 * 0053), against the whole media runtime with a raw UDP caller on loopback:
 * an INVITE is admitted by its UDP source in the dialled destination's
 * trunk's allowed_ips, by that trunk's digest credentials (401, then the
 * retried INVITE), or by the destination's opt-in; anything else gets 403
 * before anything rings. A stranger is never sent more bytes than it sent.
 * The harness's trunks admit 127.0.0.1 only: 127.0.0.2 is a stranger.
 */
const h = useCallHarness();

/** A caller on its own UDP socket that records every byte it sends and receives. */
class RawCaller {
  sent = 0;
  readonly replies: Buffer[] = [];
  private constructor(
    readonly socket: Socket,
    readonly host: string,
    readonly port: number,
  ) {
    socket.on('message', (data) => this.replies.push(data));
  }

  static open(host: string): Promise<RawCaller> {
    const socket = createSocket('udp4');
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, host, () => resolve(new RawCaller(socket, host, socket.address().port)));
    });
  }

  get received(): number {
    return this.replies.reduce((n, r) => n + r.length, 0);
  }

  responses(): SipResponse[] {
    return this.replies.map((r) => parseSipMessage(r)).filter((m): m is SipResponse => m.kind === 'response');
  }

  send(text: string | Buffer): number {
    const data = Buffer.isBuffer(text) ? text : Buffer.from(text);
    this.sent += data.length;
    this.socket.send(data, h.media.sip.port, h.media.sip.host);
    return data.length;
  }

  /** The first response with `status` to CSeq `cseq` (bounded wait). */
  async response(status: number, cseq: number, waitMs = 5000): Promise<SipResponse> {
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const found = this.responses().find((r) => r.status === status && headerValue(r.headers, 'CSeq') === `${cseq} INVITE`);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${status} to CSeq ${cseq}; got ${this.responses().map((r) => r.status)}`);
  }

  close(): void {
    this.socket.close();
  }
}

const callers: RawCaller[] = [];
afterEach(() => callers.splice(0).forEach((c) => c.close()));
const caller = async (host = '127.0.0.1') => {
  const c = await RawCaller.open(host);
  callers.push(c);
  return c;
};

interface Leg {
  c: RawCaller;
  number: string;
  callId: string;
  fromTag: string;
}

const requestUri = (number: string) => `sip:${number.replace('+', '')}@${h.media.sip.host}:${h.media.sip.port}`;

function invite(leg: Leg, cseq: number, extra: string[] = [], vias?: string[]): string {
  const { c } = leg;
  const sdp = ['v=0', `o=- 1 1 IN IP4 ${c.host}`, 's=-', `c=IN IP4 ${c.host}`, 't=0 0', 'm=audio 39990 RTP/AVP 0', 'a=rtpmap:0 PCMU/8000', ''].join('\r\n');
  return [
    `INVITE ${requestUri(leg.number)} SIP/2.0`,
    ...(vias ?? [`Via: SIP/2.0/UDP ${c.host}:${c.port};branch=z9hG4bK${randomBytes(6).toString('hex')};rport`]),
    'Max-Forwards: 70',
    `From: <sip:+15550001@${c.host}>;tag=${leg.fromTag}`,
    `To: <${requestUri(leg.number)}>`,
    `Call-ID: ${leg.callId}`,
    `CSeq: ${cseq} INVITE`,
    `Contact: <sip:caller@${c.host}:${c.port}>`,
    ...extra,
    'Content-Type: application/sdp',
    `Content-Length: ${Buffer.byteLength(sdp)}`,
    '',
    sdp,
  ].join('\r\n');
}

/** ACK for a final response (non-2xx: same branch; 2xx: a new one), and BYE after a 2xx when `bye`. */
function ack(leg: Leg, response: SipResponse, cseq: number): string {
  const via = headerValue(response.headers, 'Via')!;
  const branch = response.status < 300 ? `z9hG4bK${randomBytes(6).toString('hex')}` : /branch=([^;]+)/.exec(via)![1];
  return [
    `ACK ${requestUri(leg.number)} SIP/2.0`,
    `Via: SIP/2.0/UDP ${leg.c.host}:${leg.c.port};branch=${branch}`,
    'Max-Forwards: 70',
    `From: <sip:+15550001@${leg.c.host}>;tag=${leg.fromTag}`,
    `To: ${headerValue(response.headers, 'To')}`,
    `Call-ID: ${leg.callId}`,
    `CSeq: ${cseq} ACK`,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

function bye(leg: Leg, answer: SipResponse, cseq: number): string {
  return [
    `BYE ${/<([^>]+)>/.exec(headerValue(answer.headers, 'Contact')!)![1]} SIP/2.0`,
    `Via: SIP/2.0/UDP ${leg.c.host}:${leg.c.port};branch=z9hG4bK${randomBytes(6).toString('hex')}`,
    'Max-Forwards: 70',
    `From: <sip:+15550001@${leg.c.host}>;tag=${leg.fromTag}`,
    `To: ${headerValue(answer.headers, 'To')}`,
    `Call-ID: ${leg.callId}`,
    `CSeq: ${cseq} BYE`,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

const leg = (c: RawCaller, number: string): Leg => ({ c, number, callId: `${randomBytes(8).toString('hex')}@test`, fromTag: randomBytes(4).toString('hex') });
const sessions = (number: string) => h.t.orm.em.fork().count(CallSession, { phoneNumber: number });
const refusedLogs = (number: string) => h.logs.filter((l) => l.msg === 'inbound call refused' && JSON.stringify(l).includes(number.replace('+', '')));
const answeredLogs = () => h.logs.filter((l) => l.msg === 'inbound call answered').length;

async function agent(): Promise<string> {
  const made = await callAgent(
    h,
    { first_message: 'Hello.', model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'hello', say: 'Hi.' }] } },
    ['hello'],
  );
  return made.agent_id;
}

/** Places a call that should be answered: 200 with SDP, ACK, BYE, 200; the session is recorded. */
async function expectAnswered(l: Leg, cseq = 1, extra: string[] = []): Promise<void> {
  l.c.send(invite(l, cseq, extra));
  const ok = await l.c.response(200, cseq, 10_000);
  expect(headerValue(ok.headers, 'Content-Type')).toBe('application/sdp');
  l.c.send(ack(l, ok, cseq));
  await new Promise((r) => setTimeout(r, 300));
  l.c.send(bye(l, ok, cseq + 1));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && (await sessions(l.number)) === 0) await new Promise((r) => setTimeout(r, 200));
  expect(await sessions(l.number)).toBeGreaterThan(0);
}

/**
 * A refused call: only `status` comes back (no 180, no 200, no SDP; a 100 only to an address admitted before, a
 * trunk), nothing is recorded, nothing runs.
 */
async function expectRefused(l: Leg, status: number, cseq = 1, extra: string[] = []): Promise<SipResponse> {
  const answered = answeredLogs();
  l.c.send(invite(l, cseq, extra));
  const final = await l.c.response(status, cseq);
  l.c.send(ack(l, final, cseq));
  await new Promise((r) => setTimeout(r, 300));
  const statuses = l.c
    .responses()
    .filter((r) => headerValue(r.headers, 'CSeq') === `${cseq} INVITE`)
    .map((r) => r.status);
  // 127.0.0.1 is the harness's trunk address: once a call from it was admitted, its INVITEs get 100 at once.
  expect(statuses.filter((s) => s !== status && !(s === 100 && l.c.host === '127.0.0.1'))).toEqual([]);
  expect(answeredLogs()).toBe(answered);
  expect(h.media.activeCalls()).toBe(0);
  return final;
}

describe('SIP admission', () => {
  it('refuses an INVITE from an address outside the trunk with 403 before anything rings; the trunk address is answered', async () => {
    const number = await routedNumber(h, await agent());
    const stranger = leg(await caller('127.0.0.2'), number);
    await expectRefused(stranger, 403);
    expect(refusedLogs(number)).toEqual([
      expect.objectContaining({ status: 403, source: '127.0.0.2', reason: expect.stringMatching(/not in the allowed_ips/) }),
    ]);
    expect(await sessions(number)).toBe(0);
    await expectAnswered(leg(await caller('127.0.0.1'), number));
  }, 60_000);

  it('challenges a caller the trunk knows by digest: right credentials are answered, wrong ones get 403', async () => {
    const auth = { username: 'pbx-acme', password: 'correct horse battery' };
    const number = await routedNumber(h, await agent(), { trunk: { allowed_ips: [], auth } });
    const authorize = (challenge: SipResponse, password: string, uri = requestUri(number)) =>
      `Authorization: ${digestAuthorization({ challenge: parseDigestChallenge(headerValue(challenge.headers, 'WWW-Authenticate')!)!, method: 'INVITE', uri, username: auth.username, password })}`;

    const wrong = leg(await caller(), number);
    const challenge = await expectRefused(wrong, 401);
    expect(headerValue(challenge.headers, 'WWW-Authenticate')).toMatch(/^Digest realm="127\.0\.0\.1", nonce="[^"]+", algorithm=MD5, qop="auth"$/);
    await expectRefused(wrong, 403, 2, [authorize(challenge, 'not the password')]);
    // A response computed for another Request-URI does not pass either.
    await expectRefused(wrong, 403, 3, [authorize(challenge, auth.password, `sip:other@${h.media.sip.host}`)]);
    // A nonce we did not sign is answered with a new challenge.
    await expectRefused(wrong, 401, 4, [
      authorize(challenge, auth.password).replace(/nonce="[^"]+"/, `nonce="${String(Math.floor(Date.now() / 1000) + 60)}.forged.AAAAAAAAAAAAAAAAAAAAAA"`),
    ]);
    expect(await sessions(number)).toBe(0);

    const right = leg(await caller(), number);
    const fresh = await expectRefused(right, 401);
    await expectAnswered(right, 2, [authorize(fresh, auth.password)]);
  }, 60_000);

  it('refuses a destination with no trunk unless its operator opted in to unauthenticated SIP', async () => {
    const id = await agent();
    const closed = await routedNumber(h, id, { trunk: false });
    await expectRefused(leg(await caller(), closed), 403);
    expect(refusedLogs(closed)).toEqual([expect.objectContaining({ reason: expect.stringMatching(/has no inbound SIP trunk/) })]);
    const open = await routedNumber(h, id, { trunk: false, allowUnauthenticatedSip: true });
    const view = await h.t.request.get('/v1/destination/list').set(h.a.headers);
    expect(view.body.destinations.find((d: { address: string }) => d.address === open)).toMatchObject({ allow_unauthenticated_sip: true, sip_trunk_id: null });
    // From an address no trunk admits (127.0.0.2 stays a stranger for the tests below).
    await expectAnswered(leg(await caller('127.0.0.3'), open));
  }, 60_000);
});

describe('SIP reflection and amplification', () => {
  it('answers a 21 KB INVITE with 400 Via values, and a 30-Via one, with no more bytes than were sent', async () => {
    const c = await caller('127.0.0.2');
    const l = leg(c, '+14155559870');
    const vias = Array.from({ length: 400 }, (_, i) => `Via: SIP/2.0/UDP 10.${i >> 8}.${i & 255}.1:5060;branch=z9hG4bK${randomBytes(8).toString('hex')}`);
    const big = invite(l, 1, [], [vias.join(', ').replace(/, Via: /g, ', ')]);
    expect(Buffer.byteLength(big)).toBeGreaterThan(21_000);
    c.send(big);
    c.send(big); // and its retransmission
    const fewer = leg(c, '+14155559871');
    c.send(invite(fewer, 1, [], vias.slice(0, 30)));
    await c.response(513, 1);
    // Timer G would retransmit a final answer for 32 s: watch long enough for two retransmissions.
    await new Promise((r) => setTimeout(r, 2000));
    expect(c.responses().map((r) => r.status)).toEqual([513]);
    expect(c.responses()[0].headers.filter(([n]) => n === 'Via')).toHaveLength(1);
    expect(c.received).toBeLessThanOrEqual(c.sent);
  }, 30_000);

  it('never sends an unadmitted source more than it sent, retransmissions included', async () => {
    const c = await caller('127.0.0.2');
    const l = leg(c, '+14155559872');
    // Ten Via values (our limit) to a number nobody has, and no ACK: the 403 would be retransmitted for 32 s.
    const vias = Array.from(
      { length: 10 },
      (_, i) => `Via: SIP/2.0/UDP ${i ? `10.0.0.${i}:5060` : `${c.host}:${c.port}`};branch=z9hG4bK${randomBytes(10).toString('hex')}`,
    );
    c.send(invite(l, 1, [], vias));
    await c.response(403, 1);
    await new Promise((r) => setTimeout(r, 4000));
    expect(c.responses().length).toBeGreaterThanOrEqual(1);
    expect(c.received).toBeLessThanOrEqual(c.sent);
  }, 30_000);

  it('limits a flood of OPTIONS from one source, and still answers a call afterwards', async () => {
    const c = await caller('127.0.0.2');
    const options = (i: number) =>
      [
        `OPTIONS sip:${h.media.sip.host}:${h.media.sip.port} SIP/2.0`,
        `Via: SIP/2.0/UDP ${c.host}:${c.port};branch=z9hG4bK${randomBytes(6).toString('hex')}${i}`,
        'Max-Forwards: 70',
        `From: <sip:probe@${c.host}>;tag=${i}`,
        `To: <sip:${h.media.sip.host}>`,
        `Call-ID: flood-${i}-${randomBytes(4).toString('hex')}`,
        `CSeq: ${i + 1} OPTIONS`,
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n');
    for (let i = 0; i < 300; i++) c.send(options(i));
    await new Promise((r) => setTimeout(r, 1000));
    const statuses = c.responses().map((r) => r.status);
    // The burst (20) is served, 503s follow from the smaller bucket (10), the rest is dropped; about a second of refill on top.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(20);
    expect(statuses.length).toBeLessThan(60);
    expect(statuses).toContain(503);
    expect(c.received).toBeLessThanOrEqual(c.sent);

    const number = await routedNumber(h, await agent());
    await expectAnswered(leg(await caller('127.0.0.1'), number));
  }, 60_000);
});
