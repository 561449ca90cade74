import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { Browser, createTestUser, hiddenField } from '../support/oauth-flow.js';
import { insertCampaign as insertCampaignOf } from './support.js';
import { PAGE_CSP } from '../../src/oauth/pages.js';
import { CAMPAIGN_PAGE_CSP, CAMPAIGN_SCRIPT_PATH } from '../../src/dashboard/campaigns-page.js';

/**
 * The dashboard's Campaigns page without a browser: behind the session,
 * escaped, framing refused, other organizations' campaigns invisible, the
 * progress JSON behind the same session, moves behind CSRF and outbound:launch.
 * (test/e2e/dashboard-campaigns-browser.test.ts drives a live campaign in Chromium.)
 */
let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  // Temporal is connected (no worker): a move on a campaign without a workflow is a 409 page.
  s = await startTestServer({ temporal: true });
  a = await createTenant(s);
  b = await createTenant(s);
}, 60_000);
afterAll(async () => s?.close());

const insertCampaign = (...args: Parameters<typeof insertCampaignOf> extends [unknown, ...infer R] ? R : never) => insertCampaignOf(s, ...args);

async function signIn(user: { email: string; password: string }, target = '/dashboard/campaigns'): Promise<Browser> {
  const browser = new Browser();
  const url = `${s.baseUrl}/dashboard/sign-in?return_to=${encodeURIComponent(target)}`;
  const form = await browser.fetch(url);
  const res = await browser.postForm(url, { csrf: hiddenField(await form.text(), 'csrf'), email: user.email, password: user.password });
  expect([res.status, res.headers.get('location')]).toEqual([303, target]);
  return browser;
}

describe('GET /dashboard/campaigns', () => {
  it("sends a signed-out browser to sign in, then lists the user's organizations' campaigns with their counts", async () => {
    const mine = await insertCampaign(a, 'Spring <recall>', { queued: 3, dialling: 1, in_call: 2, done: 4, failed: 1, skipped_dnc: 2, skipped_window: 1 });
    const theirs = await insertCampaign(b, 'Other org campaign', { queued: 1 });
    const out = await new Browser().fetch(`${s.baseUrl}/dashboard/campaigns`);
    expect([out.status, out.headers.get('location')]).toEqual([303, '/dashboard/sign-in?return_to=%2Fdashboard%2Fcampaigns']);

    const user = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
    const browser = await signIn(user);
    const res = await browser.fetch(`${s.baseUrl}/dashboard/campaigns`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`data-campaign-id="${mine}"`);
    expect(html).not.toContain(theirs);
    expect(html).toContain('Spring &lt;recall&gt;');
    expect(html).not.toContain('Spring <recall>');
    const row = html.slice(html.indexOf(`data-campaign-id="${mine}"`));
    expect(row).toMatch(/data-count="queued">3</);
    expect(row).toMatch(/data-count="dialling">1</);
    expect(row).toMatch(/data-count="in_call">2</);
    expect(row).toMatch(/data-count="completed">2</);
    expect(row).toMatch(/data-count="unanswered">2</);
    expect(row).toMatch(/data-count="failed">1</);
    expect(row).toMatch(/data-count="skipped">2 \/ 1</);
    expect(row).toContain('$1.25 / $5.00');
    expect(html).toContain('id="nav-campaigns"');
  });

  it('shows an empty page to a member of an organization without campaigns', async () => {
    const lonely = await createTenant(s);
    const user = await createTestUser(s.orm.em.fork(), lonely.organizationId);
    const html = await (await (await signIn(user)).fetch(`${s.baseUrl}/dashboard/campaigns`)).text();
    expect(html).toContain('id="no-campaigns"');
  });
});

