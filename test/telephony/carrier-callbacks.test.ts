import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { eventually } from '../support/releases.js';
import { startFakeTwilio, scriptFor, TWILIO_SID, TWILIO_TOKEN, type FakeTwilio } from '../support/fake-twilio.js';
import { startFakeTelnyx, telnyxScriptFor, telnyxSign, TELNYX_PUBLIC_KEY, type FakeTelnyx } from '../support/fake-telnyx.js';
import { carrierConnection, importedNumber, placeOutboundCall, publishedAgent } from '../campaigns/support.js';
import { sql } from '../../src/db/orm.js';
import { newId } from '../../src/modules/ids.js';
import { engineSettingsFrom, type EngineSettings } from '../../src/modules/engine/engine-settings.js';
import { awaitCarrierOutcome, placeCall } from '../../src/modules/telephony/calls/place-call.js';
import { twilioSignature, verifyTwilioSignature } from '../../src/modules/telephony/carriers/twilio/twilio-signature.js';
import { twilioOutcome } from '../../src/modules/telephony/carriers/twilio/twilio-status.js';
import { telnyxOutcome, verifyTelnyxSignature } from '../../src/modules/telephony/carriers/telnyx/telnyx-events.js';

/**
 * Twilio's status callbacks (issue 15, first slice): calls placed through a
 * Twilio connection name the platform's callback address; the fake Twilio
 * posts each call's progress there, signed with the auth token by Twilio's
 * documented algorithm; the platform checks the signature and settles the
 * dial from what the callbacks say.
 */
let t: TestServer;
let worker: TestWorker;
let twilio: FakeTwilio;
let telnyx: FakeTelnyx;
let a: TestTenant;
let settings: EngineSettings;
let connectionId: string;
let telnyxConnectionId: string;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  telnyx = await startFakeTelnyx();
  t = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('twilio-status'), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  worker = await startTestWorker(t);
  a = await createTenant(t);
  settings = engineSettingsFrom(t.deps.config);
  connectionId = await carrierConnection(t, a, 'twilio', twilio.baseUrl);
  telnyxConnectionId = await carrierConnection(t, a, 'telnyx', telnyx.baseUrl);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await twilio?.close();
  await telnyx?.close();
  await t?.close();
});

/** A number of the carrier's account, imported into the tenant. */
const carrierNumber = (carrier: 'twilio' | 'telnyx' = 'twilio') =>
  carrier === 'twilio' ? importedNumber(t, a, twilio.owned, connectionId) : importedNumber(t, a, telnyx.owned, telnyxConnectionId);

const place = (to: string) =>
  placeCall(t.orm.em.fork(), settings, { organizationId: a.organizationId, connectionId, from: '+14155550100', to, idempotencyKey: unique('call') });

const logRow = async (id: string) =>
  (
    await sql<{ status: string; outcome: string | null; status_sequence: number | null; answered_by: string | null; duration_seconds: number | null }>(
      t.orm.em.fork(),
      'select status, outcome, status_sequence, answered_by, duration_seconds from carrier_call_log where id = ?',
      [id],
    )
  )[0];

/** Posts a status callback as Twilio would, signed over `signedUrl` (default: the address it is posted to). */
async function postStatus(url: string, params: Record<string, string>, signature: string | null = twilioSignature(TWILIO_TOKEN, url, params)) {
  const path = url.slice(t.baseUrl.length);
  const req = t.request.post(path).type('form');
  if (signature !== null) req.set('X-Twilio-Signature', signature);
  return req.send(params);
}

