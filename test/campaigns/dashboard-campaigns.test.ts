import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { Browser, createTestUser, hiddenField } from '../support/oauth-flow.js';
import { insertCampaign as insertCampaignOf } from './support.js';

/**
 * The dashboard's Campaigns, without a browser: they are the console's pages
 * (dashboard-app/src/pages/campaigns.tsx) over the console's copy of the /v1
 * routes. The old addresses lead there; behind the session, other
 * organizations' campaigns are invisible, moves need the CSRF token and
 * outbound:launch. (test/e2e/dashboard-campaigns-browser.test.ts drives a live
 * campaign in Chromium.)
 */
let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  // Temporal is connected (no worker): a move on a campaign without a workflow is a 409.
  s = await startTestServer({ temporal: true });
  a = await createTenant(s);
  b = await createTenant(s);
}, 60_000);
afterAll(async () => s?.close());

const insertCampaign = (...args: Parameters<typeof insertCampaignOf> extends [unknown, ...infer R] ? R : never) => insertCampaignOf(s, ...args);

async function signIn(user: { email: string; password: string }, target = '/dashboard/app/campaigns'): Promise<Browser> {
  const browser = new Browser();
  const url = `${s.baseUrl}/dashboard/sign-in?return_to=${encodeURIComponent(target)}`;
  const form = await browser.fetch(url);
  const res = await browser.postForm(url, { csrf: hiddenField(await form.text(), 'csrf'), email: user.email, password: user.password });
  expect([res.status, res.headers.get('location')]).toEqual([303, target]);
  return browser;
}

interface Listed {
  campaign_id: string;
  name: string;
  counts: object;
  spent_micros: number;
  spend_cap_micros: number;
}
type ApiBody = { detail?: string; campaigns?: Listed[]; campaign?: Listed };

