import type { Server } from 'node:http';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { connectTemporal as connectTemporalLink, keepConnecting } from './temporal/connect.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { initOrm, migrate, type Orm } from './db/orm.js';
import { entities } from './entities.js';
import { createApp } from './http/app.js';
import { createDrainableServer } from './http/drainable-server.js';
import { listenForClientChanges } from './modules/org/client-changes.js';
import { clearClientCache } from './modules/org/api-clients.js';
import type { AppDeps } from './deps.js';
import { recordingStoreFrom } from './modules/calls/recording-store.js';
import { createWorker } from './roles/worker.js';
import { stopWorker } from './temporal/worker-runtime.js';
import { startWebhookDispatcher } from './modules/triggers/webhook-dispatcher.js';
import { triggerSettingsFrom } from './modules/triggers/trigger-settings.js';
import { startEmbeddedDb, type EmbeddedDb } from './dev/embedded-db.js';
import { startEmbeddedTemporal, type EmbeddedTemporal } from './dev/embedded-temporal.js';
import { ensureDemoOrganization } from './dev/bootstrap.js';
import { ensureDemoLine } from './dev/demo-line.js';
import { applyDevSecrets } from './dev/dev-secrets.js';
import { devStatePath } from './main-paths.js';
import { oauthBaseUrl } from './oauth/urls.js';
import { startMediaRuntime } from './roles/media-process.js';
import { temporalConfirmations } from './modules/engine/temporal-confirmations.js';

/**
 * Entry points. `dev`: everything in one process with embedded defaults
 * (PGlite, a Temporal dev server, the API and the worker). `serve` and
 * `worker`: the two production roles, configured by the environment.
 */
type Stopper = () => Promise<void>;
const stoppers: Stopper[] = [];
const say = (line = '') => process.stdout.write(`${line}\n`);

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function openDatabase(config: Config, log: (m: string) => void): Promise<{ url: string; embedded?: EmbeddedDb }> {
  if (config.db.url) return { url: config.db.url };
  const embedded = await startEmbeddedDb(config.db.dataDir, Number(process.env.DEV_DB_PORT ?? 54329));
  log(`Embedded PostgreSQL (PGlite) at ${embedded.url}, data in ${resolve(config.db.dataDir, 'pglite')}`);
  return { url: embedded.url, embedded };
}

async function listen(app: ReturnType<typeof createApp>, config: Config, lifecycle?: AppDeps['lifecycle']): Promise<Server> {
  const http = createDrainableServer(app.callback());
  const { server } = http;
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.http.port, config.http.host, () => resolveListen());
  });
  stoppers.push(async () => {
    if (lifecycle) lifecycle.draining = true;
    await http.drain(config.http.drainTimeoutMs);
  });
  return server;
}

async function connectTemporal(config: Config, options: { fastFail?: boolean } = {}) {
  const link = await connectTemporalLink({ address: config.temporal.address, namespace: config.temporal.namespace, ...options });
  stoppers.push(() => link.connection.close());
  return link;
}

