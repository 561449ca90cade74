import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createEngineTestApp } from '../support/engine.js';
import { sql } from '../../src/db/orm.js';
import { DomainError } from '../../src/modules/errors.js';
import { engineSettingsFrom, type EngineSettings } from '../../src/modules/engine/engine-settings.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { createConnection } from '../../src/modules/telephony/carriers/create-connection.js';
import { placeCall } from '../../src/modules/telephony/calls/place-call.js';
import { simulatedOutcome } from '../../src/modules/telephony/carriers/simulated-carrier.js';
import { startFakeTwilio, TWILIO_SID, TWILIO_TOKEN, type FakeTwilio } from '../support/fake-twilio.js';
import { startFakeTelnyx, TELNYX_KEY, type FakeTelnyx } from '../support/fake-telnyx.js';
import { unique } from '../support/factories.js';

let t: TestApp;
let a: TestTenant;
let settings: EngineSettings;
let twilio: FakeTwilio;
let telnyx: FakeTelnyx;

beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  settings = engineSettingsFrom(t.deps.config);
  twilio = await startFakeTwilio();
  telnyx = await startFakeTelnyx();
});
afterAll(async () => {
  await Promise.all([twilio.close(), telnyx.close()]);
  await t.close();
});

const logRows = (key: string) =>
  sql<{ provider: string; status: string; provider_call_id: string | null }>(
    t.orm.em.fork(),
    'select provider, status, provider_call_id from carrier_call_log where idempotency_key = ?',
    [key],
  );

