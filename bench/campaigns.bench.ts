/**
 * Issue #5 benchmark, campaigns. Prints three figures:
 *
 * (a) dispatch rate: dials started per second by the outboundCampaign
 *     workflow (claims in pages, one campaignDialBatch child per claim whose
 *     activity runs the claim's dials: decision 0033) on the simulated
 *     carrier at max concurrency 50, beside a direct loop of 50 concurrent
 *     tasks doing the same work without Temporal (claim a row, then
 *     runCarrierDial: the call row, the DNC check, the carrier, the call's
 *     record, the outcome), the same domain function the batch calls.
 *     The workflow is started with the pace limit lifted (calls per minute
 *     1,000,000 instead of the API's maximum 600), so concurrency is what binds;
 *     the numbers are ones the simulated carrier does not answer (no answer,
 *     busy, voicemail), so calls are short and dispatching is what is measured.
 * (b) DNC check latency p50/p99 with 1,000,000 entries in dnc_entry (bulk
 *     inserted with generate_series once, kept in the bench database), the
 *     platform's dncCheck (normalise with libphonenumber, query through the
 *     ORM's connection) beside the bare indexed query over pg.
 * (c) the worker's peak memory (RSS, heap) while it dispatches a 10,000- and
 *     a 100,000-contact campaign, in a worker process of its own sampling
 *     process.memoryUsage() every 250 ms. Wall time is capped: each campaign
 *     is watched for its first BENCH_MEMORY_DIALS dials or BENCH_MEMORY_SECONDS
 *     seconds, whichever comes first (both printed).
 *
 *   npm run bench -- campaigns     (TEMPORAL_ADDRESS: use a running server; else a dev server is started)
 *   BENCH_DISPATCH=500 BENCH_DISPATCH_SECONDS=150 BENCH_DNC_SAMPLES=2000 BENCH_MEMORY_DIALS=4000 BENCH_MEMORY_SECONDS=60
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import pg from 'pg';
import { Client, Connection, WorkflowIdReusePolicy } from '@temporalio/client';
import { loadConfig, type Config } from '../src/config.js';
import { initOrm, migrate, sql, type Orm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { newId } from '../src/modules/ids.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { systemPrincipal } from '../src/modules/org/permissions.js';
import { createAgent } from '../src/modules/agents/create-agent.js';
import { publishAgent } from '../src/modules/agents/publish-agent.js';
import { engineSettingsFrom } from '../src/modules/engine/engine-settings.js';
import { purchasePhoneNumber } from '../src/modules/telephony/numbers/purchase-phone-number.js';
import { searchPhoneNumbers } from '../src/modules/telephony/numbers/search-phone-numbers.js';
import { DomainError } from '../src/modules/errors.js';
import { Campaign } from '../src/modules/campaigns/campaigns.entity.js';
import { claimRecipients } from '../src/modules/campaigns/campaign-steps.js';
import { runCarrierDial } from '../src/modules/campaigns/carrier-dial.js';
import { dncCheck } from '../src/modules/outbound/dnc-check.js';
import { simulatedOutcome } from '../src/modules/telephony/carriers/simulated-carrier.js';
import { createWorker } from '../src/roles/worker.js';
import { workflowIds } from '../workflows/workflow-ids.js';
import type { CampaignInput } from '../workflows/outbound-campaign/messages.js';
import { DIALS_PER_RUN } from '../src/modules/campaigns/launch-campaign.js';
import { ensureDatabase, fmt, percentile, table, temporalServer } from './support.js';
import { cpuDuring, pidsNamed, type CpuShare } from './cpu.js';

const DISPATCH = Number(process.env.BENCH_DISPATCH ?? 500);
/** Each dispatch measurement stops here at the latest (the rate is then over the dials placed so far, and says so). */
const DISPATCH_LIMIT_MS = Number(process.env.BENCH_DISPATCH_SECONDS ?? 150) * 1000;
/** The whole run stops by itself here at the latest (the issue asks for bounded runs). */
const RUN_LIMIT_MS = 9.5 * 60 * 1000;
const CONCURRENCY = 50;
const DNC_ENTRIES = 1_000_000;
const DNC_SAMPLES = Number(process.env.BENCH_DNC_SAMPLES ?? 2000);
const MEMORY_SIZES = [10_000, 100_000];
const MEMORY_DIALS = Number(process.env.BENCH_MEMORY_DIALS ?? 4000);
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const CONTACTS = Math.max(...MEMORY_SIZES);
const ORG_SLUG = 'campaign-bench-v2';
const DNC_ORG_SLUG = 'dnc-bench-1m-v1';

