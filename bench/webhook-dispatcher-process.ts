// The webhook benchmark's dispatcher in a process of its own, as the worker role runs it in production (the
// API's producers and the receiver elsewhere): the real startWebhookDispatcher on DATABASE_URL, for the
// organizations in BENCH_ORGANIZATIONS only. Prints "ready" once it listens; SIGTERM stops it.
import pino from 'pino';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../src/config.js';
import { initOrm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { startWebhookDispatcher } from '../src/modules/triggers/webhook-dispatcher.js';
import { closeWebhookDispatchers, triggerSettingsFrom } from '../src/modules/triggers/trigger-settings.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const config = loadConfig(process.env);
const orm = await initOrm({ entities, url, poolMax: 20, logger: () => {} });
const connection = await Connection.connect({ address: config.temporal.address });
const dispatcher = startWebhookDispatcher({
  orm,
  temporal: { client: new Client({ connection, namespace: config.temporal.namespace }), taskQueue: config.temporal.taskQueue },
  settings: triggerSettingsFrom(config),
  databaseUrl: url,
  pollMs: 1000,
  logger: pino({ level: 'warn' }),
  organizations: (process.env.BENCH_ORGANIZATIONS ?? '').split(',').filter(Boolean),
});
await dispatcher.ready;
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void (async () => {
    await dispatcher.stop();
    await closeWebhookDispatchers();
    await connection.close();
    await orm.close(true);
    process.exit(0);
  })();
});
