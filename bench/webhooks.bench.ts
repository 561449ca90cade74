/**
 * Issue #6 and #14 benchmark, webhooks: deliveries per second to a loopback
 * receiver and enqueue-to-delivery latency (p50/p99) of the platform's path,
 * a worker's webhook dispatcher (event and run written in a transaction,
 * NOTIFY on commit, first attempt straight from the outbox), beside a plain
 * loop doing the same work without it: the same event write, then the same
 * attempt function (read run, decrypt secret, sign, POST, record) called
 * directly. For reference, the retry path too: a triggerRun workflow per run
 * (what a failed first attempt becomes). Same concurrency of producers on
 * every path; each path's runs belong to an organization of its own.
 *
 *   npm run bench -- webhooks      (TEMPORAL_ADDRESS: use a running server; else a dev server is started)
 *   BENCH_EVENTS=500 BENCH_PRODUCERS=20
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate, type Orm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { createAgent } from '../src/modules/agents/create-agent.js';
import { createTrigger } from '../src/modules/triggers/create-trigger.js';
import { emitEvent } from '../src/modules/triggers/emit-event.js';
import { startRunWorkflows, startWebhookDispatcher } from '../src/modules/triggers/webhook-dispatcher.js';
import { deliverWebhookAttempt } from '../src/modules/triggers/trigger-run-steps.js';
import { closeWebhookDispatchers, triggerSettingsFrom, type TriggerSettings } from '../src/modules/triggers/trigger-settings.js';
import type { TemporalAccess } from '../src/modules/temporal-access.js';
import { createWorker } from '../src/roles/worker.js';
import { ensureDatabase, fmt, listen, percentile, table, temporalServer } from './support.js';
import { cpuDuring, pidsNamed } from './cpu.js';

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
  arrivals: Map<string, number>,
  enqueue: (i: number) => Promise<string>,
  deliver: (eventId: string) => Promise<void>,
  producers: number,
): Promise<Measured> {
  const enqueued = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: producers }, async () => {
      while (next < EVENTS) {
        const i = next++;
        const at = performance.now();
        const eventId = await enqueue(i);
        enqueued.set(eventId, at);
        await deliver(eventId);
      }
    }),
  );
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
  const orm: Orm = await initOrm({ entities, url, poolMax: 20, logger: () => {} });
  await migrate(orm);
  const server = await temporalServer();
  const taskQueue = `bench-webhooks-${Date.now()}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    DB_POOL_MAX: '20',
  });
  const settings: TriggerSettings = triggerSettingsFrom(config);
  const organizationFor = async (path: string) =>
    (await createOrganization(orm.em.fork(), { name: `Webhook bench (${path})`, slug: `webhook-bench-${path}-${Date.now()}` })).organization.id;

  // The receiver: answers 200 at once and notes when each webhook-id first arrived.
  const arrivals = new Map<string, number>();
  const delivered = new Map<string, () => void>();
  const receiver = await listen((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      if (!arrivals.has(id)) {
        arrivals.set(id, performance.now());
        delivered.get(id)?.();
      }
      res.writeHead(200).end();
    });
  });

  const agentFor = async (organizationId: string, name: string) => {
    const principal = systemPrincipal(organizationId);
    const agent = await createAgent(orm.em.fork(), principal, {
      name,
      prompt: 'You are the front desk.',
      model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [] },
    } as never);
    await createTrigger(
      orm.em.fork(),
      principal,
      createTrigger.input.parse({ agent_id: agent.agent_id, event_kinds: ['call.ended'], url: `${receiver.url}/hook` }),
      settings,
    );
    return agent.agent_id;
  };
  const orgs = {
    dispatcher: await organizationFor('dispatcher'),
    worker: await organizationFor('worker'),
    workflow: await organizationFor('workflow'),
    plain: await organizationFor('plain'),
  };
  const agents = {
    dispatcher: await agentFor(orgs.dispatcher, 'Bench dispatcher'),
    worker: await agentFor(orgs.worker, 'Bench dispatcher in a worker process'),
    workflow: await agentFor(orgs.workflow, 'Bench workflow per run'),
    plain: await agentFor(orgs.plain, 'Bench plain'),
  };

  const { worker, connection: workerConnection } = await createWorker(config, orm, pino({ level: 'warn' }));
  const running = worker.run();
  const connection = await Connection.connect({ address: server.address });
  const temporal: TemporalAccess = { client: new Client({ connection, namespace: config.temporal.namespace }), taskQueue };

  // The worker role's dispatcher, as src/main.ts starts it (LISTEN, 1 s poll), for its path's organization only.
  const dispatcher = startWebhookDispatcher({
    orm,
    temporal,
    settings,
    databaseUrl: url,
    pollMs: 1000,
    logger: pino({ level: 'warn' }),
    organizations: [orgs.dispatcher],
  });
  await dispatcher.ready;
  // The same dispatcher in a process of its own, as the worker role runs it (its path's organization only).
  const workerProcess = await startDispatcherProcess({
    DATABASE_URL: url,
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    BENCH_ORGANIZATIONS: orgs.worker,
  });

  const runOf = new Map<string, string>();
  const enqueue = (path: keyof typeof orgs) => async (i: number) => {
    const em = orm.em.fork();
    const { eventId, runIds } = await em.transactional((tx) =>
      emitEvent(tx, {
        organizationId: orgs[path],
        agentId: agents[path],
        type: 'call.ended',
        data: { n: i, session_id: `bench-${i}` } as never /* synthetic: the bench measures delivery */,
      }),
    );
    runOf.set(eventId, runIds[0]);
    return eventId;
  };

  // The commit's NOTIFY is the whole hand-over: the producer does nothing more (an open loop: a burst).
  const dispatcherDelivery = async () => {};
  // Or it waits for its event to arrive before sending the next, as the plain loop's producers do (a closed loop).
  const dispatcherAwaited = (id: string) =>
    new Promise<void>((resolve) => {
      if (arrivals.has(id)) return resolve();
      delivered.set(id, () => {
        delivered.delete(id);
        resolve();
      });
    });
  const workflowDelivery = (id: string) => startRunWorkflows(orm.em.fork(), temporal, [{ runId: runOf.get(id)! }]);
  // The plain loop never retries, so its attempt is the last one (the attempt index is past any schedule).
  const plainDelivery = async (id: string) => void (await deliverWebhookAttempt(orm.em.fork(), runOf.get(id)!, Number.MAX_SAFE_INTEGER, settings));
  // Warm every path (connections, workflow bundle, pools) before measuring.
  await measureQuietly(arrivals, enqueue('dispatcher'), dispatcherDelivery, 20);
  await measureQuietly(arrivals, enqueue('workflow'), workflowDelivery, 20);
  await measureQuietly(arrivals, enqueue('plain'), plainDelivery, 20);
  await measureQuietly(arrivals, enqueue('worker'), dispatcherAwaited, 20);
  // One producer: latency without queueing. PRODUCERS at once: throughput, and latency under that load.
  for (const producers of [1, PRODUCERS]) {
    // Where the CPU goes (bench/cpu.ts): this process holds the producers, the receiver and the dispatcher.
    const groups = () => ({ bench: [process.pid], worker: [workerProcess.pid!], postgres: pidsNamed('postgres'), temporal: pidsNamed('temporal') });
    const { value: viaDispatcher, cpu: dispatcherCpu } = await cpuDuring(groups, () => measure(arrivals, enqueue('dispatcher'), dispatcherDelivery, producers));
    const { value: awaited, cpu: awaitedCpu } = await cpuDuring(groups, () => measure(arrivals, enqueue('dispatcher'), dispatcherAwaited, producers));
    const { value: viaWorkflow, cpu: workflowCpu } = await cpuDuring(groups, () => measure(arrivals, enqueue('workflow'), workflowDelivery, producers));
    const { value: plain, cpu: plainCpu } = await cpuDuring(groups, () => measure(arrivals, enqueue('plain'), plainDelivery, producers));
    const { value: inWorker, cpu: inWorkerCpu } = await cpuDuring(groups, () => measure(arrivals, enqueue('worker'), dispatcherAwaited, producers));
    console.log(`\nwebhook benchmark: ${EVENTS} events, ${producers} producer(s), loopback receiver answering 200\n`);
    console.log(
      table([
        ['path', 'deliveries/s', 'enqueue→delivery p50 ms', 'p99 ms'],
        [
          "worker's dispatcher: NOTIFY on commit, first attempt from the outbox",
          fmt(viaDispatcher.perSecond, 0),
          fmt(viaDispatcher.p50, 1),
          fmt(viaDispatcher.p99, 1),
        ],
        ["  the same, each producer waiting for its delivery (as the plain loop's)", fmt(awaited.perSecond, 0), fmt(awaited.p50, 1), fmt(awaited.p99, 1)],
        [
          'triggerRun workflow per run (the retry path; before issue 14, every run)',
          fmt(viaWorkflow.perSecond, 0),
          fmt(viaWorkflow.p50, 1),
          fmt(viaWorkflow.p99, 1),
        ],
        ['plain loop: same write, same attempt function, no dispatcher', fmt(plain.perSecond, 0), fmt(plain.p50, 1), fmt(plain.p99, 1)],
        ['dispatcher in a worker process of its own (as deployed), producers waiting', fmt(inWorker.perSecond, 0), fmt(inWorker.p50, 1), fmt(inWorker.p99, 1)],
        ['dispatcher / plain (throughput, target >= 0.5x)', `${fmt(viaDispatcher.perSecond / plain.perSecond, 2)}x`, '', ''],
        [
          'waiting dispatcher / plain (throughput; latency)',
          `${fmt(awaited.perSecond / plain.perSecond, 2)}x`,
          `${fmt(awaited.p50 / plain.p50, 2)}x`,
          `${fmt(awaited.p99 / plain.p99, 2)}x`,
        ],
        ['workflow per run / plain (throughput)', `${fmt(viaWorkflow.perSecond / plain.perSecond, 2)}x`, '', ''],
        [
          'dispatcher in its own process / plain (throughput; latency)',
          `${fmt(inWorker.perSecond / plain.perSecond, 2)}x`,
          `${fmt(inWorker.p50 / plain.p50, 2)}x`,
          `${fmt(inWorker.p99 / plain.p99, 2)}x`,
        ],
      ]),
    );
    console.log('\ncores used in each phase (CPU seconds / wall seconds; the machine has 2):\n');
    console.log(
      table([
        ['path', 'bench process (Node)', 'dispatcher process', 'PostgreSQL', 'Temporal server', 'machine busy'],
        ...(
          [
            ['dispatcher', dispatcherCpu],
            ['dispatcher, producers waiting', awaitedCpu],
            ['workflow per run', workflowCpu],
            ['plain loop', plainCpu],
            ['dispatcher in its own process', inWorkerCpu],
          ] as const
        ).map(([name, c]) => [name, fmt(c.groups.bench, 2), fmt(c.groups.worker, 2), fmt(c.groups.postgres, 2), fmt(c.groups.temporal, 2), fmt(c.machine, 2)]),
      ]),
    );
  }

  await dispatcher.stop();
  const exited = new Promise<void>((r) => workerProcess.once('exit', () => r()));
  workerProcess.kill('SIGTERM');
  await exited;
  worker.shutdown();
  await running;
  await workerConnection.close();
  await connection.close();
  await new Promise<void>((r) => receiver.server.close(() => r()));
  await closeWebhookDispatchers();
  server.stop();
  await orm.close(true);
}

/** bench/webhook-dispatcher-process.ts, once it says it listens. */
async function startDispatcherProcess(env: Record<string, string>): Promise<ChildProcess> {
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  // BENCH_CPU_PROF=<dir>: the dispatcher process writes a V8 CPU profile there on exit (see bench/cpu-profile-top.ts).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(new URL('./webhook-dispatcher-process.ts', import.meta.url))], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the dispatcher process was not ready in 60 s: ${err}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the dispatcher process exited (${code}): ${err}`));
    });
  });
  return child;
}

/** A short unmeasured round (warm-up). */
async function measureQuietly(
  arrivals: Map<string, number>,
  enqueue: (i: number) => Promise<string>,
  deliver: (eventId: string) => Promise<void>,
  n: number,
): Promise<void> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await enqueue(i);
    ids.push(id);
    await deliver(id);
  }
  while (ids.some((id) => !arrivals.has(id))) await new Promise((r) => setTimeout(r, 10));
}
