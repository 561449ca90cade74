/**
 * Our SipUserAgent places calls to sipp acting as the far end (UAS).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CallFailure, OutgoingSipCall } from '../../../src/media/transports/sip/outgoing-call.js';
import { buildOffer } from '../../../src/media/transports/sip/sdp.js';
import { SipUserAgent } from '../../../src/media/transports/sip/user-agent.js';
import { nextEvent, randomPort, runSipp, stopAllSipp, type SippRun } from './sipp.js';

let ua: SipUserAgent;

beforeAll(async () => {
  ua = await SipUserAgent.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  stopAllSipp();
  await ua.close();
});

function expectPassed(run: SippRun): void {
  expect({ code: run.code, errors: run.code === 0 ? '' : run.errors }).toEqual({ code: 0, errors: '' });
}

/** Starts a sipp UAS on a random port and places our call to it. */
async function callSipp(
  scenario: string,
  options: { ringTimeoutMs?: number; credentials?: { username: string; password: string } } = {},
): Promise<{ call: OutgoingSipCall; sipp: Promise<SippRun> }> {
  const port = randomPort();
  const sipp = runSipp({ scenario, localPort: port });
  await new Promise((r) => setTimeout(r, 300)); // let sipp bind; our INVITE retransmits anyway
  const call = ua.placeCall({
    target: `sip:+15550100@127.0.0.1:${port}`,
    from: 'sip:+15550199@127.0.0.1',
    sdp: buildOffer({ address: '127.0.0.1', port: 40002, sessionId: '7', version: 1 }),
    ringTimeoutMs: options.ringTimeoutMs ?? 5000,
    credentials: options.credentials,
  });
  return { call, sipp: sipp.done };
}

describe('outbound calls to sipp', () => {
  it('is answered, then we hang up with BYE', async () => {
    const { call, sipp } = await callSipp('uas-answer.xml');
    const progress: number[] = [];
    call.on('progress', (s: number) => progress.push(s));
    const [sdp] = await nextEvent<[string]>(call, 'answered');
    expect(sdp).toMatch(/m=audio \d+ RTP\/AVP 8 101/);
    expect(progress).toContain(180);
    await call.hangup();
    expectPassed(await sipp);
  });

  it('is answered, then the far end hangs up and we answer its BYE', async () => {
    const { call, sipp } = await callSipp('uas-answer-bye.xml');
    await nextEvent(call, 'answered');
    const [reason] = await nextEvent<[string]>(call, 'ended');
    expect(reason).toBe('remote_bye');
    expectPassed(await sipp);
  });

  it('reports 486 as busy', async () => {
    const { call, sipp } = await callSipp('uas-busy.xml');
    const [failure] = await nextEvent<[CallFailure]>(call, 'failed');
    expect(failure).toEqual({ status: 486, reason: 'Busy Here', outcome: 'busy' });
    expectPassed(await sipp);
  });

  it('CANCELs after the ring timeout and reports no_answer', async () => {
    const { call, sipp } = await callSipp('uas-no-answer.xml', { ringTimeoutMs: 800 });
    const t0 = performance.now();
    const [failure] = await nextEvent<[CallFailure]>(call, 'failed');
    expect(performance.now() - t0).toBeGreaterThan(700);
    expect(failure).toEqual({ status: 487, reason: 'Request Terminated', outcome: 'no_answer' });
    expectPassed(await sipp);
  });

  it('answers a 401 challenge with a digest sipp verifies, then is answered', async () => {
    const { call, sipp } = await callSipp('uas-auth-401.xml', { credentials: { username: 'trunkuser', password: 's3cret' } });
    await nextEvent(call, 'answered');
    await call.hangup();
    expectPassed(await sipp);
  });

  it('fails with 403 when the password is wrong (the digest is really checked)', async () => {
    const { call, sipp } = await callSipp('uas-auth-401.xml', { credentials: { username: 'trunkuser', password: 'wrong' } });
    const [failure] = await nextEvent<[CallFailure]>(call, 'failed');
    expect(failure).toMatchObject({ status: 403, outcome: 'failed' });
    await sipp;
  });

  it('answers a 407 proxy challenge with Proxy-Authorization, then is answered', async () => {
    const { call, sipp } = await callSipp('uas-auth-407.xml', { credentials: { username: 'trunkuser', password: 's3cret' } });
    await nextEvent(call, 'answered');
    await call.hangup();
    expectPassed(await sipp);
  });
});
