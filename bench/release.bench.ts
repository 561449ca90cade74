/**
 * Issue #4 benchmark, the Temporal side: wall time of a release pipeline
 * whose agent has 20 required tests (tests as a child workflow, preview,
 * merge, publish; no rollout soak), beside the same work done without
 * Temporal: the same executeTestRuns the runTests activity calls (four at a
 * time), then the same merge and publish. The ratio is what durability
 * costs (targets, issue 14: pipeline <= 3x, test step >= 0.5x direct).
 *
 *   npm run bench -- release      (TEMPORAL_ADDRESS: use a running server; else a dev server is started)
 */
import pino from 'pino';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../src/config.js';
import { initOrm, migrate, type Orm } from '../src/db/orm.js';
import { entities } from '../src/entities.js';
import { createOrganization } from '../src/modules/org/create-organization.js';
import { systemPrincipal, type Principal } from '../src/modules/org/permissions.js';
import { createAgent } from '../src/modules/agents/create-agent.js';
import { createAgentBranch } from '../src/modules/agents/create-agent-branch.js';
import { updateAgent } from '../src/modules/agents/update-agent.js';
import { publishAgent } from '../src/modules/agents/publish-agent.js';
import { mergeAgentBranch } from '../src/modules/agents/merge-agent-branch.js';
import { previewAgentBranchMerge } from '../src/modules/agents/preview-agent-branch-merge.js';
import { Agent } from '../src/modules/agents/agents.entity.js';
import { createTest } from '../src/modules/quality/create-test.js';
import { createEvaluation } from '../src/modules/quality/create-evaluation.js';
import { Test } from '../src/modules/quality/quality.entity.js';
import { executeTestRuns, finalizeEvaluation } from '../src/modules/quality/test-run-steps.js';
import { engineSettingsFrom } from '../src/modules/engine/engine-settings.js';
import { startRelease } from '../src/modules/releases/start-release.js';
import { Release } from '../src/modules/releases/releases.entity.js';
import { createWorker } from '../src/roles/worker.js';
import { ensureDatabase, fmt, table, timeIt, temporalServer } from './support.js';

