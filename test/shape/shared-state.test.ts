import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { startChildApi, type ChildApi } from '../support/child-api.js';
import { limitStore, RateLimiter, SignInThrottle, type LimitStore } from '../../src/edge/limits.js';
import { revokeApiClient } from '../../src/modules/org/api-clients.js';
import { randomUUID } from 'node:crypto';

/**
 * State the API processes share (issue #12): request limits and the sign-in
 * throttle count in PostgreSQL, so two processes behind a load balancer hold a
 * client to one budget; a database that fails or stalls leaves each process
 * deciding alone, never refusing or stalling requests for it; revoking an API
 * client (here from this process, as the CLI does) is refused by a running API
 * process at once, not after its cache expires.
 */
const shared = { RATE_LIMIT_STORE: 'postgres', RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '6' };
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ env: shared });
  b = await createTestApp({ env: shared });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** The apps' store (RATE_LIMIT_STORE=postgres), for throttles made here. */
const postgres = (): LimitStore => limitStore(a.deps);

describe('limits shared by API processes', () => {
  it('a client spending its burst across two processes is refused by both once it is spent', async () => {
    const tenant: TestTenant = await createTenant(a);
    const get = (t: TestApp) => t.request.get('/v1/organization/retrieve').set(tenant.headers);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(a)).status, (await get(b)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const onA = await get(a);
    const onB = await get(b);
    expect([onA.status, onB.status]).toEqual([429, 429]);
    expect(onB.body.code).toBe('RATE_LIMITED');
    expect(Number(onB.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another client has its own budget.
    expect((await get(a).set((await createTenant(b)).headers)).status).toBe(200);
  });

  it('failed sign-ins on one process throttle the email on another, and a success clears it', async () => {
    const one = new SignInThrottle(postgres(), { perEmail: 3, perAddress: 1000 });
    const two = new SignInThrottle(postgres(), { perEmail: 3, perAddress: 1000 });
    const email = `victim-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) await one.fail(email, '198.51.100.7');
    expect(await two.retryAfter(email.toUpperCase(), '198.51.100.8')).toBeGreaterThan(800);
    await two.succeed(email);
    expect(await one.retryAfter(email, '198.51.100.7')).toBe(0);
  });

  it('a busy client far from its limit does not wait for the shared count per request, and every request is counted', async () => {
    // Decision 0057: one upsert per request on a client's one row serialized a busy client in PostgreSQL.
    let queries = 0;
    const store = postgres();
    if (store.kind !== 'postgres') throw new Error('the apps count limits in PostgreSQL here');
    const counting: LimitStore = { kind: 'postgres', client: { query: (q) => (queries++, store.client.query(q)) } };
    const one = new RateLimiter(counting, `busy-${randomUUID()}`, 10_000, 100_000);
    const key = randomUUID();
    await one.take(key); // the first request of a key asks the store
    for (let round = 0; round < 4; round++) await Promise.all(Array.from({ length: 50 }, () => one.take(key)));
    expect(queries).toBeLessThan(60);
    // The points accepted without waiting reach the store: a second process sees all 201.
    await new Promise((r) => setTimeout(r, 200));
    const rows = await a.orm.em.getConnection().execute<{ points: number }[]>(`select points from rate_limit where key like ?`, [`%:${key}`]);
    expect(rows.map((r) => Number(r.points))).toEqual([201]);
  });

  it('near the limit every process asks the shared count, so concurrent requests on two processes never pass the budget', async () => {
    const name = `near-${randomUUID()}`;
    const one = new RateLimiter(postgres(), name, 1, 10);
    const two = new RateLimiter(postgres(), name, 1, 10);
    const key = randomUUID();
    const outcomes = await Promise.allSettled([...Array.from({ length: 10 }, () => one.take(key)), ...Array.from({ length: 10 }, () => two.take(key))]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    // Sequential requests after a first one known far below the limit: still exactly the budget.
    const key2 = randomUUID();
    let accepted = 0;
    for (let i = 0; i < 16; i++) {
      const limiter = i % 2 ? two : one;
      accepted += await limiter.take(key2).then(
        () => 1,
        () => 0,
      );
    }
    expect(accepted).toBe(10);
    // A budget large enough to admit without waiting, spent by two processes in a loop that gives their flushes
    // no time to land: still exactly the budget.
    const big = `big-${randomUUID()}`;
    const [three, four] = [new RateLimiter(postgres(), big, 64, 128), new RateLimiter(postgres(), big, 64, 128)];
    const key3 = randomUUID();
    let admitted = 0;
    for (let i = 0; i < 200; i++) {
      admitted += await (i % 2 ? four : three).take(key3).then(
        () => 1,
        () => 0,
      );
    }
    expect(admitted).toBe(128);
  });

  it('with the database failing or stalling, each process limits alone from memory, within a quarter second', async () => {
    const failing = new RateLimiter({ kind: 'postgres', client: { query: () => Promise.reject(new Error('connection refused')) } }, 'fallback', 1, 3);
    const stalled = new RateLimiter({ kind: 'postgres', client: { query: () => new Promise(() => {}) } }, 'fallback', 1, 3);
    for (const limiter of [failing, stalled]) {
      const key = randomUUID();
      const started = Date.now();
      for (let i = 0; i < 3; i++) await limiter.take(key);
      await expect(limiter.take(key)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      expect(Date.now() - started).toBeLessThan(4 * 400);
    }
  });
});

describe('revoking an API client', () => {
  let api: ChildApi;

  beforeAll(async () => {
    api = await startChildApi({ TEMPORAL_ADDRESS: '127.0.0.1:1' });
  }, 90_000);

  afterAll(async () => {
    await api?.kill('SIGTERM');
  });

  it('is refused by a running API process at once, though it cached the client a moment before', async () => {
    const tenant = await createTenant(a);
    const token = (await (
      await fetch(`${api.baseUrl}/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: tenant.clientId, client_secret: tenant.clientSecret }),
      })
    ).json()) as { access_token: string };
    const retrieve = () =>
      fetch(`${api.baseUrl}/v1/organization/retrieve`, {
        headers: { Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': tenant.organizationId },
      });
    expect((await retrieve()).status).toBe(200);
    await revokeApiClient(a.orm.em.fork(), tenant.clientId);
    const revokedAt = Date.now();
    let status = (await retrieve()).status;
    while (status === 200 && Date.now() - revokedAt < 4000) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await retrieve()).status;
    }
    expect(status).toBe(401);
    // The process caches client rows for 5 s: an answer within 1 s came from the announcement.
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  }, 30_000);
});
