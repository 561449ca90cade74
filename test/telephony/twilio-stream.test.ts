import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { connect } from 'node:net';
import { unique } from '../support/factories.js';
import { eventually } from '../support/releases.js';
import { startFakeTwilio, scriptFor, TWILIO_SID, TWILIO_TOKEN, streamUrlOf, type FakeTwilio } from '../support/fake-twilio.js';
import { FakeCarrierStream } from '../support/fake-carrier-stream.js';
import { campaignApi, carrierConnection, nyNumbers, placeOutboundCall } from '../campaigns/support.js';
import { channel } from '../media/call/support.js';
import { concat, speakAs } from '../media/speech/audio.js';
import { DEFAULT_REPROMPT } from '../../src/modules/engine/repair.js';
import { twilioOutcome } from '../../src/modules/telephony/carriers/twilio/twilio-status.js';
import { twilioSignature } from '../../src/modules/telephony/carriers/twilio/twilio-signature.js';
import { sql } from '../../src/db/orm.js';
import {
  caller,
  carrierNumber,
  deskAgent as agentOf,
  GREETING,
  heardSentences,
  LONG_GREETING,
  loud,
  PHRASE,
  phraseAudio,
  recordedSession as sessionOf,
  recordingOf as recordingIn,
  REPLY,
  said,
  useStreamHarness,
  checkStreamedCampaign,
} from './stream-harness.js';

/**
 * Calls through Twilio with their audio on a bidirectional Media Stream
 * (issue 15): the fake Twilio speaks Twilio's REST, webhook and WebSocket
 * wire formats (signatures by Twilio's documented algorithm), plays the far
 * party with espeak-ng audio in real time, and plays the agent's audio out
 * of a buffer as Twilio does, echoing marks and honouring `clear`. The media
 * runtime takes the streams on the API server's port, as `npm run dev` does.
 */
const h = useStreamHarness('twilio-stream');
let twilio: FakeTwilio;
let connectionId: string;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  connectionId = await carrierConnection(h.t, h.a, 'twilio', twilio.baseUrl);
}, 30_000);
afterAll(async () => {
  await twilio?.close();
});

const deskAgent = (firstMessage?: string, extra?: Record<string, unknown>) => agentOf(h, firstMessage, extra);
const twilioNumber = (agentId: string | null) => carrierNumber(h, twilio.owned, connectionId, agentId);
const recordedSession = (filter: { phone?: string; id?: string }) => sessionOf(h, filter);
const recordingOf = (sessionId: string) => recordingIn(h, sessionId);
const voiceUrl = () => `${h.t.baseUrl}/carriers/twilio/voice`;
/** How a number pointed at the platform is routed: calls to the voice URL, their final status to the status callback. */
const routed = () => ({ voice_url: voiceUrl(), voice_method: 'POST', status_callback: `${h.t.baseUrl}/carriers/twilio/status` });

/** An inbound call whose agent says LONG_GREETING, once a second of it has been played to the caller. */
async function aSecondIntoLongGreeting() {
  const agent = await deskAgent(LONG_GREETING);
  const number = await twilioNumber(agent.agent_id);
  const call = await twilio.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
  const stream = call.stream!;
  expect(await stream.handshake).toBe(101);
  await eventually(
    async () => stream.played.filter((f) => loud(f.pcm)).length,
    (n) => n >= 50,
    20_000,
    20,
  );
  return { number, stream };
}

