import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, forgedWrite, launchChromium, signedInPage } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser } from '../support/oauth-flow.js';
import { makeAgent } from '../support/engine.js';
import { eventually } from '../support/releases.js';

/**
 * The agent page's branches, merge, traffic split, tests and chat in Chromium
 * (issue 16), against the real server (Temporal and a worker: test runs are
 * workflows). A branch made from the page shows its change in the merge
 * preview; an edit of the same line on main makes it a marked conflict and
 * the merge is refused with the server's reason; a clean branch merges and
 * main's prompt changes. A traffic split set from the page is stored, and a
 * split that does not add up is refused beside the field, keeping what was
 * typed. A test made and run from the page shows each check's outcome; the
 * chat gets the agent's replies. A viewer gets no control that writes, and a
 * write forged from their page is refused. Screenshots: test-artifacts/console/.
 */
const ARTIFACTS = 'test-artifacts/console';
const PROMPT = ['You are the front desk of Acme Dental.', 'Greet the caller warmly.', 'Offer appointments on weekdays.', 'Be brief.'].join('\n');
const deskRules = [
  { when: ['appointment', 'book'], say: 'We have Tuesday at 10:00.' },
  { when: { regex: 'my name is (?<name>[A-Za-z]+)' }, say: 'Thanks, noted.', set_variable: { key: 'customer_name', group: 'name' } },
  { when: 'bye', say: 'Goodbye!', hangup: true },
];
const deskConfig = {
  variables: [{ key: 'customer_name', description: 'First name' }],
  model: { provider: 'simulated' as const, name: 'desk', temperature: 0, rules: deskRules },
};

let s: TestServer;
let worker: TestWorker;
let a: TestTenant;
let admin: { email: string; password: string };
let viewer: { email: string; password: string };
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  s = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('console-agent-more') } });
  worker = await startTestWorker(s);
  a = await createTenant(s);
  admin = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await s?.close();
});

