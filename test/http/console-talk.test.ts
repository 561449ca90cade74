import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, unique, type TestTenant } from '../support/factories.js';
import { Browser, consoleRequest, createTestUser, hiddenField } from '../support/oauth-flow.js';

/**
 * The console's Talk routes (src/dashboard/console-api.ts, decision 0062):
 * the agents the signed-in person may call from the browser, and the stream
 * address of a call, over real HTTP with a cookie jar signed in through the
 * dashboard's form. The call itself is test/e2e/talk-browser.test.ts.
 */
let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let published: string;
let draft: string;
let elsewhere: string;

beforeAll(async () => {
  s = await startTestServer();
  a = await createTenant(s);
  b = await createTenant(s);
  published = await agentOf(a, true);
  draft = await agentOf(a, false);
  elsewhere = await agentOf(b, true);
});
afterAll(async () => s?.close());

async function agentOf(tenant: TestTenant, publish: boolean): Promise<string> {
  const created = await s.request
    .post('/v1/agent/create')
    .set(tenant.headers)
    .send({ name: unique('Desk'), prompt: 'Answer briefly.', first_message: 'Hello' });
  expect(created.status).toBe(201);
  const id = created.body.agent.agent_id as string;
  if (publish) expect((await s.request.post(`/v1/agent/${id}/publish`).set(tenant.headers)).status).toBe(200);
  return id;
}

/** A person of `tenant` with `role`, signed in through the dashboard's form. */
async function signedIn(tenant: TestTenant, role: string): Promise<Browser> {
  const user = await createTestUser(s.orm.em.fork(), tenant.organizationId, role);
  const browser = new Browser();
  const url = `${s.baseUrl}/dashboard/sign-in`;
  const form = await browser.fetch(url);
  const res = await browser.postForm(url, { csrf: hiddenField(await form.text(), 'csrf'), email: user.email, password: user.password });
  expect([res.status, res.headers.get('location')]).toEqual([303, '/dashboard/app']);
  return browser;
}

const agentsOf = async (browser: Browser) =>
  ((await (await consoleRequest(browser, `${s.baseUrl}/dashboard/api/talk/agents`)).json()) as { agents: { agent_id: string }[] }).agents.map(
    (x) => x.agent_id,
  );
const open = (browser: Browser, agentId: string, csrf?: string) => consoleRequest(browser, `${s.baseUrl}/dashboard/api/talk/${agentId}/open`, 'POST', csrf);

async function problemOf(res: Response): Promise<[number, string | null, string]> {
  return [res.status, res.headers.get('content-type'), ((await res.json()) as { code: string }).code];
}

describe('the console’s Talk routes', () => {
  it('list the published agents a member may test, in their organizations only', async () => {
    const member = await signedIn(a, 'member');
    const listed = await agentsOf(member);
    expect(listed).toContain(published);
    expect(listed).not.toContain(draft);
    expect(listed).not.toContain(elsewhere);
    expect(await agentsOf(await signedIn(a, 'viewer'))).toEqual([]);
  });

  it('open a call with the page’s CSRF token: a stream address on this host', async () => {
    const res = await open(await signedIn(a, 'member'), published);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { stream_url: string; agent_id: string };
    expect(body.agent_id).toBe(published);
    expect(body.stream_url.startsWith(`${s.baseUrl.replace(/^http/, 'ws')}/carriers/web/stream/`)).toBe(true);
  });

  it('refuse, as problem+json: no session 401, no CSRF token 403, another organization’s agent 404, a draft 409, a viewer 403', async () => {
    const json = expect.stringContaining('application/problem+json');
    const nobody = new Browser();
    expect(await problemOf(await consoleRequest(nobody, `${s.baseUrl}/dashboard/api/talk/agents`))).toEqual([401, json, 'UNAUTHENTICATED']);
    expect(await problemOf(await open(nobody, published, 'x'))).toEqual([401, json, 'UNAUTHENTICATED']);
    const member = await signedIn(a, 'member');
    expect(await problemOf(await open(member, published, ''))).toEqual([403, json, 'FORBIDDEN']);
    expect(await problemOf(await open(member, published, 'forged'))).toEqual([403, json, 'FORBIDDEN']);
    expect(await problemOf(await open(member, elsewhere))).toEqual([404, json, 'NOT_FOUND']);
    expect(await problemOf(await open(member, 'agt_nonexistent'))).toEqual([404, json, 'NOT_FOUND']);
    expect(await problemOf(await open(member, draft))).toEqual([409, json, 'CONFLICT']);
    expect(await problemOf(await open(await signedIn(a, 'viewer'), published))).toEqual([403, json, 'FORBIDDEN']);
  });

  it('the console page allows the call’s WebSocket and our worklet, nothing more; the old addresses are gone or lead to the console', async () => {
    const member = await signedIn(a, 'member');
    const page = await member.fetch(`${s.baseUrl}/dashboard/app/talk`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`connect-src 'self' ${s.baseUrl.replace(/^http/, 'ws')};`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    const old = await member.fetch(`${s.baseUrl}/dashboard/talk`);
    expect([old.status, old.headers.get('location')]).toEqual([303, '/dashboard/app/talk']);
    for (const script of ['/dashboard/talk.js', '/dashboard/talk-worklet.js']) expect((await member.fetch(`${s.baseUrl}${script}`)).status).toBe(404);
    expect((await member.fetch(`${s.baseUrl}/dashboard/talk/${published}/open`, { method: 'POST' })).status).toBe(404);
  });
});