describe('an inbound call through Twilio', () => {
  it('answers the signed voice webhook with a Media Stream; the agent greets, hears the caller, replies; the call is recorded', async () => {
    const agent = await deskAgent();
    const number = await twilioNumber(agent.agent_id);
    const from = caller();
    // Twilio calls the voice URL importing the number set on it.
    const call = await twilio.dialInbound({ to: number, from });
    expect(call.status).toBe(200);
    const url = streamUrlOf(call.twiml)!;
    expect(url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/carriers/twilio/stream/[A-Za-z0-9_]+$`));
    const stream = call.stream!;
    expect(await stream.handshake).toBe(101);

    await heardSentences(stream, 2); // the greeting's two sentences, played out and echoed
    stream.say(await phraseAudio());
    await heardSentences(stream, 3); // the reply
    stream.stop();

    const session = await recordedSession({ phone: number });
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup', direction: 'inbound' });
    expect(said(session)).toEqual([
      ['agent', GREETING],
      ['customer', PHRASE.toLowerCase()],
      ['agent', REPLY],
    ]);
    expect(stream.invalid).toEqual([]);
    // The agent's audio was really played to the caller, and both sides are in the recording.
    expect(loud(stream.playedAudio())).toBe(true);
    const wav = await recordingOf(session.session_id);
    expect(loud(channel(wav, 0))).toBe(true);
    expect(loud(channel(wav, 1))).toBe(true);
    const report = h.reports.find((r) => r.sessionId === session.session_id)!;
    expect(report.stream).toMatchObject({ marksPending: 0, clears: 0 });
    expect(report.stream!.framesReceived).toBeGreaterThan(100);
    expect(report.metrics).toHaveLength(1);
  }, 60_000);

  it('a caller who talks over the greeting: the agent stops, Twilio is told to clear its buffer, and the transcript keeps what was heard', async () => {
    const { number, stream } = await aSecondIntoLongGreeting();
    const spokeAt = stream.now();
    stream.say(await phraseAudio());
    await eventually(
      async () => stream.clears.length,
      (n) => n >= 1,
      10_000,
      20,
    );
    // The marks the clear dropped are echoed at once; the reply's comes once it was played.
    await heardSentences(stream, stream.marksEchoed.length + 1);
    stream.stop();

    expect(stream.clears.length).toBeGreaterThanOrEqual(1);
    const clear = stream.clears[0];
    process.stderr.write(`[twilio barge-in] clear ${Math.round(clear.atMs - spokeAt)} ms after the caller began, ${clear.droppedFrames} frames buffered\n`);
    // The far party's speech crosses the stream and the turn detector's minimum speech first: well under a second.
    expect(clear.atMs - spokeAt).toBeLessThan(1000);
    // After the clear the far party hears no more of the greeting: nothing loud until the reply.
    const session = await recordedSession({ phone: number });
    const lines = said(session);
    expect(lines[0][0]).toBe('agent');
    expect(LONG_GREETING.startsWith(lines[0][1])).toBe(true);
    expect(lines[0][1].length).toBeLessThan(LONG_GREETING.length / 2);
    expect(lines.slice(1)).toEqual([
      ['system', 'The caller interrupted the agent.'],
      ['customer', PHRASE.toLowerCase()],
      ['agent', REPLY],
    ]);
  }, 60_000);
});

describe('off-script speech through Twilio', () => {
  it('a name the agent does not know is asked again, and "can you repeat that" repeats the reprompt: nothing is done on a guess', async () => {
    const agent = await deskAgent(GREETING, {
      model: {
        provider: 'simulated',
        name: 'desk',
        temperature: 0,
        rules: [
          { when: 'book an appointment', say: REPLY },
          { when: 'bye', say: 'Goodbye!', hangup: true },
        ],
      },
    });
    const number = await twilioNumber(agent.agent_id);
    const call = await twilio.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
    const stream = call.stream!;
    expect(await stream.handshake).toBe(101);
    await heardSentences(stream, 2); // the greeting
    // A voice and pace the grammar was not built around; once matched to "bye" and hung up on.
    stream.say(concat([speakAs('My name is Priya Raman.', 'en-gb', 190), new Int16Array(8000)]));
    await heardSentences(stream, 4); // the reprompt's two sentences
    stream.say(await phraseAudio('Can you repeat that?'));
    await heardSentences(stream, 6); // the reprompt again
    stream.stop();

    const session = await recordedSession({ phone: number });
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup' });
    expect(session.legs[0].transcript.items.map((i) => [i.speaker, i.text, i.kind])).toEqual([
      ['agent', GREETING, undefined],
      ['customer', '', 'unrecognized'],
      ['agent', DEFAULT_REPROMPT, undefined],
      ['customer', 'can you repeat that', 'speech'],
      ['agent', DEFAULT_REPROMPT, undefined],
    ]);
  }, 60_000);
});

describe('a backchannel through Twilio', () => {
  it('"okay" over the greeting clears what Twilio buffered, then the agent goes on from where it stopped: the whole greeting, once', async () => {
    const { number, stream } = await aSecondIntoLongGreeting();
    stream.say(await phraseAudio('okay'));
    await eventually(
      async () => stream.clears.length,
      (n) => n >= 1,
      10_000,
      20,
    );
    // The rest of the greeting is played: wait until the agent has been quiet for 1.5 s.
    const clearedAt = stream.clears[0].atMs;
    await eventually(
      async () => {
        const loudFrames = stream.played.filter((f) => f.atMs > clearedAt && loud(f.pcm));
        return loudFrames.length > 100 && stream.now() - loudFrames.at(-1)!.atMs > 1500;
      },
      (done) => done,
      30_000,
      100,
    );
    stream.stop();

    const session = await recordedSession({ phone: number });
    expect(session.legs[0].transcript.items.map((i) => [i.speaker, i.text, i.kind])).toEqual([
      ['agent', LONG_GREETING, undefined],
      ['customer', 'okay', 'backchannel'],
    ]);
    const report = h.reports.find((r) => r.sessionId === session.session_id)!;
    expect(report.resumes).toBe(1);
  }, 60_000);
});

describe('an outbound call through Twilio', () => {
  it('dials with TwiML connecting a stream; the callee answers, talks with the agent and hangs up; the status callbacks and the session agree', async () => {
    const agent = await deskAgent();
    const from = await twilioNumber(null);
    const to = '+12125550149'; // a person answers (fake Twilio's script by last digit)
    twilio.onStream = async (stream) => {
      await heardSentences(stream, 2);
      stream.say(await phraseAudio());
      await heardSentences(stream, 3);
      stream.stop();
    };
    const done = await placeOutboundCall(h.t, h.a, { agent_id: agent.agent_id, from_number: from, to_number: to }, 60_000);
    expect(done).toMatchObject({ status: 'completed' });

    const placed = twilio.requests.find((r) => r.method === 'POST' && r.path.endsWith('/Calls.json') && r.body.To === to)!;
    // Twilio posts `completed` once the stream closed: it may land a moment after the session is recorded.
    const log = await eventually(
      async () =>
        (
          await sql<{ id: string; provider_call_id: string; status: string; outcome: string }>(
            h.t.orm.em.fork(),
            'select id, provider_call_id, status, outcome from carrier_call_log where to_number = ? and organization_id = ?',
            [to, h.a.organizationId],
          )
        )[0],
      (row) => row.status === 'completed',
      10_000,
      100,
    );
    expect(streamUrlOf(placed.body.Twiml)).toBe(`${h.t.baseUrl.replace('http:', 'ws:')}/carriers/twilio/stream/${log.id}`);
    expect(log).toMatchObject({ status: 'completed', outcome: 'answered' });
    const session = await recordedSession({ id: done.session_id as string });
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup', direction: 'outbound' });
    expect(said(session)).toEqual([
      ['agent', GREETING],
      ['customer', PHRASE.toLowerCase()],
      ['agent', REPLY],
    ]);
    const wav = await recordingOf(session.session_id);
    expect(loud(channel(wav, 0)) && loud(channel(wav, 1))).toBe(true);
    // Every callback, the completed one after the stream ended included, was taken.
    await twilio.answered();
    const callbacks = twilio.callbacks.filter((c) => c.params.CallSid === log.provider_call_id);
    expect(callbacks.map((c) => [c.params.CallStatus, c.status])).toEqual([
      ['initiated', 204],
      ['ringing', 204],
      ['in-progress', 204],
      ['completed', 204],
    ]);
  }, 90_000);
});

describe('a live call through Twilio, controlled mid-call', () => {
  it('hang-up through REST ends the call at Twilio, and transfer updates the live call to <Dial>', async () => {
    const agent = await deskAgent(GREETING, {
      destinations: [{ name: 'billing', address: '+14155550199' }],
      model: {
        provider: 'simulated',
        name: 'desk',
        temperature: 0,
        rules: [{ when: 'book an appointment', say: 'Let me transfer you to billing.', transfer_to: 'billing' }],
      },
    });
    const number = await twilioNumber(agent.agent_id);

    // 1. Hung up through the API while the agent is talking.
    const first = await twilio.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
    await heardSentences(first.stream!, 1);
    const live = await eventually(
      async () => (await sql<{ id: string }>(h.t.orm.em.fork(), "select id from call_session where phone_number = ? and status = 'in_progress'", [number]))[0],
      (r) => r !== undefined,
      10_000,
      100,
    );
    const hangup = await h.t.request.post(`/v1/call_session/${live.id}/hangup`).set(h.a.headers).send({});
    expect(hangup.status).toBe(202);
    await first.stream!.closed;
    const ended = await recordedSession({ id: live.id });
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'agent_hangup' });
    const sid = [...twilio.streams].find(([, s]) => s === first.stream)![0];
    expect(twilio.requests.some((r) => r.method === 'POST' && r.path.endsWith(`/Calls/${sid}.json`) && r.body.Status === 'completed')).toBe(true);

    // 2. The agent transfers: Twilio is asked to <Dial> the destination, and our leg ends without hanging the caller up.
    const second = await twilio.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
    await heardSentences(second.stream!, 2);
    second.stream!.say(await phraseAudio());
    await second.stream!.closed;
    const transferred = await eventually(
      async () =>
        (
          await sql<{ id: string; status: string }>(
            h.t.orm.em.fork(),
            'select id, status from call_session where phone_number = ? order by started_at desc limit 1',
            [number],
          )
        )[0],
      (r) => r.id !== live.id && r.status !== 'in_progress',
      15_000,
      200,
    );
    const session = await recordedSession({ id: transferred.id });
    expect(session.end_reason).toBe('transferred');
    const sid2 = [...twilio.streams].find(([, s]) => s === second.stream)![0];
    expect(twilio.updates.filter((u) => u.sid === sid2).map((u) => u.twiml)).toEqual([expect.stringContaining('<Dial><Number>+14155550199</Number></Dial>')]);
    expect(twilio.requests.some((r) => r.path.endsWith(`/Calls/${sid2}.json`) && r.body.Status === 'completed')).toBe(false);
  }, 90_000);
});

describe('a campaign through Twilio', () => {
  it('50 recipients: every outcome from the signed status callbacks, each answered call a recorded conversation over its stream, nobody dialled twice', async () => {
    // Each callee who answers listens to the agent for two seconds, then hangs up.
    twilio.onStream = async (stream) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      stream.stop();
    };
    await checkStreamedCampaign(h, {
      callerNumber: await twilioNumber(null),
      firstNumber: 3000,
      expected: (phone) => {
        const [last] = scriptFor(phone).slice(-1);
        const outcome = twilioOutcome(last.CallStatus, last.AnsweredBy);
        return outcome === 'answered' ? 'completed' : outcome;
      },
      dialled: (numbers) => twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Calls.json') && numbers.includes(r.body.To)),
      posted: (logIds) => twilio.callbacks.filter((c) => logIds.has(c.url.split('/').pop()!)),
    });
  }, 200_000);
});

describe('the calls-per-second limit of a connection', () => {
  it('spaces the dials of a campaign through a connection limited to 2 a second, whatever the concurrency', async () => {
    const res = await h.t.request
      .post('/v1/telephony/connection/create')
      .set(h.a.headers)
      .send({
        provider: 'twilio',
        name: unique('twilio-2cps'),
        base_url: twilio.baseUrl,
        calls_per_second: 2,
        credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
      });
    expect(res.status).toBe(201);
    expect(res.body.connection.calls_per_second).toBe(2);
    const bad = await h.t.request
      .post('/v1/telephony/connection/create')
      .set(h.a.headers)
      .send({ provider: 'twilio', name: unique('twilio'), calls_per_second: 0, credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('calls_per_second');

    const agent = await agentOf(h);
    const caller = await carrierNumber(h, twilio.owned, res.body.connection.connection_id, null);
    const numbers = nyNumbers(40, 7200)
      .filter((n) => /[012]$/.test(n))
      .slice(0, 8); // busy callees (the fake's script by last digit): each dial ends at once
    const api = campaignApi(h.t, h.a);
    const launched = await api.launch({
      agent_id: agent.agent_id,
      caller_numbers: [caller],
      numbers,
      max_concurrent_calls: 8,
      calls_per_minute: 600,
      retry: { max_attempts: 1 },
    });
    expect(launched.status).toBe(202);
    expect((await api.finished(launched.body.campaign.campaign_id, 60_000)).status).toBe('completed');
    const times = twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Calls.json') && numbers.includes(r.body.To)).map((r) => r.at);
    expect(times).toHaveLength(8);
    const gaps = times.slice(1).map((at, i) => at - times[i]);
    process.stderr.write(`[calls per second] gaps between dials (ms): ${gaps.map((g) => Math.round(g)).join(', ')}\n`);
    // 2 a second: the connection gives each dial a slot 500 ms after the one before, so the n-th dial reaches the
    // carrier no sooner than n × 500 ms after the first (60 ms of slack for the clocks). A dial the loaded machine
    // sent late does not move the next slot: the gap after it may be shorter, never the schedule ahead.
    times.forEach((at, n) => expect(at - times[0]).toBeGreaterThan(n * 500 - 60));
    expect(times[7] - times[0]).toBeGreaterThan(3400);
  }, 90_000);
});

describe("a number's voice webhook", () => {
  it('importing or buying a number points its voice URL and status callback at PUBLIC_URL; removing it from the platform puts back what was there', async () => {
    const imported = await twilioNumber(null);
    const sid = twilio.owned.get(imported)!;
    expect(twilio.voiceRouting.get(sid)).toEqual({ ...routed(), status_callback_method: 'POST' });
    const list = await h.t.request.get('/v1/phone/number/list?page_size=100').set(h.a.headers);
    const row = (list.body.phone_numbers as { number: string; phone_number_id: string }[]).find((n) => n.number === imported)!;
    const removed = await h.t.request.delete(`/v1/phone/number/delete/${row.phone_number_id}`).set(h.a.headers);
    expect(removed.status).toBe(200);
    expect(twilio.voiceRouting.get(sid)).toEqual({
      voice_url: 'https://demo.twilio.com/welcome/voice/',
      voice_method: 'POST',
      status_callback: '',
      status_callback_method: 'POST',
    });

    // An area code of this test's own: numbers are unique across the platform, and other files buy the fake's 415s.
    const areas = ['720', '773', '786', '801', '816', '832', '857', '862', '872', '901', '904', '913', '917', '925', '929', '949', '954', '972'];
    const area = areas[Math.floor(Math.random() * areas.length)];
    const search = await h.t.request.get(`/v1/phone/number/search?connection_id=${connectionId}&area_code=${area}&page_size=5`).set(h.a.headers);
    expect(search.status).toBe(200);
    const free = (search.body.numbers as { number: string }[]).find((n) => !twilio.owned.has(n.number))!;
    const bought = await h.t.request.post('/v1/phone/number/purchase').set(h.a.headers).send({ number: free.number, connection_id: connectionId });
    expect(bought.status).toBe(201);
    expect(twilio.voiceRouting.get(twilio.owned.get(free.number)!)).toEqual({ ...routed(), status_callback_method: 'POST' });
  }, 30_000);
});

describe('one stream per call', () => {
  it('of two handshakes racing for one outbound call (a replayed one), exactly one connects', async () => {
    const agent = await agentOf(h);
    const from = await twilioNumber(null);
    twilio.twinStreams = true;
    twilio.onStream = async (stream) => {
      await heardSentences(stream, 1);
      stream.stop();
    };
    try {
      const done = await placeOutboundCall(h.t, h.a, { agent_id: agent.agent_id, from_number: from, to_number: '+12125550169' }, 60_000);
      expect(done).toMatchObject({ status: 'completed' });
      const sid = twilio.calls.find((c) => c.to === '+12125550169')!.sid;
      const own = await twilio.streams.get(sid)!.handshake;
      const twin = await twilio.twins.get(sid)!;
      expect([own, twin].sort()).toEqual([101, 409]);
    } finally {
      twilio.twinStreams = false;
    }
  }, 90_000);
});

describe('refusals', () => {
  it('the voice webhook: a wrong or missing signature is 403, a number routed nowhere is rejected in TwiML', async () => {
    const agent = await deskAgent();
    const number = await twilioNumber(agent.agent_id);
    const wrong = await twilio.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl(), signature: twilioSignature('another-token', voiceUrl(), {}) });
    expect(wrong.status).toBe(403);
    expect(wrong.stream).toBeUndefined();
    const missing = await twilio.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl(), signature: null });
    expect(missing.status).toBe(403);
    const unrouted = await twilio.dialInbound({ to: await twilioNumber(null), from: caller(), voiceUrl: voiceUrl() });
    expect(unrouted.status).toBe(200);
    expect(unrouted.twiml).toContain('<Reject');
    expect(unrouted.stream).toBeUndefined();
  }, 30_000);

  it('the stream: a handshake signed wrongly or not at all is 403, an unknown call 404, a second stream for one call 409', async () => {
    const agent = await deskAgent();
    const number = await twilioNumber(agent.agent_id);
    // A webhook that rang but whose stream we open ourselves, to try the handshake.
    const rang = await fetch(voiceUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ CallSid: `CA${'1'.repeat(32)}`, From: caller(), To: number, AccountSid: TWILIO_SID }).toString(),
    });
    expect(rang.status).toBe(403);
    const call = await twilio.dialInbound({ to: number, from: caller(), voiceUrl: voiceUrl() });
    const url = streamUrlOf(call.twiml)!;
    const sid = [...twilio.streams].find(([, s]) => s === call.stream)![0];
    expect(await call.stream!.handshake).toBe(101);
    const open = (opts: { url?: string; signature?: string | null }) =>
      new FakeCarrierStream({ url: opts.url ?? url, authToken: TWILIO_TOKEN, accountSid: TWILIO_SID, callSid: sid, signature: opts.signature }).handshake;
    expect(await open({ signature: twilioSignature('another-token', url, {}) })).toBe(403);
    expect(await open({ signature: null })).toBe(403);
    const unknown = url.replace(/[^/]+$/, 'carrier_call_unknown');
    expect(await open({ url: unknown, signature: twilioSignature(TWILIO_TOKEN, unknown, {}) })).toBe(404);
    expect(await open({})).toBe(409);
    // A peer that resets its connection mid-handshake (a balancer's health check, a carrier giving up) is no crash.
    for (let i = 0; i < 5; i++) {
      const raw = connect(Number(new URL(h.t.baseUrl).port), '127.0.0.1');
      await new Promise((resolve) => raw.once('connect', resolve));
      raw.write(
        `GET /carriers/twilio/stream/carrier_call_unknown HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      raw.resetAndDestroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await open({ url: unknown, signature: twilioSignature(TWILIO_TOKEN, unknown, {}) })).toBe(404);
    call.stream!.stop();
    await recordedSession({ phone: number });
  }, 30_000);
});
