import { randomBytes } from 'node:crypto';
import { startWireServer, trackedPosts, type WireReply, type WireRequest, type WireServer } from './wire-server.js';
import { twilioSignature } from '../../src/modules/telephony/carriers/twilio/twilio-signature.js';
import { FakeCarrierStream } from './fake-carrier-stream.js';

/**
 * Twilio's REST API (2010-04-01) as far as the platform uses it, on
 * 127.0.0.1: Basic auth with the Account SID and auth token, form-encoded
 * POSTs, JSON answers and errors as {code, message, more_info, status}.
 * Numbers bought here are then found by IncomingPhoneNumbers.json, and
 * `owned` can be seeded to test imports.
 */
export const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_TOKEN = 'twilio-test-auth-token';

/**
 * How a call placed with a StatusCallback goes, as the status callbacks Twilio
 * posts for it, in order: `initiated` and `ringing`, then `in-progress` when
 * answered (with AnsweredBy under answering-machine detection), then how it
 * ended (completed, busy, no-answer, failed, canceled).
 */
export type TwilioCallScript = { CallStatus: string; AnsweredBy?: string; CallDuration?: string }[];

/** Scripts by the callee's last digit: 0-2 busy, 3-5 no answer, 6-7 a voicemail greeting, 8 failed, 9 a person. */
export function scriptFor(to: string): TwilioCallScript {
  const digit = Number(to.slice(-1));
  const rang = [{ CallStatus: 'initiated' }, { CallStatus: 'ringing' }];
  if (digit <= 2) return [...rang, { CallStatus: 'busy' }];
  if (digit <= 5) return [...rang, { CallStatus: 'no-answer' }];
  if (digit <= 7)
    return [
      ...rang,
      { CallStatus: 'in-progress', AnsweredBy: 'machine_end_beep' },
      { CallStatus: 'completed', AnsweredBy: 'machine_end_beep', CallDuration: '9' },
    ];
  if (digit === 8) return [{ CallStatus: 'initiated' }, { CallStatus: 'failed' }];
  return [...rang, { CallStatus: 'in-progress', AnsweredBy: 'human' }, { CallStatus: 'completed', AnsweredBy: 'human', CallDuration: '1' }];
}

export interface PostedCallback {
  url: string;
  params: Record<string, string>;
  status: number;
}

export interface FakeTwilio extends WireServer {
  owned: Map<string, string>;
  /** Status callbacks posted (signed with the auth token, as Twilio does) and how the platform answered each. */
  callbacks: PostedCallback[];
  /**
   * Resolves once every callback posted so far is in `callbacks` with the platform's answer. The platform writes what
   * a callback says before it answers, so a test that saw the write waits here before reading the answers.
   */
  answered: () => Promise<void>;
  /** The status callbacks of a new call, by its callee; default scriptFor. */
  script: (to: string) => TwilioCallScript;
  /** How long the call takes between two callbacks (default 0): calls then stay in flight a while. */
  stepDelayMs: number;
  /** Calls created, for Calls.json lists. */
  calls: FakeCall[];
  /** The next `n` call creations are made but answered 504, as when the answer is lost on the way. */
  loseAnswers(n: number): void;
  /**
   * What the far party does on a call's Media Stream (<Connect><Stream> in the call's TwiML, once a person
   * answered); the call ends (`completed`) when the stream closes. Default: silent for 3 s, then hangs up.
   */
  onStream: (stream: FakeCarrierStream, call: FakeCall) => void | Promise<void>;
  /** Streams opened, by call SID. */
  streams: Map<string, FakeCarrierStream>;
  /** Open a second stream at the same moment as each call's own (a replayed handshake racing it); see `twins`. */
  twinStreams: boolean;
  /** How the platform answered each call's twin handshake, by call SID. */
  twins: Map<string, Promise<number>>;
  /**
   * Each number's voice webhook and status callback, by its SID (a number never set has Twilio's demo URL and no
   * callback). When an inbound call's stream closes, its final status (`completed`) is posted signed to the number's
   * status_callback, as Twilio does, and kept in `callbacks`.
   */
  voiceRouting: Map<string, NumberRouting>;
  /** Live calls updated with new TwiML (a transfer): the call SID and the TwiML. */
  updates: { sid: string; twiml: string }[];
  /** Calls ended through REST (Status=completed), by SID, in order. */
  hangups: string[];
  /**
   * A call to `to` from `from` arriving at Twilio: the signed voice webhook (to `voiceUrl`, else to the number's
   * voice URL as set on it), and the stream its TwiML connects, if any.
   */
  dialInbound(input: {
    to: string;
    from: string;
    voiceUrl?: string;
    signature?: string | null;
    /** false: the stream is not opened (a test opens streamUrlOf(twiml) with a client of its own). */
    open?: boolean;
  }): Promise<{ status: number; twiml: string; stream?: FakeCarrierStream }>;
}

