// A worker in its own process, for tests that kill it (SIGKILL) mid-step:
// the real createWorker (every workflow and activity) on TEST_DATABASE_URL
// and the task queue in TEMPORAL_TASK_QUEUE. Prints "ready" once polling.
// Run with: node --import tsx test/support/worker-process.ts
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { initOrm } from '../../src/db/orm.js';
import { entities } from '../../src/entities.js';
import { createWorker } from '../../src/roles/worker.js';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL is not set');
const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: url });
const orm = await initOrm({ entities, url, poolMax: 5, logger: () => {} });
const { worker, connection } = await createWorker(config, orm, pino({ level: process.env.TEST_LOG_LEVEL ?? 'warn' }));
const running = worker.run();
process.stdout.write('ready\n');
// SIGTERM shuts the worker down gracefully (the SDK's own signal handling); SIGKILL is the crash under test.
await running;
await connection.close();
await orm.close(true);
process.exit(0);
