import { randomBytes } from 'node:crypto';
import { startWireServer, type WireReply, type WireRequest, type WireServer } from './wire-server.js';
import { twilioSignature } from '../../src/modules/telephony/twilio-signature.js';

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
  /** The status callbacks of a new call, by its callee; default scriptFor. */
  script: (to: string) => TwilioCallScript;
  /** How long the call takes between two callbacks (default 0): calls then stay in flight a while. */
  stepDelayMs: number;
  /** Calls created, for Calls.json lists. */
  calls: { sid: string; to: string; from: string; status: string; date_created: string }[];
  /** The next `n` call creations are made but answered 504, as when the answer is lost on the way. */
  loseAnswers(n: number): void;
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
      const created = { sid: sid('CA'), status: 'queued', to: req.body.To, from: req.body.From, date_created: new Date().toUTCString() };
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
    if (req.method === 'POST' && hangup) return { status: 200, body: { sid: hangup[1], status: req.body.Status } };
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
  const postCallbacks = async (url: string, events: string[], call: { sid: string; to: string; from: string }, steps: TwilioCallScript) => {
    let sequence = 0;
    for (const step of steps) {
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
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, params) },
        body: new URLSearchParams(params).toString(),
      }).catch(() => null);
      fake.callbacks.push({ url, params, status: response?.status ?? 0 });
    }
  };
  const server = await startWireServer(handle);
  const fake = Object.assign(server, {
    callbacks: [] as PostedCallback[],
    script: scriptFor,
    stepDelayMs: 0,
    owned,
    calls,
    loseAnswers: (n: number) => {
      lose = n;
    },
  });
  return fake;
}
