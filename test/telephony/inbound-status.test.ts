import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { eventually } from '../support/releases.js';
import { startFakeTwilio, TWILIO_TOKEN, type FakeTwilio } from '../support/fake-twilio.js';
import { startFakeTelnyx, type FakeTelnyx } from '../support/fake-telnyx.js';
import { carrierConnection } from '../campaigns/support.js';
import { twilioSignature } from '../../src/modules/telephony/carriers/twilio/twilio-signature.js';
import { sql } from '../../src/db/orm.js';
import { caller, carrierNumber, deskAgent, useStreamHarness } from './stream-harness.js';

/**
 * Inbound carrier calls learn how they ended (issue 29, item 12): a number
 * pointed at the platform has Twilio post its calls' final status to the
 * platform (the number's StatusCallback), and Telnyx's answer names the
 * call's own events address as its webhook_url; each signed as for outbound
 * calls, each settling the call's carrier log row.
 */
const h = useStreamHarness('inbound-status');
let twilio: FakeTwilio;
let telnyx: FakeTelnyx;
let twilioConnection: string;
let telnyxConnection: string;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  telnyx = await startFakeTelnyx();
  twilioConnection = await carrierConnection(h.t, h.a, 'twilio', twilio.baseUrl);
  telnyxConnection = await carrierConnection(h.t, h.a, 'telnyx', telnyx.baseUrl);
}, 30_000);
afterAll(async () => {
  await twilio?.close();
  await telnyx?.close();
});

const rowOf = async (providerCallId: string) =>
  (
    await sql<{ id: string; status: string; outcome: string | null; duration_seconds: number | null }>(
      h.t.orm.em.fork(),
      "select id, status, outcome, duration_seconds from carrier_call_log where idempotency_key = 'inbound/' || ?",
      [providerCallId],
    )
  )[0];

describe('an inbound call through Twilio', () => {
  it("the number's status callback points at the platform; the signed final status settles the call's row, an unsigned or forged one is refused", async () => {
    const agent = await deskAgent(h);
    const number = await carrierNumber(h, twilio.owned, twilioConnection, agent.agent_id);
    const statusUrl = `${h.t.baseUrl}/carriers/twilio/status`;
    expect(twilio.voiceRouting.get(twilio.owned.get(number)!)).toMatchObject({ status_callback: statusUrl, status_callback_method: 'POST' });

    const call = await twilio.dialInbound({ to: number, from: caller() });
    expect(await call.stream!.handshake).toBe(101);
    const callSid = twilio.calls.find((c) => c.to === number)!.sid;
    expect(await rowOf(callSid)).toMatchObject({ status: 'in-progress', outcome: null });

    // A stranger's callback saying the call was busy: unsigned, or signed with another token. Nothing recorded.
    const forged = { CallSid: callSid, CallStatus: 'busy', To: number };
    const unsigned = await h.t.request.post('/carriers/twilio/status').type('form').send(forged);
    expect(unsigned.status).toBe(403);
    const wrong = await h.t.request
      .post('/carriers/twilio/status')
      .type('form')
      .set('X-Twilio-Signature', twilioSignature('another-token', statusUrl, forged))
      .send(forged);
    expect(wrong.status).toBe(403);
    expect(await rowOf(callSid)).toMatchObject({ status: 'in-progress', outcome: null });
    // Malformed and unknown CallSids say so without a 500.
    const malformed = await h.t.request.post('/carriers/twilio/status').type('form').send({ CallSid: 'CA\u0000', CallStatus: 'completed' });
    expect(malformed.status).toBe(400);
    const unknown = { CallSid: `CA${'f'.repeat(32)}`, CallStatus: 'completed' };
    const missing = await h.t.request
      .post('/carriers/twilio/status')
      .type('form')
      .set('X-Twilio-Signature', twilioSignature(TWILIO_TOKEN, statusUrl, unknown))
      .send(unknown);
    expect(missing.status).toBe(404);

    call.stream!.stop(); // the caller hangs up: Twilio posts `completed` to the number's status callback
    const settled = await eventually(
      () => rowOf(callSid),
      (r) => r.status !== 'in-progress',
      15_000,
    );
    expect(settled).toMatchObject({ status: 'completed', outcome: 'answered' });
    expect(settled.duration_seconds).toBeGreaterThanOrEqual(1);
    await twilio.answered();
    expect(twilio.callbacks.filter((c) => c.url === statusUrl && c.params.CallSid === callSid).map((c) => c.status)).toEqual([204]);
  }, 60_000);

  it('removing the number puts back its earlier status callback with its voice URL', async () => {
    const number = await carrierNumber(h, twilio.owned, twilioConnection, null);
    const sid = twilio.owned.get(number)!;
    const list = await h.t.request.get('/v1/phone/number/list?page_size=100').set(h.a.headers);
    const row = (list.body.phone_numbers as { number: string; phone_number_id: string }[]).find((n) => n.number === number)!;
    expect((await h.t.request.delete(`/v1/phone/number/delete/${row.phone_number_id}`).set(h.a.headers)).status).toBe(200);
    expect(twilio.voiceRouting.get(sid)).toEqual({
      voice_url: 'https://demo.twilio.com/welcome/voice/',
      voice_method: 'POST',
      status_callback: '',
      status_callback_method: 'POST',
    });
  }, 30_000);
});

