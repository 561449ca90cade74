import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { clientOf, createTenant, type TestTenant } from '../support/factories.js';
import { eventually } from '../support/releases.js';

/**
 * REST API clients managed through the API (and so the console): a client made with a role gets a secret shown
 * once, exchanges it for a token that acts with that role, is listed without the secret, and once revoked gets no
 * new token and its tokens are refused within seconds. Nobody makes a client holding more than they do.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
}, 60_000);
afterAll(async () => t?.close());

const token = (client_id: string, client_secret: string) => t.request.post('/v1/auth/token').send({ client_id, client_secret });

describe('/v1/api_client', () => {
  it('creates a client whose secret is shown once and whose token acts with its role; lists it without the secret', async () => {
    const created = await t.request.post('/v1/api_client/create').set(a.headers).send({ name: 'Reporting' });
    expect(created.status).toBe(201);
    expect(created.body.api_client).toMatchObject({ name: 'Reporting', role: 'viewer', revoked_at: null, last_used_at: null });
    const { client_id } = created.body.api_client;
    const issued = await token(client_id, created.body.client_secret);
    expect(issued.status).toBe(200);
    const as = { Authorization: `Bearer ${issued.body.access_token}`, 'X-Organization-Id': a.organizationId };
    expect((await t.request.get('/v1/agent/list').set(as)).status).toBe(200);
    const write = await t.request.post('/v1/agent/create').set(as).send({ name: 'x', prompt: 'y' });
    expect([write.status, write.body.code]).toEqual([403, 'FORBIDDEN']);

    const listed = await t.request.get('/v1/api_client/list').set(a.headers);
    const mine = listed.body.api_clients.find((c: { client_id: string }) => c.client_id === client_id);
    expect(mine.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(created.body.client_secret);
    const audit = await t.request.get('/v1/audit_log/list').set(a.headers);
    expect(audit.body.events.map((e: { action: string; target: { id: string } }) => [e.action, e.target.id])).toContainEqual(['api_client.create', client_id]);
  });

  it('a revoked client gets no new token and its token is refused', async () => {
    const created = await t.request.post('/v1/api_client/create').set(a.headers).send({ name: 'Old CI', role: 'member' });
    const { client_id } = created.body.api_client;
    const issued = await token(client_id, created.body.client_secret);
    const as = { Authorization: `Bearer ${issued.body.access_token}`, 'X-Organization-Id': a.organizationId };
    expect((await t.request.get('/v1/agent/list').set(as)).status).toBe(200);
    const revoked = await t.request.post(`/v1/api_client/revoke/${client_id}`).set(a.headers);
    expect([revoked.status, revoked.body.api_client.revoked_at !== null]).toEqual([200, true]);
    expect((await token(client_id, created.body.client_secret)).status).toBe(401);
    await eventually(
      async () => (await t.request.get('/v1/agent/list').set(as)).status,
      (status) => status === 401,
      10_000,
    );
    // Revoking again changes nothing and answers the same.
    expect((await t.request.post(`/v1/api_client/revoke/${client_id}`).set(a.headers)).body.api_client.revoked_at).toBe(revoked.body.api_client.revoked_at);
  });

  it('refuses a role above the caller, an unknown role, a viewer, and another organization', async () => {
    const admin = await clientOf(t, a, 'admin');
    const owner = await t.request.post('/v1/api_client/create').set(admin.headers).send({ name: 'Too much', role: 'owner' });
    expect([owner.status, owner.body.code]).toEqual([403, 'FORBIDDEN']);
    const unknown = await t.request.post('/v1/api_client/create').set(a.headers).send({ name: 'Who', role: 'wizard' });
    expect([unknown.status, unknown.body.errors?.[0]?.field]).toEqual([400, 'body.role']);
    const unnamed = await t.request.post('/v1/api_client/create').set(a.headers).send({ name: ' ' });
    expect([unnamed.status, unnamed.body.errors?.[0]?.field]).toEqual([400, 'body.name']);
    const viewer = await clientOf(t, a, 'viewer');
    expect((await t.request.get('/v1/api_client/list').set(viewer.headers)).status).toBe(403);
    expect((await t.request.post('/v1/api_client/create').set(viewer.headers).send({ name: 'Sneaky' })).status).toBe(403);
    const foreign = await t.request.post(`/v1/api_client/revoke/${a.clientId}`).set(b.headers);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.request.get('/v1/agent/list').set(a.headers)).status).toBe(200);
  });
});
