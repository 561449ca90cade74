import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { eventually } from '../support/releases.js';
import { startFakeTelnyx, telnyxScriptFor, telnyxSign, type FakeTelnyx } from '../support/fake-telnyx.js';
import { FakeCarrierStream } from '../support/fake-carrier-stream.js';
import { carrierConnection, placeOutboundCall } from '../campaigns/support.js';
import { channel } from '../media/call/support.js';
import { telnyxOutcome } from '../../src/modules/telephony/carriers/telnyx/telnyx-events.js';
import { sql } from '../../src/db/orm.js';
import {
  caller,
  carrierNumber,
  deskAgent,
  GREETING,
  heardSentences,
  LONG_GREETING,
  loud,
  PHRASE,
  phraseAudio,
  recordedSession,
  recordingOf,
  REPLY,
  said,
  useStreamHarness,
  checkStreamedCampaign,
} from './stream-harness.js';

/**
 * Calls through Telnyx with their audio on a bidirectional media stream
 * (issue 15): the fake Telnyx speaks Call Control's REST API, its Ed25519
 * signed webhooks and the Media Streaming WebSocket frames, delivers some
 * media frames out of order (Telnyx does not promise their order), and plays
 * the agent's audio out of a buffer, echoing marks and honouring `clear`.
 */
const h = useStreamHarness('telnyx-stream');
let telnyx: FakeTelnyx;
let connectionId: string;

beforeAll(async () => {
  telnyx = await startFakeTelnyx();
  connectionId = await carrierConnection(h.t, h.a, 'telnyx', telnyx.baseUrl);
}, 30_000);
afterAll(async () => {
  await telnyx?.close();
});

const telnyxNumber = (agentId: string | null) => carrierNumber(h, telnyx.owned, connectionId, agentId);
const voiceUrl = () => `${h.t.baseUrl}/carriers/telnyx/voice`;

describe('an inbound call through Telnyx', () => {
  it('answers call.initiated with a media stream; the agent greets, hears the caller through reordered frames, replies; the call is recorded', async () => {
    const agent = await deskAgent(h);
    const number = await telnyxNumber(agent.agent_id);
    const call = await telnyx.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
    expect(call.status).toBe(204);
    const answered = telnyx.actions.find((x) => x.callControlId === call.callControlId && x.action === 'answer')!;
    expect(answered.body).toMatchObject({
      stream_track: 'inbound_track',
      stream_codec: 'PCMU',
      stream_bidirectional_mode: 'rtp',
      stream_bidirectional_codec: 'PCMU',
    });
    expect(answered.body.stream_url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/carriers\/telnyx\/stream\/[A-Za-z0-9_]+\/[A-Za-z0-9_-]{43}$/);
    const stream = call.stream!;
    expect(await stream.handshake).toBe(101);

    await heardSentences(stream, 2);
    stream.say(await phraseAudio());
    await heardSentences(stream, 3);
    stream.stop();

    const session = await recordedSession(h, { phone: number });
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup', direction: 'inbound' });
    expect(said(session)).toEqual([
      ['agent', GREETING],
      ['customer', PHRASE.toLowerCase()],
      ['agent', REPLY],
    ]);
    expect(stream.invalid).toEqual([]);
    // Frames came out of order and were put back in order by sequence_number (the jitter buffer counts them).
    expect(stream.reordered).toBeGreaterThan(0);
    const report = h.reports.find((r) => r.sessionId === session.session_id)!;
    expect(report.stream!.buffer.reordered).toBeGreaterThan(0);
    expect(report.stream!.buffer.late).toBe(0);
    const wav = await recordingOf(h, session.session_id);
    expect(loud(channel(wav, 0)) && loud(channel(wav, 1))).toBe(true);
  }, 60_000);

  it('a caller who talks over the greeting gets the agent stopped and Telnyx told to clear its buffer', async () => {
    const agent = await deskAgent(h, LONG_GREETING);
    const number = await telnyxNumber(agent.agent_id);
    const call = await telnyx.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
    const stream = call.stream!;
    expect(await stream.handshake).toBe(101);
    await eventually(
      async () => stream.played.filter((f) => loud(f.pcm)).length,
      (n) => n >= 50,
      20_000,
      20,
    );
    stream.say(await phraseAudio());
    await eventually(
      async () => stream.clears.length,
      (n) => n >= 1,
      10_000,
      20,
    );
    await heardSentences(stream, stream.marksEchoed.length + 1);
    stream.stop();
    const lines = said(await recordedSession(h, { phone: number }));
    expect(lines.slice(1)).toEqual([
      ['system', 'The caller interrupted the agent.'],
      ['customer', PHRASE.toLowerCase()],
      ['agent', REPLY],
    ]);
  }, 60_000);

  it('transfers through Call Control: the live call is handed to the destination, not hung up', async () => {
    const agent = await deskAgent(h, GREETING, {
      destinations: [{ name: 'billing', address: '+14155550199' }],
      model: {
        provider: 'simulated',
        name: 'desk',
        temperature: 0,
        rules: [{ when: 'book an appointment', say: 'Let me transfer you to billing.', transfer_to: 'billing' }],
      },
    });
    const number = await telnyxNumber(agent.agent_id);
    const call = await telnyx.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
    await heardSentences(call.stream!, 2);
    call.stream!.say(await phraseAudio());
    await call.stream!.closed;
    const session = await recordedSession(h, { phone: number });
    expect(session.end_reason).toBe('transferred');
    const mine = telnyx.actions.filter((x) => x.callControlId === call.callControlId).map((x) => [x.action, x.body.to]);
    expect(mine).toEqual([
      ['answer', undefined],
      ['transfer', '+14155550199'],
    ]);
  }, 60_000);
});

