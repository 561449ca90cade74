import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import supertest from 'supertest';
import { Connection, Client } from '@temporalio/client';
import { loadConfig } from '../../src/config.js';
import { initOrm, type Orm } from '../../src/db/orm.js';
import { entities } from '../../src/entities.js';
import { createApp } from '../../src/http/app.js';
import type { AppDeps } from '../../src/deps.js';
import { recordingStoreFrom } from '../../src/modules/calls/recording-store.js';

export interface TestApp {
  deps: AppDeps;
  orm: Orm;
  request: ReturnType<typeof supertest>;
  callback: ReturnType<ReturnType<typeof createApp>['callback']>;
  recordingsDir: string;
  close(): Promise<void>;
}

/** The real app on the test database (and the test run's Temporal server when `temporal` is set). */
export async function createTestApp(options: { temporal?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through `npm test`');
  const recordingsDir = mkdtempSync(join(tmpdir(), 'vp-recordings-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    RECORDINGS_DIR: recordingsDir,
    TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    RATE_LIMIT_PER_SECOND: '100000',
    RATE_LIMIT_BURST: '100000',
    // Every test app runs on the one test database: counting in memory keeps one file's limits from another's
    // (their clients share the loopback address). test/shape/shared-state.test.ts counts in PostgreSQL.
    RATE_LIMIT_STORE: 'memory',
    ...options.env,
  });
  const orm = await initOrm({ entities, url, poolMax: 5, logger: () => {} });
  let temporal: AppDeps['temporal'];
  if (options.temporal) {
    const connection = await Connection.connect({ address: config.temporal.address });
    temporal = { connection, client: new Client({ connection, namespace: config.temporal.namespace }) };
  }
  const deps: AppDeps = {
    config,
    orm,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    // A local folder unless `env` names another store (RECORDING_STORE=s3: test/http/s3-recordings.test.ts).
    recordings: await recordingStoreFrom(config),
    temporal,
  };
  const app = createApp(deps);
  const callback = app.callback();
  return {
    deps,
    orm,
    request: supertest(callback),
    callback,
    recordingsDir,
    async close() {
      await temporal?.connection.close();
      await orm.close(true);
      rmSync(recordingsDir, { recursive: true, force: true });
    },
  };
}