const UNANSWERED = new Set(['no_answer', 'busy', 'voicemail']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 0)} MB`;

export interface BenchOrg {
  organizationId: string;
  projectId: string;
  agentId: string;
  callers: string[];
}

/** The bench organization (kept between runs): a published agent on the simulated model, two simulated numbers, `contacts` contacts (100,000). */
export async function benchOrg(orm: Orm, config: Config, contacts = CONTACTS): Promise<BenchOrg> {
  const em = orm.em.fork();
  const [found] = await sql<{ id: string }>(em, 'select id from organization where slug = ?', [ORG_SLUG]);
  let organizationId = found?.id;
  if (!organizationId) {
    const { organization } = await createOrganization(em, { name: 'Campaign bench', slug: ORG_SLUG });
    organizationId = organization.id;
  }
  const system = systemPrincipal(organizationId);
  let [agent] = await sql<{ id: string; project_id: string }>(
    em,
    'select id, project_id from agent where organization_id = ? and live_version_id is not null limit 1',
    [organizationId],
  );
  if (!agent) {
    const made = await createAgent(orm.em.fork(), system, {
      name: 'Bench caller',
      prompt: 'You are calling to confirm an appointment. Be brief.',
      first_message: 'Hi, this is Acme Dental.',
      model: { provider: 'simulated', name: 'rules', temperature: 0, rules: [{ when: 'goodbye', say: 'Goodbye!', hangup: true }] },
    } as never);
    await publishAgent(orm.em.fork(), system, publishAgent.input.parse({ agentId: made.agent_id }));
    agent = { id: made.agent_id, project_id: made.project_id };
  }
  const settings = engineSettingsFrom(config);
  let callers = (await sql<{ number: string }>(em, 'select number from phone_number where organization_id = ? order by number limit 2', [organizationId])).map(
    (r) => r.number,
  );
  for (let round = 0; round < 10 && callers.length < 2; round++) {
    const { numbers } = await searchPhoneNumbers(
      orm.em.fork(),
      system,
      searchPhoneNumbers.input.parse({ country: 'US', area_code: '415', page_size: 5 }),
      settings,
    );
    for (const n of numbers) {
      if (callers.length === 2) break;
      try {
        callers.push((await purchasePhoneNumber(orm.em.fork(), system, purchasePhoneNumber.input.parse({ number: n.number }), settings)).number);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
      }
    }
  }
  callers = callers.slice(0, 2);
  // 100,000 contacts in New York's 212, made once: numbers the simulated carrier does not answer (no answer, busy,
  // voicemail: its default seeded distribution), so every dial is short and the figures are about dispatching.
  const [{ n }] = await sql<{ n: number }>(em, `select count(*)::int as n from contact where organization_id = ? and id like 'cnt_bench%'`, [organizationId]);
  if (n < contacts) {
    const phones: string[] = [];
    for (let g = 0; phones.length < contacts; g++) {
      const phone = `+1212${2000000 + g}`;
      if (UNANSWERED.has(simulatedOutcome(phone))) phones.push(phone);
    }
    for (let from = 0; from < phones.length; from += 20_000) {
      await sql(
        em,
        `insert into contact (id, organization_id, name, phone, email, country, time_zone, attributes, created_at, updated_at)
        select v.id, ?, null, v.phone, null, 'US', 'America/New_York', '{}'::jsonb, now(), now()
          from json_to_recordset(?) as v(id text, phone text)
        on conflict do nothing`,
        [organizationId, JSON.stringify(phones.slice(from, from + 20_000).map((phone, i) => ({ id: `cnt_bench${String(from + i).padStart(7, '0')}`, phone })))],
      );
    }
  }
  return { organizationId, projectId: agent.project_id, agentId: agent.id, callers };
}

/**
 * A campaign of the first `size` bench contacts, written as launchCampaign
 * writes it (campaign row, one campaign_recipient per contact) but with SQL
 * over generate_series: the API takes at most 10,000 numbers per launch.
 * One attempt per recipient (no retries), no calling window, no spend cap.
 */
export async function seedCampaign(orm: Orm, org: BenchOrg, size: number, name: string): Promise<string> {
  const em = orm.em.fork();
  const id = newId('campaign');
  em.create(Campaign, {
    id,
    organization: org.organizationId,
    project: org.projectId,
    agent: org.agentId,
    name,
    callerNumbers: org.callers,
    window: null,
    timeZone: 'America/New_York',
    maxConcurrent: CONCURRENCY,
    callsPerMinute: 600,
    retry: { outcomes: [], max_attempts: 1, delay_seconds: 60 },
    spendCapMicros: null,
    spentMicros: 0,
    customerScript: ['Hello?', 'Yes, speaking.', 'Okay, thank you. Goodbye.'],
    variables: {},
    status: 'running',
    reason: null,
    idempotencyKey: null,
    createdBy: { type: 'system', id: null, name: 'bench' },
    finishedAt: null,
  });
  await em.flush();
  await sql(
    em,
    `insert into campaign_recipient (id, campaign_id, contact_id, phone, time_zone, seq, attempts, state, updated_at)
    select ? || '_' || c.seq, ?, c.id, c.phone, 'America/New_York', c.seq, 0, 'queued', now()
      from (select id, phone, (row_number() over (order by id))::int - 1 as seq from contact
             where organization_id = ? and id like 'cnt_bench%' order by id limit ?) c`,
    [`crp_${id.slice(4)}`, id, org.organizationId, size],
  );
  return id;
}

/** Starts the campaign's workflow; the pace is lifted unless `callsPerMinute` is given (the API allows at most 600). */
export async function startCampaign(client: Client, taskQueue: string, campaignId: string, callsPerMinute = 1_000_000): Promise<void> {
  const input: CampaignInput = {
    campaignId,
    maxConcurrent: CONCURRENCY,
    callsPerMinute,
    paused: false,
    recentStarts: [],
    dialsPerRun: DIALS_PER_RUN,
  };
  await client.workflow.start('outboundCampaign', {
    taskQueue,
    workflowId: workflowIds.campaign(campaignId),
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    args: [input],
  });
}

const dialsStarted = async (orm: Orm, campaignIds: string[]) =>
  (
    await sql<{ n: number }>(
      orm.em.fork(),
      'select count(*)::int as n from outbound_call where campaign_id in (select json_array_elements_text(?::json)) and call_log_id is not null',
      [JSON.stringify(campaignIds)],
    )
  )[0].n;

/** Waits until `n` dials of the campaign (or campaigns, together) have been placed (or `limitMs`); returns dials per second from `started`. */
export async function placedRate(
  orm: Orm,
  campaignId: string | string[],
  n: number,
  started: number,
  limitMs: number,
): Promise<{ rate: number; placed: number }> {
  const ids = typeof campaignId === 'string' ? [campaignId] : campaignId;
  for (;;) {
    const placed = await dialsStarted(orm, ids);
    const elapsed = performance.now() - started;
    if (placed >= n || elapsed > limitMs) return { rate: placed / (elapsed / 1000), placed };
    await sleep(50);
  }
}

export async function untilSettled(orm: Orm, campaignId: string, limitMs: number): Promise<void> {
  const until = performance.now() + limitMs;
  while (performance.now() < until) {
    const [row] = await sql<{ n: number }>(
      orm.em.fork(),
      `select count(*)::int as n from campaign_recipient where campaign_id = ? and state in ('queued', 'dialling', 'in_call')`,
      [campaignId],
    );
    if (row.n === 0) return;
    await sleep(200);
  }
}

async function dispatchBench(orm: Orm, config: Config, client: Client, taskQueue: string, org: BenchOrg) {
  // Warm-up: the workflow bundle, pools, the engine.
  const warm = await seedCampaign(orm, org, 60, 'bench warm-up');
  await startCampaign(client, taskQueue, warm);
  await untilSettled(orm, warm, 120_000);

  const viaTemporal = await seedCampaign(orm, org, DISPATCH, `bench dispatch via Temporal ${DISPATCH}`);
  let started = performance.now();
  await startCampaign(client, taskQueue, viaTemporal);
  const temporal = await placedRate(orm, viaTemporal, DISPATCH, started, DISPATCH_LIMIT_MS);
  // Stop the campaign if the limit cut it short (its dials in flight finish), so it does not run beside the direct loop.
  if (temporal.placed < DISPATCH)
    await client.workflow
      .getHandle(workflowIds.campaign(viaTemporal))
      .terminate('benchmark window over')
      .catch(() => undefined);
  await untilSettled(orm, viaTemporal, 30_000);

  const direct = await seedCampaign(orm, org, DISPATCH, `bench dispatch direct ${DISPATCH}`);
  started = performance.now();
  let token = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() - started < DISPATCH_LIMIT_MS) {
        const [claimed] = await claimRecipients(orm.em.fork(), direct, `direct-${token++}`, 1);
        if (!claimed) return;
        await runCarrierDial({ orm, settings: engineSettingsFrom(config) }, direct, claimed);
      }
    }),
  );
  const plain = await placedRate(orm, direct, DISPATCH, started, 10_000);
  for (const id of [viaTemporal, direct]) {
    await sql(orm.em.fork(), `update campaign set status = 'completed', finished_at = now() where id = ? and status = 'running'`, [id]);
  }
  const placed = (r: { placed: number }) => (r.placed < DISPATCH ? ` (first ${r.placed} dials: time limit)` : '');

  console.log(
    `\n(a) campaign dispatch: ${DISPATCH} contacts, simulated carrier (numbers it does not answer: short calls), max concurrency ${CONCURRENCY}, one attempt each\n`,
  );
  console.log(
    table([
      ['path', 'dials started/s'],
      ['outboundCampaign workflow (a campaignDialBatch child per claim, its activity runs the dials)', `${fmt(temporal.rate, 1)}${placed(temporal)}`],
      ['direct loop: 50 tasks, each claims one and runs runCarrierDial, no Temporal', `${fmt(plain.rate, 1)}${placed(plain)}`],
      ['ratio workflow / direct (target >= 0.5)', `${fmt(temporal.rate / plain.rate, 2)}x`],
    ]),
  );
}

/**
 * (a2) the same dispatch with the worker in processes of its own: one worker
 * process, then two on one task queue (each a real createWorker), a fresh
 * campaign each, so the second figure says what a second worker adds.
 */
async function scaleBench(orm: Orm, url: string, address: string, client: Client, org: BenchOrg) {
  const rates: number[] = [];
  const shares: CpuShare[] = [];
  for (const workers of [1, 2]) {
    const taskQueue = `bench-campaign-scale-${workers}-${Date.now()}`;
    const children = await Promise.all(
      Array.from({ length: workers }, () =>
        startWorkerChild({
          DATABASE_URL: url,
          TEMPORAL_ADDRESS: address,
          TEMPORAL_TASK_QUEUE: taskQueue,
          LOG_LEVEL: 'silent',
          NODE_ENV: 'test',
          MEMORY_SAMPLE_MS: '60000',
        }),
      ),
    );
    try {
      const warm = await seedCampaign(orm, org, 60, `bench scale warm-up ${workers}`);
      await startCampaign(client, taskQueue, warm);
      await untilSettled(orm, warm, 120_000);
      const id = await seedCampaign(orm, org, DISPATCH, `bench scale ${workers} workers`);
      const started = performance.now();
      await startCampaign(client, taskQueue, id);
      const groups = () => ({
        workers: children.map((c) => c.child.pid!),
        temporal: pidsNamed('temporal'),
        postgres: pidsNamed('postgres'),
        bench: [process.pid],
      });
      const {
        value: { rate, placed },
        cpu,
      } = await cpuDuring(groups, () => placedRate(orm, id, DISPATCH, started, DISPATCH_LIMIT_MS));
      shares.push(cpu);
      if (placed < DISPATCH)
        await client.workflow
          .getHandle(workflowIds.campaign(id))
          .terminate('benchmark window over')
          .catch(() => undefined);
      await untilSettled(orm, id, 30_000);
      await sql(orm.em.fork(), `update campaign set status = 'completed', finished_at = now() where id in (?, ?) and status = 'running'`, [id, warm]);
      rates.push(rate);
    } finally {
      for (const { child } of children) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGKILL');
        await exited;
      }
    }
  }
  console.log(
    `\n(a2) campaign dispatch with worker processes: ${DISPATCH} contacts, max concurrency ${CONCURRENCY} (the Temporal server, PostgreSQL and every worker share this machine's cores)\n`,
  );
  console.log(
    table([
      ['workers', 'dials started/s', 'cores: workers', 'Temporal server', 'PostgreSQL', 'machine busy'],
      ...[0, 1].map((i) => [
        i === 0 ? 'one worker process' : 'two worker processes, one task queue',
        fmt(rates[i], 1),
        fmt(shares[i].groups.workers, 2),
        fmt(shares[i].groups.temporal, 2),
        fmt(shares[i].groups.postgres, 2),
        fmt(shares[i].machine, 2),
      ]),
      ['ratio two / one (target >= 1.8)', `${fmt(rates[1] / rates[0], 2)}x`, '', '', '', ''],
    ]),
  );
}

