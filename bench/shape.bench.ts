/**
 * Issue #12 benchmark, the production shape: what a second process of each role buys. One shape
 * (scripts/production-shape.ts: the real Temporal server on PostgreSQL, API processes behind HAProxy, workers)
 * is measured with two API processes and two workers, then with one of each (the second of each stopped with
 * SIGTERM), side by side in one run:
 *
 * (a) REST throughput through the balancer: closed-loop GET /v1/organization/retrieve (token check, tenant
 *     scope, a read), BENCH_SHAPE_CONNECTIONS connections for BENCH_SHAPE_SECONDS seconds.
 * (b) campaign dispatch: dials started per second by the outboundCampaign workflow, max concurrency 50, the
 *     pace limit lifted, on numbers the simulated carrier does not answer (short calls): the workers' work; then
 *     BENCH_SHAPE_CAMPAIGNS campaigns at once (BENCH_SHAPE_CAMPAIGN_DIALS dials each, concurrency 50, the largest
 *     pace the API allows): the platform's dispatch capacity, which one campaign's own 50 calls in flight bound
 *     once the workers have room.
 * (c) webhook deliveries: BENCH_SHAPE_EVENTS call.ended events recorded at once for an agent with a trigger;
 *     the workers' webhook dispatchers make each first attempt (decision 0032); deliveries per second to a
 *     loopback receiver, from the commit (whose NOTIFY wakes the dispatchers) to the last arrival.
 *
 * The run measures each figure twice (decision 0052):
 * - capped: each API process and each worker held to BENCH_SHAPE_CAP of a core (0.3) by a cgroup CPU quota of its
 *   own (bench/cpu-quota.ts), as on hosts with a share of their own per process, PostgreSQL, the Temporal server,
 *   HAProxy and the load generator uncapped on the rest: whether a second process adds capacity when the shared
 *   parts have room (the target: two of each at least 1.6x one);
 * - uncapped: every process contending for the same cores: what a second process adds when no core is idle.
 * Before the first phase, the processes are warmed up uncapped to a steady state (BENCH_SHAPE_WARM_ROUNDS rounds of the
 * REST load and the several-campaigns load, each round's CPU per request and per dial printed). The phases run two of each uncapped, two capped,
 * then (the second of each stopped) one capped and one uncapped: the capped phases measure processes whose JIT the
 * uncapped load has settled, and the one-of-each phases the processes that have run longest. Each phase runs its
 * REST load and a small campaign unmeasured first, under the quotas it is measured with. A third table says
 * where the CPU went in each phase (bench/cpu.ts, from /proc); the last lines count non-2xx answers, the trigger runs
 * that succeeded and what the app's processes logged at warning or above (a run with refused database connections
 * measured something else). BENCH_SHAPE_LOGS=<folder> keeps the processes' logs.
 *
 *   npm run bench -- shape
 *   BENCH_SHAPE_SECONDS=8 BENCH_SHAPE_CONNECTIONS=16 BENCH_SHAPE_DISPATCH=400 BENCH_SHAPE_EVENTS=400 BENCH_SHAPE_CAP=0.3
 *   BENCH_SHAPE_POOL=10 BENCH_SHAPE_CAMPAIGNS=4 BENCH_SHAPE_CAMPAIGN_DIALS=200
 *   BENCH_SHAPE_WARM_ROUNDS=4
 */
import { cpSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { startShape, type Shape } from '../scripts/production-shape.js';
import { loadConfig } from '../src/config.js';
import { initOrm, sql, type Orm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createApiClient } from '../src/modules/org/api-clients.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { createAgent } from '../src/modules/agents/create-agent.js';
import { createTrigger } from '../src/modules/triggers/create-trigger.js';
import { emitEvent } from '../src/modules/triggers/emit-event.js';
import { triggerSettingsFrom } from '../src/modules/triggers/trigger-settings.js';
import { benchOrg, placedRate, seedCampaign, startCampaign, untilSettled, type BenchOrg } from './campaigns.bench.js';
import { fmt, listen, load, table } from './support.js';
import { cpuDuring, pidsNamed, type CpuShare } from './cpu.js';
import { cpuQuotas } from './cpu-quota.js';
import { PACE_LIMITS } from '../workflows/outbound-campaign/messages.js';

const SECONDS = Number(process.env.BENCH_SHAPE_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_SHAPE_CONNECTIONS ?? 16);
const DISPATCH = Number(process.env.BENCH_SHAPE_DISPATCH ?? 400);
const EVENTS = Number(process.env.BENCH_SHAPE_EVENTS ?? 400);
/** Campaigns run at once for the platform's dispatch figure, and dials in each. */
const CAMPAIGNS = Number(process.env.BENCH_SHAPE_CAMPAIGNS ?? 4);
const CAMPAIGN_DIALS = Number(process.env.BENCH_SHAPE_CAMPAIGN_DIALS ?? 200);
const WARM_EVENTS = 100;
/** Rounds of REST load and several-campaigns dispatch run uncapped before the first figure (steady state). */
const WARM_ROUNDS = Number(process.env.BENCH_SHAPE_WARM_ROUNDS ?? 4);
/**
 * Connections per app process (the app's default). PostgreSQL's max_connections (100 by default) must hold every
 * process's pool, its LISTEN connection, the Temporal server's pools (22) and the bench's (8): four app processes
 * at 30 each once exceeded it, the refused connections ("too many clients already") stalled a second worker's
 * webhook deliveries for a claim's lease (about 20 s), and two workers measured 0.13x one.
 */
const POOL = Number(process.env.BENCH_SHAPE_POOL ?? 10);
/** Cores each API process and worker may use in the capped half of the run (a cgroup quota each). */
const CAP = Number(process.env.BENCH_SHAPE_CAP ?? 0.3);
const RUN_LIMIT_MS = 25 * 60_000;

interface Figures {
  rest: number;
  restErrors: number;
  dials: number;
  campaigns: number;
  webhooks: number;
  cpu: Record<'rest' | 'dispatch' | 'campaigns' | 'webhooks', CpuShare>;
}

/** The processes whose CPU each phase reports, by group. */
const GROUPS = ['api', 'worker', 'temporal', 'postgres', 'haproxy', 'bench'] as const;
const groupsOf = (shape: Shape) => () => ({
  api: shape.processes.filter((p) => p.role === 'api' && p.process.exitCode === null).map((p) => p.process.pid!),
  worker: shape.processes.filter((p) => p.role === 'worker' && p.process.exitCode === null).map((p) => p.process.pid!),
  temporal: shape.processes.filter((p) => p.role === 'temporal').map((p) => p.process.pid!),
  postgres: pidsNamed('postgres'),
  haproxy: shape.processes.filter((p) => p.role === 'haproxy').map((p) => p.process.pid!),
  bench: [process.pid],
});

/** `n` call.ended events for the hooked agent, in one transaction (its commit's NOTIFY wakes the dispatchers). */
async function emitEvents(orm: Orm, organizationId: string, agentId: string, n: number, label: string): Promise<void> {
  await orm.em.fork().transactional(async (tx) => {
    for (let i = 0; i < n; i++)
      await emitEvent(tx, { organizationId, agentId, type: 'call.ended', data: { n: i, label } as never /* synthetic: the bench measures delivery */ });
  });
}

/** The closed-loop REST load (GET /v1/organization/retrieve), BENCH_SHAPE_CONNECTIONS connections for BENCH_SHAPE_SECONDS. */
const restLoad = (shape: Shape, headers: Record<string, string>) =>
  load(shape.url, () => ({ path: '/v1/organization/retrieve', headers }), { connections: CONNECTIONS, seconds: SECONDS });

/**
 * BENCH_SHAPE_CAMPAIGNS campaigns at once, each at the pace an operator may set at most (600 calls a minute) and
 * concurrency 50: the platform's dispatch capacity, with the CPU each group used. Returns once all have settled.
 */
async function campaignsAtOnce(shape: Shape, orm: Orm, client: Client, org: BenchOrg, label: string) {
  const ids = await Promise.all(
    Array.from({ length: CAMPAIGNS }, (_, i) => seedCampaign(orm, org, CAMPAIGN_DIALS, `shape bench ${label} ${i + 1} of ${CAMPAIGNS}`)),
  );
  const dials = await cpuDuring(groupsOf(shape), async () => {
    const started = performance.now();
    await Promise.all(ids.map((id) => startCampaign(client, shape.taskQueue, id, PACE_LIMITS.callsPerMinute)));
    return placedRate(orm, ids, CAMPAIGNS * CAMPAIGN_DIALS, started, 180_000);
  });
  for (const id of ids) await untilSettled(orm, id, 60_000);
  return dials;
}

async function measure(
  shape: Shape,
  orm: Orm,
  client: Client,
  org: BenchOrg,
  hookedAgentId: string,
  headers: Record<string, string>,
  arrivals: Set<string>,
  label: string,
): Promise<Figures> {
  const groups = groupsOf(shape);
  // Each phase first runs its load unmeasured, with the processes and quotas it is measured with: under a quota a
  // process's JIT takes tens of seconds to settle (ms of CPU per request fell from 4.2 to 2.5 over 40 s in one try).
  await restLoad(shape, headers);
  const rest = await cpuDuring(groups, () => restLoad(shape, headers));

  const warm = await seedCampaign(orm, org, 60, `shape bench ${label} warm-up`);
  await startCampaign(client, shape.taskQueue, warm);
  await untilSettled(orm, warm, 120_000);
  const campaignId = await seedCampaign(orm, org, DISPATCH, `shape bench ${label}`);
  const dials = await cpuDuring(groups, async () => {
    const started = performance.now();
    await startCampaign(client, shape.taskQueue, campaignId);
    return placedRate(orm, campaignId, DISPATCH, started, 180_000);
  });
  await untilSettled(orm, campaignId, 60_000);
  // Several campaigns at once: one campaign's figure above is bound by its own 50 calls in flight when the workers
  // have room (Little's law: 50 / the time a dial's slot takes to come back).
  const manyDials = await campaignsAtOnce(shape, orm, client, org, label);

  arrivals.clear();
  const webhooks = await cpuDuring(groups, async () => {
    const from = performance.now();
    await emitEvents(orm, org.organizationId, hookedAgentId, EVENTS, label);
    // The workers' work starts at the commit (its NOTIFY wakes their dispatchers): the rate counts from there.
    const committed = performance.now();
    const until = committed + 180_000;
    const progress: number[] = [];
    for (let next = committed + 1000; arrivals.size < EVENTS && performance.now() < until; await new Promise((r) => setTimeout(r, 20))) {
      if (performance.now() >= next) {
        progress.push(arrivals.size);
        next += 1000;
      }
    }
    const seconds = (performance.now() - committed) / 1000;
    console.error(
      `  ${label}: ${EVENTS} events committed in ${fmt(committed - from, 0)} ms; delivered after each second: ${progress.join(' ') || '-'}, all in ${fmt(seconds, 2)} s`,
    );
    // Runs whose first attempt did not settle them (a workflow took over): what their attempts say.
    const slow = await sql<{ n: number; first: string | null }>(
      orm.em.fork(),
      `select count(*)::int as n, attempts->0->>'error' as first from trigger_run r join webhook_event e on e.id = r.event_id
        where r.organization_id = ? and e.data->>'label' = ? and (r.workflow_started_at is not null or jsonb_array_length(r.attempts) > 1) group by 2`,
      [org.organizationId, label],
    );
    if (slow.length) console.error(`  ${label}: runs a workflow took over, by their first attempt's error: ${JSON.stringify(slow)}`);
    return arrivals.size / seconds;
  });
  return {
    rest: rest.value.rps,
    restErrors: rest.value.errors,
    dials: dials.value.rate,
    campaigns: manyDials.value.rate,
    webhooks: webhooks.value,
    cpu: { rest: rest.cpu, dispatch: dials.cpu, campaigns: manyDials.cpu, webhooks: webhooks.cpu },
  };
}

export async function run() {
  setTimeout(() => {
    console.error(`shape bench: over ${RUN_LIMIT_MS / 60_000} minutes, stopping`);
    process.exit(1);
  }, RUN_LIMIT_MS).unref();
  const arrivals = new Set<string>();
  const receiver = await listen((req, res) => {
    arrivals.add(String(req.headers['webhook-id']));
    req.resume();
    res.writeHead(200).end();
  });
  console.error('starting the shape (a first run builds the Temporal server: minutes)...');
  const shape = await startShape({
    name: 'vp_shape_bench',
    log: (m) => console.error(`[shape] ${m}`),
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', RATE_LIMIT_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000', DB_POOL_MAX: String(POOL) },
  });
  const quotas = cpuQuotas();
  const orm = await initOrm({ entities, url: shape.databaseUrl, poolMax: 8, logger: () => {} });
  const connection = await Connection.connect({ address: shape.temporalAddress });
  try {
    const config = loadConfig(shape.env);
    const client = new Client({ connection, namespace: config.temporal.namespace });
    const org = await benchOrg(orm, config, 4 * DISPATCH + 200);
    // Webhooks go out for an agent of their own: the campaign's calls (on the bench agent) send none, so each figure
    // measures one kind of work.
    const hooked = await createAgent(orm.em.fork(), systemPrincipal(org.organizationId), {
      name: 'Webhook bench',
      prompt: 'Brief.',
      first_message: 'Hi.',
    } as never);
    await createTrigger(
      orm.em.fork(),
      systemPrincipal(org.organizationId),
      createTrigger.input.parse({ agent_id: hooked.agent_id, event_kinds: ['call.ended'], url: `${receiver.url}/hook` }),
      triggerSettingsFrom(config),
    );
    const em = orm.em.fork();
    const apiClient = await createApiClient(em, { organizationId: org.organizationId, name: 'shape bench' });
    const token = (await (
      await fetch(`${shape.url}/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: apiClient.clientId, client_secret: apiClient.clientSecret }),
      })
    ).json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token.access_token}`, 'x-organization-id': org.organizationId };

    // Warm-up to a steady state, uncapped, before any figure: the webhook dispatchers, then rounds of the REST load
    // and of the several-campaigns load. A worker's CPU per dial kept falling for its first 1,500 or so dials (22 ms
    // to 16 ms under a quota, 2026-11-28), and two workers each see half the dials: measured before that, two
    // capped workers read 1.2x one where settled ones read 1.9x. Processes in production run for days; the figures
    // are about that steady state. Each round's line shows where it stands.
    console.error('warming up...');
    arrivals.clear();
    await emitEvents(orm, org.organizationId, hooked.agent_id, WARM_EVENTS, 'warm-up');
    for (const until = Date.now() + 60_000; arrivals.size < WARM_EVENTS && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
    for (let round = 1; round <= WARM_ROUNDS; round++) {
      const rest = await cpuDuring(groupsOf(shape), () => restLoad(shape, headers));
      const dials = await campaignsAtOnce(shape, orm, client, org, `warm-up ${round}`);
      console.error(
        `  warm-up ${round} of ${WARM_ROUNDS}: REST ${fmt(rest.value.rps, 0)} req/s at ${fmt((rest.cpu.groups.api / rest.value.rps) * 1000, 2)} ms of API CPU each; ` +
          `${fmt(dials.value.rate, 1)} dials/s at ${fmt((dials.cpu.groups.worker / dials.value.rate) * 1000, 1)} ms of worker CPU each`,
      );
    }
    const running = (role: 'api' | 'worker') => shape.processes.filter((p) => p.role === role && p.process.exitCode === null && p.process.signalCode === null);
    const capAll = (cores: number | null) => {
      for (const p of [...running('api'), ...running('worker')]) quotas.cap(p.process.pid!, cores);
    };
    const figures = (label: string) => measure(shape, orm, client, org, hooked.agent_id, headers, arrivals, label);

    // Two of each first, both started and warmed together; then the second of each is stopped and the survivors,
    // which have run longest, are measured alone. A restarted process measured beside a warm one was a cold one:
    // its CPU per request was half again the survivor's after 20 s of load, and the ratio measured the JIT. The
    // uncapped phases come first and last: a process's JIT settles within seconds on free cores but takes minutes
    // under a quota, so the capped phases measure processes the uncapped load has warmed (two capped measured first,
    // on fresh processes, cost 4.7 ms of API CPU per request against the survivor's 3.0 later).
    let oneCapped: Figures | undefined;
    let twoCapped: Figures | undefined;
    console.error('two API processes, two workers, uncapped...');
    const twoFree = await figures('two');
    if (quotas.available) {
      console.error(`two API processes, two workers, ${CAP} of a core each...`);
      capAll(CAP);
      twoCapped = await figures('two capped');
      capAll(null);
    }

    await shape.kill('api', 1, 'SIGTERM');
    await shape.kill('worker', 1, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500)); // the balancer marks the stopped API down
    if (quotas.available) {
      console.error(`one API process, one worker, ${CAP} of a core each...`);
      capAll(CAP);
      oneCapped = await figures('one capped');
      capAll(null);
    }
    console.error('one API process, one worker, uncapped...');
    const oneFree = await figures('one');

    // A run's answer is written just after its request arrives: wait (briefly) for the last ones to be recorded.
    const expected = (quotas.available ? 4 : 2) * EVENTS + WARM_EVENTS;
    let sent = 0;
    for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      [{ sent }] = await sql<{ sent: number }>(
        orm.em.fork(),
        `select count(*)::int as sent from trigger_run where organization_id = ? and status = 'succeeded'`,
        [org.organizationId],
      );
      if (sent >= expected) break;
    }
    const ratios = (one: Figures, two: Figures) => [
      [`REST GET through HAProxy, ${CONNECTIONS} connections, ${SECONDS} s (req/s)`, fmt(one.rest, 0), fmt(two.rest, 0), `${fmt(two.rest / one.rest, 2)}x`],
      [
        `campaign dispatch, one campaign, ${DISPATCH} dials, concurrency 50 (dials/s)`,
        fmt(one.dials, 1),
        fmt(two.dials, 1),
        `${fmt(two.dials / one.dials, 2)}x`,
      ],
      [
        `campaign dispatch, ${CAMPAIGNS} campaigns at once, ${CAMPAIGN_DIALS} dials each (dials/s)`,
        fmt(one.campaigns, 1),
        fmt(two.campaigns, 1),
        `${fmt(two.campaigns / one.campaigns, 2)}x`,
      ],
      [`webhook deliveries, ${EVENTS} events at once (deliveries/s)`, fmt(one.webhooks, 1), fmt(two.webhooks, 1), `${fmt(two.webhooks / one.webhooks, 2)}x`],
    ];
    const cores = availableParallelism();
    console.log(`\nThe production shape (real Temporal server on PostgreSQL, HAProxy), one vs two processes of each role, one run, ${cores} cores`);
    if (oneCapped && twoCapped) {
      console.log(
        `\nCapped: each API process and each worker held to ${CAP} of a core by a cgroup CPU quota of its own, as on hosts with a share per process;` +
          `\n        PostgreSQL, the Temporal server, HAProxy and the load generator uncapped on the rest (target: two / one >= 1.6x)\n`,
      );
      console.log(table([['figure', 'one of each', 'two of each', 'two / one'], ...ratios(oneCapped, twoCapped)]));
    } else {
      console.log(`\nCapped (a CPU quota per process): not measured, ${quotas.reason}`);
    }
    console.log(`\nUncapped: every process contends for the same ${cores} cores, so this says what a second process adds when no core is idle\n`);
    console.log(table([['figure', 'one of each', 'two of each', 'two / one'], ...ratios(oneFree, twoFree)]));
    console.log(`\nCores used during each figure's phase, by process group (CPU seconds / wall seconds; ${cores} cores in all):\n`);
    const phases = [
      ['rest', 'REST'],
      ['dispatch', 'dispatch'],
      ['campaigns', `${CAMPAIGNS} campaigns`],
      ['webhooks', 'webhooks'],
    ] as const;
    const runs: [Figures | undefined, string][] = [
      [oneCapped, `one of each, ${CAP} core each`],
      [twoCapped, `two of each, ${CAP} core each`],
      [oneFree, 'one of each, uncapped'],
      [twoFree, 'two of each, uncapped'],
    ];
    console.log(
      table([
        // Unattributed: busy time of no group's process (the kernel's loopback and softirq work, other services).
        ['phase', ...GROUPS, 'unattributed', 'machine busy'],
        ...phases.flatMap(([phase, name]) =>
          runs
            .filter((r): r is [Figures, string] => r[0] !== undefined)
            .map(([f, label]) => {
              const { groups, processes, machine } = f.cpu[phase];
              const attributed = GROUPS.reduce((sum, g) => sum + groups[g], 0);
              // Two API processes or workers: each one's share too (is one of them the bound?).
              const share = (g: (typeof GROUPS)[number]) =>
                (g === 'api' || g === 'worker') && processes[g].length > 1
                  ? `${fmt(groups[g], 2)} (${processes[g].map((s) => fmt(s, 2)).join('+')})`
                  : fmt(groups[g], 2);
              return [`${name}, ${label}`, ...GROUPS.map(share), fmt(machine - attributed, 2), fmt(machine, 2)];
            }),
        ),
      ]),
    );
    const errors = runs.filter((r) => r[0]).map(([f, label]) => `${f!.restErrors} (${label})`);
    console.log(`\nnon-2xx REST answers: ${errors.join(', ')}; trigger runs succeeded: ${sent} of ${expected}`);
    // A run whose processes logged warnings (a refused database connection, a failed claim) measured something else.
    const warned = shape.processes
      .filter((p) => p.role === 'api' || p.role === 'worker')
      .map(
        (p) =>
          `${p.role}-${p.index} ${
            readFileSync(p.logFile, 'utf8')
              .split('\n')
              .filter((line) => /"level":(4|5|6)\d/.test(line)).length
          }`,
      );
    console.log(`warnings and errors the app's processes logged: ${warned.join(', ')}`);
  } finally {
    quotas.close();
    // BENCH_SHAPE_LOGS=<folder>: keep the processes' logs there (the shape's own folder is removed on stop).
    if (process.env.BENCH_SHAPE_LOGS) cpSync(shape.dir, process.env.BENCH_SHAPE_LOGS, { recursive: true, filter: (f) => !f.includes('/app') });
    await connection.close();
    await orm.close(true);
    await shape.stop();
    receiver.server.close();
  }
}