describe('an inbound call through Telnyx', () => {
  it("the answer asks for µ-law and names the call's events address; the signed hangup settles the row, an unsigned event is refused", async () => {
    const agent = await deskAgent(h);
    const number = await carrierNumber(h, telnyx.owned, telnyxConnection, agent.agent_id);
    const call = await telnyx.dialInbound({ to: number, from: caller(), voiceUrl: `${h.t.baseUrl}/carriers/telnyx/voice` });
    expect(call.status).toBe(204);
    const row = await rowOf(call.callControlId);
    const eventsUrl = `${h.t.baseUrl}/carriers/telnyx/events/${row.id}`;
    const answer = telnyx.actions.find((a) => a.callControlId === call.callControlId && a.action === 'answer')!;
    // stream_codec: Telnyx transcodes an A-law caller to the µ-law the media runtime takes.
    expect(answer.body).toMatchObject({ stream_codec: 'PCMU', stream_bidirectional_codec: 'PCMU', webhook_url: eventsUrl, webhook_url_method: 'POST' });
    expect(await call.stream!.handshake).toBe(101);
    expect(
      await eventually(
        () => rowOf(call.callControlId),
        (r) => r.status !== 'initiated',
        10_000,
      ),
    ).toMatchObject({ status: 'answered', outcome: null }); // an answer decides nothing before machine detection or the hangup

    // A stranger's hangup event: unsigned, then signed by another key. Nothing recorded.
    const body = JSON.stringify({ data: { event_type: 'call.hangup', payload: { call_control_id: call.callControlId, hangup_cause: 'user_busy' } } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const unsigned = await h.t.request
      .post(`/carriers/telnyx/events/${row.id}`)
      .set('content-type', 'application/json')
      .set('telnyx-timestamp', timestamp)
      .send(body);
    expect(unsigned.status).toBe(403);
    const forged = await h.t.request
      .post(`/carriers/telnyx/events/${row.id}`)
      .set('content-type', 'application/json')
      .set('telnyx-timestamp', timestamp)
      .set('telnyx-signature-ed25519', Buffer.alloc(64, 1).toString('base64'))
      .send(body);
    expect(forged.status).toBe(403);
    expect(await rowOf(call.callControlId)).toMatchObject({ status: 'answered' });

    call.stream!.stop(); // the caller hangs up: Telnyx posts call.hangup to the answer's webhook_url
    expect(
      await eventually(
        () => rowOf(call.callControlId),
        (r) => r.status !== 'answered',
        15_000,
      ),
    ).toMatchObject({ status: 'hangup', outcome: 'answered' });
    await telnyx.answered();
    expect(telnyx.events.filter((e) => e.url === eventsUrl).map((e) => [e.event, e.status])).toEqual([
      ['call.answered', 204],
      ['call.hangup', 204],
    ]);
  }, 60_000);
});
