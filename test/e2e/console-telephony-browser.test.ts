import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, forgedWrite, launchChromium, signedInPage } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser } from '../support/oauth-flow.js';
import { makeAgent } from '../support/engine.js';

/**
 * The console's telephony page in Chromium (issue 16), against the real
 * server and its built-in simulated carrier: an admin searches for a number
 * and buys it, creates a SIP trunk, gives it an endpoint, creates a
 * destination answered by an agent and routes it through the trunk, and
 * deletes a trunk; each is then read back through the REST API. A refusal is
 * shown beside the field it names and keeps what was typed. A viewer sees the
 * lists and no control that writes, and a write forged from their page is
 * refused. Screenshots: test-artifacts/console/telephony-*.png.
 */
const ARTIFACTS = 'test-artifacts/console';
const PAGE = '/dashboard/app/telephony';

let s: TestServer;
let a: TestTenant;
let admin: { email: string; password: string };
let viewer: { email: string; password: string };
let browser: Browser;
let agent: { agent_id: string; name: string };

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  s = await startTestServer();
  a = await createTenant(s);
  admin = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
  agent = await makeAgent(s, a, { name: 'Front desk' });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

const signedIn = (person: { email: string; password: string }) => signedInPage(browser, s.baseUrl, person, PAGE);
const api = (path: string) => s.request.get(path).set(a.headers);
const form = (page: Page, name: string) => page.getByRole('form', { name });
const pageWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);

interface Trunk {
  sip_trunk_id: string;
  name: string;
  allowed_ips: string[];
  endpoints: { uri: string; priority: number; weight: number }[];
}
interface Destination {
  destination_id: string;
  kind: string;
  address: string;
  agent_id: string | null;
  sip_trunk_id: string | null;
}