describe("Twilio's request signature", () => {
  it("computes the documented example's signature and refuses any change to the URL, a parameter or the header", () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(verifyTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
    expect(verifyTwilioSignature('12345', url, { ...params, Digits: '1235' }, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(verifyTwilioSignature('12345', `${url}&x=1`, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(verifyTwilioSignature('54321', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, 'short')).toBe(false);
  });

  it('maps call statuses and answering-machine detection to outcomes', () => {
    expect(
      [
        ['ringing', undefined],
        ['in-progress', 'human'],
        ['in-progress', 'machine_start'],
        ['completed', 'machine_end_beep'],
        ['completed', undefined],
        ['in-progress', 'fax'],
        ['busy', undefined],
        ['no-answer', undefined],
        ['canceled', undefined],
        ['failed', undefined],
      ].map(([status, by]) => twilioOutcome(status!, by)),
    ).toEqual([null, 'answered', 'voicemail', 'voicemail', 'answered', 'failed', 'busy', 'no_answer', 'failed', 'failed']);
  });
});

describe('status callbacks', () => {
  it('a call through Twilio asks for every progress event and machine detection at its own address; the signed callbacks settle it', async () => {
    const placed = await place('+12125550106'); // a voicemail greeting answers (scriptFor)
    const create = twilio.requests.find((r) => r.path.endsWith('/Calls.json') && r.method === 'POST' && r.body.To === '+12125550106')!;
    const callbackUrl = `${t.baseUrl}/carriers/twilio/status/${placed.callLogId}`;
    expect(create.body).toMatchObject({ StatusCallback: callbackUrl, StatusCallbackMethod: 'POST', MachineDetection: 'Enable' });
    expect(new URLSearchParams(create.raw).getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);

    expect(await awaitCarrierOutcome(t.orm.em.fork(), placed.callLogId, 10_000, 50)).toBe('voicemail');
    await eventually(
      () => logRow(placed.callLogId),
      (r) => r.status === 'completed',
      10_000,
      50,
    );
    expect(await logRow(placed.callLogId)).toEqual({
      status: 'completed',
      outcome: 'voicemail',
      status_sequence: 3,
      answered_by: 'machine_end_beep',
      duration_seconds: 9,
    });
    // The fake Twilio notes a callback when our answer reaches it, which can be just after the row is settled.
    const posted = await eventually(
      async () => twilio.callbacks.filter((c) => c.url === callbackUrl),
      (list) => list.length >= 4,
      10_000,
      50,
    );
    expect(posted.map((c) => [c.params.CallStatus, c.status])).toEqual([
      ['initiated', 204],
      ['ringing', 204],
      ['in-progress', 204],
      ['completed', 204],
    ]);
  });

  it('refuses a callback without a valid signature (nothing recorded), keeps the latest status when callbacks arrive out of order, and names bad fields', async () => {
    twilio.script = () => []; // Twilio says nothing of this call: the test posts its callbacks
    let placed: Awaited<ReturnType<typeof place>>;
    try {
      placed = await place('+12125550109');
    } finally {
      twilio.script = scriptFor;
    }
    const url = `${t.baseUrl}/carriers/twilio/status/${placed.callLogId}`;
    const params = { AccountSid: TWILIO_SID, CallSid: placed.callId, CallStatus: 'ringing', SequenceNumber: '1', To: '+12125550109' };

    const missing = await postStatus(url, params, null);
    expect([missing.status, missing.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(missing.body.detail).toMatch(/missing/);
    const wrong = await postStatus(url, params, twilioSignature('not-the-token', url, params));
    expect([wrong.status, wrong.body.detail]).toEqual([403, 'The X-Twilio-Signature does not match this request']);
    const otherAddress = await postStatus(url, params, twilioSignature(TWILIO_TOKEN, `${t.baseUrl}/carriers/twilio/status/ccl_other`, params));
    expect(otherAddress.status).toBe(403);
    const tampered = await postStatus(url, { ...params, CallStatus: 'busy' }, twilioSignature(TWILIO_TOKEN, url, params));
    expect(tampered.status).toBe(403);
    expect(await logRow(placed.callLogId)).toMatchObject({ status: 'queued', outcome: null, status_sequence: null });

    const unknown = await postStatus(`${t.baseUrl}/carriers/twilio/status/${newId('carrierCall')}`, params);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const notAnId = await postStatus(`${t.baseUrl}/carriers/twilio/status/ccl_nope`, params);
    expect([notAnId.status, notAnId.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const malformed = await postStatus(url, { ...params, CallStatus: 'ringing-ish', SequenceNumber: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.map((e: { field: string }) => e.field)).toEqual(['CallStatus', 'SequenceNumber']);
    const otherCall = await postStatus(url, { ...params, CallSid: `CA${'f'.repeat(32)}` });
    expect(otherCall.status).toBe(409);

    // Completed (sequence 3) arrives before ringing (sequence 1): the status stays completed.
    expect((await postStatus(url, { ...params, CallStatus: 'completed', SequenceNumber: '3', AnsweredBy: 'human', CallDuration: '42' })).status).toBe(204);
    expect((await postStatus(url, params)).status).toBe(204);
    expect(await logRow(placed.callLogId)).toEqual({
      status: 'completed',
      outcome: 'answered',
      status_sequence: 3,
      answered_by: 'human',
      duration_seconds: 42,
    });
  });
});

describe('a single outbound call through Twilio', () => {
  it('POST /v1/outbound/call/create: a busy callee ends busy from the callbacks, and its session says so', async () => {
    const agent = await publishedAgent(t, a);
    const from = await carrierNumber();
    const call = await placeOutboundCall(t, a, { agent_id: agent.agent_id, from_number: from, to_number: '+12125550131' });
    expect(call).toMatchObject({ status: 'busy' });
    const session = await t.request.get(`/v1/call_session/retrieve/${call.session_id as string}`).set(a.headers);
    expect(session.body.session).toMatchObject({ end_reason: 'busy', direction: 'outbound' });
  }, 60_000);
});

describe("Telnyx's event signature", () => {
  it('verifies Ed25519 over timestamp and body with the public key, and nothing changed', () => {
    const body = JSON.stringify({ data: { event_type: 'call.hangup', payload: { call_control_id: 'v3:x' } } });
    const signature = telnyxSign('1764000000', body);
    expect(verifyTelnyxSignature(TELNYX_PUBLIC_KEY, '1764000000', body, signature)).toBe(true);
    expect(verifyTelnyxSignature(TELNYX_PUBLIC_KEY, '1764000001', body, signature)).toBe(false);
    expect(verifyTelnyxSignature(TELNYX_PUBLIC_KEY, '1764000000', body.replace('hangup', 'answered'), signature)).toBe(false);
    expect(verifyTelnyxSignature(Buffer.alloc(32, 7).toString('base64'), '1764000000', body, signature)).toBe(false);
    expect(verifyTelnyxSignature(TELNYX_PUBLIC_KEY, '1764000000', body, 'c2hvcnQ=')).toBe(false);
  });

  it('maps machine detection and hang-up causes to outcomes', () => {
    expect([
      telnyxOutcome('call.initiated', {}, false),
      telnyxOutcome('call.answered', {}, false),
      telnyxOutcome('call.machine.detection.ended', { result: 'machine' }, true),
      telnyxOutcome('call.machine.detection.ended', { result: 'not_sure' }, true),
      telnyxOutcome('call.hangup', { hangup_cause: 'user_busy' }, false),
      telnyxOutcome('call.hangup', { hangup_cause: 'timeout' }, false),
      telnyxOutcome('call.hangup', { hangup_cause: 'call_rejected' }, false),
      telnyxOutcome('call.hangup', { hangup_cause: 'normal_clearing' }, true),
    ]).toEqual([null, null, 'voicemail', 'answered', 'busy', 'no_answer', 'failed', 'answered']);
  });
});

describe('Telnyx call events', () => {
  const placeTelnyx = (to: string) =>
    placeCall(t.orm.em.fork(), settings, {
      organizationId: a.organizationId,
      connectionId: telnyxConnectionId,
      from: '+14155550100',
      to,
      idempotencyKey: unique('call'),
    });
  const postEvent = (url: string, body: string, headers: Record<string, string>) =>
    t.request
      .post(url.slice(t.baseUrl.length))
      .set({ 'content-type': 'application/json', ...headers })
      .send(body);
  const signed = (body: string, at = Math.floor(Date.now() / 1000)) => ({
    'telnyx-timestamp': String(at),
    'telnyx-signature-ed25519': telnyxSign(String(at), body),
  });

  it('a call through Telnyx names its events address with machine detection; the signed events settle it', async () => {
    const placed = await placeTelnyx('+12125550117'); // a voicemail greeting answers
    const create = telnyx.requests.find((r) => r.method === 'POST' && r.path === '/v2/calls' && r.body.to === '+12125550117')!;
    const url = `${t.baseUrl}/carriers/telnyx/events/${placed.callLogId}`;
    expect(create.body).toMatchObject({ webhook_url: url, webhook_url_method: 'POST', answering_machine_detection: 'detect' });
    expect(placed.reportsOutcome).toBe(true);
    expect(await awaitCarrierOutcome(t.orm.em.fork(), placed.callLogId, 10_000, 50)).toBe('voicemail');
    await eventually(
      () => logRow(placed.callLogId),
      (r) => r.status === 'hangup',
      10_000,
      50,
    );
    expect(await logRow(placed.callLogId)).toMatchObject({ status: 'hangup', outcome: 'voicemail', answered_by: 'machine' });
    await telnyx.answered();
    expect(telnyx.events.filter((e) => e.url === url).map((e) => [e.event, e.status])).toEqual([
      ['call.initiated', 204],
      ['call.answered', 204],
      ['call.machine.detection.ended', 204],
      ['call.hangup', 204],
    ]);
  });

  it('refuses events unsigned, wrongly signed or with a stale timestamp (nothing recorded); a hang-up after an answer is answered', async () => {
    telnyx.script = () => [];
    let placed: Awaited<ReturnType<typeof placeTelnyx>>;
    try {
      placed = await placeTelnyx('+12125550119');
    } finally {
      telnyx.script = telnyxScriptFor;
    }
    const url = `${t.baseUrl}/carriers/telnyx/events/${placed.callLogId}`;
    const event = (event_type: string, payload: Record<string, string> = {}) =>
      JSON.stringify({ data: { record_type: 'event', event_type, payload: { call_control_id: placed.callId, ...payload } } });
    const hangup = event('call.hangup', { hangup_cause: 'user_busy' });

    const missing = await postEvent(url, hangup, {});
    expect([missing.status, missing.body.code]).toEqual([403, 'FORBIDDEN']);
    const now = Math.floor(Date.now() / 1000);
    const wrong = await postEvent(url, hangup, {
      'telnyx-timestamp': String(now),
      'telnyx-signature-ed25519': telnyxSign(String(now), event('call.answered')),
    });
    expect([wrong.status, wrong.body.detail]).toEqual([403, 'The telnyx-signature-ed25519 does not match this event']);
    const stale = await postEvent(url, hangup, signed(hangup, now - 600));
    expect(stale.status).toBe(403);
    expect(stale.body.detail).toMatch(/more than 300 s off/);
    expect(await logRow(placed.callLogId)).toMatchObject({ status: 'queued', outcome: null });
    const unknown = await postEvent(`${t.baseUrl}/carriers/telnyx/events/${newId('carrierCall')}`, hangup, signed(hangup));
    expect(unknown.status).toBe(404);
    expect((await postEvent(`${t.baseUrl}/carriers/telnyx/events/ccl_nope`, hangup, signed(hangup))).status).toBe(400);
    const twilioRoute = await postEvent(`${t.baseUrl}/carriers/twilio/status/${placed.callLogId}`, hangup, signed(hangup));
    expect(twilioRoute.status).toBe(404);

    expect((await postEvent(url, event('call.answered'), signed(event('call.answered')))).status).toBe(204);
    const normal = event('call.hangup', { hangup_cause: 'normal_clearing' });
    expect((await postEvent(url, normal, signed(normal))).status).toBe(204);
    expect(await logRow(placed.callLogId)).toMatchObject({ status: 'hangup', outcome: 'answered' });
  });
});

// Campaigns through Twilio and Telnyx, whose answered calls converse over their media streams, are in
// twilio-stream.test.ts and telnyx-stream.test.ts.
