import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import {
  authorizeWithConsent,
  Browser,
  consoleRequest,
  createTestUser,
  pkcePair,
  refreshTokens,
  signInAndConsent,
  tokenRequest,
} from '../support/oauth-flow.js';
import { verifyMcpAccessToken, wwwAuthenticateHeader, protectedResourceMetadataUrl, readBearerToken } from '../../src/oauth/verify-access-token.js';
import { loadSigningKeys } from '../../src/oauth/signing-keys.js';
import { DomainError } from '../../src/modules/errors.js';
import { sql } from '../../src/db/orm.js';

let s: TestServer;
let tenant: TestTenant;
let user: { userId: string; email: string; password: string };

beforeAll(async () => {
  s = await startTestServer();
  tenant = await createTenant(s);
  user = await createTestUser(s.orm.em.fork(), tenant.organizationId);
});
afterAll(async () => s.close());

const connect = (clientName = 'Test assistant') =>
  signInAndConsent(s.baseUrl, { ...user, organizationId: tenant.organizationId, projectId: tenant.projectId, clientName });

async function refusal(token: string | undefined): Promise<{ code: string; reason: unknown; message: string }> {
  try {
    await verifyMcpAccessToken(s.deps, token);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, reason: error.details.reason, message: error.message };
    throw error;
  }
  throw new Error('the token was accepted');
}

/** A token signed with the server's real key, with claims of our choosing. */
async function forge(claims: Record<string, unknown>, exp: number) {
  const [jwk] = await loadSigningKeys(s.orm, s.deps.config.secrets.encryptionKey);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(await importJWK(jwk, 'RS256'));
}

