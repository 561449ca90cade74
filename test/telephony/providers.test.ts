import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { guardedDispatcher } from '../../src/modules/outbound-http.js';
import { DomainError } from '../../src/modules/errors.js';
import { parseInput } from '../../src/modules/validation.js';
import { E164Number } from '../../src/modules/telephony/telephony.schemas.js';
import { createTwilioClient } from '../../src/modules/telephony/carriers/twilio/twilio-client.js';
import { createTelnyxClient } from '../../src/modules/telephony/carriers/telnyx/telnyx-client.js';
import { createSimulatedCarrier, DEFAULT_SIMULATION, simulatedOutcome } from '../../src/modules/telephony/carriers/simulated-carrier.js';
import { startFakeTwilio, TWILIO_SID, TWILIO_TOKEN, type FakeTwilio } from '../support/fake-twilio.js';
import { startFakeTelnyx, TELNYX_KEY, type FakeTelnyx } from '../support/fake-telnyx.js';
import { startWireServer, type WireServer } from '../support/wire-server.js';

const dispatcher = guardedDispatcher(['127.0.0.1']);
const wire = (baseUrl: string) => ({ baseUrl, allowedHosts: ['127.0.0.1'], dispatcher, timeoutMs: 2000 });

/** The DomainError a promise rejects with (fails the test when it resolves or throws something else). */
async function domainError(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

let twilio: FakeTwilio;
let telnyx: FakeTelnyx;
let silent: WireServer;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  telnyx = await startFakeTelnyx();
  silent = await startWireServer(() => ({ status: 200, body: {} }));
});
afterAll(async () => {
  await Promise.all([twilio.close(), telnyx.close(), silent.close()]);
  await dispatcher.close();
});

describe('E.164 numbers (libphonenumber-js)', () => {
  it('normalises international numbers written with spaces, dashes and parentheses', () => {
    expect(parseInput(E164Number, ' +1 (415) 555-0123 ', 'body.number')).toBe('+14155550123');
    expect(parseInput(E164Number, '+44 20 7946 0123', 'body.number')).toBe('+442079460123');
    expect(parseInput(E164Number, '+49 30 123456', 'body.number')).toBe('+4930123456');
  });

  it('refuses national, impossible and non-numbers, naming the field', () => {
    for (const bad of ['4155550123', '+1 000 000 0000', '+999123', 'call me', '+1415555012345678', '']) {
      expect(() => parseInput(E164Number, bad, 'body.number')).toThrow(DomainError);
      try {
        parseInput(E164Number, bad, 'body.number');
      } catch (error) {
        expect((error as DomainError).code).toBe('VALIDATION_FAILED');
        expect((error as DomainError).details.issues?.[0].field).toBe('body.number');
      }
    }
  });
});

describe('simulated carrier', () => {
  it("decides each callee's outcome reproducibly, by rule first, else by a seeded hash", async () => {
    const numbers = Array.from({ length: 2000 }, (_, i) => `+1415555${String(i).padStart(4, '0')}`);
    const first = numbers.map((n) => simulatedOutcome(n));
    expect(numbers.map((n) => simulatedOutcome(n))).toEqual(first);
    const counts = Object.fromEntries(['answered', 'no_answer', 'busy', 'voicemail', 'failed'].map((o) => [o, first.filter((x) => x === o).length / 20]));
    for (const [outcome, percent] of Object.entries(DEFAULT_SIMULATION.distribution)) expect(Math.abs(counts[outcome] - percent)).toBeLessThanOrEqual(4);

    const rules = {
      ...DEFAULT_SIMULATION,
      rules: [
        { suffix: '13', outcome: 'busy' as const },
        { suffix: '3', outcome: 'voicemail' as const },
      ],
    };
    expect(simulatedOutcome('+14155550113', rules)).toBe('busy');
    expect(simulatedOutcome('+14155550103', rules)).toBe('voicemail');
    // Another seed, another (still reproducible) mix.
    const reseeded = numbers.map((n) => simulatedOutcome(n, { ...DEFAULT_SIMULATION, seed: 'other' }));
    expect(reseeded).not.toEqual(first);

    const carrier = createSimulatedCarrier(rules);
    const placed = await carrier.placeCall({ from: '+14155550100', to: '+14155550113', idempotencyKey: 'k1' });
    expect(placed).toEqual({ callId: expect.stringMatching(/^sim_/), status: 'busy' });
    expect((await carrier.placeCall({ from: '+14155550100', to: '+14155550113', idempotencyKey: 'k1' })).callId).toBe(placed.callId);
  });

  it('sells from a deterministic pool and refuses numbers outside it', async () => {
    const carrier = createSimulatedCarrier();
    const a = await carrier.searchNumbers({ country: 'US', areaCode: '312', limit: 3 });
    expect(a.map((n) => n.number)).toEqual(['+13125550000', '+13125550001', '+13125550002']);
    expect(await carrier.searchNumbers({ country: 'US', areaCode: '312', limit: 3 })).toEqual(a);
    expect((await carrier.searchNumbers({ country: 'GB', contains: '0123', limit: 1 }))[0].number).toBe('+442079460123');
    expect((await domainError(carrier.searchNumbers({ country: 'FR', limit: 1 }))).details.issues?.[0].field).toBe('country');
    expect(await carrier.buyNumber('+13125550001')).toMatchObject({ number: '+13125550001', status: 'active' });
    expect((await domainError(carrier.buyNumber('+14155550123'.replace('555', '556')))).code).toBe('UNPROCESSABLE');
  });
});

