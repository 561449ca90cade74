import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, forgedWrite, launchChromium, signedInPage } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser } from '../support/oauth-flow.js';
import { startToolServer } from '../support/mcp-upstream.js';
import { HUBSPOT_TOKEN, startFakeHubspot, type FakeHubspot } from '../support/fake-hubspot.js';
import { eventually } from '../support/releases.js';
import { McpServer } from '../../src/modules/mcp-servers/mcp-servers.entity.js';

/**
 * The console's Tools and knowledge page in Chromium (issue 16), against the
 * real server, a real worker (the MCP tool sync is the mcpToolSync workflow)
 * and a real MCP server on loopback that requires a header: an admin adds the
 * server from the page (a refused address first: the problem beside the
 * field, nothing typed lost), syncs it and follows the sync to its tools,
 * sets their policies; imports an HTTP tool, adds knowledge and finds it with
 * the search box, connects HubSpot (a fake on loopback) and disconnects it.
 * Each result is checked through the REST API. A viewer sees the lists but no
 * control that writes, and a write forged from their page is refused.
 * Screenshots: test-artifacts/console/tools-*.png.
 */
const ARTIFACTS = 'test-artifacts/console';
const KEY = 'console-tools-4f1c-secret';

let s: TestServer;
let worker: TestWorker;
let a: TestTenant;
let admin: { email: string; password: string };
let viewer: { email: string; password: string };
let browser: Browser;
let upstream: Awaited<ReturnType<typeof startToolServer>>;
let hubspot: FakeHubspot;
let serverId: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  s = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('console-tools'), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  worker = await startTestWorker(s);
  a = await createTenant(s);
  admin = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
  // Each listing takes 1.5 s, so the sync is seen running before its result.
  upstream = await startToolServer({ header: 'Authorization', value: `Bearer ${KEY}`, listDelayMs: 1500 });
  upstream.tools.push('lookup_order', 'refund_order', 'send_sms');
  hubspot = await startFakeHubspot();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  // The periodic sync schedules would outlive the test on the shared Temporal server: remove them.
  if (s) {
    const servers = await s.orm.em.fork().find(McpServer, { organization: a.organizationId });
    await Promise.all(
      servers.map((m) =>
        s.deps
          .temporal!.client.schedule.getHandle(`mcp-sync/${m.id}`)
          .delete()
          .catch(() => undefined),
      ),
    );
  }
  await worker?.stop();
  await upstream?.close();
  await hubspot?.close();
  await s?.close();
});

const signedIn = (person: { email: string; password: string }, path: string) => signedInPage(browser, s.baseUrl, person, path);
const api = (path: string) => s.request.get(path).set(a.headers);
const policies = async () =>
  Object.fromEntries(
    ((await api(`/v1/mcp/server/retrieve/${serverId}`)).body.mcp_server.tools as { name: string; permission: string }[]).map((t) => [t.name, t.permission]),
  );
const pageWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);

