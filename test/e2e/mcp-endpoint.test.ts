import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { SignJWT, importJWK, type JWK } from 'jose';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { createTestUser, signInAndConsent } from '../support/oauth-flow.js';
import { loadSigningKeys } from '../../src/oauth/signing-keys.js';
import { updateMemberRole, removeMember } from '../../src/modules/people/members.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';

/** The MCP endpoint's own checks, on a real server with real tokens from the OAuth flow. */
let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let viewer: { userId: string; email: string; password: string; token: string };
let admin: { userId: string; email: string; password: string; token: string };
let foreignSession: string;

async function rpc(token: string | undefined, method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.baseUrl}/platform/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const call = (token: string, name: string, args: Record<string, unknown> = {}) => rpc(token, 'tools/call', { name, arguments: args });

beforeAll(async () => {
  s = await startTestServer();
  a = await createTenant(s);
  b = await createTenant(s);
  await insertSessions(s.orm.em.fork(), [sessionInput(a, { startedAt: new Date(Date.now() - 60_000) })]);
  [foreignSession] = await insertSessions(s.orm.em.fork(), [sessionInput(b, { startedAt: new Date(Date.now() - 60_000) })]);
  const v = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
  const d = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  viewer = { ...v, token: (await signInAndConsent(s.baseUrl, { ...v, organizationId: a.organizationId, projectId: a.projectId })).access_token };
  admin = { ...d, token: (await signInAndConsent(s.baseUrl, { ...d, organizationId: a.organizationId, projectId: a.projectId })).access_token };
});
afterAll(async () => s.close());

