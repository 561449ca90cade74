/**
 * Issue #12 benchmark, the production shape: what a second process of each role buys. One shape
 * (scripts/production-shape.ts: the real Temporal server on PostgreSQL, API processes behind HAProxy, workers)
 * is measured with one API process and one worker (the second of each stopped with SIGTERM), then with two
 * (restarted), side by side in one run:
 *
 * (a) REST throughput through the balancer: closed-loop GET /v1/organization/retrieve (token check, tenant
 *     scope, a read), BENCH_SHAPE_CONNECTIONS connections for BENCH_SHAPE_SECONDS seconds.
 * (b) campaign dispatch: dials started per second by the outboundCampaign workflow, max concurrency 50, the
 *     pace limit lifted, on numbers the simulated carrier does not answer (short calls): the workers' work.
 * (c) webhook deliveries: BENCH_SHAPE_EVENTS call.ended events recorded at once for an agent with a trigger;
 *     the workers' webhook dispatchers make each first attempt (decision 0032); deliveries per second to a
 *     loopback receiver, from the commit to the last arrival.
 *
 * Everything shares the machine's cores (load generator, PostgreSQL, Temporal, HAProxy): the ratios say what
 * the second process adds on this machine, not on one with a core per process. A second table says where the
 * CPU went in each phase (bench/cpu.ts, from /proc): which group saturates, and whether the machine was busy.
 *
 *   npm run bench -- shape
 *   BENCH_SHAPE_SECONDS=8 BENCH_SHAPE_CONNECTIONS=16 BENCH_SHAPE_DISPATCH=400 BENCH_SHAPE_EVENTS=400
 */
import { availableParallelism } from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { startShape, type Shape } from '../scripts/production-shape.js';
import { loadConfig } from '../src/config.js';
import { initOrm, sql, type Orm } from '../src/db/orm.js';
import { createApiClient } from '../src/modules/org/api-clients.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { createAgent } from '../src/modules/agents/create-agent.js';
import { createTrigger } from '../src/modules/triggers/create-trigger.js';
import { emitEvent } from '../src/modules/triggers/emit-event.js';
import { triggerSettingsFrom } from '../src/modules/triggers/trigger-settings.js';
import { benchOrg, placedRate, seedCampaign, startCampaign, untilSettled, type BenchOrg } from './campaigns.bench.js';
import { fmt, listen, load, table } from './support.js';
import { cpuDuring, pidsNamed, type CpuShare } from './cpu.js';

const SECONDS = Number(process.env.BENCH_SHAPE_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_SHAPE_CONNECTIONS ?? 16);
const DISPATCH = Number(process.env.BENCH_SHAPE_DISPATCH ?? 400);
const EVENTS = Number(process.env.BENCH_SHAPE_EVENTS ?? 400);
const RUN_LIMIT_MS = 20 * 60_000;

interface Figures {
  rest: number;
  restErrors: number;
  dials: number;
  webhooks: number;
  cpu: Record<'rest' | 'dispatch' | 'webhooks', CpuShare>;
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
  const rest = await cpuDuring(groups, () =>
    load(shape.url, () => ({ path: '/v1/organization/retrieve', headers }), { connections: CONNECTIONS, seconds: SECONDS }),
  );

  const campaignId = await seedCampaign(orm, org, DISPATCH, `shape bench ${label}`);
  const dials = await cpuDuring(groups, async () => {
    const started = performance.now();
    await startCampaign(client, shape.taskQueue, campaignId);
    return placedRate(orm, campaignId, DISPATCH, started, 180_000);
  });
  await untilSettled(orm, campaignId, 60_000);

