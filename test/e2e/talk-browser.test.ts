import { it, expect, beforeAll, afterAll } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as PwBrowser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../support/chromium.js';
import { describeWithBrowser } from '../support/browser-suite.js';
import { createTestUser } from '../support/oauth-flow.js';
import { eventually } from '../support/releases.js';
import { deskAgent, GREETING, PHRASE, REPLY, recordedSession, said, useStreamHarness } from '../telephony/stream-harness.js';
import { sql } from '../../src/db/orm.js';

/**
 * A call from the browser (issue 15): the console's Talk page in Debian's
 * Chromium, with a fake microphone playing espeak-ng's recording of the
 * caller's phrase. The page streams the microphone to the media runtime over
 * a WebSocket; the agent greets, hears the phrase and answers, and the call
 * is recorded as a session with direction `web`. Screenshots go to
 * test-artifacts/dashboard/.
 */
const ARTIFACTS = 'test-artifacts/dashboard';

const h = useStreamHarness('talk-browser');
let browser: PwBrowser;
let page: Page;
let dir: string;
let user: { email: string; password: string };

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'vp-talk-'));
  // The microphone: five seconds of quiet (the greeting plays), the phrase, then quiet; Chromium loops the file.
  const phrase = join(dir, 'phrase.wav');
  const mic = join(dir, 'mic.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-w', phrase, PHRASE]);
  execFileSync('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', join(dir, 'lead.wav'), 'trim', '0', '5']);
  execFileSync('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', join(dir, 'tail.wav'), 'trim', '0', '20']);
  execFileSync('sox', [join(dir, 'lead.wav'), phrase, join(dir, 'tail.wav'), '-r', '48000', mic]);
  user = await createTestUser(h.t.orm.em.fork(), h.a.organizationId, 'member');
  browser = await launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${mic}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  page = await browser.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describeWithBrowser('Talk to this agent, from Chromium', () => {
  it('streams the microphone to the agent: it greets, hears the caller, answers; the call is a web session with the transcript', async () => {
    const agent = await deskAgent(h);
    // The old address leads to the console's Talk page, through sign-in.
    await page.goto(`${h.t.baseUrl}/dashboard/talk`);
    await page.waitForSelector('#sign-in-form');
    await page.fill('#email', user.email);
    await page.fill('#password', user.password);
    await page.click('#sign-in');
    await page.waitForSelector('#talk-agents');
    expect(new URL(page.url()).pathname).toBe('/dashboard/app/talk');
    await page.screenshot({ path: `${ARTIFACTS}/talk-list.png`, fullPage: true });

    await page.click(`button.talk[data-agent-id="${agent.agent_id}"]`);
    await page.waitForSelector('#talk-status:text("In a call")', { timeout: 20_000 });
    // The greeting's two sentences, then the reply, played by the page (it echoes each mark once played).
    await eventually(
      async () => Number(await page.getAttribute('#talk-status', 'data-sentences-heard')),
      (n) => n >= 3,
      40_000,
      200,
    );
    await page.screenshot({ path: `${ARTIFACTS}/talk-in-call.png`, fullPage: true });
    await page.click('#hang-up');
    await page.waitForSelector('#talk-status:text("You hung up")');

    const [row] = await sql<{ id: string }>(
      h.t.orm.em.fork(),
      "select id from call_session where organization_id = ? and agent_id = ? and direction = 'web' order by started_at desc limit 1",
      [h.a.organizationId, agent.agent_id],
    );
    expect(row).toBeDefined();
    const session = await recordedSession(h, { id: row.id });
    expect(session).toMatchObject({ direction: 'web', status: 'ended' });
    expect(said(session).slice(0, 3)).toEqual([
      ['agent', GREETING],
      ['customer', PHRASE.toLowerCase()],
      ['agent', REPLY],
    ]);
  }, 90_000);

  it('refuses a stream address that was tampered with, and an open request without the page’s CSRF token', async () => {
    const agent = await deskAgent(h);
    const refused = await page.evaluate(async (agentId) => {
      const res = await fetch(`/dashboard/api/talk/${agentId}/open`, { method: 'POST', headers: { 'X-CSRF-Token': 'forged' } });
      return res.status;
    }, agent.agent_id);
    expect(refused).toBe(403);
    const opened = await page.evaluate(async (agentId) => {
      const session = (await (await fetch('/dashboard/api/session')).json()) as { csrf_token: string };
      const res = await fetch(`/dashboard/api/talk/${agentId}/open`, { method: 'POST', headers: { 'X-CSRF-Token': session.csrf_token } });
      return (await res.json()) as { stream_url: string };
    }, agent.agent_id);
    expect(opened.stream_url).toMatch(/\/carriers\/web\/stream\//);
    // One character of the signature (after the token's last dot) changed.
    const at = opened.stream_url.lastIndexOf('.') + 1;
    const tampered = `${opened.stream_url.slice(0, at)}${opened.stream_url[at] === 'A' ? 'B' : 'A'}${opened.stream_url.slice(at + 1)}`;
    const outcome = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      tampered,
    );
    expect(outcome).toBe('refused');
  }, 30_000);
});
