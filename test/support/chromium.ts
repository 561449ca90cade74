import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, which scripts/test.sh installs with apt. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether Chromium is here: scripts/test.sh installs it where it can (no root, no apt: the browser suites skip). */
export const hasChromium = () => existsSync(CHROMIUM);

/** Chromium for a test: headless, quiet (no updates, sync or background traffic), with `extra` flags. */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extra,
    ],
  });
}

/**
 * A new browser context at 1280 px on the console's page `path` of `baseUrl`, signed in as `person`: signed out,
 * the console sends the person to sign in, and back. Page errors are written to stderr.
 */
export async function signedInPage(browser: Browser, baseUrl: string, person: { email: string; password: string }, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => process.stderr.write(`[console page error] ${error.message}\n`));
  page.on('console', (m) => m.type() === 'error' && process.stderr.write(`[console error] ${m.text()}\n`));
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector('#sign-in-form');
  await page.fill('#email', person.email);
  await page.fill('#password', person.password);
  await page.click('#sign-in');
  await page.waitForURL((url) => url.pathname === path);
  return page;
}

/**
 * A write sent from `page` as its signed-in person, with the page's own CSRF token and the organization header: what a
 * button the page does not show would send. Answers the status, the problem's code, and the person's permissions in
 * the organization as the session reports them.
 */
export function forgedWrite(
  page: Page,
  organizationId: string,
  path: string,
  body: object = {},
): Promise<{ status: number; code?: string; permissions: string[] }> {
  return page.evaluate(
    async ({ organizationId, path, body }) => {
      const session = (await (await fetch('/dashboard/api/session')).json()) as {
        csrf_token: string;
        organizations: { organization_id: string; permissions: string[] }[];
      };
      const res = await fetch(`/dashboard/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Organization-Id': organizationId, 'X-CSRF-Token': session.csrf_token },
        body: JSON.stringify(body),
      });
      const permissions = session.organizations.find((o) => o.organization_id === organizationId)?.permissions ?? [];
      return { status: res.status, code: ((await res.json()) as { code?: string }).code, permissions };
    },
    { organizationId, path, body },
  );
}
