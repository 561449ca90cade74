import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { SignJWT } from 'jose';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { clearClientCache, revokeApiClient } from '../../src/modules/org/api-clients.js';

let t: TestApp;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ env: { TOKEN_RATE_LIMIT_PER_MINUTE: '1000' } });
  a = await createTenant(t);
  b = await createTenant(t);
});
afterAll(async () => t.close());

const expectProblem = (res: { status: number; headers: Record<string, string>; body: Record<string, unknown> }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code });
  expect(typeof res.body.detail).toBe('string');
  expect(typeof res.body.request_id).toBe('string');
};

describe('POST /v1/auth/token', () => {
  it('issues a bearer token for JSON credentials', async () => {
    const res = await t.request.post('/v1/auth/token').send({ client_id: a.clientId, client_secret: a.clientSecret });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    expect(res.headers['cache-control']).toBe('no-store');
    const org = await t.request
      .get('/v1/organization/retrieve')
      .set({ Authorization: `Bearer ${res.body.access_token}`, 'X-Organization-Id': a.organizationId });
    expect(org.status).toBe(200);
  });

  it('accepts the standard form-encoded client-credentials request', async () => {
    const res = await t.request
      .post('/v1/auth/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: a.clientId, client_secret: a.clientSecret });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('Bearer');
  });

  it('refuses a wrong secret and an unknown client alike, with 401', async () => {
    const wrong = await t.request.post('/v1/auth/token').send({ client_id: a.clientId, client_secret: 'sk_wrong' });
    expectProblem(wrong, 401, 'INVALID_CLIENT');
    expect(wrong.body.error).toBe('invalid_client');
    const unknown = await t.request.post('/v1/auth/token').send({ client_id: 'cli_nope', client_secret: a.clientSecret });
    expectProblem(unknown, 401, 'INVALID_CLIENT');
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it('refuses malformed bodies with 400 naming the fields', async () => {
    const missing = await t.request.post('/v1/auth/token').send({ client_id: a.clientId });
    expectProblem(missing, 400, 'VALIDATION_FAILED');
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'body.client_secret' })]);
    const notJson = await t.request.post('/v1/auth/token').set('Content-Type', 'application/json').send('{"client_id":');
    expectProblem(notJson, 400, 'VALIDATION_FAILED');
    const wrongGrant = await t.request.post('/v1/auth/token').type('form').send({ grant_type: 'password', client_id: 'x', client_secret: 'y' });
    expectProblem(wrongGrant, 400, 'VALIDATION_FAILED');
    const wrongTypes = await t.request.post('/v1/auth/token').send({ client_id: 5, client_secret: [] });
    expectProblem(wrongTypes, 400, 'VALIDATION_FAILED');
    expect([...new Set(wrongTypes.body.errors.map((e: { field: string }) => e.field))].sort()).toEqual(['body.client_id', 'body.client_secret']);
  });

  it('refuses a revoked client', async () => {
    const c = await createTenant(t);
    await revokeApiClient(t.orm.em.fork(), c.clientId);
    const res = await t.request.post('/v1/auth/token').send({ client_id: c.clientId, client_secret: c.clientSecret });
    expectProblem(res, 401, 'INVALID_CLIENT');
    const withOldToken = await t.request.get('/v1/organization/retrieve').set(c.headers);
    expectProblem(withOldToken, 401, 'UNAUTHENTICATED');
  });

  it('is rate limited per address', async () => {
    const limited = await createTestApp({ env: { TOKEN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await limited.request.post('/v1/auth/token').send({ client_id: 'cli_x', client_secret: 'y' })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const res = await limited.request.post('/v1/auth/token').send({ client_id: 'cli_x', client_secret: 'y' });
      expectProblem(res, 429, 'RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });

  it('keys the limit on the client id too: one client exhausting its bucket does not block another at the same address', async () => {
    const limited = await createTestApp({ env: { TOKEN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const tenant = await createTenant(limited);
      const post = (client_id: string, client_secret: string) => limited.request.post('/v1/auth/token').send({ client_id, client_secret });
      for (let i = 0; i < 3; i++) expect((await post('cli_noisy', 'wrong')).status).toBe(401);
      expectProblem(await post('cli_noisy', 'wrong'), 429, 'RATE_LIMITED');
      // Same address (supertest: one loopback client), another client: its own bucket.
      expect((await post(tenant.clientId, tenant.clientSecret)).status).toBe(200);
      // The address as a whole still has a ceiling (ten clients' worth), so spraying client ids does not help.
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await post(`cli_spray_${i}`, 'wrong')).status);
      expect(statuses.slice(0, 25).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the headers every /v1 route needs', () => {
  it('401 without Authorization, with WWW-Authenticate', async () => {
    const res = await t.request.get('/v1/organization/retrieve').set('X-Organization-Id', a.organizationId);
    expectProblem(res, 401, 'UNAUTHENTICATED');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('401 for malformed, forged and expired tokens', async () => {
    for (const auth of ['Basic abc', 'Bearer', 'Bearer not.a.jwt', `Bearer ${a.token}x`]) {
      expectProblem(
        await t.request.get('/v1/organization/retrieve').set({ Authorization: auth, 'X-Organization-Id': a.organizationId }),
        401,
        'UNAUTHENTICATED',
      );
    }
    const key = new TextEncoder().encode(t.deps.config.auth.tokenSecret);
    const expired = await new SignJWT({ org: a.organizationId, typ: 'client' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('voice-agent-platform')
      .setAudience('rest-api')
      .setSubject(a.clientId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const res = await t.request.get('/v1/organization/retrieve').set({ Authorization: `Bearer ${expired}`, 'X-Organization-Id': a.organizationId });
    expectProblem(res, 401, 'UNAUTHENTICATED');
    expect(res.body.detail).toMatch(/expired/);
    const forged = await new SignJWT({ org: a.organizationId, typ: 'client' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('voice-agent-platform')
      .setAudience('rest-api')
      .setSubject(a.clientId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expectProblem(
      await t.request.get('/v1/organization/retrieve').set({ Authorization: `Bearer ${forged}`, 'X-Organization-Id': a.organizationId }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('400 without X-Organization-Id', async () => {
    const res = await t.request.get('/v1/organization/retrieve').set('Authorization', `Bearer ${a.token}`);
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(res.body.errors[0].field).toBe('header.x-organization-id');
  });

  it('403 when the token belongs to another organization than the header names', async () => {
    const res = await t.request.get('/v1/organization/retrieve').set({ Authorization: `Bearer ${a.token}`, 'X-Organization-Id': b.organizationId });
    expectProblem(res, 403, 'ORGANIZATION_MISMATCH');
  });

  it('403 when the role lacks the permission, and the role change takes effect', async () => {
    const viewer = await createTenant(t, 'viewer');
    const res = await t.request.post('/v1/project/create').set(viewer.headers).send({ name: 'Nope' });
    expectProblem(res, 403, 'FORBIDDEN');
    expect(res.body.required_permission).toBe('org:manage');
    const em = t.orm.em.fork();
    await em.getConnection().execute('update api_client set role = ? where id = ?', ['admin', viewer.clientId]);
    clearClientCache();
    expect((await t.request.post('/v1/project/create').set(viewer.headers).send({ name: 'Now allowed' })).status).toBe(201);
  });

  it('404 problem for unknown routes, 405 for wrong methods', async () => {
    expectProblem(await t.request.get('/v1/nothing-here').set(a.headers), 404, 'ROUTE_NOT_FOUND');
    const wrongMethod = await t.request.delete('/v1/organization/retrieve').set(a.headers);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers['content-type']).toMatch(/problem\+json/);
  });
});

describe('organization and projects', () => {
  it('retrieves the organization with its projects and price list', async () => {
    const res = await t.request.get('/v1/organization/retrieve').set(a.headers);
    expect(res.status).toBe(200);
    expect(res.body.organization).toMatchObject({
      organization_id: a.organizationId,
      price_list: { currency: 'USD', total_per_minute_micros: 156000 },
      projects: [expect.objectContaining({ project_id: a.projectId, name: 'Default' })],
    });
  });

  it('creates a project (201), refuses a duplicate name (409) and bad bodies (400)', async () => {
    const created = await t.request.post('/v1/project/create').set(a.headers).send({ name: 'Support line', description: 'Tier 1' });
    expect(created.status).toBe(201);
    expect(created.body.project).toMatchObject({ project_id: expect.stringMatching(/^prj_/), name: 'Support line', description: 'Tier 1' });
    expectProblem(await t.request.post('/v1/project/create').set(a.headers).send({ name: 'Support line' }), 409, 'CONFLICT');
    expectProblem(await t.request.post('/v1/project/create').set(a.headers).send({ name: '' }), 400, 'VALIDATION_FAILED');
    const nul = await t.request.post('/v1/project/create').set(a.headers).send({ name: 'a\u0000b' });
    expectProblem(nul, 400, 'VALIDATION_FAILED');
    expect(nul.body.errors[0].field).toBe('body.name');
    expectProblem(await t.request.get('/v1/call_session/retrieve/abc%00def').set(a.headers), 400, 'VALIDATION_FAILED');
    expectProblem(await t.request.post('/v1/project/create').set(a.headers).send({ name: 'x', extra: 1 }), 400, 'VALIDATION_FAILED');
    expectProblem(await t.request.post('/v1/project/create').set(a.headers), 400, 'VALIDATION_FAILED');
    // The other organization may use the same name, and does not see ours.
    expect((await t.request.post('/v1/project/create').set(b.headers).send({ name: 'Support line' })).status).toBe(201);
    const bOrg = await t.request.get('/v1/organization/retrieve').set(b.headers);
    expect(bOrg.body.organization.projects.map((p: { name: string }) => p.name).sort()).toEqual(['Default', 'Support line']);
  });
});
