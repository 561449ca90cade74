import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, unique } from '../support/factories.js';
import { startFakeTwilio, TWILIO_SID, TWILIO_TOKEN, type FakeTwilio } from '../support/fake-twilio.js';
import { carrierConnection } from '../campaigns/support.js';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/modules/ids.js';
import { DomainError } from '../../src/modules/errors.js';
import { engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import { assertCarrierHost, providerFor } from '../../src/modules/telephony/carriers/connections.js';

/**
 * The carriers' edge (issue 29): what a stranger can send to the /carriers/...
 * routes and through a telephony connection's base_url.
 */
let t: TestApp;
let twilio: FakeTwilio;

/** What a production deployment sets, and nothing about carriers: CARRIER_API_HOSTS takes its default. */
const PRODUCTION = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'production-like-token-secret-0123456789abcdef',
  RECORDING_LINK_SECRET: 'production-like-recording-secret-0123456789',
  COOKIE_SECRET: 'production-like-cookie-secret-0123456789abcdef',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PUBLIC_URL: 'https://voice.example.com',
  // The SSRF guard lets the fake carrier through: what is left to refuse it is the carrier allow-list.
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
};

beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
});
afterAll(async () => {
  await twilio?.close();
  await t?.close();
});

const twilioBody = (baseUrl?: string) => ({
  provider: 'twilio',
  name: unique('twilio'),
  ...(baseUrl === undefined ? {} : { base_url: baseUrl }),
  credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
});
const fields = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

describe("a telephony connection's base_url (CARRIER_API_HOSTS)", () => {
  it("defaults to the carriers' own hosts in production, adding loopback elsewhere; an explicit list is taken as it is", () => {
    const env = { DATABASE_URL: 'postgres://x/y' };
    expect(loadConfig({ ...env, ...PRODUCTION }).outbound.carrierHosts).toEqual(['api.twilio.com', 'api.telnyx.com']);
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).outbound.carrierHosts).toEqual(['api.twilio.com', 'api.telnyx.com', '127.0.0.1', 'localhost', '::1']);
    expect(loadConfig({ ...env, NODE_ENV: 'test', CARRIER_API_HOSTS: 'API.Twilio.com, ' }).outbound.carrierHosts).toEqual(['api.twilio.com']);
  });

  it("admits the carriers' own hosts and nothing that only looks like them", () => {
    const hosts = loadConfig({ ...PRODUCTION, DATABASE_URL: 'postgres://x/y' }).outbound.carrierHosts;
    for (const url of ['https://api.twilio.com', 'https://API.TWILIO.COM/', 'https://api.telnyx.com/v2'])
      expect(() => assertCarrierHost(url, hosts)).not.toThrow();
    for (const url of [
      'https://api.twilio.com.evil.example',
      'https://evil.example/api.twilio.com',
      'https://api.twilio.com@evil.example',
      'http://127.0.0.1:9',
      'not a url',
    ]) {
      expect(() => assertCarrierHost(url, hosts, 'VALIDATION_FAILED')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }) as unknown as Error);
    }
  });

  it('production refuses a connection to another API at create (400 naming body.base_url), before anything is sent to it', async () => {
    const prod = await createTestApp({ env: PRODUCTION });
    try {
      const tenant = await createTenant(prod);
      const post = (body: object) => prod.request.post('/v1/telephony/connection/create').set(tenant.headers).send(body);
      twilio.reset();
      for (const baseUrl of [twilio.baseUrl, 'https://twilio-lookalike.example.com', 'https://api.twilio.com.example.net']) {
        const res = await post(twilioBody(baseUrl));
        expect({ baseUrl, status: res.status, fields: fields(res) }).toEqual({ baseUrl, status: 400, fields: ['body.base_url'] });
        expect(res.body.detail).toContain('CARRIER_API_HOSTS');
      }
      expect(twilio.requests).toHaveLength(0);
    } finally {
      await prod.close();
    }
  });

  it("a configured list admits what it names, in production too (the tests' loopback carriers)", async () => {
    const prod = await createTestApp({ env: { ...PRODUCTION, CARRIER_API_HOSTS: '127.0.0.1' } });
    try {
      const tenant = await createTenant(prod);
      const res = await prod.request.post('/v1/telephony/connection/create').set(tenant.headers).send(twilioBody(twilio.baseUrl));
      expect(res.status).toBe(201);
    } finally {
      await prod.close();
    }
  });

  it('a stored connection the list no longer admits is refused at use (422), before it is called', async () => {
    const tenant = await createTenant(t);
    const connectionId = await carrierConnection(t, tenant, 'twilio', twilio.baseUrl);
    twilio.reset();
    // The same deployment, its list now the production default.
    const production = {
      ...engineSettingsFrom(t.deps.config),
      carrierHosts: loadConfig({ ...PRODUCTION, DATABASE_URL: 'postgres://x/y' }).outbound.carrierHosts,
    };
    const error = await providerFor(t.orm.em.fork(), tenant.organizationId, connectionId, production).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'UNPROCESSABLE', details: { issues: [{ field: 'base_url' }] } });
    expect(twilio.requests).toHaveLength(0);
    // Under the test run's default list (loopback admitted outside production) the same connection works.
    const { provider } = await providerFor(t.orm.em.fork(), tenant.organizationId, connectionId, engineSettingsFrom(t.deps.config));
    await expect(provider.validateCredentials()).resolves.toBeUndefined();
  });
});