describeWithBrowser('telephony in the console', () => {
  it('searches the simulated carrier for a number by area code and buys it from the page', async () => {
    const page = await signedIn(admin);
    await page.locator('table.phone-numbers').waitFor({ timeout: 30_000 });
    const search = form(page, 'Search numbers to buy');
    await search.getByLabel('Area code').fill('512');
    await search.getByRole('button', { name: 'Search' }).click();
    const offered = page.locator('table.available-numbers tbody tr[data-available]');
    await offered.first().waitFor({ timeout: 30_000 });
    const number = (await offered.first().getAttribute('data-available'))!;
    expect(number).toMatch(/^\+1512\d{7}$/);

    await page.getByRole('button', { name: `Buy ${number}` }).click();
    await page.locator('[role="status"]', { hasText: `Bought ${number}` }).waitFor({ timeout: 30_000 });
    const row = page.locator(`table.phone-numbers tr[data-number="${number}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('simulated');
    // Bought, it is no longer offered.
    expect(await page.locator(`tr[data-available="${number}"]`).count()).toBe(0);

    const stored = await api('/v1/phone/number/list');
    expect(stored.status).toBe(200);
    expect(stored.body.phone_numbers.find((n: { number: string }) => n.number === number)).toMatchObject({
      provider: 'simulated',
      origin: 'purchased',
      status: 'active',
    });
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${ARTIFACTS}/telephony-1-bought.png`, fullPage: true });
    await page.context().close();
  }, 60_000);

  it('creates a SIP trunk with an endpoint and a destination routed through it, and deletes a trunk', async () => {
    const page = await signedIn(admin);
    const trunkForm = form(page, 'Create a SIP trunk');
    await trunkForm.getByLabel('Trunk name').fill('Front office PBX');
    await trunkForm.getByLabel('Direction').selectOption('inbound');
    await trunkForm.getByLabel('Allowed IPs').fill('192.0.2.10, 198.51.100.0/24');
    await trunkForm.getByRole('button', { name: 'Create trunk' }).click();
    await page.locator('table.sip-trunks tr[data-trunk="Front office PBX"]').waitFor({ timeout: 30_000 });

    const endpointForm = form(page, 'Add an endpoint');
    await endpointForm.getByLabel('Trunk', { exact: true }).selectOption({ label: 'Front office PBX' });
    await endpointForm.getByLabel('SIP URI').fill('sip:pbx.example.com:5060');
    await endpointForm.getByLabel('Priority').fill('5');
    await endpointForm.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('tr[data-trunk="Front office PBX"] li[data-endpoint="sip:pbx.example.com:5060"]').waitFor({ timeout: 30_000 });

    const destinationForm = form(page, 'Create a destination');
    await destinationForm.getByLabel('Kind').selectOption('sip_address');
    await destinationForm.getByLabel('Address').fill('sip:frontdesk@acme.example.com');
    await destinationForm.getByLabel('Answered by agent').selectOption(agent.agent_id);
    await destinationForm.getByRole('button', { name: 'Create destination' }).click();
    const destinationRow = page.locator('table.destinations tr[data-destination="sip:frontdesk@acme.example.com"]');
    await destinationRow.waitFor({ timeout: 30_000 });
    expect(await destinationRow.textContent()).toContain('Front desk');
    // No trunk and no opt-in: SIP callers are refused (decision 0053), and the row says so.
    expect(await destinationRow.textContent()).toContain('nobody');
    // The typed address is cleared once stored, ready for the next.
    expect(await destinationForm.getByLabel('Address').inputValue()).toBe('');

    const assign = form(page, 'Route a destination through a trunk');
    await assign.getByLabel('Destination').selectOption({ label: 'sip:frontdesk@acme.example.com' });
    await assign.getByLabel('Through trunk').selectOption({ label: 'Front office PBX' });
    await assign.getByRole('button', { name: 'Assign destination' }).click();
    await destinationRow.locator('td', { hasText: 'Front office PBX' }).waitFor({ timeout: 30_000 });
    expect(await destinationRow.textContent()).toContain('the trunk only');
    // The operator's explicit opt-in, per destination, for SIP from anyone.
    await destinationForm.getByLabel('Kind').selectOption('sip_address');
    await destinationForm.getByLabel('Address').fill('sip:lobby@acme.example.com');
    await destinationForm.getByLabel('Take SIP calls from anyone').check();
    await destinationForm.getByRole('button', { name: 'Create destination' }).click();
    const openRow = page.locator('table.destinations tr[data-destination="sip:lobby@acme.example.com"]');
    await openRow.waitFor({ timeout: 30_000 });
    expect(await openRow.textContent()).toContain('anyone (unauthenticated)');

    const trunks = (await api('/v1/sip_trunk/list')).body.sip_trunks as Trunk[];
    const trunk = trunks.find((t) => t.name === 'Front office PBX')!;
    expect(trunk).toMatchObject({
      direction: 'inbound',
      allowed_ips: ['192.0.2.10', '198.51.100.0/24'],
      endpoints: [{ uri: 'sip:pbx.example.com:5060', priority: 5, weight: 100 }],
    });
    const destinations = (await api('/v1/destination/list')).body.destinations as Destination[];
    expect(destinations.find((d) => d.address === 'sip:frontdesk@acme.example.com')).toMatchObject({
      kind: 'sip_address',
      agent_id: agent.agent_id,
      sip_trunk_id: trunk.sip_trunk_id,
    });
    await page.screenshot({ path: `${ARTIFACTS}/telephony-2-trunk-and-destination.png`, fullPage: true });

    // A trunk made through the API is deleted from the page (asked once more in place).
    const old = await s.request.post('/v1/sip_trunk/create').set(a.headers).send({ name: 'Old trunk', direction: 'outbound' });
    expect(old.status).toBe(201);
    await page.reload();
    const oldRow = page.locator('table.sip-trunks tr[data-trunk="Old trunk"]');
    await oldRow.waitFor({ timeout: 30_000 });
    await oldRow.getByRole('button', { name: 'Delete trunk Old trunk' }).click();
    await oldRow.getByRole('button', { name: 'Yes, delete' }).click();
    await oldRow.waitFor({ state: 'detached', timeout: 30_000 });
    const left = ((await api('/v1/sip_trunk/list')).body.sip_trunks as Trunk[]).map((t) => t.name);
    expect(left).toContain('Front office PBX');
    expect(left).not.toContain('Old trunk');
    await page.context().close();
  }, 60_000);

  it('shows a refusal beside the field it names and keeps what was typed', async () => {
    const page = await signedIn(admin);
    const destinationForm = form(page, 'Create a destination');
    await destinationForm.getByLabel('Kind').selectOption('sip_address');
    await destinationForm.getByLabel('Address').fill('frontdesk at acme');
    await destinationForm.getByRole('button', { name: 'Create destination' }).click();
    const issue = destinationForm.locator('.field.invalid', { has: page.getByLabel('Address') }).locator('.issue');
    await issue.waitFor({ timeout: 30_000 });
    expect(await issue.textContent()).toContain('SIP URI');
    expect(await destinationForm.getByLabel('Address').inputValue()).toBe('frontdesk at acme');
    expect(await destinationForm.getByLabel('Answered by agent').inputValue()).toBe('');

    // A SIP trunk whose allowed IPs include one that is not an address: named beside that field, everything kept.
    const trunkForm = form(page, 'Create a SIP trunk');
    await trunkForm.getByLabel('Trunk name').fill('Branch office');
    await trunkForm.getByLabel('Allowed IPs').fill('192.0.2.20, not-an-ip');
    await trunkForm.getByRole('button', { name: 'Create trunk' }).click();
    const ipIssue = trunkForm.locator('.field.invalid', { has: page.getByLabel('Allowed IPs') }).locator('.issue');
    await ipIssue.waitFor({ timeout: 30_000 });
    expect(await ipIssue.textContent()).toContain('IP address');
    expect(await trunkForm.getByLabel('Trunk name').inputValue()).toBe('Branch office');
    expect(await trunkForm.getByLabel('Allowed IPs').inputValue()).toBe('192.0.2.20, not-an-ip');
    await page.screenshot({ path: `${ARTIFACTS}/telephony-3-refused.png`, fullPage: true });

    const destinations = (await api('/v1/destination/list')).body.destinations as Destination[];
    expect(destinations.map((d) => d.address)).not.toContain('frontdesk at acme');
    expect(((await api('/v1/sip_trunk/list')).body.sip_trunks as Trunk[]).map((t) => t.name)).not.toContain('Branch office');
    await page.context().close();
  }, 60_000);

  it('shows a viewer the lists with no control that writes, and refuses a write forged from their page', async () => {
    const numbers = (await api('/v1/phone/number/list')).body.phone_numbers as { number: string }[];
    expect(numbers.length).toBeGreaterThan(0);
    const page = await signedIn(viewer);
    await page.locator(`table.phone-numbers tr[data-number="${numbers[0].number}"]`).waitFor({ timeout: 30_000 });
    await page.locator('table.sip-trunks tr[data-trunk="Front office PBX"]').waitFor({ timeout: 30_000 });
    await page.locator('table.destinations tr[data-destination="sip:frontdesk@acme.example.com"]').waitFor({ timeout: 30_000 });
    await page.locator('table.voices tbody tr').first().waitFor({ timeout: 30_000 });
    for (const name of [
      'Search',
      'Buy',
      'Import',
      'Connect',
      'Create destination',
      'Create trunk',
      'Add endpoint',
      'Assign destination',
      'Start cloning',
      'Delete',
    ]) {
      expect([name, await page.getByRole('button', { name }).count()]).toEqual([name, 0]);
    }
    // The only form left is the voice catalogue's filter, which reads.
    expect(await page.locator('section.telephony form').evaluateAll((forms) => forms.map((f) => f.getAttribute('aria-label')))).toEqual(['Filter voices']);
    await page.screenshot({ path: `${ARTIFACTS}/telephony-4-viewer.png`, fullPage: true });

    const forged = await forgedWrite(page, a.organizationId, '/v1/sip_trunk/create', { name: 'Forged trunk', direction: 'outbound' });
    expect(forged.permissions).not.toContain('numbers:manage');
    expect([forged.status, forged.code]).toEqual([403, 'FORBIDDEN']);
    expect(((await api('/v1/sip_trunk/list')).body.sip_trunks as Trunk[]).map((t) => t.name)).not.toContain('Forged trunk');
    await page.context().close();
  }, 60_000);
});