describe('placeCall: one call per idempotency key', () => {
  it('simulated: the same key twice, even at once, gives one log row and the first call', async () => {
    const key = unique('dial/campaign/contact/1');
    const input = { organizationId: a.organizationId, from: '+1 415 555 0100', to: '+1 415 555 0123', idempotencyKey: key };
    const [one, two] = await Promise.all([placeCall(t.orm.em.fork(), settings, input), placeCall(t.orm.em.fork(), settings, input)]);
    const three = await placeCall(t.orm.em.fork(), settings, input);
    expect(new Set([one.callLogId, two.callLogId, three.callLogId]).size).toBe(1);
    expect([one.deduplicated, two.deduplicated].sort()).toEqual([false, true]);
    expect(three).toMatchObject({ deduplicated: true, provider: 'simulated', status: simulatedOutcome('+14155550123') });
    expect(await logRows(key)).toHaveLength(1);
  });

  it('simulated with a connection applies its rules', async () => {
    const connection = await createConnection(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      createConnection.input.parse({
        provider: 'simulated',
        name: unique('sim'),
        simulation: { rules: [{ suffix: '99', outcome: 'busy' }] },
      }),
      settings,
    );
    const result = await placeCall(t.orm.em.fork(), settings, {
      organizationId: a.organizationId,
      connectionId: connection.connection_id,
      from: '+14155550100',
      to: '+14155550199',
      idempotencyKey: unique('k'),
    });
    expect(result.status).toBe('busy');
  });

  it('twilio: dials once per key (Twilio has no keys: our log dedupes), and settles a call in doubt by asking Twilio before dialling', async () => {
    const connection = await createConnection(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      createConnection.input.parse({
        provider: 'twilio',
        name: unique('tw'),
        base_url: twilio.baseUrl,
        credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
      }),
      settings,
    );
    twilio.reset();
    const key = unique('dial/c/x/1');
    const input = { organizationId: a.organizationId, connectionId: connection.connection_id, from: '+14155550100', to: '+14155550123', idempotencyKey: key };
    const first = await placeCall(t.orm.em.fork(), settings, input);
    const second = await placeCall(t.orm.em.fork(), settings, input);
    expect(second).toMatchObject({ deduplicated: true, callId: first.callId, status: 'queued' });
    expect(twilio.requests.filter((r) => r.path.endsWith('/Calls.json'))).toHaveLength(1);
    expect(await logRows(key)).toEqual([{ provider: 'twilio', status: 'queued', provider_call_id: first.callId }]);

    // A 5xx may or may not have placed the call: it is recorded in doubt. Here Twilio made no call (the failure came first):
    // the retry asks Twilio, finds none from → to since the reservation (the first key's call is ours already) and dials.
    const doubtful = unique('dial/c/y/1');
    twilio.failNext({ status: 502, body: { code: 20500, message: 'upstream', status: 502 } });
    await expect(placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: doubtful })).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    expect(await logRows(doubtful)).toEqual([{ provider: 'twilio', status: 'in_doubt', provider_call_id: null }]);
    const posts = twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Calls.json')).length;
    const retry = await placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: doubtful });
    expect(retry).toMatchObject({ deduplicated: false, status: 'queued' });
    expect(twilio.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/Calls.json'))[0].query).toMatchObject({ To: input.to, From: input.from });
    expect(twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Calls.json')).length).toBe(posts + 1);
    expect(await logRows(doubtful)).toEqual([{ provider: 'twilio', status: 'queued', provider_call_id: retry.callId }]);

    // A definite refusal (4xx) dialled nothing: the key is free again.
    const refused = unique('dial/c/z/1');
    twilio.failNext({ status: 400, body: { code: 21215, message: 'Geo permission', status: 400 } });
    await expect(placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: refused })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    expect(await logRows(refused)).toHaveLength(0);
    expect((await placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: refused })).deduplicated).toBe(false);
  });

  it('twilio in doubt: a call placed whose answer was lost is found at Twilio and taken, never dialled twice; two candidates stay refused', async () => {
    const connection = await createConnection(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      createConnection.input.parse({
        provider: 'twilio',
        name: unique('tw'),
        base_url: twilio.baseUrl,
        credentials: { account_sid: TWILIO_SID, auth_token: TWILIO_TOKEN },
      }),
      settings,
    );
    twilio.reset();
    const input = { organizationId: a.organizationId, connectionId: connection.connection_id, from: '+14155550100', to: '+14155550177' };
    const postsNow = () => twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Calls.json')).length;

    // Twilio made the call, but its answer was lost (504).
    const lost = unique('dial/c/lost/1');
    twilio.loseAnswers(1);
    await expect(placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: lost })).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    expect(await logRows(lost)).toEqual([{ provider: 'twilio', status: 'in_doubt', provider_call_id: null }]);
    const made = twilio.calls[0].sid;
    const posts = postsNow();
    const found = await placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: lost });
    expect(found).toMatchObject({ deduplicated: true, callId: made, status: 'queued' });
    expect(postsNow()).toBe(posts);
    expect(await logRows(lost)).toEqual([{ provider: 'twilio', status: 'queued', provider_call_id: made }]);
    // Asked again: the log answers, Twilio is not asked.
    expect((await placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: lost })).callId).toBe(made);

    // Two calls Twilio knows and we do not (someone dialled from the same number by hand): which is ours is unknown, so refused.
    const unsure = unique('dial/c/unsure/1');
    twilio.loseAnswers(1);
    await expect(placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: unsure })).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    twilio.calls.unshift({ ...twilio.calls[0], sid: `CA${'f'.repeat(32)}` });
    const refused = await placeCall(t.orm.em.fork(), settings, { ...input, idempotencyKey: unsure }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('CONFLICT');
    expect(await logRows(unsure)).toEqual([{ provider: 'twilio', status: 'in_doubt', provider_call_id: null }]);
  });

  it('telnyx: sends the key as Idempotency-Key and logs one row', async () => {
    const connection = await createConnection(
      t.orm.em.fork(),
      systemPrincipal(a.organizationId),
      createConnection.input.parse({
        provider: 'telnyx',
        name: unique('tx'),
        base_url: telnyx.baseUrl,
        credentials: { api_key: TELNYX_KEY, call_control_app_id: 'app-1' },
      }),
      settings,
    );
    telnyx.reset();
    const key = unique('dial/t/x/1');
    const input = { organizationId: a.organizationId, connectionId: connection.connection_id, from: '+13125550100', to: '+13125550123', idempotencyKey: key };
    const first = await placeCall(t.orm.em.fork(), settings, input);
    const second = await placeCall(t.orm.em.fork(), settings, input);
    expect(second.callId).toBe(first.callId);
    const calls = telnyx.requests.filter((r) => r.path === '/v2/calls');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['idempotency-key']).toBe(key);
    expect(await logRows(key)).toHaveLength(1);
  });

  it('refuses bad numbers before dialling', async () => {
    const error = await placeCall(t.orm.em.fork(), settings, {
      organizationId: a.organizationId,
      from: '+14155550100',
      to: '555-0123',
      idempotencyKey: unique('k'),
    }).catch((e: unknown) => e as DomainError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: { issues: [{ field: 'to' }] } });
  });
});