async function dev() {
  // Random secrets of this data folder, made on the first start (src/dev/dev-secrets.ts), never public defaults.
  applyDevSecrets(process.env, process.env.NODE_ENV ?? 'development');
  const config = loadConfig({ NODE_ENV: 'development', ...process.env });
  const logger = createLogger(config);
  const log = (m: string) => say(`[dev] ${m}`);
  mkdirSync(config.db.dataDir, { recursive: true });
  const statePath = devStatePath(config.db.dataDir);
  if (existsSync(statePath)) {
    const previous = JSON.parse(readFileSync(statePath, 'utf8')) as { pid: number };
    if (processAlive(previous.pid) && previous.pid !== process.pid) {
      throw new Error(`npm run dev is already running (pid ${previous.pid}). Stop it first (Ctrl-C in its terminal).`);
    }
  }

  const [db, temporalServer] = await Promise.all([
    openDatabase(config, log),
    process.env.TEMPORAL_ADDRESS
      ? Promise.resolve<EmbeddedTemporal>({ address: config.temporal.address, uiUrl: undefined, stop: async () => {} })
      : startEmbeddedTemporal({ dataDir: config.db.dataDir, address: config.temporal.address, uiPort: Number(process.env.TEMPORAL_UI_PORT ?? 8233), log }),
  ]);
  if (db.embedded) stoppers.push(() => db.embedded!.stop());
  stoppers.push(() => temporalServer.stop());
  writeFileSync(statePath, JSON.stringify({ pid: process.pid, databaseUrl: db.url, temporalAddress: temporalServer.address }, null, 2));
  stoppers.push(async () => rmSync(statePath, { force: true }));

  const orm = await initOrm({ entities, url: db.url, poolMax: config.db.poolMax, logger: () => {} });
  stoppers.push(() => orm.close(true));
  const applied = await migrate(orm);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  const recordings = await recordingStoreFrom(config);
  // Shown as soon as they exist: if anything later in this start fails, they have been printed all the same.
  const demo = await ensureDemoOrganization(orm, recordings, log, (c) => {
    say('');
    say('[dev] Demo credentials, shown once (keep them):');
    say(`  client_id       ${c.clientId}`);
    say(`  client_secret   ${c.clientSecret}`);
    say(`  dashboard user  ${c.email} / ${c.password}`);
    say('');
  });
  const demoLine = await ensureDemoLine(orm, demo.organizationId, demo.projectId);

  const temporal = await connectTemporal(config);
  const app = createApp({ config, orm, logger, recordings, temporal });
  const server = await listen(app, config);
  const { worker, connection } = await createWorker(config, orm, logger);
  const running = worker.run();
  stoppers.push(async () => {
    stopWorker(worker);
    await running;
    await connection.close();
  });
  // Delivers the webhooks of the trigger runs written anywhere (the outbox).
  const dispatcher = webhookDispatcher(config, db.url, orm, temporal.client, logger);
  stoppers.push(() => dispatcher.stop());
  const media = await startMediaRuntime({
    config,
    orm,
    logger,
    recordings,
    confirmations: temporalConfirmations(temporal.client, config.temporal.taskQueue),
    temporal,
  });
  stoppers.push(() => media.stop());
  // Carriers' media streams (Twilio <Connect><Stream>) come to PUBLIC_URL like their webhooks: one port in dev.
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    if (!media.handleUpgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  // The same address the OAuth issuer and the MCP audience are built from (src/oauth/urls.ts).
  const base = oauthBaseUrl(config);
  say('');
  say('Voice-agent platform is running (Ctrl-C stops everything).');
  say(`  Console         ${base}/dashboard/app   (calls, analytics, agents, campaigns, telephony, tools, webhooks)`);
  say(`  REST API        ${base}/v1`);
  say(`  API reference   ${base}/docs   (OpenAPI: ${base}/v1/openapi.json)`);
  say(`  MCP endpoint    ${base}/platform/mcp   (OAuth sign-in)`);
  say(`  Talk to an agent ${base}/dashboard/app/talk   (your microphone calls the demo agent from the browser)`);
  say(`  Health          ${base}/healthz   ${base}/readyz`);
  say(`  SIP (UDP)       sip:<number>@${media.sip.host}:${media.sip.port}   (RTP ports ${config.media.rtpPortMin}-${config.media.rtpPortMax})`);
  say(
    `  Demo agent line ${demoLine.number}: sipp -sf docs/sipp/call-demo.xml -s ${demoLine.number.slice(1)} -m 1 -i 127.0.0.1 -p 5070 -mp 6000 ${media.sip.host}:${media.sip.port}`,
  );
  say(`  Temporal        ${temporalServer.address}${temporalServer.uiUrl ? `   UI: ${temporalServer.uiUrl}` : ''}`);
  say(`  Database        ${db.embedded ? `${db.url} (embedded PGlite)` : 'DATABASE_URL'}`);
  say('');
  say(`  organization_id ${demo.organizationId}`);
  if (demo.credentials) {
    say(`  client_id       ${demo.credentials.clientId}`);
    say(`  client_secret   ${demo.credentials.clientSecret}`);
    say(`  dashboard user  ${demo.credentials.email} / ${demo.credentials.password}   (sign in at ${base}/dashboard/sign-in)`);
    say("  (secrets are shown once; the console's Organization page, `npm run cli -- client create` and `npm run cli -- user create` make more)");
  } else {
    say('  API client: created on the first start (its secret was shown then). New one:');
    say(`    npm run cli -- client create --org ${demo.organizationId}`);
  }
  say('');
  say('Try:');
  say(`  TOKEN=$(curl -s -X POST ${base}/v1/auth/token -H 'Content-Type: application/json' \\`);
  say(`    -d '{"client_id":"<client_id>","client_secret":"<client_secret>"}' | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`);
  say(`  curl -s "${base}/v1/call_session/get?page_size=2" -H "Authorization: Bearer $TOKEN" -H "X-Organization-Id: ${demo.organizationId}"`);
  say('');
  await running.catch((error: unknown) => {
    logger.error({ err: error }, 'worker stopped');
    throw error;
  });
}

async function serve() {
  applyDevSecrets(process.env); // outside production only; production refuses to start without its own
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  if (!config.db.url) throw new ConfigError(['DATABASE_URL: required by `serve` (use `npm run dev` for the embedded database)']);
  const orm: Orm = await initOrm({ entities, url: config.db.url, poolMax: config.db.poolMax });
  stoppers.push(() => orm.close(true));
  if (process.env.MIGRATE_ON_START !== 'false') await migrate(orm);
  const deps: AppDeps = { config, orm, logger, recordings: await recordingStoreFrom(config) };
  try {
    // Fast-failing calls: with Temporal down a request answers 503 within about a second.
    deps.temporal = await connectTemporal(config, { fastFail: true });
  } catch (error) {
    // Serve anyway: reads work without Temporal, /readyz reports it, and the process keeps trying to connect.
    logger.warn({ err: error }, 'Temporal is not reachable; /readyz will report it until it is');
    const stop = keepConnecting(
      { address: config.temporal.address, namespace: config.temporal.namespace, fastFail: true },
      (link) => {
        deps.temporal = link;
        stoppers.push(() => link.connection.close());
      },
      logger,
    );
    stoppers.push(async () => stop());
  }
  // A client revoked anywhere (another API process, the CLI) is refused here at once.
  const clientChanges = listenForClientChanges(config.db.url, clearClientCache, logger);
  stoppers.push(() => clientChanges.close());
  deps.lifecycle = { draining: false };
  const app = createApp(deps);
  await listen(app, config, deps.lifecycle);
  logger.info({ host: config.http.host, port: config.http.port }, 'serving');
}

async function work() {
  applyDevSecrets(process.env); // outside production only, the same file as `serve` and `dev`
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  if (!config.db.url) throw new ConfigError(['DATABASE_URL: required by `worker`']);
  const orm = await initOrm({ entities, url: config.db.url, poolMax: config.db.poolMax });
  stoppers.push(() => orm.close(true));
  const { worker, connection } = await createWorker(config, orm, logger);
  const running = worker.run();
  stoppers.push(async () => {
    stopWorker(worker);
    await running;
    await connection.close();
  });
  // The webhook dispatcher lives beside the worker: wherever sessions are recorded, their webhooks go out from here.
  const temporal = await connectTemporal(config);
  // TRIGGER_DISPATCH_POLL_MS=0: this worker does not deliver first attempts (others do).
  if (config.triggers.dispatchPollMs > 0) {
    const dispatcher = webhookDispatcher(config, config.db.url, orm, temporal.client, logger);
    stoppers.push(() => dispatcher.stop());
  }
  logger.info({ taskQueue: config.temporal.taskQueue }, 'worker running');
  await running;
}

/** The media role: SIP/RTP calls answered by agents (src/media). Needs the database and Temporal (Ask confirmations). */
async function media() {
  applyDevSecrets(process.env); // outside production only, the same file as the other roles
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  if (!config.db.url) throw new ConfigError(['DATABASE_URL: required by `media`']);
  const orm = await initOrm({ entities, url: config.db.url, poolMax: config.db.poolMax });
  stoppers.push(() => orm.close(true));
  const temporal = await connectTemporal(config);
  const runtime = await startMediaRuntime({
    config,
    orm,
    logger,
    recordings: await recordingStoreFrom(config),
    confirmations: temporalConfirmations(temporal.client, config.temporal.taskQueue),
    temporal,
    listenStreams: true,
  });
  stoppers.push(() => runtime.stop());
  logger.info({ sip: runtime.sip, streams: runtime.streams }, 'media runtime running');
}

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const stop of stoppers.reverse()) {
    try {
      await stop();
    } catch (error) {
      process.stderr.write(`shutdown step failed: ${(error as Error).message}\n`);
    }
  }
  process.exit(code);
}

const role = process.argv[2];
const roles: Record<string, () => Promise<void>> = { dev, serve, worker: work, media };
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
if (!roles[role]) {
  process.stderr.write(`usage: main.ts dev|serve|worker|media (got ${role ?? 'nothing'})\n`);
  process.exit(2);
}
roles[role]().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}\n`);
  void shutdown(1);
});

/** The worker role's webhook dispatcher (modules/triggers/webhook-dispatcher.ts) on this process's database and queue. */
function webhookDispatcher(config: Config, databaseUrl: string, orm: Orm, client: Client, logger: Logger) {
  return startWebhookDispatcher({
    orm,
    temporal: { client, taskQueue: config.temporal.taskQueue },
    settings: triggerSettingsFrom(config),
    databaseUrl,
    pollMs: config.triggers.dispatchPollMs,
    logger,
  });
}
