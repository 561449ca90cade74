import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, forgedWrite, launchChromium, signedInPage } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser } from '../support/oauth-flow.js';
import { conversationInput, engineDeps, makeAgent } from '../support/engine.js';
import { eventually } from '../support/releases.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../src/modules/triggers/webhook-dispatcher.js';
import { closeWebhookDispatchers, triggerSettingsFrom } from '../../src/modules/triggers/trigger-settings.js';
import { temporalAccess } from '../../src/modules/temporal-access.js';
import type { AgentView } from '../../src/modules/agents/agents.schemas.js';

/**
 * The console's Webhooks page in Chromium (issue 16), against the real
 * server, Temporal and a worker (a failed first delivery becomes a triggerRun
 * workflow that retries), with the worker role's webhook dispatcher for this
 * file's organization. A receiver on loopback answers 500 to the first
 * delivery of each webhook-id and 200 after. An admin creates a webhook from
 * the page (a refused target URL first: the server's message beside the
 * field, what was typed kept), a call ending makes a run, the page shows the
 * run with both attempts, and Resend delivers again; the trigger is disabled,
 * replayed and deleted from the page. A viewer reads the runs but has no
 * write control, and a write forged from their page is refused.
 * Screenshots: test-artifacts/console/webhooks-*.png.
 */
const ARTIFACTS = 'test-artifacts/console';

let s: TestServer;
let a: TestTenant;
let worker: TestWorker;
let dispatcher: WebhookDispatcher;
let admin: { email: string; password: string };
let viewer: { email: string; password: string };
let browser: Browser;
let agent: AgentView;

