/**
 * The console's calls page at a million sessions (issue 16's page-load budget: the first page in under 1 s).
 *
 *   npm run bench -- console            (BENCH_SESSIONS=1000000 by default; the seed is the foundation bench's)
 *
 * Serves the real app (API, dashboard sign-in, the built console) on loopback over the foundation bench's
 * database, signs a person in with Debian's Chromium, and loads /dashboard/app/calls, cold and then warm: from
 * navigation to the first page of rows drawn. The same page over an organization of a thousand sessions is
 * measured side by side, so the figure reads as a ratio as well as against the budget.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createApp } from '../src/http/app.js';
import { LocalFolderStore } from '../src/modules/calls/recording-store.js';
import { createUser } from '../src/modules/people/users.js';
import { addMember } from '../src/modules/people/members.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { launchChromium } from '../test/support/chromium.js';
import { ensureDatabase, fmt, percentile, seededOrganization } from './support.js';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const UNTIL = new Date('2026-11-01T00:00:00Z');
const LOADS = 7;
const BUDGET_MS = 1000;
const PASSWORD = 'correct horse battery staple';

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm = await initOrm({ entities, url, poolMax: 16, logger: () => {} });
  await migrate(orm);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    PUBLIC_URL: origin,
    RECORDINGS_DIR: '.data/bench-recordings',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    LOG_LEVEL: 'silent',
  });
  const store = new LocalFolderStore(config.recordings.dir);
  const big = await seededOrganization(orm, store, { sessions: SESSIONS, days: 30, until: UNTIL, slug: `bench-${SESSIONS}` });
  const small = await seededOrganization(orm, store, { sessions: 1000, days: 30, until: UNTIL, slug: 'bench-1000' });
  const app = createApp({ config, orm, logger: pino({ level: 'silent' }), recordings: store });
  server.on('request', app.callback());

  const browser = await launchChromium();
  const results: [string, number, number[]][] = [];
  try {
    for (const [label, org, count] of [
      ['1,000 sessions', small, 1000],
      [`${SESSIONS.toLocaleString('en')} sessions`, big, SESSIONS],
    ] as const) {
      // A person of the organization, signed in once; then the calls page over the seed's month, LOADS times.
      const email = `bench-${Date.now()}-${count}@example.test`;
      await createUser(orm.em.fork(), { email, name: 'Bench', password: PASSWORD });
      await addMember(orm.em.fork(), systemPrincipal(org.id), { email, role: 'viewer' });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(`localStorage.setItem('console.organization', ${JSON.stringify(org.id)})`);
      const path = `/dashboard/app/calls?from_time=2026-10-02T00:00:00.000Z&to_time=2026-10-31T23:59:59.000Z`;
      await page.goto(`${origin}${path}`);
      await page.fill('#email', email);
      await page.fill('#password', PASSWORD);
      await page.click('#sign-in');
      await page.waitForSelector('table.calls tbody tr', { timeout: 60_000 });
      const times: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        const started = performance.now();
        await page.goto(`${origin}${path}`);
        await page.waitForSelector('table.calls tbody tr', { timeout: 60_000 });
        times.push(performance.now() - started);
        if (i === 0) console.log(`  ${label}: ${await page.locator('table.calls tbody tr').count()} rows on the first page`);
      }
      results.push([label, count, times]);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    await orm.close();
  }
  console.log(`\nconsole calls page, navigation to the first page of rows drawn (${LOADS} loads each after the sign-in page loaded it once):`);
  for (const [label, , times] of results) {
    const sorted = [...times].sort((x, y) => x - y);
    console.log(`  ${label.padEnd(20)} first ${fmt(times[0], 0)} ms   p50 ${fmt(percentile(sorted, 50), 0)} ms   max ${fmt(sorted.at(-1)!, 0)} ms`);
  }
  const [small50, big50] = results.map(([, , t]) =>
    percentile(
      [...t].sort((x, y) => x - y),
      50,
    ),
  );
  const bigMax = Math.max(...results[1][2]);
  console.log(
    `  ratio ${SESSIONS.toLocaleString('en')} / 1,000 (p50): ${fmt(big50 / small50, 2)}x; budget ${BUDGET_MS} ms: ${bigMax < BUDGET_MS ? 'met' : 'MISSED'} (max ${fmt(bigMax, 0)} ms)`,
  );
}
