/**
 * Issue #6 benchmark, webhooks: deliveries per second to a loopback receiver
 * and enqueue-to-delivery latency (p50/p99), through the triggerRun workflow
 * (event and run written in a transaction, workflow started right after the
 * commit, one activity per attempt recording it), beside a plain loop doing
 * the same work without Temporal: the same event write, then the same
 * attempt function (read run, decrypt secret, sign, POST, record) called
 * directly. Same concurrency of producers on both paths.
 *
 *   npm run bench -- webhooks      (TEMPORAL_ADDRESS: use a running server; else a dev server is started)
 *   BENCH_EVENTS=500 BENCH_PRODUCERS=20
 */
import pino from 'pino';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate, type Orm } from '../src/db/orm.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { createAgent } from '../src/modules/agents/create-agent.js';
import { createTrigger } from '../src/modules/triggers/manage-triggers.js';
import { emitEvent } from '../src/modules/triggers/emit-event.js';
import { startTriggerRuns } from '../src/modules/triggers/start-trigger-runs.js';
import { deliverWebhookAttempt } from '../src/modules/triggers/trigger-run-steps.js';
import { closeWebhookDispatchers, triggerSettingsFrom, type TriggerSettings } from '../src/modules/triggers/trigger-settings.js';
import type { TemporalAccess } from '../src/temporal/temporal-access.js';
import { createWorker } from '../src/temporal/worker.js';
import { ensureDatabase, fmt, listen, percentile, table, temporalServer } from './support.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const PRODUCERS = Number(process.env.BENCH_PRODUCERS ?? 20);

// The dev server start is release.bench.ts's (kept local: two benches do not make a shared layer yet).

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
}

/**
 * Sends EVENTS events through `deliver` with PRODUCERS producers; the
 * receiver's arrival time of each webhook-id minus its enqueue time is its
 * latency. Throughput: events over the time from the first enqueue to the
 * last arrival.
 */
async function measure(
  arrivals: Map<string, number>, enqueue: (i: number) => Promise<string>, deliver: (eventId: string) => Promise<void>, producers: number,
): Promise<Measured> {
  const enqueued = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: producers }, async () => {
    while (next < EVENTS) {
      const i = next++;
      const at = performance.now();
      const eventId = await enqueue(i);
      enqueued.set(eventId, at);
      await deliver(eventId);
    }
  }));
  for (let i = 0; [...enqueued.keys()].some((id) => !arrivals.has(id)); i++) {
    if (i > 6000) throw new Error('deliveries did not all arrive within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const latencies = [...enqueued].map(([id, at]) => arrivals.get(id)! - at).sort((x, y) => x - y);
  const last = Math.max(...[...enqueued.keys()].map((id) => arrivals.get(id)!));
  return { perSecond: EVENTS / ((last - started) / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm: Orm = await initOrm({ url, poolMax: 20, logger: () => {} });
  await migrate(orm);
  const server = await temporalServer();
  const taskQueue = `bench-webhooks-${Date.now()}`;
  const config = loadConfig({
    NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: taskQueue,
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', DB_POOL_MAX: '20',
  });
  const settings: TriggerSettings = triggerSettingsFrom(config);
  const { organization } = await createOrganization(orm.em.fork(), { name: 'Webhook bench', slug: `webhook-bench-${Date.now()}` });
  const principal = systemPrincipal(organization.id);

  // The receiver: answers 200 at once and notes when each webhook-id first arrived.
  const arrivals = new Map<string, number>();
  const receiver = await listen((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      if (!arrivals.has(id)) arrivals.set(id, performance.now());
      res.writeHead(200).end();
    });
  });

  const agentFor = async (name: string) => {
    const agent = await createAgent(orm.em.fork(), principal, {
      name, prompt: 'You are the front desk.', model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [] },
    } as never);
    await createTrigger(orm.em.fork(), principal, { agent_id: agent.agent_id, event_kinds: ['call.ended'], url: `${receiver.url}/hook` }, settings);
    return agent.agent_id;
  };
  const viaTemporalAgent = await agentFor('Bench via Temporal');
  const plainAgent = await agentFor('Bench plain');

  const { worker, connection: workerConnection } = await createWorker(config, orm, pino({ level: 'warn' }));
  const running = worker.run();
  const connection = await Connection.connect({ address: server.address });
  const temporal: TemporalAccess = { client: new Client({ connection, namespace: config.temporal.namespace }), taskQueue };

  const runOf = new Map<string, string>();
  const enqueue = (agentId: string) => async (i: number) => {
    const em = orm.em.fork();
    const { eventId, runIds } = await em.transactional((tx) =>
      emitEvent(tx, { organizationId: organization.id, agentId, type: 'call.ended', data: { n: i, session_id: `bench-${i}` } }));
    runOf.set(eventId, runIds[0]);
    return eventId;
  };

  const viaTemporalDelivery = (id: string) => startTriggerRuns(orm.em.fork(), temporal, [runOf.get(id)!]);
  // The plain loop never retries, so its attempt is the last one (the attempt index is past any schedule).
  const plainDelivery = async (id: string) => void (await deliverWebhookAttempt(orm.em.fork(), runOf.get(id)!, Number.MAX_SAFE_INTEGER, settings));
  // Warm both paths (connections, workflow bundle, pools) before measuring.
  await measureQuietly(arrivals, enqueue(viaTemporalAgent), viaTemporalDelivery, 20);
  await measureQuietly(arrivals, enqueue(plainAgent), plainDelivery, 20);
  // One producer: latency without queueing. PRODUCERS at once: throughput, and latency under that load.
  for (const producers of [1, PRODUCERS]) {
    const viaTemporal = await measure(arrivals, enqueue(viaTemporalAgent), viaTemporalDelivery, producers);
    const plain = await measure(arrivals, enqueue(plainAgent), plainDelivery, producers);
    console.log(`\nwebhook benchmark: ${EVENTS} events, ${producers} producer(s), loopback receiver answering 200\n`);
    console.log(table([
      ['path', 'deliveries/s', 'enqueue→delivery p50 ms', 'p99 ms'],
      ['triggerRun workflow (start after commit, activity per attempt)', fmt(viaTemporal.perSecond, 0), fmt(viaTemporal.p50, 1), fmt(viaTemporal.p99, 1)],
      ['plain loop: same write, same attempt function, no Temporal', fmt(plain.perSecond, 0), fmt(plain.p50, 1), fmt(plain.p99, 1)],
      ['ratio plain / Temporal (throughput); Temporal / plain (latency)', `${fmt(plain.perSecond / viaTemporal.perSecond, 2)}x`,
        `${fmt(viaTemporal.p50 / plain.p50, 2)}x`, `${fmt(viaTemporal.p99 / plain.p99, 2)}x`],
    ]));
  }

  worker.shutdown();
  await running;
  await workerConnection.close();
  await connection.close();
  await new Promise<void>((r) => receiver.server.close(() => r()));
  await closeWebhookDispatchers();
  server.stop();
  await orm.close(true);
}

/** A short unmeasured round (warm-up). */
async function measureQuietly(
  arrivals: Map<string, number>, enqueue: (i: number) => Promise<string>, deliver: (eventId: string) => Promise<void>, n: number,
): Promise<void> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await enqueue(i);
    ids.push(id);
    await deliver(id);
  }
  while (ids.some((id) => !arrivals.has(id))) await new Promise((r) => setTimeout(r, 10));
}