describe('Twilio client against a local server speaking its wire format', () => {
  const client = () => createTwilioClient({ account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN }, wire(twilio.baseUrl));
  const basic = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;

  it('places a call: form-encoded POST to Calls.json with Basic auth', async () => {
    twilio.reset();
    const placed = await client().placeCall({
      from: '+14155550100',
      to: '+14155550123',
      idempotencyKey: 'dial/x/y/1',
      webhookUrl: 'https://voice.example.com/twiml',
    });
    expect(placed).toEqual({ callId: expect.stringMatching(/^CA[0-9a-f]{32}$/), status: 'queued' });
    const [req] = twilio.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/2010-04-01/Accounts/${TWILIO_SID}/Calls.json`);
    expect(req.headers.authorization).toBe(basic);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.body).toEqual({ To: '+14155550123', From: '+14155550100', Url: 'https://voice.example.com/twiml' });

    await client().hangUp(placed.callId);
    expect(twilio.requests[1]).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${TWILIO_SID}/Calls/${placed.callId}.json`,
      body: { Status: 'completed' },
    });
  });

  it("searches, buys and imports numbers with Twilio's parameter names", async () => {
    twilio.reset();
    const found = await client().searchNumbers({ country: 'US', areaCode: '415', contains: '7001', limit: 5 });
    expect(found).toEqual([{ number: '+14155557001', country: 'US', locality: 'San Francisco', region: 'CA' }]);
    expect(twilio.requests[0]).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${TWILIO_SID}/AvailablePhoneNumbers/US/Local.json`,
      query: { AreaCode: '415', Contains: '7001', PageSize: '5' },
    });
    const bought = await client().buyNumber('+14155557001');
    expect(bought).toMatchObject({ number: '+14155557001', providerNumberId: expect.stringMatching(/^PN/), status: 'active' });
    expect(twilio.requests[1]).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${TWILIO_SID}/IncomingPhoneNumbers.json`,
      body: { PhoneNumber: '+14155557001' },
    });
    expect(await client().importNumber('+14155557001')).toMatchObject({ providerNumberId: bought.providerNumberId });
    expect(twilio.requests[2]).toMatchObject({ method: 'GET', query: { PhoneNumber: '+14155557001' } });
    expect((await domainError(client().importNumber('+14155557099'))).code).toBe('NOT_FOUND');
  });

  it('maps errors: bad credentials and 4xx to 422 with the provider code, 5xx to 502, unreachable to 503', async () => {
    const wrong = createTwilioClient({ account_sid: TWILIO_SID, auth_token: 'wrong-token' }, wire(twilio.baseUrl));
    const auth = await domainError(wrong.validateCredentials());
    expect(auth).toMatchObject({ code: 'UNPROCESSABLE', details: { provider: 'Twilio', provider_status: 401, provider_code: 20003 } });
    expect(auth.message).toMatch(/refused the credentials.*Authenticate/);

    const bad = await domainError(client().placeCall({ from: '+14155550100', to: '+1415', idempotencyKey: 'k' }));
    expect(bad).toMatchObject({ code: 'UNPROCESSABLE', details: { provider_status: 400, provider_code: 21211 } });

    twilio.failNext({ status: 503, body: { code: 20500, message: 'Internal Server Error', status: 503 } });
    expect(await domainError(client().validateCredentials())).toMatchObject({ code: 'BAD_GATEWAY', details: { provider_status: 503, provider_code: 20500 } });
    twilio.failNext({ status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } });
    expect((await domainError(client().validateCredentials())).code).toBe('RATE_LIMITED');

    const down = createTwilioClient({ account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN }, wire('http://127.0.0.1:1'));
    expect((await domainError(down.validateCredentials())).code).toBe('UNAVAILABLE');
    // A private address not on the allowlist is refused before any connection.
    const privateAddress = createTwilioClient({ account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN }, { ...wire('http://10.0.0.1'), allowedHosts: [] });
    expect((await domainError(privateAddress.validateCredentials())).code).toBe('UNPROCESSABLE');
  });

  it('answers a 200 that is not JSON with a 502', async () => {
    const odd = await startWireServer(() => ({ status: 200 }));
    try {
      // An empty 200 is not a call.
      const client = createTwilioClient({ account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN }, wire(odd.baseUrl));
      expect((await domainError(client.placeCall({ from: '+14155550100', to: '+14155550123', idempotencyKey: 'k' }))).code).toBe('BAD_GATEWAY');
    } finally {
      await odd.close();
    }
  });
});