describeWithBrowser('the Tools and knowledge page', () => {
  it('adds an MCP server (a refused address first), syncs it to its tools and sets their policies', async () => {
    const page = await signedIn(admin, '/dashboard/app/tools');
    const form = page.getByRole('form', { name: 'Add an MCP server' });
    await form.getByLabel('Server name').fill('Order desk');
    await form.getByLabel('Address (Streamable HTTP)').fill('not a url');
    await form.getByLabel('Headers (one per line, Name: value)').fill(`Authorization: Bearer ${KEY}`);
    await form.getByRole('button', { name: 'Add the server' }).click();
    // Refused: the server's message beside the address, everything typed still there to correct.
    await form.locator('.field.invalid .issue').waitFor({ timeout: 30_000 });
    expect(await form.locator('.field.invalid').textContent()).toContain('Address');
    expect(await form.getByLabel('Address (Streamable HTTP)').inputValue()).toBe('not a url');
    expect(await form.getByLabel('Server name').inputValue()).toBe('Order desk');
    expect(await form.getByLabel('Headers (one per line, Name: value)').inputValue()).toBe(`Authorization: Bearer ${KEY}`);
    expect((await api('/v1/mcp/server/list')).body.mcp_servers).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/tools-1-refused-server.png`, fullPage: true });

    await form.getByLabel('Address (Streamable HTTP)').fill(upstream.url);
    await form.getByRole('button', { name: 'Add the server' }).click();
    const card = page.locator('article.server', { has: page.getByRole('heading', { name: 'Order desk' }) });
    await card.waitFor({ timeout: 30_000 });
    expect(await form.getByLabel('Server name').inputValue()).toBe('');
    const [stored] = (await api('/v1/mcp/server/list')).body.mcp_servers;
    serverId = stored.id;
    expect(stored).toMatchObject({ name: 'Order desk', address: upstream.url, header_names: ['authorization'], discovery: { tool_count: 0 } });
    expect(await card.getAttribute('data-server')).toBe(serverId);
    expect(await card.locator('.last-synced').textContent()).toBe('never');

    // The sync is a workflow: the page starts it, shows it running, and re-reads the server until it is done.
    await card.getByRole('button', { name: 'Sync tools' }).click();
    await card.locator('.sync-progress code', { hasText: `mcp-sync/${serverId}` }).waitFor({ timeout: 30_000 });
    expect(await card.getByRole('button', { name: 'Sync tools' }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/tools-2-mcp-syncing.png`, fullPage: true });
    await card.locator('tr[data-tool="send_sms"]').waitFor({ timeout: 60_000 });
    expect(await card.locator('.sync-outcome').textContent()).toContain('3 tools');
    expect(await card.locator('.tool-count').textContent()).toBe('3');
    expect(await card.locator('tr[data-tool]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tool')))).toEqual([
      'lookup_order',
      'refund_order',
      'send_sms',
    ]);
    expect(upstream.listCalls).toBeGreaterThanOrEqual(1);
    expect(await policies()).toEqual({ lookup_order: 'ask', refund_order: 'ask', send_sms: 'ask' });

    // Block one tool; another to Allow and back to Ask: each change stored as the page shows it.
    await card.getByLabel('Policy of refund_order').selectOption('block');
    await eventually(policies, (p) => p.refund_order === 'block', 30_000);
    await card.getByLabel('Policy of send_sms').selectOption('allow');
    await eventually(policies, (p) => p.send_sms === 'allow', 30_000);
    await card.getByLabel('Policy of send_sms').selectOption('ask');
    await eventually(policies, (p) => p.send_sms === 'ask', 30_000);
    expect(await policies()).toEqual({ lookup_order: 'ask', refund_order: 'block', send_sms: 'ask' });
    const tools = (await api(`/v1/mcp/server/retrieve/${serverId}`)).body.mcp_server.tools as { name: string; active: boolean }[];
    expect(tools.every((t) => t.active)).toBe(true);

    // As the server keeps them: read again after a reload.
    await page.reload();
    await page.locator('tr[data-tool="refund_order"]').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Policy of refund_order').inputValue()).toBe('block');
    expect(await page.getByLabel('Policy of send_sms').inputValue()).toBe('ask');
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${ARTIFACTS}/tools-3-mcp-synced.png`, fullPage: true });
    await page.context().close();
  }, 120_000);

  it('imports an HTTP tool, adds knowledge and finds it with the search box, connects HubSpot and disconnects it', async () => {
    const page = await signedIn(admin, '/dashboard/app/tools');

    const spec = {
      openapi: '3.0.3',
      info: { title: 'Orders', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: { '/orders/{id}': { get: { operationId: 'getOrder', summary: 'Read an order', parameters: [{ name: 'id', in: 'path', required: true }] } } },
    };
    const importForm = page.getByRole('form', { name: 'Import HTTP tools' });
    await importForm.getByLabel('OpenAPI document (JSON)').fill(JSON.stringify(spec, null, 2));
    await importForm.getByLabel('Default policy').selectOption('block');
    await importForm.getByRole('button', { name: 'Import' }).click();
    await page.locator('tr[data-http-tool="getOrder"]').waitFor({ timeout: 30_000 });
    const httpTools = (await api('/v1/tool/http/list')).body.tools;
    expect(httpTools).toHaveLength(1);
    expect(httpTools[0]).toMatchObject({ name: 'getOrder', method: 'GET', url_template: 'https://api.example.com/orders/{id}', permission: 'block' });

    const knowledgeForm = page.getByRole('form', { name: 'Add knowledge' });
    await knowledgeForm.getByLabel('Resource name (optional)').fill('Clinic facts');
    await knowledgeForm
      .getByLabel('Text', { exact: true })
      .fill('The clinic opens Monday to Friday from 8 am to 6 pm.\n\nParking is free in the courtyard behind the building; ring the blue bell.');
    await knowledgeForm.getByRole('button', { name: 'Add the knowledge' }).click();
    await page.locator('tr[data-resource="Clinic facts"]').waitFor({ timeout: 30_000 });
    const resources = (await api('/v1/knowledge/resource/list')).body.resources;
    expect(resources).toMatchObject([{ name: 'Clinic facts', source_kind: 'text' }]);

    const search = page.getByRole('search', { name: 'Search the knowledge' });
    await search.getByLabel('Search the knowledge').fill('courtyard parking');
    await search.getByRole('button', { name: 'Search' }).click();
    const passage = page.locator('li[data-passage="Clinic facts"]');
    await passage.waitFor({ timeout: 30_000 });
    expect(await passage.locator('.snippet').textContent()).toContain('courtyard');
    expect(await passage.locator('.snippet mark').count()).toBeGreaterThan(0);
    await search.getByLabel('Search the knowledge').fill('helicopter');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Nothing found for “helicopter”.').waitFor({ timeout: 30_000 });
    await search.getByLabel('Search the knowledge').fill('parking');
    await search.getByRole('button', { name: 'Search' }).click();
    await passage.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${ARTIFACTS}/tools-4-knowledge-search.png`, fullPage: true });

    // Integrations: the catalogue, then HubSpot connected through the form (the fake checks the token).
    expect(await page.locator('table.catalogue tr[data-integration]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-integration')))).toEqual([
      'caldav',
      'hubspot',
      'zendesk',
    ]);
    const connect = page.getByRole('form', { name: 'Connect an integration' });
    await connect.getByLabel('Integration').selectOption('hubspot');
    await connect.getByLabel('Connection name (optional)').fill('Sales CRM');
    await connect.getByLabel('API address (optional)').fill(hubspot.baseUrl);
    await connect.getByLabel('Private app access token').fill(HUBSPOT_TOKEN);
    await connect.getByRole('button', { name: 'Connect', exact: true }).click();
    const row = page.locator('tr[data-connection="Sales CRM"]');
    await row.locator('.badge', { hasText: 'connected' }).waitFor({ timeout: 30_000 });
    const [connection] = (await api('/v1/integration/connection/get')).body.connections;
    expect(connection).toMatchObject({ name: 'Sales CRM', integration: 'hubspot', status: 'connected', credential_names: ['access_token'] });
    expect(await row.textContent()).not.toContain(HUBSPOT_TOKEN);

    await row.getByRole('button', { name: 'Disconnect Sales CRM' }).click();
    await row.getByRole('button', { name: 'Yes, disconnect' }).click();
    await row.locator('.badge', { hasText: 'disconnected' }).waitFor({ timeout: 30_000 });
    expect((await api('/v1/integration/connection/get')).body.connections[0]).toMatchObject({ status: 'disconnected', credential_names: [] });
    await page.locator('tr[data-http-tool="getOrder"]').getByRole('button', { name: 'Delete the tool getOrder' }).click();
    await page.locator('tr[data-http-tool="getOrder"]').getByRole('button', { name: 'Yes, delete' }).click();
    await page.locator('tr[data-http-tool="getOrder"]').waitFor({ state: 'detached', timeout: 30_000 });
    expect((await api('/v1/tool/http/list')).body.tools).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${ARTIFACTS}/tools-5-admin.png`, fullPage: true });
    await page.context().close();
  }, 90_000);

  it('shows a viewer the lists with no control that writes, and the server refuses a write forged from their page', async () => {
    const page = await signedIn(viewer, '/dashboard/app/tools');
    await page.locator('tr[data-tool="refund_order"]').waitFor({ timeout: 30_000 });
    await page.locator('tr[data-connection="Sales CRM"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('tr[data-tool="refund_order"] .badge').textContent()).toBe('Block');
    expect(await page.locator('table.catalogue tr[data-integration]').count()).toBe(3);
    for (const name of [
      'Add the server',
      'Sync tools',
      'Delete',
      'Import',
      'Add the knowledge',
      'Connect',
      'Reconnect',
      'Disconnect',
      'Sign in',
      'Give its tools to the agent',
    ]) {
      expect([name, await page.getByRole('button', { name }).count()]).toEqual([name, 0]);
    }
    expect(await page.locator('main select').count()).toBe(0);
    expect(await page.locator('main input[type="checkbox"]').count()).toBe(0);
    for (const form of ['Add an MCP server', 'Import HTTP tools', 'Add knowledge', 'Connect an integration']) {
      expect([form, await page.getByRole('form', { name: form }).count()]).toEqual([form, 0]);
    }
    // Searching is a read: the viewer finds the knowledge too.
    const search = page.getByRole('search', { name: 'Search the knowledge' });
    await search.getByLabel('Search the knowledge').fill('parking');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.locator('li[data-passage="Clinic facts"]').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${ARTIFACTS}/tools-6-viewer.png`, fullPage: true });

    const forged = await forgedWrite(page, a.organizationId, `/v1/mcp/server/${serverId}/tool/refund_order/activate`, { permission: 'allow' });
    expect(forged.permissions).not.toContain('tools:manage');
    expect([forged.status, forged.code]).toEqual([403, 'FORBIDDEN']);
    expect((await policies()).refund_order).toBe('block');
    await page.context().close();
  }, 60_000);

  it('deletes the knowledge (the search stops finding it) and the MCP server with its tools', async () => {
    const page = await signedIn(admin, '/dashboard/app/tools');
    const resource = page.locator('tr[data-resource="Clinic facts"]');
    await resource.getByRole('button', { name: 'Delete the resource Clinic facts' }).click();
    await resource.getByRole('button', { name: 'Cancel' }).click();
    expect((await api('/v1/knowledge/resource/list')).body.resources).toHaveLength(1);
    await resource.getByRole('button', { name: 'Delete the resource Clinic facts' }).click();
    await resource.getByRole('button', { name: 'Yes, delete' }).click();
    await resource.waitFor({ state: 'detached', timeout: 30_000 });
    expect((await api('/v1/knowledge/resource/list')).body.resources).toEqual([]);
    const search = page.getByRole('search', { name: 'Search the knowledge' });
    await search.getByLabel('Search the knowledge').fill('parking');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Nothing found for “parking”.').waitFor({ timeout: 30_000 });

    const card = page.locator(`article[data-server="${serverId}"]`);
    await card.getByRole('button', { name: 'Delete the server Order desk' }).click();
    await card.getByRole('button', { name: 'Yes, delete' }).click();
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    expect((await api('/v1/mcp/server/list')).body.mcp_servers).toEqual([]);
    expect((await api(`/v1/mcp/server/retrieve/${serverId}`)).status).toBe(404);
    await page.context().close();
  }, 60_000);
});
