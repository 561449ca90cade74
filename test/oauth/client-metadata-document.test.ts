import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { decodeJwt } from 'jose';
import { startTestServer, type TestServer } from '../support/server.js';
import { startHttpsServer, type HttpsTestServer } from '../support/https-server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { authorizeUrl, authorizeWithConsent, createTestUser, pkcePair, refreshTokens, tokenRequest } from '../support/oauth-flow.js';

/**
 * Client ID Metadata Documents (MCP authorization, revision 2025-11-25): a
 * client whose client_id is an https URL of its own metadata, fetched by the
 * server through the SSRF guard and held to the rules of dynamic
 * registration. The documents are served over https by a local server whose
 * certificate this process trusts (test/support/https-server.ts); the app
 * allows 127.0.0.1 as an outbound host, as the other outbound tests do.
 */
let s: TestServer;
let docs: HttpsTestServer;
let tenant: TestTenant;
let user: { userId: string; email: string; password: string };
const callback = 'http://127.0.0.1:43125/callback';
const documents = new Map<string, { status?: number; headers?: Record<string, string>; body: unknown }>();

beforeAll(async () => {
  docs = await startHttpsServer((req, res) => {
    const doc = documents.get(req.url ?? '');
    if (!doc) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(doc.status ?? 200, { 'content-type': 'application/json', ...doc.headers });
    res.end(typeof doc.body === 'string' ? doc.body : JSON.stringify(doc.body));
  });
  s = await startTestServer({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  tenant = await createTenant(s);
  user = await createTestUser(s.orm.em.fork(), tenant.organizationId, 'admin');
});
afterAll(async () => {
  await s?.close();
  await docs?.close();
});

/** Serves a metadata document at `path` whose client_id is its own URL (unless `body` says otherwise). */
function serve(path: string, body: Record<string, unknown> = {}, options: { status?: number; headers?: Record<string, string> } = {}): string {
  const url = `${docs.origin}${path}`;
  documents.set(path, {
    ...options,
    body: {
      client_id: url,
      client_name: 'CIMD assistant',
      redirect_uris: [callback],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...body,
    },
  });
  return url;
}

/** The authorization request's first answer: a redirect into the dashboard when the client is accepted, an error page when not. */
async function authorize(baseUrl: string, clientId: string, redirectUri = callback) {
  const res = await fetch(
    authorizeUrl(baseUrl, {
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      state: 'st',
      resource: `${baseUrl}/platform/mcp`,
    }),
    { redirect: 'manual' },
  );
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

describe('Client ID Metadata Documents', () => {
  it('are advertised in the authorization server metadata', async () => {
    const metadata = (await (await fetch(`${s.baseUrl}/.well-known/oauth-authorization-server/platform`)).json()) as Record<string, unknown>;
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  it('let a client with an https client_id authorize, get tokens that work at /platform/mcp, and refresh', async () => {
    const clientId = serve('/clients/assistant.json');
    const a = await authorizeWithConsent(s.baseUrl, {
      ...user,
      organizationId: tenant.organizationId,
      projectId: tenant.projectId,
      clientId,
      redirectUri: callback,
    });
    const tokens = await tokenRequest(s.baseUrl, {
      grant_type: 'authorization_code',
      code: a.code,
      code_verifier: a.verifier,
      client_id: clientId,
      redirect_uri: callback,
    });
    expect(tokens.status).toBe(200);
    const access = tokens.body.access_token as string;
    expect(decodeJwt(access)).toMatchObject({ client_id: clientId, aud: `${s.baseUrl}/platform/mcp` });
    const mcp = await fetch(`${s.baseUrl}/platform/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(200);
    expect(((await mcp.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
    expect((await refreshTokens(s.baseUrl, clientId, tokens.body.refresh_token as string)).status).toBe(200);
    // Connected apps names it with the host that vouches for it (anyone can write any client_name).
    const apps = await (await a.browser.fetch(`${s.baseUrl}/dashboard/api/connected-apps`)).text();
    expect(apps).toContain(`CIMD assistant (${new URL(docs.origin).host})`);
  });

  it('refuse a document whose client_id is not its own URL', async () => {
    const url = serve('/clients/impostor.json', { client_id: `${docs.origin}/clients/someone-else.json` });
    const res = await authorize(s.baseUrl, url);
    expect(res.status).toBe(400);
    expect(res.text).toContain('invalid_client_metadata');
  });

  it('refuse redirect URIs that registration refuses, and a redirect_uri the document does not list', async () => {
    const plainHttp = serve('/clients/plain-http.json', { redirect_uris: ['http://assistant.example.com/callback'] });
    const refused = await authorize(s.baseUrl, plainHttp, 'http://assistant.example.com/callback');
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('invalid_redirect_uri');
    expect(refused.text).toContain('loopback');

    const listed = serve('/clients/listed.json');
    const unlisted = await authorize(s.baseUrl, listed, 'https://attacker.example.com/callback');
    expect(unlisted.status).toBe(400);
    expect(unlisted.location).toBeNull();
    // The same document with its own redirect URI is accepted: the refusals above are about the URIs.
    expect((await authorize(s.baseUrl, listed)).location).toMatch(/\/dashboard\/interaction\//);
  });

  it('refuse documents at private addresses, behind redirects, too large, or not https', async () => {
    for (const clientId of ['https://10.0.0.1/client.json', `https://localhost:${new URL(docs.origin).port}/clients/listed.json`]) {
      const res = await authorize(s.baseUrl, clientId);
      expect({ clientId, status: res.status }).toEqual({ clientId, status: 400 });
      expect(res.text).toContain('invalid_client');
    }
    const target = serve('/clients/target.json');
    documents.set('/clients/moved.json', { status: 302, headers: { location: target }, body: '' });
    const big = serve('/clients/big.json', { client_name: 'x'.repeat(6 * 1024) });
    for (const clientId of [`${docs.origin}/clients/moved.json`, big, `http://127.0.0.1:${new URL(docs.origin).port}/clients/target.json`]) {
      const res = await authorize(s.baseUrl, clientId);
      expect({ clientId, status: res.status }).toEqual({ clientId, status: 400 });
      expect(res.text).toContain('invalid_client');
    }
  });

  it('are fetched through the SSRF guard: without 127.0.0.1 allowed, a loopback document is refused', async () => {
    const guarded = await startTestServer();
    try {
      const res = await authorize(guarded.baseUrl, serve('/clients/loopback.json'));
      expect(res.status).toBe(400);
      expect(res.text).toContain('invalid_client');
      // The same document is accepted where 127.0.0.1 is allowed.
      expect((await authorize(s.baseUrl, `${docs.origin}/clients/loopback.json`)).location).toMatch(/\/dashboard\/interaction\//);
    } finally {
      await guarded.close();
    }
  });
});
