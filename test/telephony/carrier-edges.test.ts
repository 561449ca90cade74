import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { newId } from '../../src/modules/ids.js';

/**
 * The carriers' edge (issue 29): what a stranger can send to the /carriers/...
 * routes and through a telephony connection's base_url.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
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
