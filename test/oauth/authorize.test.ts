import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import {
  authorizeUrl,
  Browser,
  consoleCsrf,
  createTestUser,
  formAction,
  hiddenField,
  pkcePair,
  registerClient,
  signInAndConsent,
  type RegisteredClient,
} from '../support/oauth-flow.js';

let s: TestServer;
let tenant: TestTenant;
let other: TestTenant;
let user: { userId: string; email: string; password: string };
let client: RegisteredClient;
const redirectUri = 'http://127.0.0.1:43123/callback';

beforeAll(async () => {
  s = await startTestServer();
  tenant = await createTenant(s);
  other = await createTenant(s);
  user = await createTestUser(s.orm.em.fork(), tenant.organizationId);
  client = await registerClient(s.baseUrl, { client_name: 'Assistant <b>One</b>', redirect_uris: [redirectUri] });
});
afterAll(async () => s.close());

/** Starts an authorization in a fresh browser and returns the page it lands on. */
async function startAuthorization(params: Record<string, string> = {}, browser = new Browser()) {
  const { verifier, challenge } = pkcePair();
  const step = await browser.follow(
    authorizeUrl(s.baseUrl, {
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'st-1',
      ...params,
    }),
  );
  return { browser, verifier, step, html: step.external ? '' : await step.res.text() };
}

