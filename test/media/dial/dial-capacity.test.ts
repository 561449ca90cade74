import { describe, it, expect } from '@jest/globals';
import { join } from 'node:path';
import { randomPort, runSipp } from '../sip/sipp.js';
import { callAgent, callerAudio, dial, expectPassed, routedNumber, scenarioFile, useCallHarness } from '../call/support.js';

/**
 * An outbound dial counts against the media process's capacity of talking calls (MEDIA_MAX_CALLS, here 1) as an
 * INVITE does (issue 31, item 5): while an inbound call holds the one slot, a dial waits MEDIA_DIAL_WAIT_MS (here
 * 1.5 s) for room, then settles busy without dialling anyone, saying why; once the call ended, dials go out again.
 */
const h = useCallHarness({ durable: true, env: { MEDIA_MAX_CALLS: '1', MEDIA_DIAL_WAIT_MS: '1500' } });

const post = (path: string, body: object) => h.t.request.post(path).set(h.a.headers).send(body);

/** A number of the tenant whose destination goes out through a trunk to 127.0.0.1:`port`. */
async function trunkNumber(port: number): Promise<string> {
  const trunk = await post('/v1/sip_trunk/create', { name: `trunk ${port}`, direction: 'outbound' });
  const trunkId = trunk.body.sip_trunk.sip_trunk_id as string;
  expect((await post('/v1/sip_trunk_endpoint/create', { sip_trunk_id: trunkId, uri: `sip:127.0.0.1:${port}` })).status).toBe(201);
  const number = (await h.t.request.get('/v1/phone/number/search?area_code=415&page_size=1').set(h.a.headers)).body.numbers[0].number as string;
  expect((await post('/v1/phone/number/purchase', { number })).status).toBe(201);
  expect((await post('/v1/destination/create', { kind: 'phone_number', address: number, sip_trunk_id: trunkId })).status).toBe(201);
  return number;
}

async function settled(id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const call = (await h.t.request.get(`/v1/outbound/call/retrieve/${id}`).set(h.a.headers)).body.outbound_call as Record<string, unknown>;
    if (['completed', 'no_answer', 'busy', 'voicemail', 'failed', 'dnc_blocked'].includes(call.status as string)) return call;
    if (Date.now() > deadline) throw new Error(`outbound call ${id} still ${call.status as string}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('outbound dials at the capacity of talking calls', () => {
  it('wait for room, then settle busy without dialling; once a call ended they are dialled again', async () => {
    const agent = await callAgent(h, { first_message: 'Hello.' }, ['hello']);
    // The callee's trunk: a sipp that answers busy, so a dial that really goes out settles busy with its SIP reason.
    const calleePort = randomPort();
    const callee = runSipp({ scenario: join(import.meta.dirname, '../sip/scenarios/uas-busy.xml'), localPort: calleePort, timeoutS: 30, calls: 1 });
    const from = await trunkNumber(calleePort);

    // An inbound caller holds the one slot for a few seconds.
    const inbound = await routedNumber(h, agent.agent_id);
    const held = dial(h, scenarioFile(h, 'uac-speak.xml', { CALLER_AUDIO_FILE: callerAudio(h, [5]) }), inbound, { pauseMs: 5000, timeoutS: 30 });
    const deadline = Date.now() + 10_000;
    while (h.media.activeCalls() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(h.media.activeCalls()).toBe(1);

    const refused = await post('/v1/outbound/call/create', { agent_id: agent.agent_id, from_number: from, to_number: '+14155550150' });
    expect(refused.status).toBe(202);
    const first = await settled(refused.body.outbound_call.outbound_call_id as string);
    expect(first).toMatchObject({ status: 'busy', error: expect.stringContaining('capacity of 1 talking calls') });

    expectPassed(await held);
    while (h.media.activeCalls() > 0 && Date.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 50));
    const dialled = await post('/v1/outbound/call/create', { agent_id: agent.agent_id, from_number: from, to_number: '+14155550151' });
    const second = await settled(dialled.body.outbound_call.outbound_call_id as string);
    // Dialled this time: the callee's own busy (486), not the process's capacity.
    expect(second.status).toBe('busy');
    expect(second.error ?? '').not.toContain('capacity');
    expectPassed(await callee.done);
    expect(h.media.activeCalls()).toBe(0);
  }, 90_000);
});