const TESTS = Number(process.env.BENCH_TESTS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** An agent with a published main, a branch with a change, and TESTS required tests that pass on it. */
async function releasable(orm: Orm, principal: Principal, round: number) {
  const agent = await createAgent(orm.em.fork(), principal, {
    name: `Bench desk ${round}`,
    prompt: 'You are the front desk.',
    first_message: 'Hello, Acme Dental.',
    model: {
      provider: 'simulated',
      name: 'desk',
      temperature: 0,
      rules: [{ when: 'appointment', say: 'We have Tuesday at 10:00.' }, { when: 'bye', say: 'Goodbye!', hangup: true }, { say: 'Tell me more.' }],
    },
  } as never);
  await publishAgent(orm.em.fork(), principal, publishAgent.input.parse({ agentId: agent.agent_id }));
  const branch = await createAgentBranch(orm.em.fork(), principal, createAgentBranch.input.parse({ agentId: agent.agent_id, branch: { name: 'change' } }));
  await updateAgent(
    orm.em.fork(),
    principal,
    agent.agent_id,
    updateAgent.input.parse({ branch_id: branch.branch_id, prompt: 'You are the friendly front desk.' }),
  );
  for (let i = 0; i < TESTS; i++) {
    await createTest(
      orm.em.fork(),
      principal,
      createTest.input.parse({
        agent_id: agent.agent_id,
        name: `test ${i}`,
        required: true,
        customer_turns: ['Hi', 'I want an appointment', 'Is Tuesday fine?', 'bye'],
        checks: [
          { type: 'reply_contains', text: 'Tuesday', turn: 2 },
          { type: 'ended_with', end_reason: 'agent_hangup' },
        ],
      }),
    );
  }
  return { agentId: agent.agent_id, branchId: branch.branch_id };
}

/** The pipeline's work without Temporal: the same steps, called directly, four tests at a time. */
async function direct(orm: Orm, principal: Principal, agentId: string, branchId: string, settings: ReturnType<typeof engineSettingsFrom>) {
  const em = orm.em.fork();
  const agent = await em.findOneOrFail(Agent, { id: agentId });
  const tests = await em.find(Test, { agent: agentId }, { orderBy: { id: 'asc' } });
  const { AgentBranch } = await import('../src/modules/agents/agents.entity.js');
  const branch = await em.findOneOrFail(AgentBranch, { id: branchId });
  const { evaluation, runs } = createEvaluation(em, {
    agent,
    versionId: branch.headVersionId,
    branchId,
    tests,
    actor: { type: 'system', id: null, name: 'bench' },
  });
  await em.flush();
  const tested = await timeIt(() =>
    executeTestRuns(
      { orm, settings },
      runs.map((r) => r.id),
      4,
    ),
  );
  const outcome = await finalizeEvaluation(orm.em.fork(), evaluation.id, null);
  if (outcome.status !== 'passed') throw new Error(`direct tests did not pass: ${JSON.stringify(outcome)}`);
  await previewAgentBranchMerge(orm.em.fork(), principal, previewAgentBranchMerge.input.parse({ agentId, sourceBranchId: branchId }));
  await mergeAgentBranch(orm.em.fork(), principal, mergeAgentBranch.input.parse({ agentId, sourceBranchId: branchId }));
  await publishAgent(orm.em.fork(), principal, publishAgent.input.parse({ agentId }));
  return { testsMs: tested.ms };
}

/** Customer turns of one bench test (see releasable). */
const TURNS_PER_TEST = 4;

export async function run() {
  const url = await ensureDatabase(process.env.BENCH_DB_NAME ?? 'voice_platform_bench');
  const orm = await initOrm({ entities, url, poolMax: 10, logger: () => {} });
  await migrate(orm);
  const server = await temporalServer();
  const taskQueue = `bench-release-${Date.now()}`;
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent', TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: taskQueue });
  const { organization } = await createOrganization(orm.em.fork(), { name: 'Release bench', slug: `release-bench-${Date.now()}` });
  const principal = systemPrincipal(organization.id);
  const settings = engineSettingsFrom(config);

  const { worker, connection: workerConnection } = await createWorker(config, orm, pino({ level: 'warn' }));
  const running = worker.run();
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection, namespace: config.temporal.namespace });

  const withTemporal: number[] = [];
  const withoutTemporal: number[] = [];
  const testStepTemporal: number[] = [];
  const testStepDirect: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const viaTemporal = await releasable(orm, principal, round * 2);
    const plain = await releasable(orm, principal, round * 2 + 1);
    const pipeline = await timeIt(async () => {
      const release = await startRelease(
        orm.em.fork(),
        principal,
        startRelease.input.parse({ agent_id: viaTemporal.agentId, branch_id: viaTemporal.branchId }),
        { client, taskQueue },
      );
      for (;;) {
        const row = await orm.em.fork().findOneOrFail(Release, { id: release.release_id });
        if (['succeeded', 'failed', 'aborted', 'rolled_back'].includes(row.status)) {
          if (row.status !== 'succeeded') throw new Error(`release ${row.id} ${row.status}: ${row.reason}`);
          // The tests step as the workflow recorded it: child workflow, activities, read state.
          const step = row.steps.find((x) => x.name === 'tests');
          if (step?.started_at && step.finished_at) testStepTemporal.push(Date.parse(step.finished_at) - Date.parse(step.started_at));
          return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    withTemporal.push(pipeline.ms);
    const plainRun = await timeIt(() => direct(orm, principal, plain.agentId, plain.branchId, settings));
    withoutTemporal.push(plainRun.ms);
    testStepDirect.push(plainRun.value.testsMs);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

  console.log(`\nrelease benchmark: ${TESTS} required tests, ${ROUNDS} rounds, median wall time (ms)\n`);
  console.log(
    table([
      ['path', 'median ms', 'all rounds'],
      [
        'releasePipeline (Temporal: child testRun, local database steps, read state)',
        fmt(median(withTemporal), 0),
        withTemporal.map((m) => fmt(m, 0)).join(' '),
      ],
      ['same steps called directly (no Temporal)', fmt(median(withoutTemporal), 0), withoutTemporal.map((m) => fmt(m, 0)).join(' ')],
      ['ratio Temporal / direct (target <= 3)', `${fmt(median(withTemporal) / median(withoutTemporal), 2)}x`, ''],
    ]),
  );
  const turns = TESTS * TURNS_PER_TEST;
  const rate = (ms: number) => turns / (ms / 1000);
  console.log(`\nsimulated conversation turns per second in the test step (${TESTS} conversations x ${TURNS_PER_TEST} customer turns, 4 at a time):\n`);
  console.log(
    table([
      ['path', 'turns/s (median round)', 'test step ms'],
      ['engine through Temporal (testRun child workflow, one runTests activity)', fmt(rate(median(testStepTemporal)), 0), fmt(median(testStepTemporal), 0)],
      ['engine called directly', fmt(rate(median(testStepDirect)), 0), fmt(median(testStepDirect), 0)],
      ['ratio Temporal / direct turns/s (target >= 0.5)', `${fmt(rate(median(testStepTemporal)) / rate(median(testStepDirect)), 2)}x`, ''],
    ]),
  );

  worker.shutdown();
  await running;
  await workerConnection.close();
  await connection.close();
  server.stop();
  await orm.close(true);
}
