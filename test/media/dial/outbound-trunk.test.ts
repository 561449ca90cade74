import { describe, it, expect } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomPort, runSipp, type SippRun } from '../sip/sipp.js';
import { callAgent, callerAudio, expectPassed, lines, useCallHarness } from '../call/support.js';
import { getSession } from '../../../src/modules/calls/get-session.js';

/**
 * An outbound call created over REST whose caller-id number goes out through
 * a SIP trunk: the outbound call's workflow hands the dial to a media process
 * (the shared media task queue), which places it over SIP, runs the agent
 * when the callee answers, and reports how the call ended; an unanswered
 * dial settles the call with the campaign outcome (busy).
 */
const h = useCallHarness({ durable: true });

const post = (path: string, body: object) => h.t.request.post(path).set(h.a.headers).send(body);

/** A number of the tenant whose destination goes out through a trunk to 127.0.0.1:`port` (a sipp UAS). */
async function trunkNumber(port: number): Promise<string> {
  const trunk = await post('/v1/sip_trunk/create', { name: `trunk ${port}`, direction: 'outbound' });
  expect(trunk.status).toBe(201);
  const trunkId = trunk.body.sip_trunk.sip_trunk_id as string;
  expect((await post('/v1/sip_trunk_endpoint/create', { sip_trunk_id: trunkId, uri: `sip:127.0.0.1:${port}` })).status).toBe(201);
  const number = (await h.t.request.get('/v1/phone/number/search?area_code=415&page_size=1').set(h.a.headers)).body.numbers[0].number as string;
  expect((await post('/v1/phone/number/purchase', { number })).status).toBe(201);
  const destination = await post('/v1/destination/create', { kind: 'phone_number', address: number, sip_trunk_id: trunkId });
  expect(destination.status).toBe(201);
  return number;
}

async function settled(id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const res = await h.t.request.get(`/v1/outbound/call/retrieve/${id}`).set(h.a.headers);
    const call = res.body.outbound_call as Record<string, unknown>;
    if (['completed', 'no_answer', 'busy', 'voicemail', 'failed', 'dnc_blocked'].includes(call.status as string)) return call;
    if (Date.now() > deadline) throw new Error(`outbound call ${id} still ${call.status as string}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function uas(scenario: string, calls = 1): { port: number; done: Promise<SippRun> } {
  const port = randomPort();
  const { done } = runSipp({ scenario, localPort: port, timeoutS: 40, calls, extra: ['-mp', String(randomPort())] });
  return { port, done };
}

describe('outbound calls through a SIP trunk', () => {
  it('are dialled by a media process: the callee answers, the agent talks and hangs up, the call completes', async () => {
    const phrase = 'yes I can talk now';
    const agent = await callAgent(
      h,
      {
        first_message: 'Hello, this is Acme Dental calling about your appointment.',
        model: {
          provider: 'simulated',
          name: 'caller',
          temperature: 0,
          rules: [{ when: 'talk now', say: 'Great, see you on Tuesday. Goodbye!', hangup: true }],
        },
      },
      [phrase],
    );
    const scenario = join(h.dir, 'uas-speak.xml');
    const audio = callerAudio(h, [5, phrase, 4]);
    writeFileSync(scenario, readFileSync(join(import.meta.dirname, 'uas-speak.xml'), 'utf8').replaceAll('CALLEE_AUDIO_FILE,', `${audio},`));
    const callee = uas(scenario);
    const from = await trunkNumber(callee.port);
    await new Promise((r) => setTimeout(r, 300)); // sipp binds its port

    const created = await post('/v1/outbound/call/create', { agent_id: agent.agent_id, from_number: from, to_number: '+14155550142' });
    expect(created.status).toBe(202);
    const call = await settled(created.body.outbound_call.outbound_call_id as string);
    expect(call).toMatchObject({ status: 'completed', end_reason: 'agent_hangup' });
    expectPassed(await callee.done); // sipp got our BYE
    const session = await getSession(h.t.orm.em.fork(), h.a.organizationId, call.session_id as string);
    expect(session).toMatchObject({ status: 'ended', direction: 'outbound', kind: 'live', phone_number: from, has_recording: true });
    expect(lines(session)).toEqual(
      expect.arrayContaining([
        ['customer', phrase.toLowerCase()],
        ['agent', 'Great, see you on Tuesday. Goodbye!'],
      ]),
    );
  }, 90_000);

  it('settle a busy callee as busy, with a live session that says so', async () => {
    const agent = await callAgent(h, { first_message: 'Hello.' }, ['hello']);
    const callee = uas(join(import.meta.dirname, '../sip/scenarios/uas-busy.xml'));
    const from = await trunkNumber(callee.port);
    await new Promise((r) => setTimeout(r, 300));
    const created = await post('/v1/outbound/call/create', { agent_id: agent.agent_id, from_number: from, to_number: '+14155550143' });
    const call = await settled(created.body.outbound_call.outbound_call_id as string);
    expect(call).toMatchObject({ status: 'busy', end_reason: 'busy' });
    const session = await getSession(h.t.orm.em.fork(), h.a.organizationId, call.session_id as string);
    expect(session).toMatchObject({ end_reason: 'busy', kind: 'live', direction: 'outbound' });
    await callee.done;
  }, 60_000);

  it("carry a campaign's dials: its batch hands each trunk dial to a media process, and every recipient is settled", async () => {
    const agent = await callAgent(h, { first_message: 'Hello.' }, ['hello']);
    const callee = uas(join(import.meta.dirname, '../sip/scenarios/uas-busy.xml'), 3);
    const from = await trunkNumber(callee.port);
    await new Promise((r) => setTimeout(r, 300));
    const numbers = ['+14155550151', '+14155550152', '+14155550153'];
    const launched = await post('/v1/outbound/campaign/launch', { agent_id: agent.agent_id, caller_numbers: [from], numbers, max_concurrent_calls: 3 });
    expect(launched.status).toBe(202);
    const id = launched.body.campaign.campaign_id as string;
    const deadline = Date.now() + 60_000;
    let campaign: { status: string; counts: { dials: number; by_outcome: Record<string, number> } };
    for (;;) {
      campaign = (await h.t.request.get(`/v1/outbound/campaign/${id}/retrieve`).set(h.a.headers)).body.campaign;
      if (campaign.status === 'completed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(campaign).toMatchObject({ status: 'completed', counts: { dials: 3, by_outcome: { busy: 3 } } });
    expectPassed(await callee.done); // the three INVITEs reached the trunk's callee: dialled over SIP, not by the carrier
  }, 90_000);
});
