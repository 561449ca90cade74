/**
 * sipp as the caller (UAC) against our SipUserAgent on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IncomingSipCall } from '../../../src/media/transports/sip/incoming-call.js';
import { buildAnswer } from '../../../src/media/transports/sip/sdp.js';
import { SipUserAgent } from '../../../src/media/transports/sip/user-agent.js';
import { createSocket } from 'node:dgram';
import { nextEvent, runSipp, stopAllSipp, type SippRun } from './sipp.js';

let ua: SipUserAgent;
const sent: string[] = [];
const decisions: string[] = [];

function answerSdp(call: IncomingSipCall): string {
  return buildAnswer(call.offer, call.negotiated, { address: '127.0.0.1', port: 40000, sessionId: '1', version: 1 });
}

beforeAll(async () => {
  ua = await SipUserAgent.listen({
    host: '127.0.0.1',
    port: 0,
    logger: { warn: () => {}, debug: (o) => 'decision' in o && decisions.push((o as { decision: string }).decision) },
    trace: (dir, data) => {
      if (process.env.DEBUG_SIP) console.log(dir, data.toString('utf8'));
      if (dir === 'out') sent.push(data.toString('utf8'));
    },
  });
});

afterAll(async () => {
  stopAllSipp();
  await ua.close();
});

const remote = (): string => `127.0.0.1:${ua.address.port}`;

function expectPassed(run: SippRun): void {
  expect({ code: run.code, errors: run.code === 0 ? '' : run.errors }).toEqual({ code: 0, errors: '' });
}

/** The test's own answering policy, used by the cases that only need "answer every call". */
function answerAll(agent: SipUserAgent): () => void {
  const listener = (call: IncomingSipCall): void => {
    call.ringing();
    call.answer(answerSdp(call)).catch(() => {});
  };
  agent.on('invite', listener);
  return () => agent.off('invite', listener);
}