async function dncBench(orm: Orm, url: string) {
  const em = orm.em.fork();
  const [found] = await sql<{ id: string }>(em, 'select id from organization where slug = ?', [DNC_ORG_SLUG]);
  const organizationId = found?.id ?? (await createOrganization(em, { name: 'DNC bench', slug: DNC_ORG_SLUG })).organization.id;
  const [{ n }] = await sql<{ n: number }>(em, 'select count(*)::int as n from dnc_entry where organization_id = ?', [organizationId]);
  if (n < DNC_ENTRIES) {
    const t0 = performance.now();
    await sql(
      em,
      `insert into dnc_entry (id, organization_id, phone, reason, source, created_by, created_at)
      select 'dnc_bench' || lpad(g::text, 7, '0'), ?, '+1646' || (2000000 + g)::text, 'bench', 'api', '{"type":"system","id":null,"name":"bench"}'::jsonb, now()
        from generate_series(0, ? - 1) g on conflict do nothing`,
      [organizationId, DNC_ENTRIES],
    );
    await sql(em, 'analyze dnc_entry');
    console.error(`[dnc] inserted ${DNC_ENTRIES - n} entries in ${fmt((performance.now() - t0) / 1000, 1)} s (kept for later runs)`);
  }
  const [{ total }] = await sql<{ total: number }>(em, 'select count(*)::int as total from dnc_entry');
  // Half listed numbers, half not (a different exchange range), spread over the whole list.
  const phone = (i: number) => (i % 2 ? `+1646${2000000 + ((i * 7919) % DNC_ENTRIES)}` : `+1718${2000000 + ((i * 7919) % DNC_ENTRIES)}`);
  const direct = new pg.Client({ connectionString: url });
  await direct.connect();
  const measure = async (check: (p: string) => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) await check(phone(i + DNC_SAMPLES));
    const times: number[] = [];
    let blocked = 0;
    for (let i = 0; i < DNC_SAMPLES; i++) {
      const t0 = performance.now();
      if (await check(phone(i))) blocked++;
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    return { p50: percentile(times, 50), p99: percentile(times, 99), blocked };
  };
  const platform = await measure(async (p) => (await dncCheck(orm.em.fork(), organizationId, p)).blocked);
  const bare = await measure(
    async (p) => (await direct.query('select 1 from dnc_entry where organization_id = $1 and phone = $2', [organizationId, p])).rowCount! > 0,
  );
  await direct.end();
  if (platform.blocked !== bare.blocked || platform.blocked !== DNC_SAMPLES / 2) throw new Error(`DNC answers differ: ${platform.blocked} vs ${bare.blocked}`);
  console.log(
    `\n(b) DNC check: ${DNC_ENTRIES.toLocaleString('en')} entries for the organization (${total.toLocaleString('en')} in the table), ${DNC_SAMPLES} checks one after another, half of them listed\n`,
  );
  console.log(
    table([
      ['path', 'p50 ms', 'p99 ms'],
      ['dncCheck (libphonenumber normalise + ORM connection, as before every dial)', fmt(platform.p50, 3), fmt(platform.p99, 3)],
      ['bare query over pg (select 1 ... where organization_id = $1 and phone = $2)', fmt(bare.p50, 3), fmt(bare.p99, 3)],
      ['ratio dncCheck / bare', `${fmt(platform.p50 / bare.p50, 2)}x`, `${fmt(platform.p99 / bare.p99, 2)}x`],
    ]),
  );
}

