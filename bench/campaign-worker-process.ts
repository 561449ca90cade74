// The worker of the campaign benchmark's memory figure, in its own process so
// its memory is its own: the real createWorker on DATABASE_URL and
// TEMPORAL_TASK_QUEUE. Prints "ready", then one JSON line of
// process.memoryUsage() every MEMORY_SAMPLE_MS (default 250 ms).
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { initOrm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createWorker } from '../src/roles/worker.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const config = loadConfig(process.env);
const orm = await initOrm({ entities, url, poolMax: 20, logger: () => {} });
const { worker, connection } = await createWorker(config, orm, pino({ level: 'warn' }));
const running = worker.run();
process.stdout.write('ready\n');
const every = Number(process.env.MEMORY_SAMPLE_MS ?? 250);
const timer = setInterval(() => {
  const m = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external })}\n`);
}, every);
process.on('SIGTERM', () => worker.shutdown());
await running;
clearInterval(timer);
await connection.close();
await orm.close(true);
process.exit(0);