describe('GET /dashboard/campaigns/{id} and its progress', () => {
  it('shows the figures, loads only our own script, and serves progress.json behind the session', async () => {
    const id = await insertCampaign(a, 'Detail', { queued: 2, done: 3, skipped_dnc: 1 }, { status: 'paused', reason: 'paused by <ops>' });
    const member = await createTestUser(s.orm.em.fork(), a.organizationId, 'member');
    const browser = await signIn(member, `/dashboard/campaigns/${id}`);
    const res = await browser.fetch(`${s.baseUrl}/dashboard/campaigns/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(CAMPAIGN_PAGE_CSP);
    expect(CAMPAIGN_PAGE_CSP).toContain("frame-ancestors 'none'");
    expect(CAMPAIGN_PAGE_CSP).not.toContain("unsafe-inline'; script");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toContain(`<script src="${CAMPAIGN_SCRIPT_PATH}" defer></script>`);
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(html).toContain('<b id="fig-queued">2</b>');
    expect(html).toContain('<b id="fig-completed">2</b>');
    expect(html).toContain('<b id="fig-skipped_dnc">1</b>');
    expect(html).toContain('paused by &lt;ops&gt;');
    // Paused: Resume and Cancel are offered, Pause is not.
    expect(html).toMatch(/data-move="pause" hidden/);
    expect(html).toMatch(/data-move="resume">/);
    expect(html).toMatch(/data-move="cancel">/);

    const script = await browser.fetch(`${s.baseUrl}${CAMPAIGN_SCRIPT_PATH}`);
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'application/javascript; charset=utf-8']);
    expect(await script.text()).toContain('progress.json');

    const json = await browser.fetch(`${s.baseUrl}/dashboard/campaigns/${id}/progress.json`);
    expect([json.status, json.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(await json.json()).toMatchObject({
      status: 'paused',
      recipients: 6,
      queued: 2,
      done: 3,
      skipped_dnc: 1,
      outcomes: { completed: 2, no_answer: 1 },
      spent: '$1.25',
      cap: '$5.00',
      moves: { pause: false, resume: true, cancel: true },
    });
    const anonymous = await new Browser().fetch(`${s.baseUrl}/dashboard/campaigns/${id}/progress.json`);
    expect(anonymous.status).toBe(401);
  });

  it("hides other organizations' campaigns (404) and offers no moves to a viewer", async () => {
    const theirs = await insertCampaign(b, 'Theirs', { queued: 1 });
    const mine = await insertCampaign(a, 'Mine', { queued: 1 });
    const viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
    const browser = await signIn(viewer);
    expect((await browser.fetch(`${s.baseUrl}/dashboard/campaigns/${theirs}`)).status).toBe(404);
    expect((await browser.fetch(`${s.baseUrl}/dashboard/campaigns/${theirs}/progress.json`)).status).toBe(404);
    expect((await browser.fetch(`${s.baseUrl}/dashboard/campaigns/no%20such`)).status).toBe(404);
    const page = await browser.fetch(`${s.baseUrl}/dashboard/campaigns/${mine}`);
    const html = await page.text();
    expect(html).toContain('id="read-only"');
    expect(html).not.toContain('id="pause"');
    const json = (await (await browser.fetch(`${s.baseUrl}/dashboard/campaigns/${mine}/progress.json`)).json()) as { moves: unknown };
    expect(json.moves).toEqual({ pause: false, resume: false, cancel: false });
    // Posting anyway: refused by the domain function's permission check.
    const csrf = hiddenField(html, 'csrf');
    const refused = await browser.postForm(`${s.baseUrl}/dashboard/campaigns/${mine}/pause`, { csrf });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('outbound:launch');
  });

  it('refuses a move without the CSRF token, and says why a move cannot be made', async () => {
    const id = await insertCampaign(a, 'No workflow', { queued: 1 });
    const member = await createTestUser(s.orm.em.fork(), a.organizationId, 'member');
    const browser = await signIn(member);
    const html = await (await browser.fetch(`${s.baseUrl}/dashboard/campaigns/${id}`)).text();
    const forged = await browser.postForm(`${s.baseUrl}/dashboard/campaigns/${id}/pause`, { csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This form has expired');
    const notRunning = await browser.postForm(`${s.baseUrl}/dashboard/campaigns/${id}/pause`, { csrf: hiddenField(html, 'csrf') });
    expect(notRunning.status).toBe(409);
    expect(await notRunning.text()).toContain('is not running');
    const unknown = await browser.postForm(`${s.baseUrl}/dashboard/campaigns/${id}/explode`, { csrf: hiddenField(html, 'csrf') });
    expect(unknown.status).toBe(404);
  });
});
