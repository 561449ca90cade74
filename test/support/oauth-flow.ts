import { createHash, randomBytes } from 'node:crypto';
import type { Em } from '../../src/db/orm.js';
import { createUser } from '../../src/modules/people/users.js';
import { addMember } from '../../src/modules/people/members.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';
import { unique } from './factories.js';

/**
 * Drives the MCP OAuth flow (spec 5.2) over plain HTTP as a client and a
 * browser would: registration, authorize with PKCE, the dashboard's sign-in
 * and consent forms (with their CSRF tokens), the code exchange. For the
 * end-to-end and browser tests, and anything that needs a real token.
 */

/** A cookie jar and fetch without automatic redirects: every hop is visible. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects while they stay on `origin`; returns the last response and its URL, or the first foreign Location. */
  async follow(url: string, init: RequestInit = {}): Promise<{ res: Response; url: string; external?: string }> {
    const origin = new URL(url).origin;
    let res = await this.fetch(url, init);
    let current = url;
    for (let hops = 0; res.status >= 300 && res.status < 400; hops++) {
      if (hops > 10) throw new Error(`too many redirects from ${url}`);
      const next = new URL(res.headers.get('location')!, current).href;
      if (new URL(next).origin !== origin) return { res, url: current, external: next };
      current = next;
      res = await this.fetch(current);
    }
    return { res, url: current };
  }

  postForm(url: string, fields: Record<string, string>) {
    return this.fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  }
}

/**
 * The console's own routes (src/dashboard/console-api.ts) as its pages call
 * them: reads plain, writes with the CSRF token of GET /dashboard/api/session
 * in X-CSRF-Token (or `csrf`, to test a forged or missing one: '' sends none).
 */
export async function consoleRequest(browser: Browser, url: string, method: 'GET' | 'POST' = 'GET', csrf?: string): Promise<Response> {
  if (method === 'GET') return browser.fetch(url);
  const token = csrf ?? (await consoleCsrf(browser, new URL(url).origin));
  return browser.fetch(url, { method, headers: token ? { 'x-csrf-token': token } : {} });
}

/** The signed-in browser's CSRF token, as the console learns it when it starts. */
export async function consoleCsrf(browser: Browser, origin: string): Promise<string> {
  const res = await browser.fetch(`${origin}/dashboard/api/session`);
  if (res.status !== 200) throw new Error(`no console session: ${res.status}`);
  return ((await res.json()) as { csrf_token: string }).csrf_token;
}

/** The value of a hidden form field (the CSRF token) in a page. */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no field ${name} in page:\n${html.slice(0, 2000)}`);
  return match[1].replaceAll('&amp;', '&');
}

/** The action of the form with `id`. */
export function formAction(html: string, id: string): string {
  const match = new RegExp(`action="([^"]*)" id="${id}"`).exec(html);
  if (!match) throw new Error(`no form ${id} in page:\n${html.slice(0, 2000)}`);
  return match[1].replaceAll('&amp;', '&');
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface RegisteredClient {
  client_id: string;
  client_name?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  [key: string]: unknown;
}

export async function registerClient(baseUrl: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const res = await fetch(`${baseUrl}/platform/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Test assistant', redirect_uris: ['http://127.0.0.1:43123/callback'], ...metadata }),
  });
  const body = (await res.json()) as RegisteredClient;
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export function authorizeUrl(baseUrl: string, params: Record<string, string>): string {
  const url = new URL(`${baseUrl}/platform/oauth/authorize`);
  for (const [k, v] of Object.entries({ response_type: 'code', scope: 'mcp', ...params })) url.searchParams.set(k, v);
  return url.href;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

export async function tokenRequest(baseUrl: string, fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/platform/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export interface ConsentOptions {
  email: string;
  password: string;
  organizationId: string;
  projectId: string;
  clientName?: string;
  redirectUri?: string;
  /** Reuse a browser (cookies: already signed in to the dashboard, ...). */
  browser?: Browser;
  /** Reuse a registered client. */
  clientId?: string;
}

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  browser: Browser;
  code: string;
  /** The PKCE verifier the code is bound to. */
  verifier: string;
}

export interface ConsentResult extends TokenResponse, AuthorizationCode {}

/**
 * The browser part of the flow: registers a client (unless given), starts an
 * authorization with PKCE S256, signs in on the dashboard unless the browser
 * already is, approves with the organization and project, and returns the
 * code from the loopback callback (not yet exchanged).
 */
export async function authorizeWithConsent(baseUrl: string, options: ConsentOptions): Promise<AuthorizationCode> {
  const browser = options.browser ?? new Browser();
  const redirectUri = options.redirectUri ?? 'http://127.0.0.1:43123/callback';
  const clientId =
    options.clientId ?? (await registerClient(baseUrl, { client_name: options.clientName ?? 'Test assistant', redirect_uris: [redirectUri] })).client_id;
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  let step = await browser.follow(
    authorizeUrl(baseUrl, {
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      resource: `${baseUrl}/platform/mcp`,
    }),
  );
  let html = await step.res.text();
  if (html.includes('id="sign-in-form"')) {
    const res = await browser.postForm(new URL(formAction(html, 'sign-in-form'), baseUrl).href, {
      csrf: hiddenField(html, 'csrf'),
      email: options.email,
      password: options.password,
    });
    if (res.status !== 303) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    step = await browser.follow(new URL(res.headers.get('location')!, baseUrl).href);
    html = await step.res.text();
  }
  if (!html.includes('id="consent-form"')) throw new Error(`expected the consent page, got ${step.res.status} at ${step.url}:\n${html.slice(0, 2000)}`);
  const approve = await browser.postForm(new URL(formAction(html, 'consent-form'), baseUrl).href, {
    csrf: hiddenField(html, 'csrf'),
    workspace: `${options.organizationId}/${options.projectId}`,
    decision: 'approve',
  });
  if (approve.status !== 303) throw new Error(`consent failed: ${approve.status} ${await approve.text()}`);
  const done = await browser.follow(new URL(approve.headers.get('location')!, baseUrl).href);
  if (!done.external?.startsWith(redirectUri)) throw new Error(`expected a redirect to ${redirectUri}, got ${done.external ?? done.res.status}`);
  const callback = new URL(done.external);
  if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${done.external}`);
  return { clientId, redirectUri, browser, code, verifier };
}

/** The whole flow for one user, ending with the code exchange: tokens ready for the MCP endpoint. */
export async function signInAndConsent(baseUrl: string, options: ConsentOptions): Promise<ConsentResult> {
  const authorization = await authorizeWithConsent(baseUrl, options);
  const { code, verifier, clientId, redirectUri } = authorization;
  const tokens = await tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: redirectUri,
  });
  if (tokens.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(tokens.body)}`);
  return { ...(tokens.body as unknown as TokenResponse), ...authorization };
}

export async function refreshTokens(baseUrl: string, clientId: string, refreshToken: string) {
  return tokenRequest(baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
}

/** A user with a password who is a member of `organizationId` with `role`. */
export async function createTestUser(em: Em, organizationId: string, role = 'member') {
  const email = `${unique('user').toLowerCase()}@example.test`;
  const password = 'correct horse battery staple';
  const user = await createUser(em, { email, name: 'Test User', password });
  await addMember(em, systemPrincipal(organizationId), { email, role });
  return { userId: user.id, email, password };
}
