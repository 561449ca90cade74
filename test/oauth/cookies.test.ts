import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { authorizeWithConsent, Browser, createTestUser, registerClient, tokenRequest } from '../support/oauth-flow.js';

/**
 * The cookies of the OAuth server and the dashboard (hardening issue, item
 * 8): served over https, `__Host-` names and Secure (the resume cookie,
 * whose path oidc-provider pins to one authorization, `__Secure-`); over
 * plain http, as before. "Over https" is the public address: TLS ends at a
 * proxy, which the test stands in for by rewriting https://voice.example.test
 * to the app's loopback port.
 */
const PUBLIC = 'https://voice.example.test';

/** A browser talking to PUBLIC, whose requests reach the app on its loopback address; it keeps every Set-Cookie line. */
class ProxiedBrowser extends Browser {
  readonly setCookies: string[] = [];
  constructor(private readonly actual: string) {
    super();
  }

  override async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await super.fetch(url.startsWith(PUBLIC) ? this.actual + url.slice(PUBLIC.length) : url, init);
    this.setCookies.push(...res.headers.getSetCookie());
    return res;
  }
}

const cookieName = (line: string) => line.slice(0, line.indexOf('='));
const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

let https: TestServer;
let plain: TestServer;
let tenant: TestTenant;
let user: { userId: string; email: string; password: string };

beforeAll(async () => {
  https = await startTestServer({ env: { PUBLIC_URL: PUBLIC } });
  plain = await startTestServer();
  tenant = await createTenant(https);
  user = await createTestUser(https.orm.em.fork(), tenant.organizationId, 'admin');
});
afterAll(async () => {
  await https?.close();
  await plain?.close();
});

async function signInThrough(baseUrl: string, actual: string) {
  const browser = new ProxiedBrowser(actual);
  const { client_id: clientId } = await registerClient(actual);
  const code = await authorizeWithConsent(baseUrl, { ...user, organizationId: tenant.organizationId, projectId: tenant.projectId, browser, clientId });
  const tokens = await tokenRequest(actual, {
    grant_type: 'authorization_code',
    code: code.code,
    code_verifier: code.verifier,
    client_id: clientId,
    redirect_uri: code.redirectUri,
  });
  return { browser, tokens };
}

describe('cookies', () => {
  it('over https: every cookie is __Host- (Path=/, no Domain) or, for the resume cookie, __Secure-, and all are Secure', async () => {
    const { browser, tokens } = await signInThrough(PUBLIC, https.baseUrl);
    // The whole sign-in works under the prefixed names.
    expect(tokens.status).toBe(200);
    const names = new Set(browser.setCookies.map(cookieName));
    for (const expected of ['__Host-interaction', '__Secure-interaction_resume', '__Host-vp_browser', '__Host-vp_session', '__Host-session']) {
      expect(names).toContain(expected);
      expect(names).toContain(`${expected}.sig`);
    }
    for (const line of browser.setCookies) {
      const name = cookieName(line);
      const attrs = attributes(line);
      expect({ name, secure: attrs.includes('secure') }).toEqual({ name, secure: true });
      expect(name).toMatch(/^__(Host|Secure)-/);
      expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
      if (name.startsWith('__Host-')) expect({ name, path: attrs.find((a) => a.startsWith('path=')) }).toEqual({ name, path: 'path=/' });
    }
    // Signed in to the dashboard too, through the prefixed session cookie.
    const apps = await browser.fetch(`${PUBLIC}/dashboard/api/connected-apps`);
    expect(apps.status).toBe(200);
  });

  it('over plain http (development, tests): the plain names, without Secure', async () => {
    const devTenant = await createTenant(plain);
    const devUser = await createTestUser(plain.orm.em.fork(), devTenant.organizationId, 'admin');
    const browser = new ProxiedBrowser(plain.baseUrl);
    const { client_id: clientId } = await registerClient(plain.baseUrl);
    await authorizeWithConsent(plain.baseUrl, { ...devUser, organizationId: devTenant.organizationId, projectId: devTenant.projectId, browser, clientId });
    const names = new Set(browser.setCookies.map(cookieName));
    for (const expected of ['_interaction', '_interaction_resume', 'vp_browser', 'vp_session', '_session']) expect(names).toContain(expected);
    for (const line of browser.setCookies) expect(attributes(line)).not.toContain('secure');
  });
});
