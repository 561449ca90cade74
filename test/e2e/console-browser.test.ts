import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium, signedInPage } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createTestUser } from '../support/oauth-flow.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { openLiveSession } from '../../src/modules/calls/live-sessions.js';
import { synthesizeWav } from '../../src/modules/calls/wav.js';
import { newId } from '../../src/modules/ids.js';

/**
 * The operator's console (issue 16) in Debian's Chromium: a person signs in,
 * filters the calls, opens one (transcript, tool call with its request and
 * response, the recording playing from its signed link, the cost), reads
 * the analytics (tiles, a chart with non-empty series, the heatmap, the
 * conversation quality per agent and version), and a
 * refused filter shows the server's problem beside the field without losing
 * what was typed. A viewer sees no write control, and a write forged from
 * their page is refused by the server. Screenshots: test-artifacts/console/.
 */
const ARTIFACTS = 'test-artifacts/console';

let s: TestServer;
let a: TestTenant;
let admin: { email: string; password: string };
let viewer: { email: string; password: string };
let browser: Browser;
let recorded: string;
let live: string;
const HOUR = 3600_000;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  s = await startTestServer();
  a = await createTenant(s);
  admin = await createTestUser(s.orm.em.fork(), a.organizationId, 'admin');
  viewer = await createTestUser(s.orm.em.fork(), a.organizationId, 'viewer');
  const wav = synthesizeWav({ seconds: 2, tones: [440] });
  await s.deps.recordings.put('tests/console.wav', wav);
  const now = Date.now();
  // One transferred call with a recording, then 40 others over the last five days, ending in several ways.
  [recorded] = await insertSessions(s.orm.em.fork(), [
    sessionInput(a, {
      startedAt: new Date(now - 2 * HOUR),
      endReason: 'transferred',
      recording: { storageKey: 'tests/console.wav', durationSeconds: 2, sizeBytes: wav.length },
      // Its last reply was measured, as a live call's replies are.
      legs: sessionInput(a).legs.map((leg) => ({
        ...leg,
        turns: leg.turns.map((turn, i) =>
          i === 3
            ? { ...turn, latency: { endOfTurnMs: 500, sttMs: 40, engineMs: 15, ttsFirstAudioMs: 90, replyMs: 645 } }
            : // The caller cut in on the greeting: its audio stopped 48 ms into their speech.
              i === 0
              ? { ...turn, interruption: { stopMs: 48 } }
              : turn,
        ),
      })),
    }),
  ]);
  const reasons = ['agent_hangup', 'customer_hangup', 'no_answer', 'voicemail'] as const;
  await insertSessions(
    s.orm.em.fork(),
    Array.from({ length: 40 }, (_, i) =>
      sessionInput(a, {
        startedAt: new Date(now - 3 * HOUR - i * 3 * HOUR),
        endReason: reasons[i % reasons.length],
        agentName: i % 2 ? 'Front Desk' : 'Billing Line',
        agentId: i % 2 ? 'agt_01JTEST0000000000000000000' : 'agt_01JTEST0000000000000000001',
        caller: { name: null, address: `+1415555${String(1000 + i)}` },
      }),
    ),
  );
  // A call in progress: the one a Hang up control would end.
  live = newId('session');
  await openLiveSession(s.orm.em.fork(), {
    id: live,
    organizationId: a.organizationId,
    projectId: a.projectId,
    agentId: 'agt_01JTEST0000000000000000000',
    agentName: 'Front Desk',
    agentVersionId: newId('agentVersion'),
    direction: 'inbound',
    caller: { address: '+14155550777' },
    phoneNumber: '+14155550100',
    startedAt: new Date(now - 60_000),
    mediaNode: 'media/console-test',
  });
  browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

const signedIn = (person: { email: string; password: string }, path: string) => signedInPage(browser, s.baseUrl, person, path);

/** Waits until the calls table shows `n` rows (a new page of results replaced the old one). */
async function rowsToBe(page: Page, n: number): Promise<void> {
  const rows = page.locator('table.calls tbody tr');
  for (const deadline = Date.now() + 10_000; (await rows.count()) !== n; await page.waitForTimeout(100)) {
    if (Date.now() > deadline) throw new Error(`the calls table shows ${await rows.count()} rows, not ${n}`);
  }
}

/** What the tests read of an <audio> element and a <canvas> (the test's TypeScript has no DOM library). */
interface MediaElement {
  readyState: number;
  duration: number;
  error: { code: number } | null;
  addEventListener(type: string, listener: () => void): void;
}
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