describe('Telnyx client against a local server speaking its wire format', () => {
  const client = (over: { call_control_app_id?: string } = { call_control_app_id: 'app-123' }) =>
    createTelnyxClient({ api_key: TELNYX_KEY, ...over }, wire(telnyx.baseUrl));

  it('places a call: JSON POST /v2/calls with Bearer auth and the Idempotency-Key header', async () => {
    telnyx.reset();
    const placed = await client().placeCall({
      from: '+13125550100',
      to: '+13125550123',
      idempotencyKey: 'dial/c/k/1',
      webhookUrl: 'https://voice.example.com/telnyx',
    });
    expect(placed).toEqual({ callId: expect.stringMatching(/^v3:/), status: 'queued' });
    const [req] = telnyx.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/v2/calls' });
    expect(req.headers.authorization).toBe(`Bearer ${TELNYX_KEY}`);
    expect(req.headers['idempotency-key']).toBe('dial/c/k/1');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ connection_id: 'app-123', to: '+13125550123', from: '+13125550100', webhook_url: 'https://voice.example.com/telnyx' });
    // The same key at Telnyx answers the same call.
    const again = await client().placeCall({ from: '+13125550100', to: '+13125550123', idempotencyKey: 'dial/c/k/1' });
    expect(again.callId).toBe(placed.callId);

    await client().hangUp(placed.callId);
    expect(telnyx.requests[2]).toMatchObject({ method: 'POST', path: `/v2/calls/${encodeURIComponent(placed.callId)}/actions/hangup` });
    expect((await domainError(client({}).placeCall({ from: '+13125550100', to: '+13125550123', idempotencyKey: 'z' }))).code).toBe('UNPROCESSABLE');
  });

  it('searches with filter[...] parameters, orders numbers and imports them', async () => {
    telnyx.reset();
    const found = await client().searchNumbers({ country: 'US', areaCode: '312', contains: '800', limit: 2 });
    expect(found).toEqual([
      { number: '+13125558000', country: 'US', locality: 'CHICAGO', region: 'IL' },
      { number: '+13125558001', country: 'US', locality: 'CHICAGO', region: 'IL' },
    ]);
    expect(telnyx.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v2/available_phone_numbers',
      query: { 'filter[country_code]': 'US', 'filter[national_destination_code]': '312', 'filter[phone_number][contains]': '800', 'filter[limit]': '2' },
    });
    expect(await client().buyNumber('+13125558000')).toMatchObject({ number: '+13125558000', status: 'active' });
    expect(telnyx.requests[1]).toMatchObject({ method: 'POST', path: '/v2/number_orders', body: { phone_numbers: [{ phone_number: '+13125558000' }] } });
    expect((await client().importNumber('+13125558000')).providerNumberId).toBe(telnyx.owned.get('+13125558000'));
    expect(telnyx.requests[2]).toMatchObject({ method: 'GET', path: '/v2/phone_numbers', query: { 'filter[phone_number]': '+13125558000' } });
    expect((await domainError(client().importNumber('+13125558099'))).code).toBe('NOT_FOUND');
  });

  it('maps {errors:[{code,title,detail}]}: 401 and 422 to 422, 5xx to 502', async () => {
    const wrong = createTelnyxClient({ api_key: 'KEYwrong' }, wire(telnyx.baseUrl));
    const auth = await domainError(wrong.validateCredentials());
    expect(auth).toMatchObject({ code: 'UNPROCESSABLE', details: { provider: 'Telnyx', provider_status: 401, provider_code: '10009' } });
    expect(auth.message).toMatch(/Authentication failed: The API key is not valid/);
    const bad = await domainError(client().placeCall({ from: '+13125550100', to: 'nope', idempotencyKey: 'bad-1' }));
    expect(bad).toMatchObject({ code: 'UNPROCESSABLE', details: { provider_status: 422, provider_code: '10016' } });
    telnyx.failNext({ status: 500, body: { errors: [{ code: '90000', title: 'Internal error', detail: 'try later' }] } });
    expect(await domainError(client().validateCredentials())).toMatchObject({ code: 'BAD_GATEWAY', details: { provider_status: 500 } });
  });
});