export interface NumberRouting {
  voice_url: string;
  voice_method: string;
  status_callback?: string;
  status_callback_method?: string;
}

export interface FakeCall {
  sid: string;
  to: string;
  from: string;
  status: string;
  date_created: string;
  /** The call's TwiML, when it was given as a document. */
  twiml?: string;
}

/** The url of the <Stream> a TwiML document connects, if it does. */
export function streamUrlOf(twiml: string | undefined): string | undefined {
  const found = /<Connect>\s*<Stream[^>]*\surl="([^"]+)"/.exec(twiml ?? '');
  return found?.[1]
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const error = (status: number, code: number, message: string): WireReply => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});
const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const owned = new Map<string, string>();
  const calls: FakeTwilio['calls'] = [];
  let lose = 0;
  const expected = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
  const account = `/2010-04-01/Accounts/${TWILIO_SID}`;

  const handle = (req: WireRequest): WireReply => {
    if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
    if (req.method === 'GET' && req.path === `${account}.json`) return { status: 200, body: { sid: TWILIO_SID, status: 'active', friendly_name: 'Test' } };
    if (req.method === 'POST' && req.path === `${account}/Calls.json`) {
      if (!req.body.To) return error(400, 21201, "No 'To' number is specified");
      if (!/^\+\d{8,15}$/.test(req.body.To)) return error(400, 21211, `Invalid 'To' Phone Number: ${req.body.To}`);
      if (!req.body.Url && !req.body.Twiml) return error(400, 21205, 'Url parameter is required');
      const created: FakeCall = {
        sid: sid('CA'),
        status: 'queued',
        to: req.body.To,
        from: req.body.From,
        date_created: new Date().toUTCString(),
        ...(req.body.Twiml ? { twiml: req.body.Twiml } : {}),
      };
      calls.unshift(created);
      if (req.body.StatusCallback) {
        const events = new URLSearchParams(req.raw).getAll('StatusCallbackEvent');
        const steps = fake.script(created.to); // as the call is created
        setTimeout(() => void postCallbacks(req.body.StatusCallback, events, created, steps), 20);
      }
      if (lose > 0) {
        lose--;
        return error(504, 20504, 'Gateway timeout');
      }
      return { status: 201, body: { ...created, account_sid: TWILIO_SID } };
    }
    if (req.method === 'GET' && req.path === `${account}/Calls.json`) {
      const list = calls.filter((c) => (!req.query.To || c.to === req.query.To) && (!req.query.From || c.from === req.query.From));
      return { status: 200, body: { calls: list, page: 0, page_size: Number(req.query.PageSize ?? 50), uri: req.path } };
    }
    const hangup = new RegExp(`^${account}/Calls/(CA[0-9a-f]{32})\\.json$`).exec(req.path);
    if (req.method === 'POST' && hangup) {
      // Status=completed ends the call; new TwiML moves it off its stream (a transfer): either way the stream stops.
      if (req.body.Twiml) fake.updates.push({ sid: hangup[1], twiml: req.body.Twiml });
      if (req.body.Status === 'completed') fake.hangups.push(hangup[1]);
      fake.streams.get(hangup[1])?.stop();
      return { status: 200, body: { sid: hangup[1], status: req.body.Status ?? 'in-progress' } };
    }
    const search = new RegExp(`^${account}/AvailablePhoneNumbers/([A-Z]{2})/Local\\.json$`).exec(req.path);
    if (req.method === 'GET' && search) {
      const area = req.query.AreaCode ?? '415';
      const size = Number(req.query.PageSize ?? 50);
      const numbers = Array.from({ length: Math.min(size, 5) }, (_, i) => `+1${area}555${String(7000 + i)}`).filter(
        (n) => !req.query.Contains || n.includes(req.query.Contains),
      );
      return {
        status: 200,
        body: {
          uri: req.path,
          available_phone_numbers: numbers.map((n) => ({
            friendly_name: n,
            phone_number: n,
            locality: 'San Francisco',
            region: 'CA',
            iso_country: search[1],
            capabilities: { voice: true, SMS: true, MMS: false },
          })),
        },
      };
    }
    const incoming = new RegExp(`^${account}/IncomingPhoneNumbers/(PN[0-9A-Za-z]+)\\.json$`).exec(req.path);
    if (incoming) {
      const number = [...owned].find(([, id]) => id === incoming[1])?.[0];
      if (!number) return error(404, 20404, `The requested resource ${req.path} was not found`);
      const routing: NumberRouting = fake.voiceRouting.get(incoming[1]) ?? { voice_url: 'https://demo.twilio.com/welcome/voice/', voice_method: 'POST' };
      if (req.method === 'POST') {
        if (req.body.VoiceUrl !== undefined) routing.voice_url = req.body.VoiceUrl;
        if (req.body.VoiceMethod !== undefined) routing.voice_method = req.body.VoiceMethod;
        if (req.body.StatusCallback !== undefined) routing.status_callback = req.body.StatusCallback;
        if (req.body.StatusCallbackMethod !== undefined) routing.status_callback_method = req.body.StatusCallbackMethod;
        fake.voiceRouting.set(incoming[1], routing);
      }
      return { status: 200, body: { sid: incoming[1], phone_number: number, account_sid: TWILIO_SID, ...routing } };
    }
    if (req.path === `${account}/IncomingPhoneNumbers.json`) {
      if (req.method === 'POST') {
        if (!req.body.PhoneNumber) return error(400, 21452, 'No phone number specified');
        const id = sid('PN');
        owned.set(req.body.PhoneNumber, id);
        return { status: 201, body: { sid: id, phone_number: req.body.PhoneNumber, account_sid: TWILIO_SID } };
      }
      const list = [...owned].filter(([n]) => !req.query.PhoneNumber || n === req.query.PhoneNumber);
      return { status: 200, body: { incoming_phone_numbers: list.map(([n, id]) => ({ sid: id, phone_number: n })) } };
    }
    return error(404, 20404, `The requested resource ${req.path} was not found`);
  };
  // Twilio sends a callback for each event asked for: `answered` is in-progress, `completed` every ending.
  const eventOf = (status: string) => (status === 'in-progress' ? 'answered' : ['initiated', 'ringing'].includes(status) ? status : 'completed');
  const openStream = async (url: string, call: FakeCall) => {
    const stream = new FakeCarrierStream({ dialect: 'twilio', url, authToken: TWILIO_TOKEN, accountSid: TWILIO_SID, callSid: call.sid });
    fake.streams.set(call.sid, stream);
    // A replayed handshake racing the real one (fake.twinStreams): what the platform answered it.
    if (fake.twinStreams) {
      const twin = new FakeCarrierStream({ dialect: 'twilio', url, authToken: TWILIO_TOKEN, accountSid: TWILIO_SID, callSid: call.sid });
      fake.twins.set(call.sid, twin.handshake);
      void twin.handshake.then((status) => status === 101 && twin.stop());
    }
    if ((await stream.handshake) === 101) await fake.onStream(stream, call);
    return stream;
  };
  const postCallbacks = async (url: string, events: string[], call: FakeCall, steps: TwilioCallScript) => {
    let sequence = 0;
    let answeredAt = 0;
    for (const step of steps) {
      if (step.CallStatus === 'completed' && answeredAt && streamUrlOf(call.twiml) && !step.AnsweredBy?.startsWith('machine')) {
        // A person answered a call whose TwiML connects a stream: the call lasts as long as the stream.
        const stream = await openStream(streamUrlOf(call.twiml)!, call);
        await Promise.race([stream.closed, new Promise((resolve) => setTimeout(resolve, 120_000).unref())]);
        step.CallDuration = String(Math.max(1, Math.round((Date.now() - answeredAt) / 1000)));
      }
      if (step.CallStatus === 'in-progress') answeredAt = Date.now();
      if (!events.includes(eventOf(step.CallStatus))) continue;
      if (fake.stepDelayMs > 0 && sequence > 0) await new Promise((resolve) => setTimeout(resolve, fake.stepDelayMs));
      const params: Record<string, string> = {
        AccountSid: TWILIO_SID,
        ApiVersion: '2010-04-01',
        CallSid: call.sid,
        CallStatus: step.CallStatus,
        Called: call.to,
        Caller: call.from,
        CallbackSource: 'call-progress-events',
        Direction: 'outbound-api',
        From: call.from,
        To: call.to,
        SequenceNumber: String(sequence++),
        Timestamp: new Date().toUTCString(),
        ...(step.AnsweredBy ? { AnsweredBy: step.AnsweredBy } : {}),
        ...(step.CallDuration ? { CallDuration: step.CallDuration, Duration: '1' } : {}),
      };
      await postStatus(url, params);
    }
  };
  const posts = trackedPosts<{ url: string; params: Record<string, string> }>((answer, { url, params }) =>
    fake.callbacks.push({ url, params, status: answer?.status ?? 0 }),
  );
  const postStatus = (url: string, params: Record<string, string>) =>
    posts.post(
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, params) },
        body: new URLSearchParams(params).toString(),
      }),
      { url, params },
    );
  const server = await startWireServer(handle);
  const fake: FakeTwilio = Object.assign(server, {
    callbacks: [] as PostedCallback[],
    answered: posts.answered,
    script: scriptFor,
    stepDelayMs: 0,
    owned,
    calls,
    loseAnswers: (n: number) => {
      lose = n;
    },
    onStream: async (stream: FakeCarrierStream) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      stream.stop();
    },
    streams: new Map<string, FakeCarrierStream>(),
    twinStreams: false,
    twins: new Map<string, Promise<number>>(),
    voiceRouting: new Map<string, NumberRouting>(),
    updates: [] as { sid: string; twiml: string }[],
    hangups: [] as string[],
    async dialInbound(input: { to: string; from: string; voiceUrl?: string; signature?: string | null; open?: boolean }) {
      const voiceUrl = input.voiceUrl ?? fake.voiceRouting.get(owned.get(input.to) ?? '')?.voice_url;
      if (!voiceUrl) throw new Error(`${input.to} has no voice URL at the fake Twilio`);
      const call: FakeCall = { sid: sid('CA'), status: 'ringing', to: input.to, from: input.from, date_created: new Date().toUTCString() };
      calls.unshift(call);
      const params: Record<string, string> = {
        AccountSid: TWILIO_SID,
        ApiVersion: '2010-04-01',
        CallSid: call.sid,
        CallStatus: 'ringing',
        Called: input.to,
        Caller: input.from,
        Direction: 'inbound',
        From: input.from,
        To: input.to,
      };
      const signature = input.signature === undefined ? twilioSignature(TWILIO_TOKEN, voiceUrl, params) : input.signature;
      const response = await fetch(voiceUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
        body: new URLSearchParams(params).toString(),
      });
      const twiml = await response.text();
      call.twiml = twiml;
      const url = response.status === 200 ? streamUrlOf(twiml) : undefined;
      if (!url || input.open === false) return { status: response.status, twiml };
      const stream = new FakeCarrierStream({ dialect: 'twilio', url, authToken: TWILIO_TOKEN, accountSid: TWILIO_SID, callSid: call.sid });
      fake.streams.set(call.sid, stream);
      const statusCallback = fake.voiceRouting.get(owned.get(input.to) ?? '')?.status_callback;
      if (statusCallback) {
        const answeredAt = Date.now();
        void stream.closed.then(() =>
          postStatus(statusCallback, {
            ...params,
            CallStatus: 'completed',
            CallDuration: String(Math.max(1, Math.round((Date.now() - answeredAt) / 1000))),
            Duration: '1',
            Timestamp: new Date().toUTCString(),
          }),
        );
      }
      return { status: response.status, twiml, stream };
    },
  });
  return fake;
}
