import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { CHROMIUM, forgedWrite, launchChromium, signedInPage } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser } from '../support/oauth-flow.js';
import { insertCampaign } from '../campaigns/support.js';

/**
 * The console's Contacts page, a campaign's recipients, and the Organization page's projects and API clients, in
 * Chromium (issue 16): a contact added (a refused number explained beside its field, what was typed kept), a CSV
 * imported with its refused line listed, a number put on and taken off the do-not-call list; the recipients table
 * filtered by state with each attempt linked to its call; a project created (a taken name refused beside the
 * field); an API client created with its secret shown once, which then gets a token, and revoked from the page.
 * A viewer gets none of these controls, and a write forged from their page is refused. Screenshots:
 * test-artifacts/console/.
 */
const ARTIFACTS = 'test-artifacts/console';

let s: TestServer;
let a: TestTenant;
let admin: { email: string; password: string };
let viewer: { email: string; password: string };
let browser: Browser;
let dir: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  s = await startTestServer();
  a = await createTenant(s);
  admin = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'console-contacts-'));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

const signedIn = (person: { email: string; password: string }, path: string) => signedInPage(browser, s.baseUrl, person, path);
const get = (path: string) => s.request.get(path).set(a.headers);

describeWithBrowser('contacts, recipients, projects and API clients in the console', () => {
  it('adds a contact, explains a refused number beside its field keeping what was typed, and imports a CSV listing its refused line', async () => {
    const page = await signedIn(admin, '/dashboard/app/contacts');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Phone').fill('12');
    await page.getByRole('button', { name: 'Add contact' }).click();
    const issue = page.locator('.field.invalid', { has: page.getByLabel('Phone') }).locator('.issue');
    await issue.waitFor();
    expect(await issue.textContent()).toMatch(/\S/);
    expect([await page.getByLabel('Name').inputValue(), await page.getByLabel('Phone').inputValue()]).toEqual(['Ada Lovelace', '12']);

    await page.getByLabel('Phone').fill('+14155550181');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByRole('status').filter({ hasText: 'Ada Lovelace added' }).waitFor();
    await page.locator('tr[data-contact="+14155550181"]').waitFor();

    const csv = join(dir, 'people.csv');
    writeFileSync(csv, ['name,phone,plan', 'Grace Hopper,+14155550182,gold', 'Nobody,not-a-number,gold', 'Alan Turing,+14155550183,silver'].join('\n'));
    await page.getByLabel('Contacts file (CSV)').setInputFiles(csv);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('.import-result', { hasText: '2 added, 0 updated, 1 skipped' }).waitFor();
    expect(await page.locator('.row-errors li').allTextContents()).toEqual([expect.stringMatching(/^Line 3 \(phone\): /)]);
    await page.locator('tr[data-contact="+14155550183"]', { hasText: 'plan: silver' }).waitFor();
    const stored = (await get('/v1/contact/list?page_size=100')).body.contacts.map((c: { name: string }) => c.name).sort();
    expect(stored).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    await page.screenshot({ path: `${ARTIFACTS}/20-contacts.png`, fullPage: true });
    await page.context().close();
  }, 60_000);

  it('puts a number on the do-not-call list, checks it, and takes it off', async () => {
    const page = await signedIn(admin, '/dashboard/app/contacts');
    await page.getByLabel('Number never to call').fill('+14155550190');
    await page.getByLabel('Why').fill('asked on the phone');
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await page.locator('tr[data-dnc="+14155550190"]', { hasText: 'asked on the phone' }).waitFor();
    expect((await get('/v1/dnc/check?phone=%2B14155550190')).body).toMatchObject({ blocked: true, entry: { source: 'manual', reason: 'asked on the phone' } });
    await page.getByRole('textbox', { name: 'Check a number' }).fill('+14155550190');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.locator('#dnc-check', { hasText: 'is on the list' }).waitFor();
    await page.getByRole('button', { name: 'Remove +14155550190' }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await page.locator('tr[data-dnc="+14155550190"]').waitFor({ state: 'detached' });
    expect((await get('/v1/dnc/check?phone=%2B14155550190')).body.blocked).toBe(false);
    await page.context().close();
  }, 60_000);

  it("lists a campaign's recipients by state, each attempt linked to its call", async () => {
    const campaignId = await insertCampaign(s, a, 'Spring recall', { done: 3, queued: 2, failed: 1 });
    const recipients = (await get(`/v1/outbound/campaign/${campaignId}/recipient/list`)).body.recipients as {
      phone: string;
      calls: { session_id: string }[];
    }[];
    const page = await signedIn(admin, `/dashboard/app/campaigns/${campaignId}`);
    const rows = page.locator('table.recipients tbody tr[data-recipient]');
    await rows.nth(5).waitFor();
    expect(await rows.count()).toBe(6);
    const link = rows.first().getByRole('link', { name: 'Attempt 1: completed' });
    expect(await link.getAttribute('href')).toBe(`/dashboard/app/calls/${recipients[0].calls[0].session_id}`);
    await page.getByLabel('State').selectOption('queued');
    await page.locator('table.recipients tbody tr[data-recipient]').nth(1).waitFor();
    for (const deadline = Date.now() + 30_000; (await rows.count()) !== 2; await page.waitForTimeout(100)) {
      if (Date.now() > deadline) throw new Error('the state filter did not narrow the table to the two queued recipients');
    }
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-recipient')))).toEqual([recipients[3].phone, recipients[4].phone]);
    await page.screenshot({ path: `${ARTIFACTS}/21-campaign-recipients.png`, fullPage: true });
    await page.context().close();
  }, 60_000);

  it('creates a project (a taken name refused beside the field), and an API client whose secret is shown once, then revokes it', async () => {
    const page = await signedIn(admin, '/dashboard/app/organization');
    await page.getByLabel('Project name').fill('Support line');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.locator('tr[data-project="Support line"]').waitFor();
    await page.getByLabel('Project name').fill('Support line');
    await page.getByLabel('Project description').fill('A second one');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page
      .locator('.field.invalid', { has: page.getByLabel('Project name') })
      .locator('.issue', { hasText: 'already used' })
      .waitFor();
    expect(await page.getByLabel('Project description').inputValue()).toBe('A second one');
    const projects = (await get('/v1/organization/retrieve')).body.organization.projects.map((p: { name: string }) => p.name);
    expect(projects.filter((n: string) => n === 'Support line')).toHaveLength(1);

    await page.getByLabel('Client name').fill('Nightly report');
    await page.getByLabel('Client role').selectOption('viewer');
    await page.getByRole('button', { name: 'Create client' }).click();
    const clientId = (await page.locator('#new-client-id').textContent())!;
    const secret = (await page.locator('#new-client-secret').textContent())!;
    await page.screenshot({ path: `${ARTIFACTS}/22-api-client-secret.png`, fullPage: true });
    const token = await s.request.post('/v1/auth/token').send({ client_id: clientId, client_secret: secret });
    expect(token.status).toBe(200);
    // Shown once: gone after the person says it is stored, and never in the list.
    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.locator('#new-client-secret').count()).toBe(0);
    expect(await page.locator('table.api-clients').textContent()).not.toContain(secret);

    await page.getByRole('button', { name: 'Revoke Nightly report' }).click();
    await page.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.locator('tr[data-client="Nightly report"] .badge', { hasText: 'revoked' }).waitFor();
    expect((await s.request.post('/v1/auth/token').send({ client_id: clientId, client_secret: secret })).status).toBe(401);
    const audit = (await get('/v1/audit_log/list?page_size=100')).body.events.map((e: { action: string; via: string }) => `${e.action} ${e.via}`);
    expect(audit).toEqual(expect.arrayContaining(['api_client.create dashboard', 'api_client.revoke dashboard', 'project.create dashboard']));
    await page.context().close();
  }, 60_000);

  it('creates a custom role from chosen permissions (none chosen is refused beside them), then offers it for invitations', async () => {
    const page = await signedIn(admin, '/dashboard/app/organization');
    await page.getByLabel('Role name').fill('Call reviewer');
    await page.getByLabel('Role description').fill('Listens to calls');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.locator('fieldset.permissions.invalid .issue').waitFor();
    expect([await page.getByLabel('Role name').inputValue(), await page.getByLabel('Role description').inputValue()]).toEqual([
      'Call reviewer',
      'Listens to calls',
    ]);
    await page.getByRole('checkbox', { name: 'calls:read' }).check();
    await page.getByRole('checkbox', { name: 'recordings:read' }).check();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.locator('tr[data-role="Call reviewer"]', { hasText: 'calls:read · recordings:read' }).waitFor();
    const stored = (await get('/v1/role/list?page_size=100')).body.roles.find((r: { name: string }) => r.name === 'Call reviewer');
    expect([stored.built_in, [...stored.permissions].sort()]).toEqual([false, ['calls:read', 'recordings:read']]);
    expect(await page.locator('form[aria-label="Invite a person"] select option', { hasText: 'Call reviewer' }).count()).toBe(1);
    await page.screenshot({ path: `${ARTIFACTS}/23-roles.png`, fullPage: true });
    await page.context().close();
  }, 60_000);

  it('gives a viewer no control that writes here, and refuses a write forged from their page', async () => {
    const page = await signedIn(viewer, '/dashboard/app/contacts');
    await page.waitForSelector('table.contacts');
    for (const name of ['Add contact', 'Import', 'Add to the list', 'Delete']) {
      expect([name, await page.getByRole('button', { name }).count()]).toEqual([name, 0]);
    }
    expect(await page.locator('#dnc').count()).toBe(0);
    expect(await forgedWrite(page, a.organizationId, '/v1/dnc/add', { phone: '+14155550199' })).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await forgedWrite(page, a.organizationId, '/v1/api_client/create', { name: 'Mine now' })).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await page.goto(`${s.baseUrl}/dashboard/app/organization`);
    await page.waitForSelector('table.projects');
    for (const name of ['Create project', 'Create client', 'Create role']) {
      expect([name, await page.getByRole('button', { name }).count()]).toEqual([name, 0]);
    }
    expect((await get('/v1/dnc/check?phone=%2B14155550199')).body.blocked).toBe(false);
    await page.context().close();
  }, 60_000);
});