const signedIn = (person: { email: string; password: string }, path: string) => signedInPage(browser, s.baseUrl, person, path);
const get = (path: string) => s.request.get(path).set(a.headers);
const mainPrompt = async (agentId: string) => (await get(`/v1/agent/retrieve/${agentId}`)).body.agent.config.prompt as string;
/** The page is no wider than the 1280 px window (tables scroll inside their wrapper). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);

describeWithBrowser('an agent’s branches, tests and chat in the console', () => {
  it('creates a branch whose change the merge preview shows, marks a conflict and shows the refused merge, then merges a clean branch', async () => {
    const agent = await makeAgent(s, a, { name: 'Branching desk', prompt: PROMPT });
    const page = await signedIn(admin, `/dashboard/app/agents/${agent.agent_id}`);
    await page.getByLabel('New branch name').fill('warmer');
    await page.getByRole('button', { name: 'Create branch from main' }).click();
    await page.locator('tr[data-branch="warmer"]').waitFor({ timeout: 30_000 });
    // The new branch opens: its prompt, a working copy of main's.
    const branchPrompt = page.getByLabel('Prompt of branch warmer');
    await branchPrompt.waitFor({ timeout: 30_000 });
    expect(await branchPrompt.inputValue()).toBe(PROMPT);
    const branches = (await get(`/v1/agent/${agent.agent_id}/branch/list`)).body.branches as { branch_id: string; name: string }[];
    const warmer = branches.find((b) => b.name === 'warmer')!;
    expect(warmer).toBeDefined();

    const onBranch = PROMPT.replace('Greet the caller warmly.', 'Greet the caller warmly, by name.');
    await branchPrompt.fill(onBranch);
    await page.getByRole('button', { name: 'Save to the branch' }).click();
    await page.locator('#merge-preview-body pre.diff .add', { hasText: '+Greet the caller warmly, by name.' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#merge-preview-body pre.diff .del').first().textContent()).toContain('-Greet the caller warmly.');
    expect(await page.locator('#merge-preview-body').getAttribute('data-clean')).toBe('true');
    expect(await page.locator('#merge-preview-body').textContent()).toContain('prompt');
    const stored = await get(`/v1/agent/retrieve/${agent.agent_id}?branch_id=${warmer.branch_id}`);
    expect(stored.body.agent.config.prompt).toBe(onBranch);
    expect(await mainPrompt(agent.agent_id)).toBe(PROMPT);
    await page.screenshot({ path: `${ARTIFACTS}/agent-more-1-merge-preview.png`, fullPage: true });

    // The same line changed on main meanwhile: the preview marks the conflict, and the merge is refused with the server's reason.
    const onMain = PROMPT.replace('Greet the caller warmly.', 'Greet the caller politely.');
    const edit = await s.request.put(`/v1/agent/update/${agent.agent_id}`).set(a.headers).send({ prompt: onMain });
    expect(edit.status).toBe(200);
    await page.getByRole('button', { name: 'Preview the merge again' }).click();
    const conflict = page.locator('.conflicts .conflict[data-field="prompt"]');
    await conflict.waitFor({ timeout: 30_000 });
    expect(await page.locator('#merge-preview-body').getAttribute('data-clean')).toBe('false');
    const conflictText = await conflict.textContent();
    expect(conflictText).toContain('CONFLICT');
    expect(conflictText).toContain('line 2');
    expect(conflictText).toContain('Greet the caller politely.');
    expect(conflictText).toContain('Greet the caller warmly, by name.');
    await page.getByRole('button', { name: 'Merge warmer into main' }).click();
    const refusal = page.locator('.merge-refusal [role="alert"]');
    await refusal.waitFor({ timeout: 30_000 });
    const direct = await s.request.post(`/v1/agent/${agent.agent_id}/branch/${warmer.branch_id}/merge`).set(a.headers);
    expect(direct.status).toBe(409);
    expect(await refusal.textContent()).toContain(direct.body.detail);
    expect(direct.body.detail).toContain('prompt (line 2)');
    expect(await mainPrompt(agent.agent_id)).toBe(onMain);
    expect(await fitsWidth(page)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${ARTIFACTS}/agent-more-2-merge-conflict.png`, fullPage: true });

    // A branch that changes another line merges cleanly: main's prompt changes.
    await page.getByLabel('New branch name').fill('weekends');
    await page.getByRole('button', { name: 'Create branch from main' }).click();
    const weekendsPrompt = page.getByLabel('Prompt of branch weekends');
    await weekendsPrompt.waitFor({ timeout: 30_000 });
    expect(await weekendsPrompt.inputValue()).toBe(onMain);
    const merged = onMain.replace('Offer appointments on weekdays.', 'Offer appointments on weekdays and Saturdays.');
    await weekendsPrompt.fill(merged);
    await page.getByRole('button', { name: 'Save to the branch' }).click();
    await page.locator('#merge-preview-body pre.diff .add', { hasText: 'Saturdays' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Merge weekends into main' }).click();
    await eventually(
      () => mainPrompt(agent.agent_id),
      (p) => p === merged,
      30_000,
    );
    await page.locator('tr[data-branch="weekends"] .badge', { hasText: 'merged' }).waitFor({ timeout: 30_000 });
    await eventually(
      () => page.getByLabel('Prompt of main').inputValue(),
      (v) => v === merged,
      30_000,
    );
    const after = (await get(`/v1/agent/${agent.agent_id}/branch/list`)).body.branches as { name: string; state: string }[];
    expect(after.map((b) => [b.name, b.state])).toEqual([
      ['main', 'open'],
      ['warmer', 'open'],
      ['weekends', 'merged'],
    ]);
    await page.screenshot({ path: `${ARTIFACTS}/agent-more-3-merged.png`, fullPage: true });
    await page.context().close();
  }, 90_000);

  it('stores a traffic split set from the page, and shows a split that does not add up beside the field, keeping what was typed', async () => {
    const agent = await makeAgent(s, a, { name: 'Split desk', prompt: PROMPT });
    expect((await s.request.post(`/v1/agent/${agent.agent_id}/publish`).set(a.headers)).status).toBe(200);
    const canary = (
      await s.request
        .post(`/v1/agent/${agent.agent_id}/branch/create`)
        .set(a.headers)
        .send({ branch: { name: 'canary' } })
    ).body.branch;
    const changed = await s.request
      .put(`/v1/agent/update/${agent.agent_id}`)
      .set(a.headers)
      .send({ branch_id: canary.branch_id, prompt: `${PROMPT}\nMention the new opening hours.` });
    expect(changed.status).toBe(200);
    const canaryHead = changed.body.agent.version_id as string;
    const live = agent.version_id;

    const page = await signedIn(admin, `/dashboard/app/agents/${agent.agent_id}`);
    await page.getByLabel('Share 1: version').waitFor({ timeout: 30_000 });
    expect(await page.locator('#traffic-current').textContent()).toContain('No split');
    await page.getByLabel('Share 1: version').selectOption({ label: `Live version (${live})` });
    await page.getByLabel('Share 1: percent').fill('70');
    await page.getByRole('button', { name: 'Add a share' }).click();
    await page.getByLabel('Share 2: version').selectOption({ label: `Head of canary (${canaryHead})` });
    await page.getByLabel('Share 2: percent').fill('40');
    await page.getByRole('button', { name: 'Save the split' }).click();
    const issue = page.locator('#split-total .issue');
    await issue.waitFor({ timeout: 30_000 });
    expect(await issue.textContent()).toBe('the percents add up to 110, not 100');
    expect([await page.getByLabel('Share 1: percent').inputValue(), await page.getByLabel('Share 2: percent').inputValue()]).toEqual(['70', '40']);
    expect(await page.getByLabel('Share 2: version').inputValue()).toBe(`branch:${canary.branch_id}`);
    expect((await get(`/v1/agent/retrieve/${agent.agent_id}`)).body.agent.traffic_split).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/agent-more-4-split-refused.png`, fullPage: true });

    await page.getByLabel('Share 2: percent').fill('30');
    await page.getByRole('button', { name: 'Save the split' }).click();
    await page.getByText('The split was saved.').waitFor({ timeout: 30_000 });
    expect((await get(`/v1/agent/retrieve/${agent.agent_id}`)).body.agent.traffic_split).toEqual([
      { version_id: live, percent: 70, branch_id: null },
      { version_id: canaryHead, percent: 30, branch_id: canary.branch_id },
    ]);
    await page.locator(`#traffic-current tr[data-version="${canaryHead}"]`, { hasText: '30%' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#split-total .issue').count()).toBe(0);
    expect(await fitsWidth(page)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${ARTIFACTS}/agent-more-5-split-saved.png`, fullPage: true });
    await page.context().close();
  }, 60_000);

  it('creates a test and runs it from the page, showing every check’s outcome, and chats with the agent', async () => {
    const agent = await makeAgent(s, a, { name: 'Tested desk', prompt: PROMPT, ...deskConfig });
    const page = await signedIn(admin, `/dashboard/app/agents/${agent.agent_id}`);
    await page.getByLabel('Test name').waitFor({ timeout: 30_000 });
    await page.getByLabel('Test name').fill('books an appointment');
    await page.getByLabel('What the customer says (one turn per line)').fill('Hi, I would like an appointment\nMy name is Ana\nbye');
    // Check 1: the default kind (the agent says ...), after turn 1.
    await page.getByLabel('Check 1: the agent says').fill('Tuesday');
    await page.getByLabel('Check 1: after turn (optional)').fill('1');
    await page.getByRole('button', { name: 'Add a check' }).click();
    await page.getByLabel('Check 2: kind').selectOption('variable_equals');
    await page.getByLabel('Check 2: variable').fill('customer_name');
    await page.getByLabel('Check 2: equals').fill('Ana');
    await page.getByRole('button', { name: 'Add a check' }).click();
    await page.getByLabel('Check 3: kind').selectOption('ended_with');
    await page.getByLabel('Check 3: the call ends with').selectOption('agent_hangup');
    await page.getByRole('button', { name: 'Add a check' }).click();
    await page.getByLabel('Check 4: the agent says').fill('Wednesday');
    await page.getByRole('button', { name: 'Create test' }).click();
    const row = page.locator('tr[data-test="books an appointment"]');
    await row.waitFor({ timeout: 30_000 });
    const tests = (await get(`/v1/agent/${agent.agent_id}/test/list`)).body.tests;
    expect(tests).toHaveLength(1);
    expect(tests[0]).toMatchObject({
      name: 'books an appointment',
      customer_turns: ['Hi, I would like an appointment', 'My name is Ana', 'bye'],
      checks: [
        { type: 'reply_contains', text: 'Tuesday', turn: 1 },
        { type: 'variable_equals', key: 'customer_name', value: 'Ana' },
        { type: 'ended_with', end_reason: 'agent_hangup' },
        { type: 'reply_contains', text: 'Wednesday' },
      ],
      required: false,
    });
    // The form is empty again for the next test.
    expect(await page.getByLabel('Test name').inputValue()).toBe('');

    await row.getByRole('button', { name: 'Run test books an appointment' }).click();
    const results = page.locator('.run-results');
    await results.waitFor({ timeout: 30_000 });
    await page.locator('.run-results[data-status="failed"] table.check-results').waitFor({ timeout: 60_000 });
    const evaluationId = (await results.getAttribute('data-evaluation'))!;
    const evaluation = (await get(`/v1/evaluation/retrieve/${evaluationId}`)).body.evaluation;
    expect(evaluation).toMatchObject({ status: 'failed', total: 1, passed: 0, failed: 1 });
    const run = (await get(`/v1/test_run/retrieve/${evaluation.test_runs[0].test_run_id}`)).body.test_run;
    expect(run.checks.map((c: { status: string }) => c.status)).toEqual(['passed', 'passed', 'passed', 'failed']);
    const rows = results.locator('table.check-results tbody tr');
    const shown: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++) shown.push((await rows.nth(i).locator('td').allTextContents()).map((text) => text.trim()));
    expect(shown).toEqual(
      run.checks.map((c: { index: number; type: string; status: string; detail: string }) => [String(c.index + 1), c.type, c.status, c.detail]),
    );
    expect(await results.locator('dl.evaluation').textContent()).toContain('0 of 1, 1 failed');
    expect(await fitsWidth(page)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${ARTIFACTS}/agent-more-6-test-run.png`, fullPage: true });

    // The chat: each line the customer says, and the agent's reply.
    await page.getByLabel('Customer says', { exact: true }).fill('Hi, I would like an appointment');
    await page.getByRole('button', { name: 'Send' }).click();
    const transcript = page.locator('.chat-transcript');
    await transcript.locator('.turn.agent', { hasText: 'We have Tuesday at 10:00.' }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Customer says', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Customer says', { exact: true }).fill('My name is Ana');
    await page.getByRole('button', { name: 'Send' }).click();
    await transcript.locator('.turn.agent', { hasText: 'Thanks, noted.' }).waitFor({ timeout: 30_000 });
    const lines = await transcript.locator('.turn').evaluateAll((items) => items.map((i) => i.textContent));
    expect(lines.filter((l) => l?.startsWith('customer'))).toEqual(['customerHi, I would like an appointment', 'customerMy name is Ana']);
    expect(lines.some((l) => l?.includes('tool record_variable'))).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/agent-more-7-chat.png`, fullPage: true });
    await page.context().close();
  }, 120_000);

  it('gives a viewer no control that writes, and refuses a write forged from their page (403)', async () => {
    const agent = await makeAgent(s, a, { name: 'Viewed branches', prompt: PROMPT });
    const branch = (
      await s.request
        .post(`/v1/agent/${agent.agent_id}/branch/create`)
        .set(a.headers)
        .send({ branch: { name: 'draft' } })
    ).body.branch;
    const page = await signedIn(viewer, `/dashboard/app/agents/${agent.agent_id}`);
    await page.getByRole('button', { name: 'Open branch draft' }).click();
    expect(new URL(page.url()).searchParams.get('branch')).toBe(branch.branch_id);
    await page.getByLabel('Prompt of branch draft').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Prompt of branch draft').getAttribute('readonly')).not.toBeNull();
    await page.locator('#merge-preview-body').waitFor({ timeout: 30_000 });
    await page.getByText('need the permission tests:run').waitFor({ timeout: 30_000 });
    for (const name of [
      'Create branch from main',
      'Save to the branch',
      'Merge draft into main',
      'Save the split',
      'Remove the split',
      'Add a share',
      'Create test',
      'Run all tests',
      'Send',
    ]) {
      expect([name, await page.getByRole('button', { name }).count()]).toEqual([name, 0]);
    }
    for (const label of ['New branch name', 'Share 1: percent', 'Test name', 'Customer says']) {
      expect([label, await page.getByLabel(label, { exact: true }).count()]).toEqual([label, 0]);
    }
    await page.screenshot({ path: `${ARTIFACTS}/agent-more-8-viewer.png`, fullPage: true });

    const forged = await forgedWrite(page, a.organizationId, `/v1/agent/${agent.agent_id}/branch/create`, { branch: { name: 'forged' } });
    expect([forged.status, forged.code]).toEqual([403, 'FORBIDDEN']);
    const names = ((await get(`/v1/agent/${agent.agent_id}/branch/list`)).body.branches as { name: string }[]).map((b) => b.name);
    expect(names).toEqual(['main', 'draft']);
    await page.context().close();
  }, 60_000);
});
