import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser as PwBrowser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { authorizeUrl, createTestUser, pkcePair, registerClient, tokenRequest } from '../support/oauth-flow.js';
import { createProject } from '../../src/modules/org/create-project.js';
import { systemPrincipal } from '../../src/modules/org/permissions.js';

/**
 * The dashboard in a real browser (Debian's Chromium driven by Playwright):
 * sign in, consent with a chosen project, see the app on the console's
 * Connected apps page, disconnect it. Screenshots go to test-artifacts/dashboard/.
 */
const ARTIFACTS = 'test-artifacts/dashboard';

let s: TestServer;
let tenant: TestTenant;
let user: { email: string; password: string };
let browser: PwBrowser;
let page: Page;
let callback: { server: Server; url: string; codes: string[] };
let chosenProject: { project_id: string; name: string };

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  s = await startTestServer();
  tenant = await createTenant(s);
  user = await createTestUser(s.orm.em.fork(), tenant.organizationId, 'admin');
  chosenProject = await createProject(s.orm.em.fork(), systemPrincipal(tenant.organizationId), { name: 'Support line' });
  // The assistant's loopback callback: a real server, so the final redirect lands somewhere.
  const codes: string[] = [];
  const server = createServer((req, res) => {
    const code = new URL(req.url!, 'http://127.0.0.1').searchParams.get('code');
    if (code) codes.push(code);
    res.setHeader('content-type', 'text/html');
    res.end('<p id="done">You can close this window.</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  callback = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, codes };
  browser = await launchChromium();
  page = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  callback?.server.close();
  await s?.close();
});

describeWithBrowser('the dashboard in Chromium', () => {
  it('signs in, consents with a chosen project, lists the app and disconnects it', async () => {
    const client = await registerClient(s.baseUrl, { client_name: 'Browser assistant', redirect_uris: [callback.url] });
    const { verifier, challenge } = pkcePair();
    await page.goto(
      authorizeUrl(s.baseUrl, {
        client_id: client.client_id,
        redirect_uri: callback.url,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'xyz',
        resource: `${s.baseUrl}/platform/mcp`,
      }),
    );
    await page.fill('#email', user.email);
    await page.fill('#password', 'wrong password');
    await page.click('#sign-in');
    expect(await page.locator('#sign-in-error').isVisible()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/1-sign-in-refused.png` });
    await page.fill('#email', user.email);
    await page.fill('#password', user.password);
    await page.click('#sign-in');

    await page.waitForSelector('#consent-form');
    expect(await page.textContent('#client-name')).toBe('Browser assistant');
    await page.selectOption('#workspace', `${tenant.organizationId}/${chosenProject.project_id}`);
    await page.screenshot({ path: `${ARTIFACTS}/2-consent.png` });
    await page.click('#approve');
    await page.waitForURL(/\/callback\?/);
    expect(await page.textContent('#done')).toContain('close this window');
    expect(callback.codes).toHaveLength(1);
    const tokens = await tokenRequest(s.baseUrl, {
      grant_type: 'authorization_code',
      code: callback.codes[0],
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: callback.url,
    });
    expect(tokens.status).toBe(200);
    const claims = JSON.parse(Buffer.from(String(tokens.body.access_token).split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ org_id: tenant.organizationId, project_id: chosenProject.project_id });

    // The old address leads to the console's page.
    await page.goto(`${s.baseUrl}/dashboard/connected-apps`);
    await page.waitForURL(/\/dashboard\/app\/connected-apps$/);
    await page.waitForSelector('#connected-apps');
    const row = page.locator('#connected-apps tbody tr');
    expect(await row.count()).toBe(1);
    const text = await row.textContent();
    expect(text).toContain('Browser assistant');
    expect(text).toContain('Support line');
    await page.screenshot({ path: `${ARTIFACTS}/3-connected-apps.png` });
    await row.getByRole('button', { name: 'Disconnect Browser assistant' }).click();
    await row.getByRole('button', { name: 'Yes, disconnect' }).click();
    await page.waitForSelector('#no-connections');
    expect(await page.textContent('#notice')).toContain('disconnected');
    await page.screenshot({ path: `${ARTIFACTS}/4-disconnected.png` });

    const mcp = await fetch(`${s.baseUrl}/platform/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.body.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(401);
  }, 60_000);

  it('cannot be framed', async () => {
    const res = await page.goto(`${s.baseUrl}/dashboard/sign-in`);
    expect(res!.headers()['x-frame-options']).toBe('DENY');
    expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
