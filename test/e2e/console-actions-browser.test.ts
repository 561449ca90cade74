import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { CHROMIUM, launchChromium, signedInPage } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser } from '../support/oauth-flow.js';
import { makeAgent } from '../support/engine.js';
import { eventually, releasable } from '../support/releases.js';
import { buyNumbers, nyNumbers, publishedAgent } from '../campaigns/support.js';

/**
 * The console's agent page in Chromium (issue 16): the prompt edited in
 * place becomes a revision whose diff shows the edit, an earlier revision is
 * restored, main's head is published, and a release waiting for approval is
 * approved from the page and followed to its end. A viewer reads the prompt
 * but gets no control that writes. A campaign is launched from a CSV of
 * contacts and paused from its page. Screenshots: test-artifacts/console/.
 */
const ARTIFACTS = 'test-artifacts/console';
const PROMPT = ['You are the front desk of Acme Dental.', 'Greet the caller warmly.', 'Offer appointments on weekdays.'].join('\n');

let s: TestServer;
let worker: TestWorker;
let a: TestTenant;
let admin: { email: string; password: string };
let viewer: { email: string; password: string };
let browser: Browser;
let csvPath: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  s = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('console-agents') } });
  worker = await startTestWorker(s);
  a = await createTenant(s);
  admin = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
  browser = await launchChromium();
  csvPath = join(mkdtempSync(join(tmpdir(), 'console-csv-')), 'contacts.csv');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await s?.close();
});

const signedIn = (person: { email: string; password: string }, path: string) => signedInPage(browser, s.baseUrl, person, path);

const api = (path: string) => s.request.get(path).set(a.headers);

