import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { Connection } from '@temporalio/client';
import { findTemporalCli } from '../src/temporal/cli-binary.js';
import { Pool } from 'undici';
import pg from 'pg';
import { sql, type Orm } from '../src/db/orm.js';
import { Organization, Project } from '../src/modules/org/org.entity.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { seedSessions } from '../src/modules/calls/seed-sessions.js';
import type { RecordingStore } from '../src/modules/calls/recording-store.js';

/** Shared helpers for benchmarks: a database per benchmark, percentiles, and an HTTP load loop. */
export const BENCH_ADMIN_URL = process.env.BENCH_DB_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export async function ensureDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function timeIt<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Runs `fn` `n` times one after another; returns sorted latencies in ms. */
export async function sample(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await timeIt(() => fn(i))).ms);
  return out.sort((a, b) => a - b);
}

export async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}` };
}

/**
 * Closed-loop load: `connections` clients each send the next request as soon
 * as the previous answered, for `seconds`. Returns requests per second and
 * the count of non-2xx answers (which invalidate a run).
 */
export async function load(
  origin: string,
  request: (i: number) => { path: string; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string },
  options: { connections: number; seconds: number },
): Promise<{ rps: number; requests: number; errors: number; p50: number; p99: number }> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  const deadline = performance.now() + options.seconds * 1000;
  let requests = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const { path, headers, method = 'GET', body } = request(requests);
        const t0 = performance.now();
        const res = await pool.request({ method, path, headers, body });
        await res.body.text();
        latencies.push(performance.now() - t0);
        requests++;
        if (res.statusCode >= 300) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { rps: requests / elapsed, requests, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

/**
 * A bench's targets, checked where each figure is printed: `check` answers the target's text for the table
 * and remembers a miss; `report` ends the run with one line naming every missed target (or none), so a
 * regression shows in the run that brings it rather than in a reader's comparison of numbers.
 */
export class Targets {
  private readonly missed: string[] = [];

  check(name: string, value: number, op: '<' | '<=' | '>=', limit: number): string {
    const met = op === '<' ? value < limit : op === '<=' ? value <= limit : value >= limit;
    if (!met) this.missed.push(`${name}: ${fmt(value, 3)} (target ${op} ${limit})`);
    return `${op} ${limit}${met ? '' : '  MISSED'}`;
  }

  report(bench: string): void {
    console.log(`
${bench}: targets missed: ${this.missed.length ? this.missed.join('; ') : 'none'}`);
  }
}

export function table(rows: (string | number)[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ')).join('\n');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The Temporal server a workflow benchmark runs against: TEMPORAL_ADDRESS when
 * set, else a dev server of its own (in memory, output discarded) on free ports.
 */
export async function temporalServer(): Promise<{ address: string; stop: () => void }> {
  if (process.env.TEMPORAL_ADDRESS) return { address: process.env.TEMPORAL_ADDRESS, stop: () => {} };
  const cli = await findTemporalCli((m) => console.error(`[temporal] ${m}`));
  const port = await freePort();
  const child = spawn(
    cli,
    [
      'server',
      'start-dev',
      '--headless',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--http-port',
      String(await freePort()),
      '--metrics-port',
      String(await freePort()),
      '--log-level',
      'error',
    ],
    { stdio: 'ignore' },
  );
  const address = `127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      await connection.close();
      break;
    } catch {
      if (i > 240) throw new Error('the Temporal dev server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { address, stop: () => child.kill('SIGTERM') };
}

/**
 * The bench organization `slug` holding `sessions` demo sessions over the `days` days before `until` (seeded with
 * COPY the first time, reused after: a million takes a minute or two), vacuumed so plans see its statistics.
 */
export async function seededOrganization(
  orm: Orm,
  store: RecordingStore,
  o: { sessions: number; days: number; until: Date; slug: string; targets?: Targets },
): Promise<Organization> {
  const em = orm.em.fork();
  let org = await em.findOne(Organization, { slug: o.slug });
  const seeded = org ? Number((await sql(em, 'select count(*)::int as n from call_session where organization_id = ?', [org.id]))[0].n) : 0;
  if (org && seeded >= o.sessions) {
    console.log(`seed: reusing ${seeded} sessions of ${o.slug}`);
    return org;
  }
  if (org) await sql(em, 'delete from organization where id = ?', [org.id]);
  ({ organization: org } = await createOrganization(em, { name: `Bench ${o.sessions}`, slug: o.slug }));
  const project = await em.findOneOrFail(Project, { organization: org.id });
  const started = performance.now();
  let last = 0;
  await seedSessions(orm.em.fork(), store, {
    organizationId: org.id,
    projectId: project.id,
    priceList: org.priceList,
    sessions: o.sessions,
    seed: 2026,
    until: o.until,
    days: o.days,
    batchSize: 5000,
    copy: true,
    onProgress: (done) => {
      if (performance.now() - last > 10_000) {
        last = performance.now();
        process.stderr.write(`  seeded ${done}/${o.sessions} (${Math.round(done / ((last - started) / 1000))}/s)\n`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(o.sessions / seconds);
  const target = o.targets ? o.targets.check('seed (sessions/s)', rate, '>=', 10_000) : '>= 10000';
  console.log(`seed: ${o.sessions} sessions over ${o.days} days in ${fmt(seconds)} s (${rate} sessions/s, target ${target})`);
  await sql(em, 'vacuum analyze call_session');
  await sql(em, 'vacuum analyze call_leg');
  await sql(em, 'vacuum analyze call_stats_bucket');
  return org;
}