interface WorkerChild {
  child: ChildProcess;
  peak: { rss: number; heapUsed: number; heapTotal: number };
  samples: number;
}

async function startWorkerChild(env: Record<string, string>): Promise<WorkerChild> {
  const script = fileURLToPath(new URL('./campaign-worker-process.ts', import.meta.url));
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const state: WorkerChild = { child, peak: { rss: 0, heapUsed: 0, heapTotal: 0 }, samples: 0 };
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`bench worker not ready in 120 s: ${err}`)), 120_000);
    child.stdout!.on('data', (d) => {
      buffer += d;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line === 'ready') {
          clearTimeout(timer);
          resolve();
        } else if (line.startsWith('{')) {
          const m = JSON.parse(line) as { rss: number; heapUsed: number; heapTotal: number };
          state.samples++;
          state.peak = {
            rss: Math.max(state.peak.rss, m.rss),
            heapUsed: Math.max(state.peak.heapUsed, m.heapUsed),
            heapTotal: Math.max(state.peak.heapTotal, m.heapTotal),
          };
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench worker exited (${code}): ${err}`));
    });
  });
  return state;
}

async function memoryBench(orm: Orm, url: string, address: string, client: Client, org: BenchOrg) {
  const rows: (string | number)[][] = [['contacts', 'dials watched', 'seconds', 'dials/s', 'peak RSS', 'peak heap used', 'peak heap total']];
  for (const size of MEMORY_SIZES) {
    const taskQueue = `bench-campaign-memory-${size}-${Date.now()}`;
    const worker = await startWorkerChild({
      DATABASE_URL: url,
      TEMPORAL_ADDRESS: address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    const campaignId = await seedCampaign(orm, org, size, `bench memory ${size}`);
    // The peak counts from the start of the campaign (the idle worker's own memory is part of it, as it is in production).
    const started = performance.now();
    await startCampaign(client, taskQueue, campaignId);
    let dials = 0;
    while (dials < MEMORY_DIALS && performance.now() - started < MEMORY_SECONDS * 1000) {
      await sleep(1000);
      dials = await dialsStarted(orm, [campaignId]);
    }
    const seconds = (performance.now() - started) / 1000;
    await client.workflow
      .getHandle(workflowIds.campaign(campaignId))
      .terminate('benchmark window over')
      .catch(() => undefined);
    const exited = new Promise<void>((r) => worker.child.once('exit', () => r()));
    worker.child.kill('SIGKILL');
    await exited;
    await sql(orm.em.fork(), `update campaign set status = 'cancelled', reason = 'benchmark window over', finished_at = now() where id = ?`, [campaignId]);
    rows.push([
      size.toLocaleString('en'),
      dials,
      fmt(seconds, 0),
      fmt(dials / seconds, 1),
      mb(worker.peak.rss),
      mb(worker.peak.heapUsed),
      mb(worker.peak.heapTotal),
    ]);
  }
  console.log(
    `\n(c) worker peak memory while dispatching (worker in its own process, sampled every 250 ms; each campaign watched for its first ${MEMORY_DIALS} dials or ${MEMORY_SECONDS} s, whichever came first)\n`,
  );
  console.log(table(rows));
  const small = rows[1];
  const large = rows[2];
  console.log(`peak RSS 100,000 / 10,000 contacts: ${fmt(Number.parseFloat(String(large[4])) / Number.parseFloat(String(small[4])), 2)}x`);
}

export async function run() {
  setTimeout(() => {
    console.error(`campaigns bench: over ${RUN_LIMIT_MS / 60_000} minutes, stopping`);
    process.exit(1);
  }, RUN_LIMIT_MS).unref();
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm: Orm = await initOrm({ entities, url, poolMax: 60, logger: () => {} });
  await migrate(orm);
  const server = await temporalServer();
  const taskQueue = `bench-campaigns-${Date.now()}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    TEMPORAL_ADDRESS: server.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    DB_POOL_MAX: '60',
  });
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const org = await benchOrg(orm, config);
  const section = process.env.BENCH_SECTIONS ?? 'dispatch,scale,dnc,memory';
  try {
    if (section.includes('dispatch')) {
      const { worker, connection: workerConnection } = await createWorker(config, orm, pino({ level: 'warn' }));
      const running = worker.run();
      try {
        await dispatchBench(orm, config, client, taskQueue, org);
      } finally {
        worker.shutdown();
        await running;
        await workerConnection.close();
      }
    }
    if (section.includes('scale')) await scaleBench(orm, url, server.address, client, org);
    if (section.includes('dnc')) await dncBench(orm, url);
    if (section.includes('memory')) await memoryBench(orm, url, server.address, client, org);
  } finally {
    await connection.close();
    server.stop();
    await orm.close(true);
  }
}