function expectFrameProtection(res: Response) {
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('GET /platform/oauth/authorize', () => {
  it('requires PKCE: a request without code_challenge goes back to the client with an error', async () => {
    const { step } = await startAuthorization({ code_challenge: '', code_challenge_method: '' });
    const back = new URL(step.external!);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses the plain PKCE method', async () => {
    const { step } = await startAuthorization({ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' });
    const back = new URL(step.external!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('refuses a redirect to an unregistered path with an error page, never a redirect', async () => {
    const { step, html } = await startAuthorization({ redirect_uri: 'http://127.0.0.1:43123/elsewhere' });
    expect(step.external).toBeUndefined();
    expect(step.res.status).toBe(400);
    expect(html).toMatch(/redirect_uri/);
    expectFrameProtection(step.res);
  });

  it('refuses a resource other than the MCP endpoint', async () => {
    const { step } = await startAuthorization({ resource: 'https://other.example.com/api' });
    expect(new URL(step.external!).searchParams.get('error')).toBe('invalid_target');
  });

  it('refuses an unknown client with an error page', async () => {
    const { step } = await startAuthorization({ client_id: 'nope' });
    expect(step.res.status).toBe(400);
    expect(step.external).toBeUndefined();
  });
});

describe('sign-in and consent pages', () => {
  it('signs in (refusing a wrong password and a missing CSRF token), then shows the consent page', async () => {
    const { browser, html, step } = await startAuthorization();
    expect(step.url).toMatch(/\/dashboard\/interaction\/[\w-]+$/);
    expect(step.res.status).toBe(200);
    expectFrameProtection(step.res);
    expect(html).toContain('id="sign-in-form"');
    expect(html).toContain('Assistant &lt;b&gt;One&lt;/b&gt;');
    const action = new URL(formAction(html, 'sign-in-form'), s.baseUrl).href;
    const csrf = hiddenField(html, 'csrf');

    const noCsrf = await browser.postForm(action, { email: user.email, password: user.password });
    expect(noCsrf.status).toBe(403);
    // A token from another browser (the attacker's own) is refused too.
    const attacker = new Browser();
    const attackerCsrf = hiddenField(await (await attacker.fetch(`${s.baseUrl}/dashboard/sign-in`)).text(), 'csrf');
    expect((await browser.postForm(action, { csrf: attackerCsrf, email: user.email, password: user.password })).status).toBe(403);

    const wrong = await browser.postForm(action, { csrf, email: user.email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('id="sign-in-error"');
    expect(wrongHtml).toContain('The email or password is not correct');

    const ok = await browser.postForm(action, { csrf: hiddenField(wrongHtml, 'csrf'), email: user.email, password: user.password });
    expect(ok.status).toBe(303);
    const consent = await browser.follow(new URL(ok.headers.get('location')!, s.baseUrl).href);
    const page = await consent.res.text();
    expect(consent.res.status).toBe(200);
    expectFrameProtection(consent.res);
    expect(page).toContain('id="consent-form"');
    expect(page).toContain('<span class="scope" id="scope">mcp</span>');
    expect(page).toContain(`value="${tenant.organizationId}/${tenant.projectId}"`);
    expect(page).not.toContain(other.organizationId);
  });

  it('goes back to the client with access_denied when the user denies', async () => {
    const first = await signInAndConsent(s.baseUrl, {
      ...user,
      organizationId: tenant.organizationId,
      projectId: tenant.projectId,
      clientId: client.client_id,
    });
    // Signed in to the dashboard already: straight to consent, no password asked.
    const { html, browser } = await startAuthorization({}, first.browser);
    expect(html).toContain('id="consent-form"');
    const deny = await browser.postForm(new URL(formAction(html, 'consent-form'), s.baseUrl).href, { csrf: hiddenField(html, 'csrf'), decision: 'deny' });
    expect(deny.status).toBe(303);
    const done = await browser.follow(new URL(deny.headers.get('location')!, s.baseUrl).href);
    const back = new URL(done.external!);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
  });

  it('refuses a project in an organization the user does not belong to', async () => {
    const { browser } = await signInAndConsent(s.baseUrl, {
      ...user,
      organizationId: tenant.organizationId,
      projectId: tenant.projectId,
      clientId: client.client_id,
    });
    const { html } = await startAuthorization({}, browser);
    const action = new URL(formAction(html, 'consent-form'), s.baseUrl).href;
    const foreign = await browser.postForm(action, {
      csrf: hiddenField(html, 'csrf'),
      decision: 'approve',
      workspace: `${other.organizationId}/${other.projectId}`,
    });
    expect(foreign.status).toBe(403);
    const mismatched = await browser.postForm(action, {
      csrf: hiddenField(html, 'csrf'),
      decision: 'approve',
      workspace: `${tenant.organizationId}/${other.projectId}`,
    });
    expect(mismatched.status).toBe(403);
    const garbage = await browser.postForm(action, { csrf: hiddenField(html, 'csrf'), decision: 'approve', workspace: 'nonsense' });
    expect(garbage.status).toBe(400);
  });

  it('asks for the password again after signing out of the dashboard', async () => {
    const { browser } = await signInAndConsent(s.baseUrl, {
      ...user,
      organizationId: tenant.organizationId,
      projectId: tenant.projectId,
      clientId: client.client_id,
    });
    const out = await browser.postForm(`${s.baseUrl}/dashboard/sign-out`, { csrf: await consoleCsrf(browser, s.baseUrl) });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/dashboard/sign-in');
    const { html } = await startAuthorization({}, browser);
    expect(html).toContain('id="sign-in-form"');
    const again = await browser.fetch(`${s.baseUrl}/dashboard/app/connected-apps`);
    expect([again.status, again.headers.get('location')]).toEqual([303, `/dashboard/sign-in?return_to=${encodeURIComponent('/dashboard/app/connected-apps')}`]);
    expect((await browser.fetch(`${s.baseUrl}/dashboard/api/connected-apps`)).status).toBe(401);
  });

  it('throttles repeated failed sign-ins for one email', async () => {
    const victim = await createTestUser(s.orm.em.fork(), tenant.organizationId);
    const browser = new Browser();
    const form = await browser.fetch(`${s.baseUrl}/dashboard/sign-in`);
    expectFrameProtection(form);
    const csrf = hiddenField(await form.text(), 'csrf');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await browser.postForm(`${s.baseUrl}/dashboard/sign-in`, { csrf, email: victim.email, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const right = await browser.postForm(`${s.baseUrl}/dashboard/sign-in`, { csrf, email: victim.email, password: victim.password });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('signs in on the dashboard directly and returns to a dashboard page only', async () => {
    const browser = new Browser();
    const form = await browser.fetch(`${s.baseUrl}/dashboard/sign-in?return_to=https://evil.example.com`);
    const html = await form.text();
    const res = await browser.postForm(new URL(formAction(html, 'sign-in-form'), s.baseUrl).href, {
      csrf: hiddenField(html, 'csrf'),
      email: user.email,
      password: user.password,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/app');
    const home = await browser.fetch(`${s.baseUrl}/dashboard/app`);
    expect(home.status).toBe(200);
    expectFrameProtection(home);
  });
});
