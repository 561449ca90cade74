/**
 * Call records and analytics at scale (issue #2 at a million sessions, issue
 * #14 at ten million).
 *
 *   npm run bench -- foundation            (BENCH_SESSIONS=1000000, BENCH_DAYS=30 by default)
 *   BENCH_SESSIONS=10000000 BENCH_DAYS=365 npm run bench -- foundation
 *
 * Seeds BENCH_SESSIONS sessions over the BENCH_DAYS days before 2026-11-01
 * with COPY into a PostgreSQL database of its own (kept between runs: a
 * second run reuses the data), serves the real app on loopback, and prints
 * side by side: the seed rate, first vs deep page listing latency, retrieve
 * p50/p99, every analytics route over 30 days, the billing overview over a
 * year, and authenticated retrieve throughput against an unauthenticated
 * constant-JSON route of the same Koa app in the same process.
 */
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate, sql } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createApp } from '../src/http/app.js';
import { createApiClient, issueToken } from '../src/modules/org/api-clients.js';
import { LocalFolderStore } from '../src/modules/calls/recording-store.js';
import { encodeCursor } from '../src/modules/cursor.js';
import { listingWindow } from '../src/modules/calls/list-sessions.js';
import { ListSessionsQuery } from '../src/modules/calls/calls.schemas.js';
import { ensureDatabase, fmt, listen, load, percentile, sample, seededOrganization, table, Targets } from './support.js';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const SLUG = DAYS === 30 ? `bench-${SESSIONS}` : `bench-${SESSIONS}-${DAYS}d`;
const UNTIL = new Date('2026-11-01T00:00:00Z');
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm = await initOrm({ entities, url, poolMax: 16, logger: () => {} });
  await migrate(orm);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    RECORDINGS_DIR: '.data/bench-recordings',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    LOG_LEVEL: 'silent',
    // Unset: PostgreSQL, as production counts limits; RATE_LIMIT_STORE=memory measures the path without the shared count.
    ...(process.env.RATE_LIMIT_STORE ? { RATE_LIMIT_STORE: process.env.RATE_LIMIT_STORE } : {}),
  });
  const store = new LocalFolderStore(config.recordings.dir);
  const em = orm.em.fork();

  const targets = new Targets();
  const org = await seededOrganization(orm, store, { sessions: SESSIONS, days: DAYS, until: UNTIL, slug: SLUG, targets });
  const organizationId = org.id;
  const client = await createApiClient(em, { organizationId, name: 'bench' });
  const { access_token } = await issueToken(em, config.auth, { client_id: client.clientId, client_secret: client.clientSecret });
  const headers = { authorization: `Bearer ${access_token}`, 'x-organization-id': organizationId };

  const app = createApp({ config, orm, logger: pino({ level: 'silent' }), recordings: store });
  const constant = { status: 'ok', service: 'voice-agent-platform', items: [1, 2, 3] };
  app.use(async (ctx, next) => {
    if (ctx.path === '/bench/constant') ctx.body = constant;
    else await next();
  });
  const { server, url: origin } = await listen(app.callback());
  const get = async (path: string, h: Record<string, string> = headers) => {
    const res = await fetch(origin + path, { headers: h });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
    return JSON.parse(body);
  };

  // Listing: the first page, and a page 10,000 pages deep (its cursor built from the key of row 200,000).
  const range = 'from_time=2026-10-02+00:00:00&to_time=2026-10-31+23:59:59';
  const pageSize = 20;
  const query = ListSessionsQuery.parse({ from_time: '2026-10-02 00:00:00', to_time: '2026-10-31 23:59:59' });
  const { from, toExclusive, fingerprint } = listingWindow(query);
  const [{ n: inWindow }] = await sql<{ n: number }>(
    em,
    'select count(*)::int as n from call_session where organization_id = ? and started_at >= ? and started_at < ?',
    [organizationId, from.toISOString(), toExclusive.toISOString()],
  );
  const depth = Math.min(10_000 * pageSize, inWindow - 100);
  const [deepKey] = await sql<{ t: string; id: string }>(
    em,
    `select started_at::text as t, id from call_session where organization_id = ? and started_at >= ? and started_at < ?
      order by started_at desc, id desc offset ? limit 1`,
    [organizationId, from.toISOString(), toExclusive.toISOString(), depth - 1],
  );
  const deepCursor = encodeURIComponent(encodeCursor(deepKey, fingerprint));
  await get(`/v1/call_session/get?${range}&page_size=${pageSize}`); // warm
  const firstPage = await sample(200, () => get(`/v1/call_session/get?${range}&page_size=${pageSize}`));
  const deepPage = await sample(200, () => get(`/v1/call_session/get?${range}&page_size=${pageSize}&cursor=${deepCursor}`));

  // Retrieve latency over random sessions.
  const ids = (await sql<{ id: string }>(em, 'select id from call_session where organization_id = ? order by random() limit 2000', [organizationId])).map(
    (r) => r.id,
  );
  const retrieve = await sample(ids.length, (i) => get(`/v1/call_session/retrieve/${ids[i]}`));

  // Analytics over the 30 days.
  const window = 'from_time=2026-10-02+00:00:00&to_time=2026-11-01+00:00:00';
  const analytics: [string, number[]][] = [];
  for (const route of ['overview', 'time_series', 'breakdown?group_by=agent', 'heatmap', 'agent_stats']) {
    const path = `/v1/call_session/analytics/${route}${route.includes('?') ? '&' : '?'}${window}`;
    await get(path);
    analytics.push([route, await sample(20, () => get(path))]);
  }
  const tz = `/v1/call_session/analytics/heatmap?${window}&time_zone=America/New_York`;
  analytics.push(['heatmap (America/New_York)', await sample(20, () => get(tz))]);
  for (const zone of ['America/New_York', 'Asia/Kolkata']) {
    const series = `/v1/call_session/analytics/time_series?${window}&interval=day&time_zone=${zone}`;
    await get(series);
    analytics.push([`time_series by day (${zone})`, await sample(20, () => get(series))]);
  }
  // Billing: a year of months, to date (the seed's last day).
  const billing: [string, number[]][] = [];
  for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
    const path = `/v1/billing/overview?as_of=2026-10-31+23:59:59&months=12&time_zone=${zone}`;
    await get(path);
    billing.push([zone, await sample(20, () => get(path))]);
  }

  // Throughput, side by side in this process.
  const connections = 32;
  const constantLoad = await load(origin, () => ({ path: '/bench/constant' }), { connections, seconds: LOAD_SECONDS });
  const retrieveLoad = await load(origin, (i) => ({ path: `/v1/call_session/retrieve/${ids[i % ids.length]}`, headers }), {
    connections,
    seconds: LOAD_SECONDS,
  });

  const p = (xs: number[], q: number) => fmt(percentile(xs, q), 2);
  const p99Under = (name: string, xs: number[], limit: number) => targets.check(`${name} p99 (ms)`, percentile(xs, 99), '<', limit);
  const deepRatio = percentile(deepPage, 50) / percentile(firstPage, 50);
  console.log(`\nfoundation benchmark: ${SESSIONS} sessions over ${DAYS} days, PostgreSQL, app on loopback (ms)\n`);
  console.log(
    table([
      ['measure', 'p50', 'p95', 'p99', 'target'],
      [`list first page (${pageSize})`, p(firstPage, 50), p(firstPage, 95), p(firstPage, 99), ''],
      [`list page ${depth / pageSize} (row ${depth})`, p(deepPage, 50), p(deepPage, 95), p(deepPage, 99), ''],
      ['  deep / first (p50)', fmt(deepRatio, 2), '', '', targets.check('deep / first page (p50)', deepRatio, '<=', 1.5)],
      ['retrieve session', p(retrieve, 50), p(retrieve, 95), p(retrieve, 99), p99Under('retrieve', retrieve, 10)],
      ...analytics.map(([name, xs]) => [`analytics ${name}, 30 days`, p(xs, 50), p(xs, 95), p(xs, 99), p99Under(`analytics ${name}`, xs, 100)]),
      ...billing.map(([zone, xs]) => [`billing overview, 12 months (${zone})`, p(xs, 50), p(xs, 95), p(xs, 99), p99Under(`billing ${zone}`, xs, 100)]),
    ]),
  );
  const ratio = retrieveLoad.rps / constantLoad.rps;
  console.log(`\nthroughput, ${connections} connections, ${LOAD_SECONDS} s each, same process:\n`);
  console.log(
    table([
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'],
      ['GET /bench/constant (no auth, constant JSON)', fmt(constantLoad.rps, 0), fmt(constantLoad.p50, 2), fmt(constantLoad.p99, 2), constantLoad.errors],
      ['GET /v1/call_session/retrieve/{id} (auth)', fmt(retrieveLoad.rps, 0), fmt(retrieveLoad.p50, 2), fmt(retrieveLoad.p99, 2), retrieveLoad.errors],
      ['  ratio retrieve / constant', fmt(ratio, 3), '', '', targets.check('retrieve / constant (req/s)', ratio, '>=', 0.5)],
    ]),
  );
  targets.report('foundation');
  server.close();
  await orm.close(true);
}