describeWithBrowser('the operator console in Chromium', () => {
  it('lists the calls, filters them by end reason, and pages by the keyset cursor', async () => {
    const page = await signedIn(admin, '/dashboard/app/calls');
    await page.waitForSelector('table.calls tbody tr');
    const rows = page.locator('table.calls tbody tr');
    expect(await rows.count()).toBe(42);
    await page.screenshot({ path: `${ARTIFACTS}/1-calls.png`, fullPage: true });

    await page.getByLabel('End reason').selectOption('transferred');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/end_reason=transferred/);
    await rowsToBe(page, 1);
    expect(await page.locator('table.calls tbody tr').first().textContent()).toContain('transferred');

    // The filter is in the address: linkable, and Back restores the whole list.
    await page.goBack();
    await rowsToBe(page, 42);

    // 25 a page: the second page holds the other 17, none repeated, and Newer comes back to the first exactly.
    await page.getByLabel('End reason').selectOption('');
    await page.getByLabel('Rows per page').selectOption('25');
    await page.getByRole('button', { name: 'Apply' }).click();
    await rowsToBe(page, 25);
    const firstPage = await page.locator('table.calls tbody tr a').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    await page.getByRole('button', { name: 'Older →' }).click();
    await rowsToBe(page, 17);
    const secondPage = await page.locator('table.calls tbody tr a').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(new Set([...firstPage, ...secondPage]).size).toBe(42);
    expect(await page.getByRole('button', { name: 'Older →' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Newer' }).click();
    await rowsToBe(page, 25);
    expect(await page.locator('table.calls tbody tr a').evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual(firstPage);
    await page.context().close();
  }, 60_000);

  it('opens a call: transcript, a tool call with its request and response, the recording playing, the cost', async () => {
    const page = await signedIn(admin, '/dashboard/app/calls');
    await page.locator(`a[href="/dashboard/app/calls/${recorded}"]`).click();
    await page.waitForSelector('ol.transcript li');
    const transcript = await page.locator('ol.transcript').first().textContent();
    expect(transcript).toContain('I need an appointment.');
    expect(transcript).toContain('Tuesday at 10:00 is free.');
    // The measured reply shows how long the caller waited, its parts on hover; the greeting, never measured, shows none.
    const latency = page.locator('ol.transcript .latency');
    expect(await latency.count()).toBe(1);
    expect(await latency.textContent()).toContain('reply 645 ms');
    expect(await latency.getAttribute('title')).toBe('end of turn 500 ms · speech recognition 40 ms · model and tools 15 ms · first audio 90 ms');
    // The line the caller cut in on says so, and how fast the agent stopped.
    const cut = page.locator('ol.transcript .interruption');
    expect(await cut.count()).toBe(1);
    expect(await cut.textContent()).toContain('the caller cut in · stopped in 48 ms');

    await page.locator('details.tool-call summary').first().click();
    await page.waitForSelector('.tool-detail pre');
    const tool = await page.locator('.tool-detail').first().textContent();
    expect(tool).toContain('"day": "Tuesday"');
    expect(tool).toContain('"10:00"');

    // The recording loads through its signed link and plays.
    const audio = page.locator('audio');
    await audio.waitFor();
    const duration = await audio.evaluate(
      (element) =>
        new Promise<number>((resolve, reject) => {
          const el = element as unknown as MediaElement;
          if (el.readyState >= 1) return resolve(el.duration);
          el.addEventListener('loadedmetadata', () => resolve(el.duration));
          el.addEventListener('error', () => reject(new Error(`audio error ${el.error?.code}`)));
        }),
    );
    expect(duration).toBeGreaterThan(1.9);
    expect(duration).toBeLessThan(2.1);
    expect(await page.locator('table.cost tfoot').textContent()).toMatch(/Total \(USD\)\$\d+\.\d+/);
    await page.screenshot({ path: `${ARTIFACTS}/2-call.png`, fullPage: true });
    await page.context().close();
  }, 60_000);

  it('draws the analytics: tiles, a time series with non-empty series, the breakdown, the heatmap and the conversation quality', async () => {
    const page = await signedIn(admin, '/dashboard/app/analytics');
    await page.waitForSelector('.chart canvas');
    const chart = await page.locator('.chart').getAttribute('aria-label');
    const sessions = Number(/Sessions (\d+) in all/.exec(chart ?? '')?.[1]);
    // The 41 finished calls of the last week (the one in progress is not counted until it ends).
    expect(sessions).toBe(41);
    // uPlot drew the line: the canvas is not blank.
    const inked = await page.locator('.chart canvas').evaluate((element) => {
      const canvas = element as unknown as Canvas;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      return n;
    });
    expect(inked).toBeGreaterThan(500);
    expect(await page.locator('.tile').first().textContent()).toContain('41');
    expect(await page.locator('#by-agent ~ table tbody tr').count()).toBe(2);
    expect(await page.locator('table.heatmap tbody tr').count()).toBe(7);
    // Conversation quality per agent and version: Front Desk's calls (no version recorded) include the one
    // whose reply was measured at 645 ms and whose greeting the caller cut in on, stopping 48 ms in.
    await page.waitForSelector('table.turn-stats tbody tr');
    const quality = page.locator('table.turn-stats tbody tr').filter({ hasText: 'Front Desk' }).filter({ hasText: '645 / 645' });
    expect(await quality.count()).toBe(1);
    const cells = (await quality.locator('th, td').allTextContents()).map((c) => c.trim());
    expect(cells).toEqual(['Front Desk', '—', '21', '21', '0 (0.0%)', '0', '645 / 645', '500', '1', '48 / 48', '0']);
    await page.screenshot({ path: `${ARTIFACTS}/3-analytics.png`, fullPage: true });
    await page.context().close();
  }, 60_000);

  it('shows a refusal beside the field it names and keeps what was typed', async () => {
    const page = await signedIn(admin, '/dashboard/app/analytics');
    await page.waitForSelector('.chart canvas');
    // A range that ends before it starts: the API refuses it, naming from_time or to_time.
    await page.getByLabel('From', { exact: true }).fill('2026-11-20T10:00');
    await page.getByLabel('To', { exact: true }).fill('2026-11-10T10:00');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForSelector('.problem');
    expect(await page.locator('.field.invalid .issue').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2026-11-20T10:00');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2026-11-10T10:00');
    await page.screenshot({ path: `${ARTIFACTS}/4-refused.png`, fullPage: true });
    await page.context().close();
  }, 60_000);

  it('gives a viewer no write control, and the server refuses a write forged from their page', async () => {
    const adminPage = await signedIn(admin, `/dashboard/app/calls/${live}`);
    await adminPage.waitForSelector('dl.facts');
    expect(await adminPage.getByRole('button', { name: 'Hang up' }).count()).toBe(1);
    await adminPage.context().close();

    const page = await signedIn(viewer, `/dashboard/app/calls/${live}`);
    await page.waitForSelector('dl.facts');
    expect(await page.textContent('dl.facts')).toContain('in progress');
    expect(await page.getByRole('button', { name: 'Hang up' }).count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}/5-viewer-call.png`, fullPage: true });

    const forged = await page.evaluate(
      async ({ org, id }) => {
        const session = (await (await fetch('/dashboard/api/session')).json()) as { csrf_token: string; organizations: { permissions: string[] }[] };
        const post = (headers: Record<string, string>) =>
          fetch(`/dashboard/api/v1/call_session/${id}/hangup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: '{}',
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string; detail?: string } }));
        return {
          permissions: session.organizations[0].permissions,
          withToken: await post({ 'X-Organization-Id': org, 'X-CSRF-Token': session.csrf_token }),
          withoutToken: await post({ 'X-Organization-Id': org }),
        };
      },
      { org: a.organizationId, id: live },
    );
    expect(forged.permissions).not.toContain('outbound:call');
    expect(forged.withToken.status).toBe(403);
    expect(forged.withToken.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(forged.withoutToken.status).toBe(403);
    expect(forged.withoutToken.body.detail).toMatch(/CSRF/);
    await page.context().close();
  }, 60_000);

  it('is not served to anyone signed out, and its API answers 401 without the session', async () => {
    const res = await fetch(`${s.baseUrl}/dashboard/app/calls`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/sign-in?return_to=%2Fdashboard%2Fapp%2Fcalls');
    const api = await fetch(`${s.baseUrl}/dashboard/api/v1/call_session/get`, { headers: { 'X-Organization-Id': a.organizationId } });
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toContain('application/problem+json');
  });

  it('runs the organization: a refused invitation keeps what was typed, an invitation, a role changed, each in the audit log', async () => {
    const page = await signedIn(admin, '/dashboard/app/organization');
    await page.waitForSelector(`tr[data-member="${viewer.email}"]`);
    // An address the server refuses: its message beside the field, the text still there to correct.
    await page.getByLabel('Email').fill('not an address');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.waitForSelector('.field.invalid .issue');
    expect(await page.getByLabel('Email').inputValue()).toBe('not an address');
    await page.getByLabel('Email').fill('new.colleague@example.test');
    await page.locator('form[aria-label="Invite a person"] select').selectOption('member');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.locator('tr[data-invitation="new.colleague@example.test"]', { hasText: 'pending' }).waitFor();

    await page.getByLabel(`Role of ${viewer.email}`).selectOption('member');
    await page.locator('table.audit code', { hasText: 'member.update_role' }).waitFor();
    const members = await s.request.get('/v1/organization/member/list').set(a.headers);
    expect(members.body.members.find((m: { email: string }) => m.email === viewer.email).role).toBe('member');
    const audit = await page.locator('table.audit tbody').textContent();
    expect(audit).toContain('invitation.create');
    expect(audit).toContain('dashboard');
    // Usable at 1280 px: nothing wider than the window (the header wraps rather than overflows).
    const width = await page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${ARTIFACTS}/9-organization.png`, fullPage: true });
    await page.context().close();
  }, 60_000);
});
