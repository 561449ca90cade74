import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { Browser, consoleRequest, createTestUser, formAction, hiddenField, refreshTokens } from '../support/oauth-flow.js';
import { MemoryOAuthProvider } from '../support/oauth-client-provider.js';

/**
 * Spec 5.2 end to end with the official MCP SDK client and its OAuth support:
 * 401 and discovery, dynamic registration, authorize with PKCE, sign-in and
 * consent posted as a user would, code exchange, tools/list, a tool call that
 * returns seeded calls, refresh with rotation, Disconnect in the dashboard,
 * and refusal of the next request.
 */
let s: TestServer;
let tenant: TestTenant;
let user: { userId: string; email: string; password: string };
let sessionIds: string[];
const callback = 'http://127.0.0.1:53682/callback';

beforeAll(async () => {
  s = await startTestServer();
  tenant = await createTenant(s);
  user = await createTestUser(s.orm.em.fork(), tenant.organizationId, 'admin');
  sessionIds = await insertSessions(s.orm.em.fork(), [
    sessionInput(tenant, { startedAt: new Date(Date.now() - 3_600_000) }),
    sessionInput(tenant, { startedAt: new Date(Date.now() - 7_200_000), caller: { name: 'Ben Smith', address: '+14155550124' } }),
  ]);
});
afterAll(async () => s.close());

async function connect(provider: MemoryOAuthProvider) {
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${s.baseUrl}/platform/mcp`), { authProvider: provider });
  await client.connect(transport);
  return { client, transport };
}

describe('an assistant connects through OAuth and works through MCP', () => {
  const provider = new MemoryOAuthProvider(callback);
  const browser = new Browser();
  let client: Client;

  it('1. refuses a request without a token with 401 and discovery pointers', async () => {
    const res = await fetch(`${s.baseUrl}/platform/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    const header = res.headers.get('www-authenticate')!;
    expect(header).toMatch(/^Bearer realm="[^"]+", resource_metadata="[^"]+"/);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(header)![1];
    const metadata = (await (await fetch(metadataUrl)).json()) as { resource: string; authorization_servers: string[] };
    expect(metadata.resource).toBe(`${s.baseUrl}/platform/mcp`);
    const as = (await (await fetch(`${s.baseUrl}/.well-known/oauth-authorization-server/platform`)).json()) as Record<string, unknown>;
    expect(as.issuer).toBe(metadata.authorization_servers[0]);
    expect(as.scopes_supported).toContain('mcp');
    expect(as.registration_endpoint).toBe(`${s.baseUrl}/platform/oauth/register`);
  });

  it('2-4. the SDK discovers, registers and asks the user to authorize with PKCE', async () => {
    await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client).toMatchObject({ client_id: expect.any(String), token_endpoint_auth_method: 'none' });
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${s.baseUrl}/platform/oauth/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${s.baseUrl}/platform/mcp`);
  });

  it('4-5. the user signs in and consents; the code is exchanged for tokens', async () => {
    let step = await browser.follow(provider.authorizationUrl!.href);
    expect(step.url).toMatch(/\/dashboard\//);
    let html = await step.res.text();
    const signIn = await browser.postForm(new URL(formAction(html, 'sign-in-form'), s.baseUrl).href, {
      csrf: hiddenField(html, 'csrf'),
      email: user.email,
      password: user.password,
    });
    expect(signIn.status).toBe(303);
    step = await browser.follow(new URL(signIn.headers.get('location')!, s.baseUrl).href);
    html = await step.res.text();
    expect(html).toContain('E2E assistant');
    const consent = await browser.postForm(new URL(formAction(html, 'consent-form'), s.baseUrl).href, {
      csrf: hiddenField(html, 'csrf'),
      workspace: `${tenant.organizationId}/${tenant.projectId}`,
      decision: 'approve',
    });
    const done = await browser.follow(new URL(consent.headers.get('location')!, s.baseUrl).href);
    expect(done.external).toMatch(new RegExp(`^${callback}\\?`));
    const code = new URL(done.external!).searchParams.get('code')!;
    const transport = new StreamableHTTPClientTransport(new URL(`${s.baseUrl}/platform/mcp`), { authProvider: provider });
    await transport.finishAuth(code);
    expect(provider.saved).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 3600 });
  });

  it('lists the tools and calls one that returns the seeded calls', async () => {
    ({ client } = await connect(provider));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['list_calls', 'get_call', 'analytics_overview', 'billing_overview_get']));
    const result = await client.callTool({ name: 'list_calls', arguments: { page_size: 10 } });
    expect(result.isError).toBeFalsy();
    const listed = (result.structuredContent as { sessions: { session_id: string }[] }).sessions.map((x) => x.session_id);
    expect(listed.sort()).toEqual([...sessionIds].sort());
    const one = await client.callTool({ name: 'get_call', arguments: { session_id: sessionIds[0] } });
    expect((one.structuredContent as { session: { session_id: string } }).session.session_id).toBe(sessionIds[0]);
  });

  it('6. refreshes with rotation, and the new token works', async () => {
    const before = provider.saved!;
    const refreshed = await refreshTokens(s.baseUrl, provider.client!.client_id, before.refresh_token!);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toEqual(expect.any(String));
    expect(refreshed.body.refresh_token).not.toBe(before.refresh_token);
    provider.saveTokens({ ...before, ...(refreshed.body as object) } as never);
    ({ client } = await connect(provider));
    const result = await client.callTool({ name: 'analytics_overview', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { overview: { sessions: number } }).overview.sessions).toBe(2);
  });

  it('disconnecting in the dashboard refuses the next request and the refresh token', async () => {
    // As the console's Connected apps page does: its list, then Disconnect with the session's CSRF token.
    const listed = (await (await consoleRequest(browser, `${s.baseUrl}/dashboard/api/connected-apps`)).json()) as {
      connected_apps: { connection_id: string; client_name: string }[];
    };
    const app = listed.connected_apps.find((c) => c.client_name === 'E2E assistant');
    expect(app).toBeDefined();
    const res = await consoleRequest(browser, `${s.baseUrl}/dashboard/api/connected-apps/${app!.connection_id}/disconnect`, 'POST');
    expect(res.status).toBe(200);
    const raw = await fetch(`${s.baseUrl}/platform/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.saved!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await refreshTokens(s.baseUrl, provider.client!.client_id, provider.saved!.refresh_token!)).status).toBe(400);
    // The SDK client itself: its call fails, and it falls back to asking the user to authorize again.
    provider.authorizationUrl = undefined;
    await expect(client.callTool({ name: 'list_calls', arguments: {} })).rejects.toThrow();
  });
});
