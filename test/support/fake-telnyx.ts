import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { FakeCarrierStream } from './fake-carrier-stream.js';
import { startWireServer, trackedPosts, type WireReply, type WireRequest, type WireServer } from './wire-server.js';

/**
 * Telnyx API v2 as far as the platform uses it, on 127.0.0.1: Bearer API
 * key, JSON bodies, answers in {data}, errors as {errors: [{code, title,
 * detail}]}. Call creation honours Idempotency-Key (the same key answers the
 * same call), as Telnyx documents.
 */
export const TELNYX_KEY = 'KEYtelnyx-test-0001';

/** The account's Ed25519 signing key; TELNYX_PUBLIC_KEY is its public half as the Telnyx portal shows it (base64, 32 bytes). */
const signingKey = generateKeyPairSync('ed25519');
export const TELNYX_PUBLIC_KEY = signingKey.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');

/** Signs an event body as Telnyx does: Ed25519 over `<timestamp>|<body>`, in base64. */
export function telnyxSign(timestamp: string, body: string, key = signingKey.privateKey): string {
  return sign(null, Buffer.from(`${timestamp}|${body}`), key).toString('base64');
}

/**
 * How a call placed with a webhook_url goes, as the events Telnyx posts, in
 * order (answering-machine detection on): each an event type and its payload.
 */
export type TelnyxCallScript = { event_type: string; payload?: Record<string, string> }[];

/** Scripts by the callee's last digit: 0-2 busy, 3-5 no answer, 6-7 a voicemail greeting, 8 rejected, 9 a person. */
export function telnyxScriptFor(to: string): TelnyxCallScript {
  const digit = Number(to.slice(-1));
  const started = [{ event_type: 'call.initiated' }];
  const hangup = (cause: string) => ({ event_type: 'call.hangup', payload: { hangup_cause: cause, hangup_source: 'callee' } });
  if (digit <= 2) return [...started, hangup('user_busy')];
  if (digit <= 5) return [...started, hangup('timeout')];
  const answered = (result: string) => [{ event_type: 'call.answered' }, { event_type: 'call.machine.detection.ended', payload: { result } }];
  if (digit <= 7) return [...started, ...answered('machine'), hangup('normal_clearing')];
  if (digit === 8) return [...started, hangup('call_rejected')];
  return [...started, ...answered('human'), hangup('normal_clearing')];
}

export interface PostedEvent {
  url: string;
  event: string;
  status: number;
}

export interface FakeTelnyx extends WireServer {
  owned: Map<string, string>;
  /** Call events posted (signed, as Telnyx does) and how the platform answered each. */
  events: PostedEvent[];
  /**
   * Resolves once every event posted so far is in `events` with the platform's answer. The platform writes what an
   * event says before it answers, so a test that saw the write waits here before reading the answers.
   */
  answered: () => Promise<void>;
  /** The events of a new call, by its callee; default telnyxScriptFor. */
  script: (to: string) => TelnyxCallScript;
  /**
   * What the far party does on an answered call's media stream (the call's stream_url); the call hangs up when the
   * stream closes. Default: silent for 3 s, then hangs up.
   */
  onStream: (stream: FakeCarrierStream) => void | Promise<void>;
  /** Streams opened, by call_control_id. */
  streams: Map<string, FakeCarrierStream>;
  /** false: an answer's stream_url is kept in streamUrls and not opened (a test opens it with a client of its own). */
  openStreams: boolean;
  /** The stream_url of each answer, by call_control_id. */
  streamUrls: Map<string, string>;
  /** Each number's connection (Call Control application), by its id (a number never set: `previous-connection`). */
  numberConnections: Map<string, string | null>;
  /** Call Control actions taken on live calls (answer, transfer, reject, hangup): the call and the body. */
  actions: { callControlId: string; action: string; body: Record<string, unknown> }[];
  /** A call to `to` from `from` arriving at Telnyx: the signed call.initiated posted to `voiceUrl`, and the stream its answer opened, if any. */
  dialInbound(input: { to: string; from: string; voiceUrl: string; sign?: (timestamp: string, body: string) => string | null }): Promise<{
    status: number;
    callControlId: string;
    stream?: FakeCarrierStream;
  }>;
}

const error = (status: number, code: string, title: string, detail: string): WireReply => ({ status, body: { errors: [{ code, title, detail }] } });