describe('an outbound call through Telnyx', () => {
  it('dials with a stream_url; the stream waits for machine detection, then the callee talks with the agent', async () => {
    const agent = await deskAgent(h);
    const from = await telnyxNumber(null);
    const to = '+12125550159'; // a person answers (the fake's script by last digit)
    telnyx.onStream = async (stream) => {
      await heardSentences(stream, 2);
      stream.say(await phraseAudio());
      await heardSentences(stream, 3);
      stream.stop();
    };
    const done = await placeOutboundCall(h.t, h.a, { agent_id: agent.agent_id, from_number: from, to_number: to }, 60_000);
    expect(done).toMatchObject({ status: 'completed' });
    const placed = telnyx.requests.find((r) => r.method === 'POST' && r.path === '/v2/calls' && r.body.to === to)!;
    const [log] = await sql<{ id: string }>(h.t.orm.em.fork(), 'select id from carrier_call_log where to_number = ? and organization_id = ?', [
      to,
      h.a.organizationId,
    ]);
    expect(placed.body).toMatchObject({ stream_track: 'inbound_track', stream_bidirectional_mode: 'rtp', answering_machine_detection: 'detect' });
    expect(placed.body.stream_url).toContain(`/carriers/telnyx/stream/${log.id}/`);
    const session = await recordedSession(h, { id: done.session_id as string });
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup', direction: 'outbound' });
    expect(said(session)).toEqual([
      ['agent', GREETING],
      ['customer', PHRASE.toLowerCase()],
      ['agent', REPLY],
    ]);
  }, 90_000);
});