describe('POST /platform/mcp', () => {
  it('answers a valid token', async () => {
    const res = await rpc(admin.token, 'tools/list');
    expect(res.status).toBe(200);
    expect(res.body.result.tools.length).toBeGreaterThanOrEqual(10);
  });

  it('refuses missing, malformed, forged, expired and wrong-audience tokens with 401 and WWW-Authenticate', async () => {
    const keys = await loadSigningKeys(s.orm, s.deps.config.secrets.encryptionKey);
    const jwk = keys[0] as JWK;
    const key = await importJWK(jwk, 'RS256');
    const payload = JSON.parse(Buffer.from(admin.token.split('.')[1], 'base64url').toString());
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ ...payload, ...claims }).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid }).sign(key);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string | undefined][] = [
      ['missing', undefined],
      ['malformed', 'not-a-token'],
      ['forged', `${admin.token.slice(0, -4)}AAAA`],
      ['expired', await sign({ iat: now - 7200, exp: now - 3600 })],
      ['wrong audience', await sign({ aud: 'https://elsewhere.example/mcp' })],
      ['wrong issuer', await sign({ iss: 'https://evil.example/platform' })],
    ];
    for (const [name, token] of cases) {
      const res = await rpc(token, 'tools/list');
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(res.headers.get('www-authenticate')).toContain('resource_metadata=');
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    // Sanity: the same signing path with unchanged claims is accepted, so the refusals above are about the claims.
    expect((await rpc(await sign({}), 'tools/list')).status).toBe(200);
  });

  it('answers a valid token without the mcp scope with 403 insufficient_scope, and names the scope on 401', async () => {
    const [jwk] = await loadSigningKeys(s.orm, s.deps.config.secrets.encryptionKey);
    const payload = JSON.parse(Buffer.from(admin.token.split('.')[1], 'base64url').toString());
    const metadata = `resource_metadata="${s.baseUrl}/.well-known/oauth-protected-resource/platform/mcp"`;
    for (const scope of ['openid', undefined]) {
      const token = await new SignJWT({ ...payload, scope })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
        .sign(await importJWK(jwk, 'RS256'));
      const res = await rpc(token, 'tools/list');
      expect({ scope, status: res.status }).toEqual({ scope, status: 403 });
      expect(res.headers.get('www-authenticate')).toMatch(
        new RegExp(`^Bearer error="insufficient_scope", scope="mcp", ${metadata.replace(/[.?/]/g, '\\$&')}, error_description="[^"]+"$`),
      );
      expect(res.body.error.message).toMatch(/mcp scope/);
    }
    const missing = await rpc(undefined, 'tools/list');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(`Bearer realm="${s.baseUrl}/platform/mcp", ${metadata}, scope="mcp"`);
  });

  it('refuses foreign Host and Origin headers (DNS rebinding)', async () => {
    const http = await import('node:http');
    const port = new URL(s.baseUrl).port;
    const raw = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/platform/mcp',
            method: 'POST',
            headers: { host, authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      });
    expect(await raw('evil.example')).toBe(403);
    expect(await raw(`localhost:${port}`)).toBe(200);
    expect((await rpc(admin.token, 'tools/list', {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await rpc(admin.token, 'tools/list', {}, { origin: s.baseUrl })).status).toBe(200);
  });

  it("runs tools with the person's current roles: a viewer is refused billing, then allowed after promotion", async () => {
    const refused = await call(viewer.token, 'billing_overview_get');
    expect(refused.body.result.isError).toBe(true);
    expect(refused.body.result.content[0].text).toContain('billing:read');
    expect((await call(viewer.token, 'list_calls')).body.result.isError).toBeFalsy();
    await updateMemberRole(s.orm.em.fork(), systemPrincipal(a.organizationId), viewer.userId, 'admin');
    expect((await call(viewer.token, 'billing_overview_get')).body.result.isError).toBeFalsy();
    await updateMemberRole(s.orm.em.fork(), systemPrincipal(a.organizationId), viewer.userId, 'viewer');
    expect((await call(viewer.token, 'billing_overview_get')).body.result.isError).toBe(true);
  });

  it("refuses a write tool to a viewer, and records an admin's change in the audit log as made through MCP", async () => {
    const refused = await call(viewer.token, 'create_agent', { name: 'Nope', prompt: 'x' });
    expect(refused.body.result.isError).toBe(true);
    expect(refused.body.result.content[0].text).toContain('agents:write');
    const created = await call(admin.token, 'create_agent', { name: 'Front desk', prompt: 'You answer the phone.' });
    expect(created.body.result.isError).toBeFalsy();
    const agentId = created.body.result.structuredContent.agent.agent_id;
    const audit = await s.request.get(`/v1/audit_log/list?via=mcp`).set(a.headers);
    expect(audit.body.events).toContainEqual(
      expect.objectContaining({
        via: 'mcp',
        actor: expect.objectContaining({ type: 'user', id: admin.userId }),
        target: expect.objectContaining({ id: agentId }),
      }),
    );
  });

  it("never shows another organization's data", async () => {
    const res = await call(admin.token, 'get_call', { session_id: foreignSession });
    expect(res.body.result.isError).toBe(true);
    expect(res.body.result.content[0].text).toMatch(/not found/);
    const listed = await call(admin.token, 'list_calls', { page_size: 100 });
    expect(listed.body.result.structuredContent.sessions.map((x: { session_id: string }) => x.session_id)).not.toContain(foreignSession);
  });

  it('refuses a removed member on the next request', async () => {
    const leaver = await createTestUser(s.orm.em.fork(), a.organizationId, 'member');
    const { access_token } = await signInAndConsent(s.baseUrl, { ...leaver, organizationId: a.organizationId, projectId: a.projectId });
    expect((await rpc(access_token, 'tools/list')).status).toBe(200);
    await removeMember(s.orm.em.fork(), systemPrincipal(a.organizationId), leaver.userId);
    const res = await rpc(access_token, 'tools/list');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/no longer a member/);
  });

  it('is stateless: GET and DELETE are 405', async () => {
    expect((await fetch(`${s.baseUrl}/platform/mcp`, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(405);
    expect((await fetch(`${s.baseUrl}/platform/mcp`, { method: 'DELETE' })).status).toBe(405);
  });

  it('applies the Streamable HTTP rules: Accept, Content-Type, protocol version, notifications', async () => {
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${s.baseUrl}/platform/mcp`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, ...headers }, body: JSON.stringify(body) });
    const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };
    const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    expect((await post({ ...json, accept: 'application/json' }, ping)).status).toBe(406);
    expect((await post({ ...json, 'content-type': 'text/plain' }, ping)).status).toBe(415);
    expect((await post({ ...json, 'mcp-protocol-version': '1999-01-01' }, ping)).status).toBe(400);
    const pong = await post({ ...json, 'mcp-protocol-version': '2025-06-18' }, ping);
    expect(pong.status).toBe(200);
    expect(await pong.json()).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    const notification = await post(json, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(notification.status).toBe(202);
    expect(await notification.text()).toBe('');
  });

  it('answers malformed JSON-RPC with a protocol error, not a crash', async () => {
    const res = await fetch(`${s.baseUrl}/platform/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