export async function startFakeTelnyx(): Promise<FakeTelnyx> {
  const owned = new Map<string, string>();
  const byKey = new Map<string, unknown>();

  const handle = (req: WireRequest): WireReply => {
    if (req.headers.authorization !== `Bearer ${TELNYX_KEY}`) return error(401, '10009', 'Authentication failed', 'The API key is not valid.');
    if (req.method === 'GET' && req.path === '/v2/balance')
      return { status: 200, body: { data: { balance: '10.00', currency: 'USD', record_type: 'balance' } } };
    if (req.method === 'POST' && req.path === '/v2/calls') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && byKey.has(key)) return { status: 200, body: byKey.get(key) };
      if (!req.body?.connection_id) return error(422, '10015', 'Invalid value for connection_id', 'connection_id is required');
      if (!/^\+\d{8,15}$/.test(req.body?.to ?? '')) return error(422, '10016', 'Invalid phone number', 'to must be E.164');
      const body = {
        data: { call_control_id: `v3:${randomUUID()}`, call_leg_id: randomUUID(), call_session_id: randomUUID(), is_alive: false, record_type: 'call' },
      };
      if (typeof key === 'string') byKey.set(key, body);
      if (req.body.webhook_url) {
        const steps = fake.script(req.body.to); // as the call is created
        const stream = typeof req.body.stream_url === 'string' ? req.body.stream_url : undefined;
        setTimeout(() => void postEvents(req.body.webhook_url, body.data.call_control_id, req.body.to, req.body.from, steps, stream), 20);
      }
      return { status: 200, body };
    }
    const action = /^\/v2\/calls\/([^/]+)\/actions\/(hangup|answer|transfer|reject)$/.exec(req.path);
    if (req.method === 'POST' && action) {
      const [, id, name] = action;
      fake.actions.push({ callControlId: decodeURIComponent(id), action: name, body: req.body ?? {} });
      if (name === 'answer' && typeof req.body?.stream_url === 'string') fake.streamUrls.set(decodeURIComponent(id), req.body.stream_url);
      if (name === 'answer' && typeof req.body?.stream_url === 'string' && fake.openStreams) {
        // Telnyx opens the stream once the call is answered.
        const stream = new FakeCarrierStream({ dialect: 'telnyx', url: req.body.stream_url, callSid: decodeURIComponent(id) });
        fake.streams.set(decodeURIComponent(id), stream);
        // The answer's webhook_url takes the call's later events: answered now, hangup when the stream closes.
        const url = req.body.webhook_url;
        if (typeof url === 'string') {
          const event = (event_type: string, payload: Record<string, string> = {}) =>
            postEvent(url, event_type, { call_control_id: decodeURIComponent(id), direction: 'incoming', ...payload });
          setTimeout(() => void event('call.answered'), 20);
          void stream.closed.then(() => event('call.hangup', { hangup_cause: 'normal_clearing', hangup_source: 'caller' }));
        }
      }
      // A hang-up or a transfer takes the call off its stream.
      if (name === 'hangup' || name === 'transfer') fake.streams.get(decodeURIComponent(id))?.stop();
      return { status: 200, body: { data: { result: 'ok' } } };
    }
    if (req.method === 'GET' && req.path === '/v2/available_phone_numbers') {
      const ndc = req.query['filter[national_destination_code]'] ?? '312';
      const limit = Number(req.query['filter[limit]'] ?? 10);
      const numbers = Array.from({ length: Math.min(limit, 5) }, (_, i) => `+1${ndc}555${String(8000 + i)}`);
      return {
        status: 200,
        body: {
          data: numbers.map((n) => ({
            record_type: 'available_phone_number',
            phone_number: n,
            vanity_format: '',
            best_effort: false,
            reservable: true,
            region_information: [
              { region_type: 'rate_center', region_name: 'CHICAGO' },
              { region_type: 'state', region_name: 'IL' },
            ],
            features: [{ name: 'voice' }],
          })),
          metadata: { total_results: numbers.length },
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v2/number_orders') {
      const wanted: { phone_number?: string }[] = req.body?.phone_numbers ?? [];
      if (!wanted.length) return error(422, '10015', 'Invalid value for phone_numbers', 'at least one number');
      const numbers = wanted.map((w) => {
        const id = randomUUID();
        owned.set(w.phone_number ?? '', id);
        return { id, phone_number: w.phone_number, record_type: 'number_order_phone_number', status: 'success' };
      });
      return { status: 200, body: { data: { id: randomUUID(), record_type: 'number_order', status: 'success', phone_numbers: numbers } } };
    }
    const numberPath = /^\/v2\/phone_numbers\/([^/]+)$/.exec(req.path);
    if (numberPath) {
      const id = decodeURIComponent(numberPath[1]);
      const number = [...owned].find(([, n]) => n === id)?.[0];
      if (!number) return error(404, '10005', 'Resource not found', `No phone number ${id}`);
      if (req.method === 'PATCH' && req.body && 'connection_id' in req.body) fake.numberConnections.set(id, req.body.connection_id);
      const connection = fake.numberConnections.has(id) ? fake.numberConnections.get(id)! : 'previous-connection';
      return { status: 200, body: { data: { id, phone_number: number, connection_id: connection, status: 'active', record_type: 'phone_number' } } };
    }
    if (req.method === 'GET' && req.path === '/v2/phone_numbers') {
      const list = [...owned].filter(([n]) => !req.query['filter[phone_number]'] || n === req.query['filter[phone_number]']);
      return { status: 200, body: { data: list.map(([n, id]) => ({ id, phone_number: n, status: 'active', record_type: 'phone_number' })) } };
    }
    return error(404, '10005', 'Resource not found', `No route ${req.method} ${req.path}`);
  };
  const postEvents = async (url: string, callControlId: string, to: string, from: string, steps: TelnyxCallScript, streamUrl?: string) => {
    let streaming: Promise<void> | undefined;
    for (const step of steps) {
      if (step.event_type === 'call.hangup' && streaming) {
        // An answered call with a stream lasts as long as its stream.
        await Promise.race([streaming, new Promise((resolve) => setTimeout(resolve, 120_000).unref())]);
      }
      const body = JSON.stringify({
        data: {
          record_type: 'event',
          event_type: step.event_type,
          id: randomUUID(),
          occurred_at: new Date().toISOString(),
          payload: { call_control_id: callControlId, call_leg_id: randomUUID(), connection_id: 'cc-app', to, from, direction: 'outgoing', ...step.payload },
        },
        meta: { attempt: 1, delivered_to: url },
      });
      await deliver(url, step.event_type, body);
      if (step.event_type === 'call.answered' && streamUrl) {
        // Telnyx streams from the answer, while its machine detection still listens.
        const stream = new FakeCarrierStream({ dialect: 'telnyx', url: streamUrl, callSid: callControlId });
        fake.streams.set(callControlId, stream);
        streaming = stream.handshake.then(async (status) => {
          if (status !== 101) return;
          await fake.onStream(stream);
          await stream.closed;
        });
      }
    }
  };
  const postEvent = async (url: string, eventType: string, payload: Record<string, string>) => {
    const body = JSON.stringify({
      data: { record_type: 'event', event_type: eventType, id: randomUUID(), occurred_at: new Date().toISOString(), payload },
      meta: { attempt: 1, delivered_to: url },
    });
    await deliver(url, eventType, body);
  };
  const posts = trackedPosts<{ url: string; event: string }>((answer, { url, event }) => fake.events.push({ url, event, status: answer?.status ?? 0 }));
  const deliver = (url: string, event: string, body: string) => posts.post(post(url, body), { url, event });
  const post = async (url: string, body: string, sign: (timestamp: string, body: string) => string | null = telnyxSign) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = sign(timestamp, body);
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'telnyx-timestamp': timestamp, ...(signature === null ? {} : { 'telnyx-signature-ed25519': signature }) },
      body,
    });
  };
  const server = await startWireServer(handle);
  const fake: FakeTelnyx = Object.assign(server, {
    owned,
    events: [] as PostedEvent[],
    answered: posts.answered,
    script: telnyxScriptFor,
    onStream: async (stream: FakeCarrierStream) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      stream.stop();
    },
    streams: new Map<string, FakeCarrierStream>(),
    openStreams: true,
    streamUrls: new Map<string, string>(),
    numberConnections: new Map<string, string | null>(),
    actions: [] as FakeTelnyx['actions'],
    async dialInbound(input: { to: string; from: string; voiceUrl: string; sign?: (timestamp: string, body: string) => string | null }) {
      const callControlId = `v3:${randomUUID()}`;
      const body = JSON.stringify({
        data: {
          record_type: 'event',
          event_type: 'call.initiated',
          id: randomUUID(),
          occurred_at: new Date().toISOString(),
          payload: {
            call_control_id: callControlId,
            call_leg_id: randomUUID(),
            connection_id: 'cc-app',
            to: input.to,
            from: input.from,
            direction: 'incoming',
            state: 'parked',
          },
        },
        meta: { attempt: 1, delivered_to: input.voiceUrl },
      });
      const response = await post(input.voiceUrl, body, input.sign);
      return { status: response.status, callControlId, stream: fake.streams.get(callControlId) };
    },
  });
  return fake;
}