  arrivals.clear();
  const webhooks = await cpuDuring(groups, async () => {
    const from = performance.now();
    await orm.em.fork().transactional(async (tx) => {
      for (let i = 0; i < EVENTS; i++)
        await emitEvent(tx, {
          organizationId: org.organizationId,
          agentId: hookedAgentId,
          type: 'call.ended',
          data: { n: i, label } as never /* synthetic: the bench measures delivery */,
        });
    });
    const until = performance.now() + 180_000;
    while (arrivals.size < EVENTS && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
    return arrivals.size / ((performance.now() - from) / 1000);
  });
  return {
    rest: rest.value.rps,
    restErrors: rest.value.errors,
    dials: dials.value.rate,
    webhooks: webhooks.value,
    cpu: { rest: rest.cpu, dispatch: dials.cpu, webhooks: webhooks.cpu },
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
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', RATE_LIMIT_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000', DB_POOL_MAX: '30' },
  });
  const orm = await initOrm({ url: shape.databaseUrl, poolMax: 20, logger: () => {} });
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

    // Warm-up with both of each: JIT, pools, the workflow cache.
    console.error('warming up...');
    const warm = await seedCampaign(orm, org, 60, 'shape bench warm-up');
    await startCampaign(client, shape.taskQueue, warm);
    await untilSettled(orm, warm, 120_000);
    await load(shape.url, () => ({ path: '/v1/organization/retrieve', headers }), { connections: CONNECTIONS, seconds: 2 });

    console.error('one API process, one worker...');
    await shape.kill('api', 1, 'SIGTERM');
    await shape.kill('worker', 1, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500)); // the balancer marks the stopped API down
    const one = await measure(shape, orm, client, org, hooked.agent_id, headers, arrivals, 'one');
    console.error('two API processes, two workers...');
    await Promise.all([shape.restart('api', 1), shape.restart('worker', 1)]);
    await new Promise((r) => setTimeout(r, 1500));
    const two = await measure(shape, orm, client, org, hooked.agent_id, headers, arrivals, 'two');

    // A run's answer is written just after its request arrives: wait (briefly) for the last ones to be recorded.
    let sent = 0;
    for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      [{ sent }] = await sql<{ sent: number }>(
        orm.em.fork(),
        `select count(*)::int as sent from trigger_run where organization_id = ? and status = 'succeeded'`,
        [org.organizationId],
      );
      if (sent >= 2 * EVENTS) break;
    }
    console.log(
      `\nThe production shape (real Temporal server on PostgreSQL, HAProxy), one vs two processes of each role, one run, ${availableParallelism()} cores\n`,
    );
    console.log(
      table([
        ['figure', 'one of each', 'two of each', 'two / one'],
        [`REST GET through HAProxy, ${CONNECTIONS} connections, ${SECONDS} s (req/s)`, fmt(one.rest, 0), fmt(two.rest, 0), `${fmt(two.rest / one.rest, 2)}x`],
        [`campaign dispatch, ${DISPATCH} dials, concurrency 50 (dials/s)`, fmt(one.dials, 1), fmt(two.dials, 1), `${fmt(two.dials / one.dials, 2)}x`],
        [`webhook deliveries, ${EVENTS} events at once (deliveries/s)`, fmt(one.webhooks, 1), fmt(two.webhooks, 1), `${fmt(two.webhooks / one.webhooks, 2)}x`],
      ]),
    );
    console.log(`\nCores used during each figure's phase, by process group (CPU seconds / wall seconds; ${availableParallelism()} cores in all):\n`);
    const phases = [
      ['rest', 'REST'],
      ['dispatch', 'dispatch'],
      ['webhooks', 'webhooks'],
    ] as const;
    console.log(
      table([
        // Unattributed: busy time of no group's process (the kernel's loopback and softirq work, other services).
        ['phase', ...GROUPS, 'unattributed', 'machine busy'],
        ...phases.flatMap(([phase, name]) =>
          [
            [one, 'one'],
            [two, 'two'],
          ].map(([f, label]) => {
            const { groups, machine } = (f as Figures).cpu[phase];
            const attributed = GROUPS.reduce((sum, g) => sum + groups[g], 0);
            return [`${name}, ${label} of each`, ...GROUPS.map((g) => fmt(groups[g], 2)), fmt(machine - attributed, 2), fmt(machine, 2)];
          }),
        ),
      ]),
    );
    console.log(`\nnon-2xx REST answers: ${one.restErrors} and ${two.restErrors}; trigger runs succeeded: ${sent} of ${2 * EVENTS}`);
  } finally {
    await connection.close();
    await orm.close(true);
    await shape.stop();
    receiver.server.close();
  }
}
