import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { loadConfig } from '../../src/config.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe('authorization server metadata (RFC 8414)', () => {
  it('is served at the path-inserted address of the issuer, with the exact issuer and our endpoints', async () => {
    const res = await fetch(`${s.baseUrl}/.well-known/oauth-authorization-server/platform`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: `${s.baseUrl}/platform`,
      authorization_endpoint: `${s.baseUrl}/platform/oauth/authorize`,
      token_endpoint: `${s.baseUrl}/platform/oauth/token`,
      registration_endpoint: `${s.baseUrl}/platform/oauth/register`,
      jwks_uri: `${s.baseUrl}/platform/oauth/jwks`,
      revocation_endpoint: `${s.baseUrl}/platform/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(doc.scopes_supported).toContain('mcp');
    expect([...(doc.grant_types_supported as string[])].sort()).toEqual(['authorization_code', 'refresh_token']);
  });

  it('is the same document at the OpenID Connect addresses clients also try', async () => {
    const a = await (await fetch(`${s.baseUrl}/.well-known/oauth-authorization-server/platform`)).json();
    for (const path of ['/.well-known/openid-configuration/platform', '/platform/.well-known/openid-configuration']) {
      const res = await fetch(s.baseUrl + path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(a);
    }
  });

  it('publishes public signing keys only', async () => {
    const res = await fetch(`${s.baseUrl}/platform/oauth/jwks`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' });
    for (const key of keys) for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key[secret]).toBeUndefined();
  });

  it('answers unknown OAuth paths with a 404', async () => {
    const res = await fetch(`${s.baseUrl}/platform/oauth/nothing-here`);
    expect(res.status).toBe(404);
  });
});

describe('protected resource metadata (RFC 9728)', () => {
  it('names the MCP URL as the resource and the issuer as its authorization server', async () => {
    const res = await fetch(`${s.baseUrl}/.well-known/oauth-protected-resource/platform/mcp`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      resource: `${s.baseUrl}/platform/mcp`,
      authorization_servers: [`${s.baseUrl}/platform`],
      scopes_supported: ['mcp'],
      bearer_methods_supported: ['header'],
    });
  });
});

describe('configuration', () => {
  it('requires COOKIE_SECRET and PUBLIC_URL in production', () => {
    const base = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x/y',
      TOKEN_SECRET: 'x'.repeat(32),
      RECORDING_LINK_SECRET: 'y'.repeat(32),
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(() => loadConfig(base)).toThrow(/COOKIE_SECRET[\s\S]*PUBLIC_URL/);
    expect(() => loadConfig({ ...base, COOKIE_SECRET: 'z'.repeat(32), PUBLIC_URL: 'https://voice.example.com' })).not.toThrow();
    expect(() => loadConfig({ ...base, COOKIE_SECRET: `${'z'.repeat(32)},short`, PUBLIC_URL: 'https://voice.example.com' })).toThrow(
      /each comma-separated key/,
    );
  });
});
