import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { authorizeUrl, Browser, pkcePair, registerClient } from '../support/oauth-flow.js';
import { sql } from '../../src/db/orm.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const register = (body: Record<string, unknown>) =>
  fetch(`${s.baseUrl}/platform/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /platform/oauth/register (RFC 7591)', () => {
  it('registers a public client with a loopback redirect as a native client that may refresh', async () => {
    const res = await register({ client_name: 'Claude Desktop', redirect_uris: ['http://127.0.0.1:33418/callback'] });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      client_id: expect.any(String),
      client_name: 'Claude Desktop',
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1:33418/callback'],
    });
    expect(body.client_secret).toBeUndefined();
    expect([...(body.grant_types as string[])].sort()).toEqual(['authorization_code', 'refresh_token']);
    // No unused secret is stored either.
    const [stored] = await sql(s.orm.em.fork(), `select payload from oauth_model where model = 'Client' and id = ?`, [body.client_id]);
    expect(stored.payload).toMatchObject({ client_id: body.client_id, token_endpoint_auth_method: 'none' });
    expect((stored.payload as Record<string, unknown>).client_secret).toBeUndefined();
    const explicit = await register({ client_name: 'SDK', redirect_uris: ['http://localhost:1/cb'], token_endpoint_auth_method: 'none' });
    expect(((await explicit.json()) as Record<string, unknown>).client_secret).toBeUndefined();
  });

  it('accepts localhost and [::1] loopback redirects, and https redirects', async () => {
    for (const uri of ['http://localhost:9000/cb', 'http://[::1]:9000/cb']) {
      const res = await register({ client_name: 'x', redirect_uris: [uri] });
      expect(res.status).toBe(201);
    }
    const https = await register({ client_name: 'web', redirect_uris: ['https://assistant.example.com/oauth/callback'] });
    expect(https.status).toBe(201);
    expect(await https.json()).toMatchObject({ application_type: 'web', token_endpoint_auth_method: 'none' });
  });

  it('refuses a non-loopback http redirect with invalid_redirect_uri and a useful description', async () => {
    const res = await register({ client_name: 'x', redirect_uris: ['http://attacker.example.com/callback'] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, string>;
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toMatch(/loopback/);
    const mixed = await register({ client_name: 'x', redirect_uris: ['http://127.0.0.1:1/cb', 'http://10.0.0.8/cb'] });
    expect(mixed.status).toBe(400);
    const scheme = await register({ client_name: 'x', redirect_uris: ['myapp://callback'] });
    expect(scheme.status).toBe(400);
    expect(((await scheme.json()) as Record<string, string>).error).toBe('invalid_redirect_uri');
  });

  it('refuses confidential clients and grant types other than code and refresh', async () => {
    const secret = await register({ client_name: 'x', redirect_uris: ['http://127.0.0.1:1/cb'], token_endpoint_auth_method: 'client_secret_basic' });
    expect(secret.status).toBe(400);
    expect(((await secret.json()) as Record<string, string>).error).toBe('invalid_client_metadata');
    const cc = await register({ client_name: 'x', redirect_uris: ['http://127.0.0.1:1/cb'], grant_types: ['client_credentials'] });
    expect(cc.status).toBe(400);
  });

  it('refuses a malformed body without a server error', async () => {
    const res = await fetch(`${s.baseUrl}/platform/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"client_name":',
    });
    expect(res.status).toBe(400);
    const missing = await register({ client_name: 'no redirects' });
    expect(missing.status).toBe(400);
  });

  it('lets a loopback client come back on any port (RFC 8252)', async () => {
    const client = await registerClient(s.baseUrl, { redirect_uris: ['http://127.0.0.1:43123/callback'] });
    const { challenge } = pkcePair();
    const browser = new Browser();
    const res = await browser.fetch(
      authorizeUrl(s.baseUrl, {
        client_id: client.client_id,
        redirect_uri: 'http://127.0.0.1:51999/callback',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/dashboard\/interaction\//);
  });
});