describe('inbound calls from sipp', () => {
  it('rings, answers, gets the ACK and answers the caller BYE', async () => {
    const invited = nextEvent<[IncomingSipCall]>(ua, 'invite');
    const sipp = runSipp({ scenario: 'uac-basic.xml', remote: remote(), pauseMs: 300 });
    const [call] = await invited;
    expect(call.dialled).toBe('+15550100');
    expect(call.from).toMatch(/^sip:\+15550001@127\.0\.0\.1:\d+$/);
    expect(call.source.address).toBe('127.0.0.1');
    expect(call.negotiated).toMatchObject({ codec: { name: 'PCMU', payloadType: 0 }, telephoneEvent: 101, remoteAddress: '127.0.0.1' });
    const ended = nextEvent<[string]>(call, 'ended');
    const bye = nextEvent(call, 'bye');
    call.ringing();
    await call.answer(answerSdp(call));
    await bye;
    expect((await ended)[0]).toBe('remote_bye');
    const run = await sipp.done;
    expect({ code: run.code, errors: run.code === 0 ? '' : run.errors }).toEqual({ code: 0, errors: '' });
    expect(sent.some((m) => m.startsWith('SIP/2.0 100 Trying'))).toBe(true);
    expect(sent.some((m) => m.startsWith('SIP/2.0 180 Ringing'))).toBe(true);
  });

  it('retransmits the 200 until the late ACK, then hangs up with BYE', async () => {
    const invited = nextEvent<[IncomingSipCall]>(ua, 'invite');
    const before = sent.length;
    const sipp = runSipp({ scenario: 'uac-late-ack.xml', remote: remote() });
    const [call] = await invited;
    const t0 = performance.now();
    await call.answer(answerSdp(call));
    expect(performance.now() - t0).toBeGreaterThan(1500);
    const oks = sent.slice(before).filter((m) => m.startsWith('SIP/2.0 200 OK') && m.includes('CSeq: 1 INVITE'));
    expect(oks.length).toBeGreaterThanOrEqual(3); // at 0, T1 and 3*T1 before the ACK at 1.7 s
    const ended = nextEvent<[string]>(call, 'ended');
    await call.hangup();
    expect((await ended)[0]).toBe('local_bye');
    expectPassed(await sipp.done);
  });

  it('gives up after 64*T1 without an ACK: answer() rejects and a BYE ends the call', async () => {
    const fast = await SipUserAgent.listen({ host: '127.0.0.1', port: 0, timers: { t1: 40 } });
    try {
      const invited = nextEvent<[IncomingSipCall]>(fast, 'invite');
      const sipp = runSipp({ scenario: 'uac-no-ack.xml', remote: `127.0.0.1:${fast.address.port}` });
      const [call] = await invited;
      const ended = nextEvent<[string]>(call, 'ended');
      await expect(call.answer(answerSdp(call))).rejects.toThrow(/no ACK/);
      expect((await ended)[0]).toBe('no_ack');
      expectPassed(await sipp.done);
    } finally {
      await fast.close();
    }
  });

  it('answers a CANCEL before the answer with 200 and the INVITE with 487', async () => {
    const invited = nextEvent<[IncomingSipCall]>(ua, 'invite');
    const sipp = runSipp({ scenario: 'uac-cancel.xml', remote: remote() });
    const [call] = await invited;
    const cancelled = nextEvent(call, 'cancel');
    call.ringing();
    await cancelled;
    expect(call.state).toBe('ended');
    expectPassed(await sipp.done);
  });

  it('answers OPTIONS with 200 and Allow', async () => {
    expectPassed(await runSipp({ scenario: 'uac-options.xml', remote: remote() }).done);
  });

  it('mirrors hold (sendonly -> recvonly) and unhold in re-INVITE answers', async () => {
    const invited = nextEvent<[IncomingSipCall]>(ua, 'invite');
    const sipp = runSipp({ scenario: 'uac-hold.xml', remote: remote() });
    const [call] = await invited;
    const directions: string[] = [];
    call.on('reinvite', (_offer, answer: string) => directions.push(/a=(sendrecv|sendonly|recvonly|inactive)/.exec(answer)![1]));
    await call.answer(answerSdp(call));
    await nextEvent(call, 'ended');
    expect(directions).toEqual(['recvonly', 'sendrecv']);
    expectPassed(await sipp.done);
  });

  it('refuses an offer with only G.729 with 488 and a Warning', async () => {
    let invites = 0;
    const count = (): void => void invites++;
    ua.on('invite', count);
    try {
      expectPassed(await runSipp({ scenario: 'uac-g729.xml', remote: remote() }).done);
      expect(invites).toBe(0);
    } finally {
      ua.off('invite', count);
    }
  });

  it('refuses an INVITE without SDP with 488 (no late offer)', async () => {
    expectPassed(await runSipp({ scenario: 'uac-no-sdp.xml', remote: remote() }).done);
    expect(sent.some((m) => m.startsWith('SIP/2.0 488') && m.includes('late offer is not supported'))).toBe(true);
  });

  it('keeps a call going through garbage datagrams and a malformed INVITE (answered 400)', async () => {
    const stop = answerAll(ua);
    const junk = createSocket('udp4');
    try {
      await new Promise<void>((r) => junk.bind(0, '127.0.0.1', () => r()));
      const replies: string[] = [];
      junk.on('message', (m) => replies.push(m.toString()));
      const sipp = runSipp({ scenario: 'uac-basic.xml', remote: remote(), pauseMs: 1500 });
      await new Promise((r) => setTimeout(r, 400));
      const send = (data: Buffer | string): void => junk.send(data, ua.address.port, '127.0.0.1');
      send(Buffer.from([0x80, 0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x00, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90]));
      send('\r\n\r\n');
      send('SIP/2.0 200 OK\r\nVia: nonsense\r\n\r\n');
      send('INVITE sip:x@127.0.0.1 SIP/2.0\r\n\r\n');
      send(
        'INVITE sip:+1555@127.0.0.1 SIP/2.0\r\nVia: SIP/2.0/UDP 127.0.0.1:9;branch=z9hG4bKjunk\r\nFrom: <sip:a@b>;tag=1\r\n' +
          'To: <sip:c@d>\r\nCall-ID: junk\r\nCSeq: 1 INVITE\r\nContent-Length: lots\r\n\r\n',
      );
      send(
        'BYE sip:x@127.0.0.1 SIP/2.0\r\nVia: SIP/2.0/UDP 127.0.0.1:9;branch=z9hG4bKbye\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:c@d>;tag=2\r\nCall-ID: nope\r\nCSeq: 5 BYE\r\n\r\n',
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(replies.map((r) => r.split('\r\n')[0]).sort()).toEqual([
        'SIP/2.0 400 Bad Request (invalid Content-Length)',
        'SIP/2.0 481 Call/Transaction Does Not Exist',
      ]);
      expectPassed(await sipp.done);
    } finally {
      stop();
      junk.close();
    }
  });

  it('limits an INVITE flood per source with 503 while a call from another source is answered', async () => {
    const listener = (call: IncomingSipCall): void => {
      if (call.source.address === '127.0.0.2') call.reject(486);
      else call.answer(answerSdp(call)).catch(() => {});
    };
    ua.on('invite', listener);
    try {
      const before = sent.length;
      const flood = runSipp({ scenario: 'uac-flood.xml', remote: remote(), localIp: '127.0.0.2', calls: 60, rate: 200, timeoutS: 8 });
      await new Promise((r) => setTimeout(r, 150));
      const good = runSipp({ scenario: 'uac-basic.xml', remote: remote(), pauseMs: 200 });
      expectPassed(await good.done);
      await flood.done; // sipp retransmits dropped INVITEs: its exit code says nothing here
      const rejected = new Set(
        sent
          .slice(before)
          .filter((m) => m.startsWith('SIP/2.0 503'))
          .map((m) => /Call-ID: (.*)/.exec(m)![1]),
      ).size;
      const busy = new Set(
        sent
          .slice(before)
          .filter((m) => m.startsWith('SIP/2.0 486'))
          .map((m) => /Call-ID: (.*)/.exec(m)![1]),
      ).size;
      const limited = decisions.splice(0);
      expect(busy).toBeGreaterThanOrEqual(20); // the burst (sipp's retransmissions of dropped INVITEs get in as tokens refill)
      expect(rejected).toBeGreaterThanOrEqual(10); // the 503 burst
      expect(limited.filter((d) => d === 'reject').length).toBe(rejected);
      expect(limited.filter((d) => d === 'drop').length).toBeGreaterThan(5); // far over: dropped unanswered
    } finally {
      ua.off('invite', listener);
    }
  }, 20_000);
});