/** The console's call of a /v1 route, as the signed-in person in `organizationId` (with the page's CSRF token unless `csrf` says otherwise). */
async function consoleApi(browser: Browser, organizationId: string, path: string, method = 'GET', csrf?: string) {
  const session = (await (await browser.fetch(`${s.baseUrl}/dashboard/api/session`)).json()) as { csrf_token: string };
  const res = await browser.fetch(`${s.baseUrl}/dashboard/api${path}`, {
    method,
    headers: {
      'x-organization-id': organizationId,
      'x-csrf-token': csrf ?? session.csrf_token,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });
  return { status: res.status, body: (await res.json()) as ApiBody };
}

describe('GET /dashboard/campaigns', () => {
  it("leads to the console's page, which a signed-out browser signs in for, and lists the organization's campaigns with their counts", async () => {
    const mine = await insertCampaign(a, 'Spring <recall>', { queued: 3, dialling: 1, in_call: 2, done: 4, failed: 1, skipped_dnc: 2, skipped_window: 1 });
    const theirs = await insertCampaign(b, 'Other org campaign', { queued: 1 });
    const out = await new Browser().fetch(`${s.baseUrl}/dashboard/campaigns`);
    expect([out.status, out.headers.get('location')]).toEqual([303, '/dashboard/app/campaigns']);
    const app = await new Browser().fetch(`${s.baseUrl}/dashboard/app/campaigns`);
    expect([app.status, app.headers.get('location')]).toEqual([303, '/dashboard/sign-in?return_to=%2Fdashboard%2Fapp%2Fcampaigns']);

    const user = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
    const browser = await signIn(user);
    const list = await consoleApi(browser, a.organizationId, '/v1/outbound/campaign/list');
    expect(list.status).toBe(200);
    const ids = list.body.campaigns!.map((c) => c.campaign_id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const row = list.body.campaigns!.find((c) => c.campaign_id === mine)!;
    expect(row.name).toBe('Spring <recall>');
    expect(row.counts).toMatchObject({
      recipients: 14,
      by_state: { queued: 3, dialling: 1, in_call: 2, done: 4, failed: 1, skipped_dnc: 2, skipped_window: 1 },
    });
    expect([row.spent_micros, row.spend_cap_micros]).toEqual([1_250_000, 5_000_000]);
    // The server pages' navigation leads to the console's page.
    const signOut = await (await browser.fetch(`${s.baseUrl}/dashboard/sign-out`)).text();
    expect(signOut).toContain('<a href="/dashboard/app/campaigns" id="nav-campaigns">');
  });

  it('lists nothing to a member of an organization without campaigns', async () => {
    const lonely = await createTenant(s);
    const user = await createTestUser(s.orm.em.fork(), lonely.organizationId);
    const list = await consoleApi(await signIn(user), lonely.organizationId, '/v1/outbound/campaign/list');
    expect([list.status, list.body.campaigns]).toEqual([200, []]);
  });
});

describe('GET /dashboard/campaigns/{id}', () => {
  it("leads to the console's page of the campaign, whose figures are behind the session", async () => {
    const id = await insertCampaign(a, 'Detail', { queued: 2, done: 3, skipped_dnc: 1 }, { status: 'paused', reason: 'paused by <ops>' });
    const out = await new Browser().fetch(`${s.baseUrl}/dashboard/campaigns/${id}`);
    expect([out.status, out.headers.get('location')]).toEqual([303, `/dashboard/app/campaigns/${id}`]);
    const member = await createTestUser(s.orm.em.fork(), a.organizationId, 'member');
    const browser = await signIn(member, `/dashboard/app/campaigns/${id}`);
    const page = await browser.fetch(`${s.baseUrl}/dashboard/app/campaigns/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const campaign = await consoleApi(browser, a.organizationId, `/v1/outbound/campaign/${id}/retrieve`);
    expect(campaign.status).toBe(200);
    expect(campaign.body.campaign).toMatchObject({
      status: 'paused',
      reason: 'paused by <ops>',
      counts: { recipients: 6, by_state: { queued: 2, done: 3, skipped_dnc: 1 } },
      spent_micros: 1_250_000,
      spend_cap_micros: 5_000_000,
    });
    const anonymous = await new Browser().fetch(`${s.baseUrl}/dashboard/api/v1/outbound/campaign/${id}/retrieve`, {
      headers: { 'x-organization-id': a.organizationId },
    });
    expect(anonymous.status).toBe(401);
  });

  it("hides other organizations' campaigns (404) and lets a viewer make no moves", async () => {
    const theirs = await insertCampaign(b, 'Theirs', { queued: 1 });
    const mine = await insertCampaign(a, 'Mine', { queued: 1 });
    const viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
    const browser = await signIn(viewer);
    expect((await consoleApi(browser, a.organizationId, `/v1/outbound/campaign/${theirs}/retrieve`)).status).toBe(404);
    // A malformed id is refused as on /v1 (400: it names no campaign).
    expect((await consoleApi(browser, a.organizationId, '/v1/outbound/campaign/no%20such/retrieve')).status).toBe(400);
    const session = (await (await browser.fetch(`${s.baseUrl}/dashboard/api/session`)).json()) as { organizations: { permissions: string[] }[] };
    expect(session.organizations[0].permissions).not.toContain('outbound:launch');
    // Posting anyway: refused by the route's permission check.
    const refused = await consoleApi(browser, a.organizationId, `/v1/outbound/campaign/${mine}/pause`, 'POST');
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('outbound:launch');
  });

  it('refuses a move without the CSRF token, and says why a move cannot be made', async () => {
    const id = await insertCampaign(a, 'No workflow', { queued: 1 });
    const member = await createTestUser(s.orm.em.fork(), a.organizationId, 'member');
    const browser = await signIn(member);
    const forged = await consoleApi(browser, a.organizationId, `/v1/outbound/campaign/${id}/pause`, 'POST', 'forged');
    expect(forged.status).toBe(403);
    expect(forged.body.detail).toContain('This page has expired');
    const notRunning = await consoleApi(browser, a.organizationId, `/v1/outbound/campaign/${id}/pause`, 'POST');
    expect(notRunning.status).toBe(409);
    expect(notRunning.body.detail).toContain('is not running');
    const unknown = await consoleApi(browser, a.organizationId, `/v1/outbound/campaign/${id}/explode`, 'POST');
    expect(unknown.status).toBe(404);
  });
});
