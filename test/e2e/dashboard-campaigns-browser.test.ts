import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser as PwBrowser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { createTestUser } from '../support/oauth-flow.js';
import { eventually } from '../support/releases.js';
import { campaignApi, campaignTenant, nyNumbers, type CampaignTenant } from '../campaigns/support.js';

/**
 * The Campaigns page in a real browser (Debian's Chromium driven by
 * Playwright), against a live campaign on the simulated carrier: the old
 * address leads to the console's page, the list shows the campaign, the
 * detail view's figures change without a reload (the console reads the
 * campaign again while it runs), and Pause, Resume and Cancel work through
 * the page's buttons. Screenshots go to test-artifacts/dashboard/.
 */
const ARTIFACTS = 'test-artifacts/dashboard';

let s: TestServer;
let worker: TestWorker;
let ct: CampaignTenant;
let user: { email: string; password: string };
let browser: PwBrowser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  s = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('dashboard-campaigns') } });
  worker = await startTestWorker(s);
  ct = await campaignTenant(s);
  user = await createTestUser(s.orm.em.fork(), ct.tenant.organizationId, 'member');
  browser = await launchChromium();
  page = await browser.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await s?.close();
});

const figure = async (id: string) => Number(await page.textContent(`#fig-${id}`));

describeWithBrowser('the Campaigns page in Chromium', () => {
  it('lists a running campaign, follows it live, and pauses, resumes and cancels it', async () => {
    const api = campaignApi(s, ct.tenant);
    // Slow on purpose (20 dials a minute, 2 at a time): it is still running while the page is driven.
    const launched = await api.launch({
      name: 'Reminder calls',
      agent_id: ct.agent.agent_id,
      caller_numbers: ct.callers,
      numbers: nyNumbers(200, 5000),
      max_concurrent_calls: 2,
      calls_per_minute: 20,
    });
    expect(launched.status).toBe(202);
    const id = launched.body.campaign.campaign_id as string;

    await page.goto(`${s.baseUrl}/dashboard/campaigns`);
    await page.waitForSelector('#sign-in-form');
    await page.fill('#email', user.email);
    await page.fill('#password', user.password);
    await page.click('#sign-in');
    await page.waitForURL((url) => url.pathname === '/dashboard/app/campaigns');
    await page.waitForSelector('#campaigns');
    const row = page.locator(`tr[data-campaign-id="${id}"]`);
    expect(await row.textContent()).toContain('Reminder calls');
    expect(await row.locator('.badge').getAttribute('data-status')).toBe('running');
    await page.screenshot({ path: `${ARTIFACTS}/campaigns-1-list.png`, fullPage: true });

    await row.locator('a.campaign-link').click();
    await page.waitForSelector('#campaign');
    expect(await figure('recipients')).toBe(200);
    // Live: the figures change while the page stays loaded (the console reads the campaign again).
    const dialsAtLoad = await figure('dials');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await eventually(
      () => figure('dials'),
      (dials) => dials > dialsAtLoad,
      60_000,
      250,
    );
    await eventually(
      async () => Number(await page.getAttribute('#live', 'data-updates')),
      (updates) => updates >= 2,
      30_000,
      250,
    );
    expect(navigations).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/campaigns-2-live.png`, fullPage: true });

    await page.click('#pause');
    await page.waitForSelector('#campaign-status[data-status="paused"]');
    expect(await page.getAttribute('#campaign-status', 'data-status')).toBe('paused');
    expect(await page.textContent('#notice')).toContain('Paused');
    expect(await page.isVisible('#pause')).toBe(false);
    expect((await api.retrieve(id)).status).toBe('paused');
    await page.screenshot({ path: `${ARTIFACTS}/campaigns-3-paused.png`, fullPage: true });

    await page.click('#resume');
    await page.waitForSelector('#campaign-status[data-status="running"]');
    expect(await page.getAttribute('#campaign-status', 'data-status')).toBe('running');
    expect((await api.retrieve(id)).status).toBe('running');

    await page.click('#cancel');
    await page.waitForSelector('#notice:has-text("Cancelled")');
    await eventually(
      () => page.getAttribute('#campaign-status', 'data-status'),
      (status) => status === 'cancelled',
      30_000,
      250,
    );
    for (const move of ['pause', 'resume', 'cancel']) expect(await page.isVisible(`#${move}`)).toBe(false);
    const cancelled = await api.retrieve(id);
    expect(cancelled.status).toBe('cancelled');
    await page.screenshot({ path: `${ARTIFACTS}/campaigns-4-cancelled.png`, fullPage: true });

    // Back on the list, the campaign shows as cancelled.
    await page.click('#back a');
    await page.waitForSelector('#campaigns');
    expect(await page.locator(`tr[data-campaign-id="${id}"] .badge`).getAttribute('data-status')).toBe('cancelled');
  }, 180_000);
});