/** What the receiver got: each request's path, webhook-id and the status it answered. */
const deliveries: { path: string; webhookId: string; type: string; status: number }[] = [];
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const webhookId = String(req.headers['webhook-id']);
      const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string };
      const status = deliveries.some((d) => d.webhookId === webhookId) ? 200 : 500;
      deliveries.push({ path: req.url ?? '/', webhookId, type: envelope.type, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/voice`;

  s = await startTestServer({
    temporal: true,
    env: {
      TEMPORAL_TASK_QUEUE: uniqueTaskQueue('console-webhooks'),
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300',
      WEBHOOK_TIMEOUT_MS: '3000',
    },
  });
  worker = await startTestWorker(s);
  a = await createTenant(s);
  dispatcher = startWebhookDispatcher({
    orm: s.orm,
    temporal: temporalAccess(s.deps),
    settings: triggerSettingsFrom(s.deps.config),
    databaseUrl: s.deps.config.db.url!,
    pollMs: 1000,
    logger: s.deps.logger,
    organizations: [a.organizationId],
  });
  await dispatcher.ready;
  admin = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
  agent = await makeAgent(s, a, {
    name: 'Front desk',
    model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'bye', say: 'Goodbye!', hangup: true }] },
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await dispatcher?.stop();
  await worker?.stop();
  await closeWebhookDispatchers();
  await s?.close();
  if (receiver) await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Signed in on the page, then at `path` (the sign-in returns to a path without its query). */
async function signedIn(person: { email: string; password: string }, path: string): Promise<Page> {
  const page = await signedInPage(browser, s.baseUrl, person, '/dashboard/app/webhooks');
  if (path !== '/dashboard/app/webhooks') await page.goto(`${s.baseUrl}${path}`);
  return page;
}
const get = (path: string) => s.request.get(path).set(a.headers);

interface RunBody {
  run_id: string;
  event_id: string;
  origin: string;
  status: string;
  attempts: { status_code: number | null; error: string | null }[];
}
const runsOf = async (triggerId: string): Promise<RunBody[]> => (await get(`/v1/agent_trigger/${triggerId}/run/list`)).body.runs as RunBody[];

/** The attempts table's HTTP status column, once it shows `n` rows. */
async function attemptCodes(page: Page, n: number): Promise<string[]> {
  const cells = page.locator('table.attempts tbody td.code');
  for (const deadline = Date.now() + 20_000; (await cells.count()) !== n; await page.waitForTimeout(200)) {
    if (Date.now() > deadline) throw new Error(`the attempts table shows ${await cells.count()} rows, not ${n}`);
  }
  return (await cells.allTextContents()).map((t) => t.trim());
}

let triggerId = '';
let firstRun: RunBody;

describeWithBrowser('webhooks in the console', () => {
  it('refuses a forbidden target beside the field keeping what was typed, then creates the webhook; a call makes a run shown with both attempts; Resend delivers again', async () => {
    const page = await signedIn(admin, '/dashboard/app/webhooks');
    const form = page.locator('form[aria-label="New webhook"]');
    await form.waitFor();
    await page.getByLabel('Agent').locator('option', { hasText: 'Front desk' }).waitFor({ state: 'attached' });
    await page.getByLabel('Agent').selectOption({ label: 'Front desk' });

    // A private address: the server names the field, its message shows beside it, and nothing typed is lost.
    await page.getByLabel('Name').fill('CRM sync');
    await page.getByLabel('Target URL').fill('https://10.0.0.5/hooks');
    await page.getByLabel('Retry waits (ms)').fill('300, 300');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const urlIssue = form.locator('.field.invalid .issue');
    await urlIssue.waitFor({ timeout: 30_000 });
    expect(await urlIssue.textContent()).toMatch(/private, loopback or reserved/);
    expect(await page.getByLabel('Target URL').inputValue()).toBe('https://10.0.0.5/hooks');
    expect(await page.getByLabel('Name').inputValue()).toBe('CRM sync');
    expect(await page.getByLabel('Retry waits (ms)').inputValue()).toBe('300, 300');
    await page.screenshot({ path: `${ARTIFACTS}/webhooks-1-refused.png`, fullPage: true });
    // Not http(s) at all: refused by the API's schema, beside the same field.
    await page.getByLabel('Target URL').fill('ftp://example.com/hooks');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await form.locator('.field.invalid .issue', { hasText: 'http(s)' }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Target URL').inputValue()).toBe('ftp://example.com/hooks');
    expect((await get('/v1/agent_trigger/list')).body.triggers).toEqual([]);

    await page.getByLabel('Target URL').fill(receiverUrl);
    expect(await page.getByRole('checkbox', { name: 'call.ended' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.locator('#signing-secret').waitFor({ timeout: 30_000 });
    expect(await page.locator('#signing-secret').textContent()).toMatch(/^whsec_/);
    expect(await form.locator('.field.invalid').count()).toBe(0);
    const [trigger] = (await get('/v1/agent_trigger/list')).body.triggers as { trigger_id: string; [k: string]: unknown }[];
    expect(trigger).toMatchObject({
      name: 'CRM sync',
      agent_id: agent.agent_id,
      url: receiverUrl,
      event_kinds: ['call.ended'],
      enabled: true,
      retry_schedule_ms: [300, 300],
    });
    triggerId = trigger.trigger_id;
    await page.locator(`tr[data-trigger="${triggerId}"]`).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/webhooks-2-created.png`, fullPage: true });

    // A call ends: call.ended makes a run; the receiver's 500 then 200 makes two attempts.
    await page.getByRole('link', { name: 'Its runs' }).click();
    await page.waitForURL((url) => url.searchParams.get('trigger') === triggerId);
    await runConversation(engineDeps(s), conversationInput(a, agent, { customerTurns: ['bye'] }));
    const [run] = await eventually(
      () => runsOf(triggerId),
      (runs) => runs.length === 1 && runs[0].status === 'succeeded',
      30_000,
    );
    firstRun = run;
    expect(run.attempts.map((x) => x.status_code)).toEqual([500, 200]);
    // The page follows its runs without a reload.
    const row = page.locator(`tr[data-run="${run.run_id}"]`);
    await row.locator('.badge', { hasText: 'succeeded' }).waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('call.ended');
    await row.getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.get('run') === run.run_id);
    expect(await attemptCodes(page, 2)).toEqual(['500', '200']);
    const failed = page.locator('table.attempts tbody tr').first();
    expect(await failed.locator('td.error').textContent()).toMatch(/500/);
    expect(await page.locator('#run-status').textContent()).toBe('succeeded');
    expect(await page.locator('.run-detail').textContent()).toContain(run.event_id);
    const width = await page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${ARTIFACTS}/webhooks-3-run-attempts.png`, fullPage: true });

    // Resend: a new run of the same event (same webhook-id), which the receiver now takes at once.
    const before = deliveries.filter((d) => d.webhookId === run.event_id).length;
    expect(before).toBe(2);
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.waitForURL((url) => !!url.searchParams.get('run') && url.searchParams.get('run') !== run.run_id, { timeout: 30_000 });
    const resentId = new URL(page.url()).searchParams.get('run')!;
    // The new run is shown at once; its delivery is followed live until it succeeds.
    await page.locator('#run-status', { hasText: 'succeeded' }).waitFor({ timeout: 30_000 });
    expect(await attemptCodes(page, 1)).toEqual(['200']);
    expect(deliveries.filter((d) => d.webhookId === run.event_id).map((d) => d.status)).toEqual([500, 200, 200]);
    const runs = await runsOf(triggerId);
    expect(runs.find((r) => r.run_id === resentId)).toMatchObject({ origin: 'resend', event_id: run.event_id, status: 'succeeded' });
    await page.locator(`tr[data-run="${resentId}"]`).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${ARTIFACTS}/webhooks-4-resent.png`, fullPage: true });
    await page.context().close();
  }, 90_000);

  it('gives a viewer the runs and their attempts but no write control, and the server refuses a write forged from their page', async () => {
    const page = await signedIn(viewer, `/dashboard/app/webhooks?trigger=${triggerId}&run=${firstRun.run_id}`);
    await page.locator(`tr[data-run="${firstRun.run_id}"]`).waitFor({ timeout: 30_000 });
    expect(await attemptCodes(page, 2)).toEqual(['500', '200']);
    expect(await page.locator('table.runs tbody tr').count()).toBe(2);
    expect(
      await page
        .locator('form')
        .filter({ hasNot: page.locator('button.link') })
        .count(),
    ).toBe(0);
    for (const name of ['Create webhook', 'Resend', 'Replay', 'Disable', 'Enable', 'Delete']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    await page.screenshot({ path: `${ARTIFACTS}/webhooks-5-viewer.png`, fullPage: true });

    const seen = deliveries.length;
    const forged = await forgedWrite(page, a.organizationId, `/v1/agent_trigger/run/${firstRun.run_id}/resend`);
    expect([forged.status, forged.code]).toEqual([403, 'FORBIDDEN']);
    expect(await runsOf(triggerId)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveries.length).toBe(seen);
    await page.context().close();
  }, 60_000);

  it('disables the webhook (a replay is then refused), enables it, replays the last day, and deletes it', async () => {
    const page = await signedIn(admin, `/dashboard/app/webhooks?trigger=${triggerId}`);
    const row = page.locator(`tr[data-trigger="${triggerId}"]`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Disable CRM sync' }).click();
    await row.locator('.badge', { hasText: 'disabled' }).waitFor({ timeout: 30_000 });
    expect((await get(`/v1/agent_trigger/${triggerId}/retrieve`)).body.trigger).toMatchObject({ enabled: false, disabled_reason: 'operator' });

    const replay = page.locator('form[aria-label="Replay events"]');
    await replay.getByRole('button', { name: 'Replay' }).click();
    await replay.locator('.problem').waitFor({ timeout: 30_000 });
    expect(await runsOf(triggerId)).toHaveLength(2);

    await row.getByRole('button', { name: 'Enable CRM sync' }).click();
    await row.locator('.badge', { hasText: 'enabled' }).waitFor({ timeout: 30_000 });
    await replay.getByRole('button', { name: 'Replay' }).click();
    await replay.getByRole('status').waitFor({ timeout: 30_000 });
    expect(await replay.getByRole('status').textContent()).toContain('One event');
    const replayed = await eventually(
      () => runsOf(triggerId),
      (runs) => runs.some((r) => r.origin === 'replay' && r.status === 'succeeded'),
      20_000,
    );
    expect(replayed).toHaveLength(3);
    expect(deliveries.filter((d) => d.webhookId === firstRun.event_id)).toHaveLength(4);
    await page.locator('table.runs tbody tr', { hasText: 'replay' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${ARTIFACTS}/webhooks-6-replayed.png`, fullPage: true });

    await row.getByRole('button', { name: 'Delete CRM sync' }).click();
    await row.getByRole('button', { name: 'Delete with its runs' }).click();
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    expect((await get('/v1/agent_trigger/list')).body.triggers).toEqual([]);
    expect(new URL(page.url()).searchParams.get('trigger')).toBeNull();
    await page.context().close();
  }, 60_000);
});
