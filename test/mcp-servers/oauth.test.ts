import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { Browser, createTestUser, formAction, hiddenField } from '../support/oauth-flow.js';
import { closeEngineDispatchers } from '../../src/modules/engine/engine-settings.js';
import { McpServer } from '../../src/modules/mcp-servers/mcp-servers.entity.js';
import { decryptSecret, encryptSecret } from '../../src/modules/secrets/secret-box.js';

/**
 * The platform as an OAuth client of an external MCP server: this service's
 * own /platform/mcp (OAuth-protected, spec 5.2) on a loopback port plays the
 * external server. The flow: discovery, dynamic registration, PKCE and
 * `resource` (done by the SDK's client), the operator's sign-in and consent in
 * a browser, the platform's callback storing the tokens; then a sync with the
 * token, and a refresh when the access token is refused.
 */
let s: TestServer;
let a: TestTenant;
let worker: TestWorker;
let user: { email: string; password: string };

beforeAll(async () => {
  s = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('mcp-oauth'), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  a = await createTenant(s);
  user = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  worker = await startTestWorker(s);
}, 120_000);
afterAll(async () => {
  const servers = await s.orm.em.fork().find(McpServer, { organization: a.organizationId });
  await Promise.all(
    servers.map((x) =>
      s.deps
        .temporal!.client.schedule.getHandle(`mcp-sync/${x.id}`)
        .delete()
        .catch(() => undefined),
    ),
  );
  await worker?.stop();
  await closeEngineDispatchers();
  await s?.close();
});

/** The operator's browser: signs in to the dashboard, consents for the organization and project, lands on the platform's callback. */
async function consent(authorizationUrl: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const browser = new Browser();
  let step = await browser.follow(authorizationUrl);
  let html = await step.res.text();
  const signIn = await browser.postForm(new URL(formAction(html, 'sign-in-form'), s.baseUrl).href, {
    csrf: hiddenField(html, 'csrf'),
    email: user.email,
    password: user.password,
  });
  expect(signIn.status).toBe(303);
  step = await browser.follow(new URL(signIn.headers.get('location')!, s.baseUrl).href);
  html = await step.res.text();
  const approve = await browser.postForm(new URL(formAction(html, 'consent-form'), s.baseUrl).href, {
    csrf: hiddenField(html, 'csrf'),
    workspace: `${a.organizationId}/${a.projectId}`,
    decision: 'approve',
  });
  expect(approve.status).toBe(303);
  const done = await browser.follow(new URL(approve.headers.get('location')!, s.baseUrl).href);
  expect(done.url.startsWith(`${s.baseUrl}/v1/mcp/server/oauth/callback?`)).toBe(true);
  return { status: done.res.status, body: (await done.res.json()) as Record<string, unknown> };
}

describe('OAuth sign-in to an external MCP server', () => {
  it('registers, signs in with PKCE and resource, syncs with the token, refreshes a refused token', async () => {
    const created = await s.request
      .post('/v1/mcp/server/create')
      .set(a.headers)
      .send({ name: 'Platform', address: `${s.baseUrl}/platform/mcp`, sign_in_method: 'oauth' })
      .expect(201);
    const id = created.body.mcp_server.id as string;
    expect(created.body.mcp_server.sign_in_method).toBe('oauth');

    // Before signing in, a sync fails and says why.
    const early = await s.request.post(`/v1/mcp/server/${id}/tool/sync`).set(a.headers).send({ wait: true }).expect(200);
    expect(early.body.result).toMatchObject({ ok: false, error: expect.stringMatching(/needs an OAuth sign-in/) });

    const started = await s.request.post(`/v1/mcp/server/${id}/oauth/authorize`).set(a.headers).expect(200);
    const url = new URL(started.body.authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s.baseUrl}/platform/oauth/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${s.baseUrl}/platform/mcp`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.baseUrl}/v1/mcp/server/oauth/callback`);

    const callback = await consent(url.href);
    expect(callback).toMatchObject({ status: 200, body: { signed_in: true, mcp_server: { id } } });
    const row = await s.orm.em.fork().findOneOrFail(McpServer, { id });
    expect(row.oauthState).toBeNull();
    const stored = JSON.parse(decryptSecret(s.deps.config.secrets.encryptionKey, row.oauthEncrypted!, a.organizationId));
    expect(stored.tokens).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(JSON.stringify((await s.request.get(`/v1/mcp/server/retrieve/${id}`).set(a.headers).expect(200)).body)).not.toContain(stored.tokens.access_token);
    // A replayed callback (its state is spent) is refused.
    await s.request.get(`/v1/mcp/server/oauth/callback?code=x&state=${encodeURIComponent(url.searchParams.get('state')!)}`).expect(404);
    await s.request.get('/v1/mcp/server/oauth/callback').expect(400);

    const synced = await s.request.post(`/v1/mcp/server/${id}/tool/sync`).set(a.headers).send({ wait: true }).expect(200);
    expect(synced.body.result).toMatchObject({ ok: true, error: null });
    expect(synced.body.result.added).toEqual(expect.arrayContaining(['list_calls', 'tool_mcp_sync']));

    // The access token is refused (as an expired one would be): the client refreshes, the pair rotates, the sync succeeds.
    const key = s.deps.config.secrets.encryptionKey;
    await s.orm.em.fork().nativeUpdate(
      McpServer,
      { id },
      {
        oauthEncrypted: encryptSecret(key, JSON.stringify({ ...stored, tokens: { ...stored.tokens, access_token: 'no-longer-valid' } }), a.organizationId),
      },
    );
    const again = await s.request.post(`/v1/mcp/server/${id}/tool/sync`).set(a.headers).send({ wait: true }).expect(200);
    expect(again.body.result).toMatchObject({ ok: true, added: [], removed: [] });
    const refreshed = JSON.parse(decryptSecret(key, (await s.orm.em.fork().findOneOrFail(McpServer, { id })).oauthEncrypted!, a.organizationId));
    expect(refreshed.tokens.access_token).not.toBe('no-longer-valid');
    expect(refreshed.tokens.refresh_token).not.toBe(stored.tokens.refresh_token);
  });

  it('refuses the OAuth start for a header server (409) and for another organization (404)', async () => {
    const headers = (
      await s.request
        .post('/v1/mcp/server/create')
        .set(a.headers)
        .send({ name: 'H', address: `${s.baseUrl}/platform/mcp` })
        .expect(201)
    ).body.mcp_server.id;
    await s.request.post(`/v1/mcp/server/${headers}/oauth/authorize`).set(a.headers).expect(409);
    const b = await createTenant(s);
    await s.request.post(`/v1/mcp/server/${headers}/oauth/authorize`).set(b.headers).expect(404);
  });
});