describe('a campaign through Telnyx', () => {
  it('50 recipients: every outcome from the signed events, each answered call a conversation over its stream, machines hung up, nobody dialled twice', async () => {
    telnyx.onStream = async (stream) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      stream.stop();
    };
    const { rows, expected } = await checkStreamedCampaign(h, {
      callerNumber: await telnyxNumber(null),
      firstNumber: 3100,
      expected: (phone) => {
        const script = telnyxScriptFor(phone);
        const detected = script.find((e) => e.event_type === 'call.machine.detection.ended');
        const outcome = detected
          ? telnyxOutcome(detected.event_type, detected.payload!, false)
          : telnyxOutcome('call.hangup', script[script.length - 1].payload!, false);
        return outcome === 'answered' ? 'completed' : outcome;
      },
      dialled: (numbers) => telnyx.requests.filter((r) => r.method === 'POST' && r.path === '/v2/calls' && numbers.includes(r.body.to)),
      posted: (logIds) => telnyx.events.filter((c) => logIds.has(c.url.split('/').pop()!)),
    });
    // Telnyx streams a machine's call from its answer too: the platform hung each one up, and its stream was refused.
    const machines = rows.filter((r) => expected(r.to_number) === 'voicemail');
    expect(machines.length).toBeGreaterThan(0);
    for (const row of machines) {
      const [log] = await sql<{ provider_call_id: string }>(h.t.orm.em.fork(), 'select provider_call_id from carrier_call_log where id = ?', [row.id]);
      expect(telnyx.actions.some((x) => x.callControlId === log.provider_call_id && x.action === 'hangup')).toBe(true);
      expect(await telnyx.streams.get(log.provider_call_id)?.handshake).toBe(409);
    }
  }, 200_000);
});

describe("a number's Call Control application", () => {
  it("importing a number moves it to the connection's Call Control application; removing it from the platform puts back its connection", async () => {
    const imported = await telnyxNumber(null);
    const id = telnyx.owned.get(imported)!;
    expect(telnyx.numberConnections.get(id)).toBe('cc-app');
    const list = await h.t.request.get('/v1/phone/number/list?page_size=100').set(h.a.headers);
    const row = (list.body.phone_numbers as { number: string; phone_number_id: string }[]).find((n) => n.number === imported)!;
    expect((await h.t.request.delete(`/v1/phone/number/delete/${row.phone_number_id}`).set(h.a.headers)).status).toBe(200);
    expect(telnyx.numberConnections.get(id)).toBe('previous-connection');
  }, 30_000);
});

describe('refusals', () => {
  it('the voice webhook: unsigned, wrongly signed or stale events are 403 and nothing is answered; a number routed nowhere is rejected', async () => {
    const agent = await deskAgent(h);
    const number = await telnyxNumber(agent.agent_id);
    const unsigned = await telnyx.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl(), sign: () => null });
    const forged = await telnyx.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl(), sign: (ts, body) => telnyxSign(ts, `${body} `) });
    const stale = await telnyx.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl(), sign: (_ts, body) => telnyxSign('1000000000', body) });
    for (const call of [unsigned, forged, stale]) {
      expect(call.status).toBe(403);
      expect(telnyx.actions.filter((x) => x.callControlId === call.callControlId)).toEqual([]);
    }
    const unrouted = await telnyx.dialInbound({ to: await telnyxNumber(null), from: caller(), voiceUrl: voiceUrl() });
    expect(unrouted.status).toBe(204);
    expect(telnyx.actions.filter((x) => x.callControlId === unrouted.callControlId).map((x) => x.action)).toEqual(['reject']);
  }, 30_000);

  it('the stream: a wrong token is 403, an unknown call 404, a second stream for one call 409', async () => {
    const agent = await deskAgent(h);
    const number = await telnyxNumber(agent.agent_id);
    const call = await telnyx.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
    const url = telnyx.actions.find((x) => x.callControlId === call.callControlId && x.action === 'answer')!.body.stream_url as string;
    expect(await call.stream!.handshake).toBe(101);
    const open = (at: string) => new FakeCarrierStream({ dialect: 'telnyx', url: at, callSid: call.callControlId }).handshake;
    expect(await open(url.replace(/[^/]{43}$/, 'A'.repeat(43)))).toBe(403);
    expect(await open(url.replace(/stream\/[^/]+\//, 'stream/carrier_call_unknown/'))).toBe(404);
    expect(await open(url)).toBe(409);
    call.stream!.stop();
    await recordedSession(h, { phone: number });
  }, 30_000);
});
