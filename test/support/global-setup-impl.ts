import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';
import pg from 'pg';
import { Connection } from '@temporalio/client';
import { findTemporalCli } from '../../src/temporal/cli-binary.js';
import { initOrm, migrate } from '../../src/db/orm.js';
import { entities } from '../../src/entities.js';
import { TEST_DB_ADMIN_URL, TEST_DB_NAME, testDatabaseUrl } from './env.js';

/**
 * Once per `npm test`: a fresh test database on the machine's PostgreSQL,
 * migrated, and one Temporal dev server (in memory) on a free port. Workers
 * inherit TEST_DATABASE_URL and TEMPORAL_ADDRESS from this process.
 */
async function resetDatabase() {
  const admin = new pg.Client({ connectionString: TEST_DB_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `Cannot reach PostgreSQL at ${TEST_DB_ADMIN_URL} (${(error as Error).message}). ` +
        'Start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DB_ADMIN_URL.',
    );
  }
  await admin.query(`drop database if exists ${TEST_DB_NAME} with (force)`);
  await admin.query(`create database ${TEST_DB_NAME}`);
  await admin.end();
  const orm = await initOrm({ entities, url: testDatabaseUrl(), logger: () => {} });
  await migrate(orm);
  await orm.close(true);
}

async function startTemporal(): Promise<{ pid: number; address: string }> {
  const cli = await findTemporalCli((m) => process.stderr.write(`[temporal] ${m}\n`));
  const port = await freePort();
  const httpPort = await freePort();
  const metricsPort = await freePort();
  // stderr goes to a file, not a pipe: Temporal is a Go program, and a Go
  // program that writes to a pipe whose reader is gone dies of SIGPIPE, so a
  // pipe this process later lets go of (to be able to exit) would kill the
  // server at its first error line in the middle of the run.
  const logPath = join(tmpdir(), `voice-platform-temporal-${process.pid}.log`);
  const logFd = openSync(logPath, 'w');
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
      String(httpPort),
      '--metrics-port',
      String(metricsPort),
      '--log-level',
      'error',
    ],
    { stdio: ['ignore', 'ignore', logFd], detached: true },
  );
  closeSync(logFd);
  const stderr = () => (existsSync(logPath) ? readFileSync(logPath, 'utf8').slice(-4000) : '');
  child.unref();
  const address = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`temporal dev server exited: ${stderr()}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      await connection.healthService.check({});
      await connection.close();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`temporal dev server did not start on ${address}: ${stderr()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  process.env.TEST_TEMPORAL_LOG = logPath;
  return { pid: child.pid!, address };
}

export default async function globalSetup() {
  // TEST_TEMPORAL_ADDRESS: a server of one's own, left running afterwards (to record workflow histories from it:
  // scripts/record-workflow-histories.ts).
  const external = process.env.TEST_TEMPORAL_ADDRESS;
  const [, temporal] = await Promise.all([resetDatabase(), external ? Promise.resolve({ pid: 0, address: external }) : startTemporal()]);
  process.env.TEST_DATABASE_URL = testDatabaseUrl();
  process.env.TEMPORAL_ADDRESS = temporal.address;
  if (temporal.pid) process.env.TEST_TEMPORAL_PID = String(temporal.pid);
}