describe('POST /platform/oauth/token', () => {
  it('exchanges the code (with the PKCE verifier) for a JWT bound to the MCP URL and a refresh token', async () => {
    const tokens = await connect();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('mcp');
    expect(typeof tokens.refresh_token).toBe('string');
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: `${s.baseUrl}/platform`,
      aud: `${s.baseUrl}/platform/mcp`,
      sub: user.userId,
      client_id: tokens.clientId,
      scope: 'mcp',
      org_id: tenant.organizationId,
      project_id: tenant.projectId,
      gid: expect.any(String),
    });
    expect(claims.exp! - claims.iat!).toBe(3600);

    // A code is single-use, and is bound to its verifier.
    const reuse = await tokenRequest(s.baseUrl, {
      grant_type: 'authorization_code',
      code: tokens.code,
      code_verifier: 'x'.repeat(43),
      client_id: tokens.clientId,
      redirect_uri: tokens.redirectUri,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
  });

  it('refuses a code exchange without the PKCE verifier or with a wrong one', async () => {
    const a = await authorizeWithConsent(s.baseUrl, { ...user, organizationId: tenant.organizationId, projectId: tenant.projectId });
    const exchange = (extra: Record<string, string>) =>
      tokenRequest(s.baseUrl, { grant_type: 'authorization_code', code: a.code, client_id: a.clientId, redirect_uri: a.redirectUri, ...extra });
    const none = await exchange({});
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('invalid_grant');
    const b = await authorizeWithConsent(s.baseUrl, { ...user, organizationId: tenant.organizationId, projectId: tenant.projectId, browser: a.browser });
    const wrong = await tokenRequest(s.baseUrl, {
      grant_type: 'authorization_code',
      code: b.code,
      client_id: b.clientId,
      redirect_uri: b.redirectUri,
      code_verifier: pkcePair().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('rotates refresh tokens; reusing a rotated one fails and revokes the grant, so the new one fails too', async () => {
    const tokens = await connect();
    const first = await refreshTokens(s.baseUrl, tokens.clientId, tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 3600 });
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(first.body.access_token as string)).toMatchObject({ org_id: tenant.organizationId, project_id: tenant.projectId });
    await expect(verifyMcpAccessToken(s.deps, first.body.access_token as string)).resolves.toMatchObject({ userId: user.userId });

    const reuse = await refreshTokens(s.baseUrl, tokens.clientId, tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    const next = await refreshTokens(s.baseUrl, tokens.clientId, first.body.refresh_token as string);
    expect(next.status).toBe(400);
    expect(next.body.error).toBe('invalid_grant');
    // The access tokens of the revoked grant are refused from now on.
    expect(await refusal(first.body.access_token as string)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'revoked' });
    // The provider's grant.revoked event ends the connection too (asynchronously), so Connected apps drops it.
    const gid = decodeJwt(tokens.access_token).gid;
    let revokedAt: unknown = null;
    for (let i = 0; i < 50 && !revokedAt; i++) {
      [{ revoked_at: revokedAt }] = await sql(s.orm.em.fork(), 'select revoked_at from oauth_connection where grant_id = ?', [gid]);
      if (!revokedAt) await new Promise((r) => setTimeout(r, 20));
    }
    expect(revokedAt).not.toBeNull();
  });

  it('refuses a refresh with a wrong resource without using the refresh token up, so the corrected retry works', async () => {
    const tokens = await connect();
    const wrong = await tokenRequest(s.baseUrl, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: tokens.clientId,
      resource: 'https://elsewhere.example.com/mcp',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_target');
    const [{ consumed }] = await sql(
      s.orm.em.fork(),
      `select consumed_at is not null as consumed from oauth_model where model = 'RefreshToken' and grant_id = ?`,
      [decodeJwt(tokens.access_token).gid],
    );
    expect(consumed).toBe(false);
    // The same refresh token, now with the right resource: a normal rotation, and the grant is intact.
    const retry = await tokenRequest(s.baseUrl, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: tokens.clientId,
      resource: `${s.baseUrl}/platform/mcp`,
    });
    expect(retry.status).toBe(200);
    await expect(verifyMcpAccessToken(s.deps, retry.body.access_token as string)).resolves.toMatchObject({ userId: user.userId });
    await expect(verifyMcpAccessToken(s.deps, tokens.access_token)).resolves.toMatchObject({ userId: user.userId });
    const next = await refreshTokens(s.baseUrl, tokens.clientId, retry.body.refresh_token as string);
    expect(next.status).toBe(200);
  });

  it('refuses a refresh token presented by another client', async () => {
    const a = await connect('A');
    const b = await connect('B');
    const res = await refreshTokens(s.baseUrl, b.clientId, a.refresh_token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('verifyMcpAccessToken', () => {
  it('accepts a valid token and says who, where and through which connection', async () => {
    const tokens = await connect();
    const access = await verifyMcpAccessToken(s.deps, tokens.access_token);
    expect(access).toEqual({
      userId: user.userId,
      organizationId: tenant.organizationId,
      projectId: tenant.projectId,
      grantId: decodeJwt(tokens.access_token).gid,
      clientId: tokens.clientId,
      connectionId: expect.stringMatching(/^con_/),
    });
    const [row] = await sql(s.orm.em.fork(), 'select last_used_at from oauth_connection where id = ?', [access.connectionId]);
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses missing, malformed, tampered, expired, wrong-audience and wrong-issuer tokens', async () => {
    const tokens = await connect();
    const claims = decodeJwt(tokens.access_token);
    const now = Math.floor(Date.now() / 1000);
    expect(await refusal(undefined)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'missing' });
    expect(await refusal('not-a-jwt')).toMatchObject({ reason: 'malformed' });
    const [header, , signature] = tokens.access_token.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, project_id: 'prj_other' })).toString('base64url')}.${signature}`;
    expect(await refusal(tampered)).toMatchObject({ reason: 'invalid_signature' });
    expect(await refusal(await forge({ ...claims }, now - 60))).toMatchObject({ reason: 'expired' });
    expect(await refusal(await forge({ ...claims, aud: 'https://elsewhere.example.com/mcp' }, now + 600))).toMatchObject({ reason: 'wrong_audience' });
    expect(await refusal(await forge({ ...claims, aud: [claims.aud, 'https://elsewhere.example.com'] }, now + 600))).toMatchObject({
      reason: 'wrong_audience',
    });
    expect(await refusal(await forge({ ...claims, iss: 'https://other-issuer.example.com' }, now + 600))).toMatchObject({ reason: 'wrong_issuer' });
    expect(await refusal(await forge({ ...claims, gid: 'no-such-grant' }, now + 600))).toMatchObject({ reason: 'revoked' });
    // The forged-but-correct token passes: the checks above failed for the reason named.
    await expect(verifyMcpAccessToken(s.deps, await forge({ ...claims }, now + 600))).resolves.toMatchObject({ userId: user.userId });
  });

  it('builds the 401 header and metadata address the MCP endpoint sends', () => {
    expect(protectedResourceMetadataUrl(s.baseUrl)).toBe(`${s.baseUrl}/.well-known/oauth-protected-resource/platform/mcp`);
    expect(wwwAuthenticateHeader(s.baseUrl)).toBe(
      `Bearer realm="${s.baseUrl}/platform/mcp", resource_metadata="${s.baseUrl}/.well-known/oauth-protected-resource/platform/mcp", scope="mcp"`,
    );
    expect(wwwAuthenticateHeader(s.baseUrl, { error: 'insufficient_scope', description: 'lacks "mcp"' })).toBe(
      `Bearer error="insufficient_scope", scope="mcp", resource_metadata="${s.baseUrl}/.well-known/oauth-protected-resource/platform/mcp", error_description="lacks 'mcp'"`,
    );
    expect(readBearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(readBearerToken('Basic x')).toBeUndefined();
  });
});

describe("Connected apps and Disconnect (the console's routes)", () => {
  const apps = (browser: Browser) => consoleRequest(browser, `${s.baseUrl}/dashboard/api/connected-apps`);

  it('lists the connection, and Disconnect refuses the next request and the refresh token', async () => {
    const tokens = await connect('Disconnect me');
    await verifyMcpAccessToken(s.deps, tokens.access_token);
    const { browser } = tokens;
    const listed = await apps(browser);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const mine = ((await listed.json()) as { connected_apps: { connection_id: string; client_name: string; organization_name: string }[] }).connected_apps;
    const entry = mine.find((c) => c.client_name === 'Disconnect me');
    expect(entry).toMatchObject({ connection_id: expect.stringMatching(/^con_[0-9A-Z]+$/), organization_name: expect.stringMatching(/^Org-/) });
    const connectionId = entry!.connection_id;

    const action = `${s.baseUrl}/dashboard/api/connected-apps/${connectionId}/disconnect`;
    const forged = await consoleRequest(browser, action, 'POST', '');
    expect([forged.status, forged.headers.get('content-type')]).toEqual([403, expect.stringContaining('application/problem+json')]);
    expect(await forged.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const other = await createTestUser(s.orm.em.fork(), tenant.organizationId);
    const stranger = await signInAndConsent(s.baseUrl, { ...other, organizationId: tenant.organizationId, projectId: tenant.projectId });
    const theirs = await consoleRequest(stranger.browser, action, 'POST');
    expect([theirs.status, ((await theirs.json()) as { code: string }).code]).toEqual([404, 'NOT_FOUND']);

    const done = await consoleRequest(browser, action, 'POST');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ connection_id: connectionId, disconnected: true });
    const after = (await (await apps(browser)).json()) as { connected_apps: { connection_id: string }[] };
    expect(after.connected_apps.map((c) => c.connection_id)).not.toContain(connectionId);
    const again = await consoleRequest(browser, action, 'POST');
    expect(again.status).toBe(404);

    expect(await refusal(tokens.access_token)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'revoked' });
    const refresh = await refreshTokens(s.baseUrl, tokens.clientId, tokens.refresh_token);
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');

    const audit = await sql(s.orm.em.fork(), `select action, actor_id, via, project_id from audit_event where target_id = ? order by created_at`, [
      connectionId,
    ]);
    expect(audit).toEqual([
      { action: 'oauth_connection.create', actor_id: user.userId, via: 'dashboard', project_id: tenant.projectId },
      { action: 'oauth_connection.revoke', actor_id: user.userId, via: 'dashboard', project_id: tenant.projectId },
    ]);
  });

  it('answers a browser that is not signed in with a 401 problem, and the old page address leads to the console', async () => {
    const nobody = new Browser();
    for (const res of [await apps(nobody), await consoleRequest(nobody, `${s.baseUrl}/dashboard/api/connected-apps/con_X/disconnect`, 'POST', 'x')]) {
      expect([res.status, res.headers.get('content-type')]).toEqual([401, expect.stringContaining('application/problem+json')]);
      expect(await res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
    const old = await nobody.fetch(`${s.baseUrl}/dashboard/connected-apps`);
    expect([old.status, old.headers.get('location')]).toEqual([303, '/dashboard/app/connected-apps']);
    // The form route is gone: the console's route, with its CSRF header, is the only way to disconnect.
    expect((await nobody.fetch(`${s.baseUrl}/dashboard/connected-apps/con_X/disconnect`, { method: 'POST' })).status).toBe(404);
  });

  it('keeps sign-ins, tokens and refresh working across a restart (new provider, same database)', async () => {
    const tokens = await connect('Survivor');
    await s.restart();
    await expect(verifyMcpAccessToken(s.deps, tokens.access_token)).resolves.toMatchObject({ userId: user.userId });
    const refreshed = await refreshTokens(s.baseUrl, tokens.clientId, tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    await expect(verifyMcpAccessToken(s.deps, refreshed.body.access_token as string)).resolves.toMatchObject({ projectId: tenant.projectId });
    const listed = await apps(tokens.browser);
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('Survivor');
  });
});
