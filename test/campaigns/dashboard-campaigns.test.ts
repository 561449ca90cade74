import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { Browser, createTestUser, hiddenField } from '../support/oauth-flow.js';
import { makeAgent } from '../support/engine.js';
import { sql } from '../../src/db/orm.js';
import { newId } from '../../src/modules/ids.js';
import { Campaign, type RecipientState } from '../../src/modules/campaigns/campaigns.entity.js';
import { PAGE_CSP } from '../../src/dashboard/pages.js';
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

async function signIn(user: { email: string; password: string }, target = '/dashboard/campaigns'): Promise<Browser> {
  const browser = new Browser();
  const url = `${s.baseUrl}/dashboard/sign-in?return_to=${encodeURIComponent(target)}`;
  const form = await browser.fetch(url);
  const res = await browser.postForm(url, { csrf: hiddenField(await form.text(), 'csrf'), email: user.email, password: user.password });
  expect([res.status, res.headers.get('location')]).toEqual([303, target]);
  return browser;
}

/** A campaign row with recipients in the given states (no workflow: the page reads the rows). */
async function insertCampaign(tenant: TestTenant, name: string, states: Partial<Record<RecipientState, number>>, over: Partial<Campaign> = {}) {
  const agent = await makeAgent(s, tenant);
  const em = s.orm.em.fork();
  const campaign = em.create(Campaign, {
    id: newId('campaign'),
    organization: tenant.organizationId,
    project: agent.project_id,
    agent: agent.agent_id,
    name,
    callerNumbers: ['+14155550100'],
    window: null,
    timeZone: 'America/New_York',
    maxConcurrent: 5,
    callsPerMinute: 60,
    retry: { outcomes: ['no_answer'], max_attempts: 2, delay_seconds: 60 },
    spendCapMicros: 5_000_000,
    spentMicros: 1_250_000,
    customerScript: ['Hello?'],
    variables: {},
    status: 'running',
    reason: null,
    idempotencyKey: null,
    createdBy: { type: 'system', id: null, name: null },
    finishedAt: null,
    ...over,
  });
  await em.flush();
  const rows: { id: string; contact_id: string; phone: string; seq: number; state: string; last_outcome: string | null; attempts: number }[] = [];
  for (const [state, n] of Object.entries(states)) {
    for (let i = 0; i < n!; i++) {
      const seq = rows.length;
      rows.push({
        id: newId('campaignRecipient'),
        contact_id: `cnt_${seq}`,
        phone: `+1212555${String(1000 + seq)}`,
        seq,
        state,
        last_outcome: state === 'done' ? (i % 2 ? 'no_answer' : 'completed') : state === 'skipped_dnc' ? 'dnc_blocked' : state === 'failed' ? 'failed' : null,
        attempts: state === 'queued' ? 0 : 1,
      });
    }
  }
  await sql(
    em,
    `insert into campaign_recipient (id, campaign_id, contact_id, phone, time_zone, seq, attempts, state, last_outcome, updated_at)
    select v.id, ?, v.contact_id, v.phone, 'America/New_York', v.seq, v.attempts, v.state, v.last_outcome, now()
      from json_to_recordset(?) as v(id text, contact_id text, phone text, seq int, attempts int, state text, last_outcome text)`,
    [campaign.id, JSON.stringify(rows)],
  );
  return campaign.id;
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
