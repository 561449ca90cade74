import { randomBytes } from 'node:crypto';
import { startWireServer, type WireReply, type WireRequest, type WireServer } from './wire-server.js';

/**
 * Twilio's REST API (2010-04-01) as far as the platform uses it, on
 * 127.0.0.1: Basic auth with the Account SID and auth token, form-encoded
 * POSTs, JSON answers and errors as {code, message, more_info, status}.
 * Numbers bought here are then found by IncomingPhoneNumbers.json, and
 * `owned` can be seeded to test imports.
 */
export const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_TOKEN = 'twilio-test-auth-token';

export interface FakeTwilio extends WireServer {
  owned: Map<string, string>;
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
  const server = await startWireServer(handle);
  return Object.assign(server, {
    owned,
    calls,
    loseAnswers: (n: number) => {
      lose = n;
    },
  });
}