describeWithBrowser('an agent in the console', () => {
  it('edits the prompt into a revision whose diff shows the edit, restores the first, and publishes', async () => {
    const agent = await makeAgent(s, a, { name: 'Front desk', prompt: PROMPT });
    const page = await signedIn(admin, '/dashboard/app/agents');
    await page.getByRole('link', { name: 'Front desk' }).click();
    await page.waitForSelector('textarea');
    expect(await page.getByLabel('Prompt of main').inputValue()).toBe(PROMPT);

    await page.getByLabel('Prompt of main').fill(PROMPT.replace('warmly', 'warmly, by name'));
    await page.getByLabel('What the change does (optional)').fill('Greet by name');
    await page.getByRole('button', { name: 'Save as a new revision' }).click();
    const revisions = page.locator('table.revisions tbody tr[data-revision]');
    for (const deadline = Date.now() + 30_000; (await revisions.count()) !== 2; await page.waitForTimeout(100)) {
      if (Date.now() > deadline) throw new Error('the edit did not become a second revision');
    }
    expect(await revisions.first().textContent()).toContain('Greet by name');
    await revisions.first().getByRole('button', { name: 'Show diff' }).click();
    await page.waitForSelector('pre.diff .add');
    expect(await page.locator('pre.diff .del').first().textContent()).toContain('-Greet the caller warmly.');
    expect(await page.locator('pre.diff .add').first().textContent()).toContain('+Greet the caller warmly, by name.');
    await page.screenshot({ path: `${ARTIFACTS}/6-agent-revision-diff.png`, fullPage: true });
    const stored = await api(`/v1/agent/retrieve/${agent.agent_id}`);
    expect(stored.body.agent.config.prompt).toBe(PROMPT.replace('warmly', 'warmly, by name'));

    // Restore the first revision: a third revision, and the prompt as it was.
    await revisions.nth(1).getByRole('button', { name: 'Restore' }).click();
    for (const deadline = Date.now() + 30_000; (await revisions.count()) !== 3; await page.waitForTimeout(100)) {
      if (Date.now() > deadline) throw new Error('the restore did not become a third revision');
    }
    // The editor shows the restored prompt once the agent is read again (the revisions list may be read first).
    for (const deadline = Date.now() + 30_000; (await page.getByLabel('Prompt of main').inputValue()) !== PROMPT; await page.waitForTimeout(100)) {
      if (Date.now() > deadline) throw new Error('the editor did not show the restored prompt');
    }
    expect((await api(`/v1/agent/retrieve/${agent.agent_id}`)).body.agent.config.prompt).toBe(PROMPT);

    await page.getByRole('button', { name: 'Publish the head of main' }).click();
    await eventually(
      async () => (await api(`/v1/agent/retrieve/${agent.agent_id}`)).body.agent.live_version_id,
      (live) => live !== null,
      30_000,
    );
    const after = (await api(`/v1/agent/retrieve/${agent.agent_id}`)).body.agent;
    expect(after.live_version_id).toBe(after.version_id);
    await page.locator('#live-version', { hasText: after.version_id }).waitFor();
    await page.context().close();
  }, 60_000);

  it('approves a release waiting for approval from the page and follows it to its end', async () => {
    const { agent, branch } = await releasable(s, a);
    const started = await s.request
      .post(`/v1/agent/${agent.agent_id}/release/start`)
      .set(a.headers)
      .send({ branch_id: branch.branch_id, require_approval: true });
    expect(started.status).toBe(202);
    const releaseId = started.body.release.release_id as string;
    await eventually(
      async () => (await api(`/v1/agent/${agent.agent_id}/release/${releaseId}/retrieve`)).body.release.status,
      (status) => status === 'awaiting_approval',
      60_000,
    );
    const page = await signedIn(admin, `/dashboard/app/agents/${agent.agent_id}`);
    const row = page.locator(`tr[data-release="${releaseId}"]`);
    await row.getByRole('button', { name: 'Approve' }).click();
    // The page follows the release live until it ends.
    await row.locator('.badge', { hasText: 'succeeded' }).waitFor({ timeout: 60_000 });
    const done = (await api(`/v1/agent/${agent.agent_id}/release/${releaseId}/retrieve`)).body.release;
    expect(done.status).toBe('succeeded');
    expect(done.approved_by).toMatchObject({ type: 'user', name: admin.email });
    expect(await row.textContent()).toContain('publish: succeeded');
    await page.screenshot({ path: `${ARTIFACTS}/7-release-approved.png`, fullPage: true });
    await page.context().close();
  }, 120_000);

  it('shows a viewer the prompt and its revisions, with no control that writes', async () => {
    const agent = await makeAgent(s, a, { name: 'Viewed desk', prompt: PROMPT });
    const page = await signedIn(viewer, `/dashboard/app/agents/${agent.agent_id}`);
    await page.waitForSelector('table.revisions tbody tr[data-revision]');
    expect(await page.getByLabel('Prompt of main').inputValue()).toBe(PROMPT);
    expect(await page.getByLabel('Prompt of main').getAttribute('readonly')).not.toBeNull();
    for (const name of ['Save as a new revision', 'Publish the head of main', 'Restore', 'Start a release']) {
      expect([name, await page.getByRole('button', { name }).count()]).toEqual([name, 0]);
    }
    expect(await page.getByRole('button', { name: 'Show diff' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForSelector('table.campaigns');
    expect(await page.getByRole('button', { name: 'Launch' }).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('launches a campaign from a CSV of contacts and pauses it from its page', async () => {
    const agent = await publishedAgent(s, a);
    const [caller] = await buyNumbers(s, a.organizationId, 1);
    const numbers = nyNumbers(12, 7100);
    writeFileSync(csvPath, ['name,phone,plan', ...numbers.map((n, i) => `Person ${i},${n},gold`), 'Nobody,not-a-number,gold'].join('\n'));
    const page = await signedIn(admin, '/dashboard/app/campaigns');
    await page.getByLabel('Name').fill('Gold members');
    await page.getByLabel('Agent').selectOption(agent.agent_id);
    await page.getByLabel('Call from').selectOption(caller);
    await page.getByLabel('Contacts (CSV)').setInputFiles(csvPath);
    await page.getByLabel('Dials per minute').fill('2');
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.waitForURL(/\/dashboard\/app\/campaigns\/cmp_/);
    const campaignId = new URL(page.url()).pathname.split('/').pop()!;
    await page.locator('#campaign-status', { hasText: 'running' }).waitFor();
    const launched = (await api(`/v1/outbound/campaign/${campaignId}/retrieve`)).body.campaign;
    // The twelve good rows are the recipients; the bad one was skipped at import.
    expect([launched.name, launched.counts.recipients, launched.agent_id, launched.caller_numbers]).toEqual(['Gold members', 12, agent.agent_id, [caller]]);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.locator('#campaign-status', { hasText: 'paused' }).waitFor();
    expect((await api(`/v1/outbound/campaign/${campaignId}/retrieve`)).body.campaign.status).toBe('paused');
    await page.screenshot({ path: `${ARTIFACTS}/8-campaign-paused.png`, fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#campaign-status', { hasText: 'cancelled' }).waitFor();
    await page.context().close();
  }, 90_000);
});