describe('carrier callback path ids', () => {
  const routes = ['/carriers/twilio/status', '/carriers/telnyx/events'];
  const bad = [
    ['a NUL', '%00'],
    ['a NUL inside an id', `ccl_${'0'.repeat(13)}%00${'0'.repeat(12)}`],
    ['an overlong id', `ccl_${'0'.repeat(5000)}`],
    ['garbage', 'x%27%3B%20drop%20table%20carrier_call_log%3B--'],
    ['another kind of id', newId('phoneNumber')],
    ['lower-case base32', newId('carrierCall').toLowerCase()],
    ['invalid UTF-8', '%C3%28'],
  ] as const;

  it.each(routes)('%s/{id}: a malformed id is a 400 problem naming path.call_log_id, before any query', async (route) => {
    for (const [, id] of bad) {
      const res = await t.request.post(`${route}/${id}`).type('form').send({ CallSid: 'CA1', CallStatus: 'completed' });
      expect({ id, status: res.status, type: res.type }).toEqual({ id, status: 400, type: 'application/problem+json' });
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['path.call_log_id']);
    }
  });

  it.each(routes)('%s/{id}: a well-formed id of no call is 404, as before', async (route) => {
    const res = await t.request
      .post(`${route}/${newId('carrierCall')}`)
      .type('form')
      .send({ CallSid: 'CA1', CallStatus: 'completed' });
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/problem+json');
  });
});

describe('carrier voice webhooks', () => {
  it('a NUL or garbage in the number called is a 4xx, with the rate limits counted in PostgreSQL too', async () => {
    const pg = await createTestApp({ env: { RATE_LIMIT_STORE: 'postgres' } });
    try {
      for (const app of [t, pg]) {
        for (const to of ['\u0000', '+1415555\u00000100', 'x'.repeat(5000)]) {
          const twilioVoice = await app.request.post('/carriers/twilio/voice').type('form').send({ To: to, CallSid: 'CA1' });
          expect([JSON.stringify(to).slice(0, 20), twilioVoice.status]).toEqual([JSON.stringify(to).slice(0, 20), 404]);
          const telnyxVoice = await app.request
            .post('/carriers/telnyx/voice')
            .send({ data: { event_type: 'call.initiated', payload: { to, call_control_id: 'v3:x', direction: 'incoming' } } });
          expect([JSON.stringify(to).slice(0, 20), telnyxVoice.status]).toEqual([JSON.stringify(to).slice(0, 20), 404]);
        }
      }
    } finally {
      await pg.close();
    }
  });
});
