import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { makeAgent } from '../support/engine.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { completion, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { connectMcp, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import { systemPrincipal, type Principal } from '../../src/modules/org/permissions.js';
import { createAgentBranch } from '../../src/modules/agents/create-agent-branch.js';
import { updateAgent } from '../../src/modules/agents/update-agent.js';
import { createModelProvider } from '../../src/modules/engine/create-model-provider.js';
import { closeEngineDispatchers, engineSettingsFrom } from '../../src/modules/engine/engine-settings.js';
import { createTest } from '../../src/modules/quality/create-test.js';
import { createEvaluation } from '../../src/modules/quality/create-evaluation.js';
import { executeTestRun } from '../../src/modules/quality/test-run-steps.js';
import { Test, TestRun } from '../../src/modules/quality/quality.entity.js';
import { Agent } from '../../src/modules/agents/agents.entity.js';
import { publishAgent } from '../../src/modules/agents/publish-agent.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { CallSession } from '../../src/modules/calls/calls.entity.js';
import type { AgentView } from '../../src/modules/agents/agents.schemas.js';
import type { CreateTestBody } from '../../src/modules/quality/quality.schemas.js';
import { progressQuery } from '../../workflows/test-run/messages.js';

/**
 * Tests, test runs and evaluations end to end: REST and MCP in front, the
 * testRun workflow on a real worker (its own task queue) against the test
 * run's Temporal dev server, the engine's simulated model behind.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let worker: TestWorker;
let system: Principal;
let fake: FakeOpenAi;

const deskRules = [
  { when: ['appointment', 'book'], say: 'We have Tuesday at 10:00.' },
  { when: { regex: 'my name is (?<name>[A-Za-z]+)' }, say: 'Thanks, noted.', set_variable: { key: 'customer_name', group: 'name' } },
  { when: 'billing', say: 'Connecting you to billing.', transfer_to: 'billing' },
  { when: 'bye', say: 'Goodbye!', hangup: true },
];
const deskConfig = {
  variables: [{ key: 'customer_name', description: 'First name' }],
  destinations: [{ name: 'billing', address: '+4930123456' }],
  model: { provider: 'simulated' as const, name: 'desk', temperature: 0, rules: deskRules },
};
const bookingTest: Omit<CreateTestBody, 'agent_id'> = {
  name: 'books an appointment',
  customer_turns: ['Hi, I would like an appointment', 'My name is Ana', 'bye'],
  checks: [
    { type: 'reply_contains', text: 'Tuesday', turn: 1 },
    { type: 'variable_equals', key: 'customer_name', value: 'Ana' },
    { type: 'tool_called', name: 'end_call' },
    { type: 'ended_with', end_reason: 'agent_hangup' },
  ],
};

beforeAll(async () => {
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('quality'), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  a = await createTenant(t);
  b = await createTenant(t);
  system = systemPrincipal(a.organizationId);
  worker = await startTestWorker(t);
  fake = await startFakeOpenAi();
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await fake?.close();
  await closeEngineDispatchers();
  await t?.close();
});

const desk = (over: Record<string, unknown> = {}) => makeAgent(t, a, { ...deskConfig, ...over });
const api = (path: string) => `/v1${path}`;
const runAndWait = (body: Record<string, unknown>) =>
  t.request
    .post(api('/test/run'))
    .set(a.headers)
    .send({ wait_seconds: 30, ...body });

describe('test_create and listing', () => {
  it('creates tests over REST, lists them, and refuses bad input naming the field', async () => {
    const agent = await desk();
    const made = await t.request
      .post(api(`/agent/${agent.agent_id}/test/create`))
      .set(a.headers)
      .send(bookingTest);
    expect(made.status).toBe(201);
    expect(made.body.test).toMatchObject({
      test_id: expect.stringMatching(/^tst_/),
      agent_id: agent.agent_id,
      required: false,
      customer_turns: bookingTest.customer_turns,
    });

    const dup = await t.request
      .post(api(`/agent/${agent.agent_id}/test/create`))
      .set(a.headers)
      .send(bookingTest);
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe('body.name');

    const cases: [Record<string, unknown>, string][] = [
      [{ ...bookingTest, name: 'x', checks: [] }, 'body.checks'],
      [{ ...bookingTest, name: 'x', checks: [{ type: 'reply_matches', pattern: '(' }] }, 'body.checks.0.pattern'],
      [{ ...bookingTest, name: 'x', checks: [{ type: 'nope' }] }, 'body.checks.0.type'],
      [{ ...bookingTest, name: 'x', customer_turns: [] }, 'body.customer_turns'],
      [{ ...bookingTest, name: 'x', customer_turns: ['a\u0000b'] }, 'body.customer_turns.0'],
      [{ ...bookingTest, name: 'x', surprise: 1 }, 'body.surprise'],
      [{ ...bookingTest, name: 'x', checks: [{ type: 'ended_with', end_reason: 'exploded' }] }, 'body.checks.0.end_reason'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request
        .post(api(`/agent/${agent.agent_id}/test/create`))
        .set(a.headers)
        .send(body);
      expect([res.status, res.body.errors?.map((e: { field: string }) => e.field)]).toEqual([400, expect.arrayContaining([field])]);
    }
    const text = await t.request
      .post(api(`/agent/${agent.agent_id}/test/create`))
      .set(a.headers)
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(text.status).toBe(400);
    // Another organization's agent reads as not found.
    const foreign = await t.request
      .post(api(`/agent/${agent.agent_id}/test/create`))
      .set(b.headers)
      .send({ ...bookingTest, name: 'y' });
    expect(foreign.status).toBe(404);

    const list = await t.request.get(api(`/agent/${agent.agent_id}/test/list`)).set(a.headers);
    expect(list.status).toBe(200);
    expect(list.body.tests.map((x: { name: string }) => x.name)).toEqual(['books an appointment']);
  });
});

describe('test_run', () => {
  let agent: AgentView;
  let passing: string;
  let failing: string;
  let transfer: string;

  beforeAll(async () => {
    agent = await desk();
    passing = (await createTest(t.orm.em.fork(), system, createTest.input.parse({ ...bookingTest, agent_id: agent.agent_id }))).test_id;
    failing = (
      await createTest(
        t.orm.em.fork(),
        system,
        createTest.input.parse({
          agent_id: agent.agent_id,
          name: 'quotes a price',
          customer_turns: ['How much is a cleaning?'],
          checks: [
            { type: 'reply_contains', text: '80 euros' },
            { type: 'ended_with', end_reason: 'customer_hangup' },
          ],
        }),
      )
    ).test_id;
    transfer = (
      await createTest(
        t.orm.em.fork(),
        system,
        createTest.input.parse({
          agent_id: agent.agent_id,
          name: 'billing goes to billing',
          customer_turns: ['A billing question please', 'hello?'],
          checks: [
            { type: 'transferred', to: 'billing' },
            { type: 'ended_with', end_reason: 'transferred' },
            { type: 'judged', rubric: 'Polite' },
          ],
        }),
      )
    ).test_id;
  });

  it('runs a passing test: 202 with ids, then passed with every check, the transcript and a real session', async () => {
    const res = await runAndWait({ test_id: passing });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ evaluation_id: expect.stringMatching(/^evl_/), test_run_ids: [expect.stringMatching(/^trn_/)], status: 'passed' });
    const run = await t.request.get(api(`/test_run/retrieve/${res.body.test_run_ids[0]}`)).set(a.headers);
    expect(run.status).toBe(200);
    expect(run.body.test_run).toMatchObject({
      status: 'passed',
      test_id: passing,
      version_id: agent.version_id,
      branch_id: agent.main_branch_id,
      end_reason: 'agent_hangup',
      session_id: expect.stringMatching(/^sess_/),
      error: null,
    });
    expect(run.body.test_run.checks.map((c: { status: string }) => c.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    expect(run.body.test_run.transcript[0]).toEqual({ speaker: 'agent', text: 'Hello, Acme Dental, how can I help?' });
    expect(run.body.test_run.duration_seconds).toBeGreaterThan(0);
    expect(run.body.test_run.cost_micros).toBeGreaterThan(0);
    const session = await t.request.get(api(`/call_session/retrieve/${run.body.test_run.session_id}`)).set(a.headers);
    expect(session.status).toBe(200);
    expect(session.body.session).toMatchObject({ status: 'ended', end_reason: 'agent_hangup', kind: 'test' });

    // A test run is not a call: analytics and billing leave it out unless asked for (decision 0022).
    const at = Date.parse(session.body.session.started_at);
    const range = `from_time=${encodeURIComponent(new Date(at - 60_000).toISOString())}&to_time=${encodeURIComponent(new Date(at + 60_000).toISOString())}`;
    const overview = async (kind: string) => (await t.request.get(api(`/call_session/analytics/overview?${range}${kind}`)).set(a.headers)).body.overview;
    expect(await overview('')).toMatchObject({ sessions: 0, cost_micros: 0 });
    expect((await overview('&kind=test')).sessions).toBeGreaterThanOrEqual(1);
    const billing = async (kind: string) =>
      (await t.request.get(api(`/billing/overview?as_of=${encodeURIComponent(new Date(at + 60_000).toISOString())}${kind}`)).set(a.headers)).body
        .billing_overview.today;
    expect(await billing('')).toMatchObject({ sessions: 0, cost_micros: 0 });
    expect((await billing('&kind=test')).cost_micros).toBeGreaterThanOrEqual(run.body.test_run.cost_micros);
  });

  it('runs a failing test: failed, naming the failed check and why', async () => {
    const res = await runAndWait({ test_id: failing, agent_id: agent.agent_id });
    expect(res.body.status).toBe('failed');
    const evaluation = res.body.evaluation;
    expect(evaluation.test_runs[0]).toMatchObject({ status: 'failed', failed_checks: [{ index: 0, type: 'reply_contains', status: 'failed' }] });
    expect(evaluation.test_runs[0].failed_checks[0].detail).toContain('no agent reply contains "80 euros"');
  });

  it('runs every test of an agent as one evaluation: pass rate, duration and cost add up', async () => {
    const res = await runAndWait({ agent_id: agent.agent_id });
    expect(res.status).toBe(202);
    expect(res.body.test_run_ids).toHaveLength(3);
    const got = await t.request.get(api(`/evaluation/retrieve/${res.body.evaluation_id}`)).set(a.headers);
    expect(got.status).toBe(200);
    const e = got.body.evaluation;
    // The transfer test's judged check is skipped on a simulated model; its other checks pass.
    expect(e).toMatchObject({ status: 'failed', total: 3, passed: 2, failed: 1, errored: 0, version_id: agent.version_id });
    expect(e.pass_rate).toBeCloseTo(2 / 3, 5);
    expect(e.test_runs.map((r: { test_id: string; status: string }) => [r.test_id, r.status])).toEqual([
      [passing, 'passed'],
      [failing, 'failed'],
      [transfer, 'passed'],
    ]);
    const runs = await t.orm.em.fork().find(TestRun, { evaluation: e.evaluation_id });
    expect(e.duration_seconds).toBe(runs.reduce((s, r) => s + r.durationSeconds, 0));
    expect(e.cost_micros).toBe(runs.reduce((s, r) => s + r.costMicros, 0));
    expect(e.cost_micros).toBeGreaterThan(0);
    expect(e.wall_ms).toBeGreaterThanOrEqual(0);
    const judged = runs.find((r) => r.test === transfer)!.checkOutcomes[2];
    expect(judged).toMatchObject({ type: 'judged', status: 'skipped' });
  });

  it('answers at once without wait_seconds, and the run finishes in the background', async () => {
    const res = await t.request.post(api('/test/run')).set(a.headers).send({ test_id: passing });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ evaluation_id: expect.any(String), test_run_ids: [expect.any(String)], status: 'queued' });
    let status = 'queued';
    for (let i = 0; i < 100 && !['passed', 'failed', 'error'].includes(status); i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await t.request.get(api(`/evaluation/retrieve/${res.body.evaluation_id}`)).set(a.headers)).body.evaluation.status;
    }
    expect(status).toBe('passed');
    // The workflow's progress query answers, also once it has finished (queries replay its history).
    const handle = t.deps.temporal!.client.workflow.getHandle(`test-run/${res.body.evaluation_id}`);
    expect(await handle.query(progressQuery)).toEqual({
      evaluationId: res.body.evaluation_id,
      total: 1,
      done: 1,
      passed: 1,
      failed: 0,
      errored: 0,
      running: [],
    });
  });

  it("refuses bad run requests naming the field, and other tenants' tests as not found", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'body.test_id'],
      [{ test_id: passing, branch_id: agent.main_branch_id, version_id: agent.version_id }, 400, 'body.version_id'],
      [{ test_id: passing, wait_seconds: 61 }, 400, 'body.wait_seconds'],
      [{ test_id: 'tst_nope' }, 404, ''],
      [{ test_id: passing, version_id: 'ver_nope' }, 404, ''],
      [{ test_id: passing, branch_id: 'brn_nope' }, 404, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await t.request.post(api('/test/run')).set(a.headers).send(body);
      expect([res.status, field ? res.body.errors?.[0]?.field : '']).toEqual([status, field]);
    }
    expect((await t.request.post(api('/test/run')).set(b.headers).send({ test_id: passing })).status).toBe(404);
    expect((await t.request.get(api('/test_run/retrieve/trn_nope')).set(a.headers)).status).toBe(404);
    expect((await t.request.get(api('/evaluation/retrieve/evl_nope')).set(a.headers)).status).toBe(404);
    const noTests = await desk();
    const none = await t.request.post(api('/test/run')).set(a.headers).send({ agent_id: noTests.agent_id });
    expect([none.status, none.body.code]).toEqual([422, 'UNPROCESSABLE']);
  });

  it('answers 503 when the app runs without Temporal, and 403 without tests:run', async () => {
    const offline = await createTestApp();
    try {
      const res = await offline.request.post(api('/test/run')).set(a.headers).send({ test_id: passing });
      expect([res.status, res.body.code]).toEqual([503, 'UNAVAILABLE']);
    } finally {
      await offline.close();
    }
    const viewer = await createTenant(t, 'viewer');
    expect((await t.request.post(api('/test/run')).set(viewer.headers).send({ test_id: passing })).status).toBe(403);
  });
});

describe('judged checks', () => {
  it("asks the agent's openai-compatible model for a verdict on the transcript", async () => {
    await createModelProvider(
      t.orm.em.fork(),
      system,
      createModelProvider.input.parse({ name: 'fake judge', base_url: fake.baseUrl, api_key: 'sk-test-judge-0123456789' }),
      engineSettingsFrom(t.deps.config),
    );
    const agent = await makeAgent(t, a, { model: { provider: 'openai-compatible', name: 'fake-model', temperature: 0 }, first_message: 'Hello!' });
    const test = await createTest(
      t.orm.em.fork(),
      system,
      createTest.input.parse({
        agent_id: agent.agent_id,
        name: 'polite',
        customer_turns: ['Hi there'],
        checks: [
          { type: 'judged', rubric: 'The agent greets the caller politely.' },
          { type: 'reply_contains', text: 'welcome' },
        ],
      }),
    );
    fake.reset();
    fake.reply(completion({ content: 'You are welcome here.' }), completion({ content: 'Verdict: {"passed": true, "reason": "It greeted politely."}' }));
    const res = await runAndWait({ test_id: test.test_id });
    expect(res.body.status).toBe('passed');
    const run = (await t.request.get(api(`/test_run/retrieve/${res.body.test_run_ids[0]}`)).set(a.headers)).body.test_run;
    expect(run.checks[0]).toMatchObject({ type: 'judged', status: 'passed', detail: 'It greeted politely.' });
    const judgeRequest = fake.requests[1].body;
    expect(judgeRequest.messages[0].content).toContain('grade a recorded phone call');
    expect(judgeRequest.messages[1].content).toContain('The agent greets the caller politely.');
    expect(judgeRequest.messages[1].content).toContain('agent: You are welcome here.');
  });
});

describe('the merge gate', () => {
  it('refuses a merge until the branch head passed every required test, naming the missing ones', async () => {
    const agent = await desk();
    const branch = await createAgentBranch(t.orm.em.fork(), system, createAgentBranch.input.parse({ agentId: agent.agent_id, branch: { name: 'friendlier' } }));
    await updateAgent(
      t.orm.em.fork(),
      system,
      agent.agent_id,
      updateAgent.input.parse({ branch_id: branch.branch_id, first_message: 'Hi! Acme Dental here.' }),
    );
    const required = await createTest(
      t.orm.em.fork(),
      system,
      createTest.input.parse({
        agent_id: agent.agent_id,
        name: 'greets',
        customer_turns: ['bye'],
        required: true,
        checks: [{ type: 'reply_contains', text: 'Acme Dental', turn: 0 }],
      }),
    );
    const optional = await createTest(
      t.orm.em.fork(),
      system,
      createTest.input.parse({
        agent_id: agent.agent_id,
        name: 'optional',
        customer_turns: ['bye'],
        checks: [{ type: 'reply_contains', text: 'never said' }],
      }),
    );
    expect((await t.orm.em.fork().findOneOrFail(Agent, { id: agent.agent_id })).requiredTestIds).toEqual([required.test_id]);
    const merge = () => t.request.post(api(`/agent/${agent.agent_id}/branch/${branch.branch_id}/merge`)).set(a.headers);

    const refused = await merge();
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'UNPROCESSABLE',
      missing_test_ids: [required.test_id],
      missing_tests: [{ test_id: required.test_id, name: 'greets' }],
    });
    expect(refused.body.detail).toContain(`greets (${required.test_id})`);

    // Passing on main does not count for the branch head; failing the optional test does not matter.
    expect((await runAndWait({ test_id: required.test_id })).body.status).toBe('passed');
    expect((await merge()).status).toBe(422);
    expect((await runAndWait({ test_id: optional.test_id, branch_id: branch.branch_id })).body.status).toBe('failed');
    expect((await runAndWait({ test_id: required.test_id, branch_id: branch.branch_id })).body.status).toBe('passed');
    const merged = await merge();
    expect(merged.status).toBe(200);
    expect(merged.body.merged).toBe(true);
  });

  it('holds for a traffic split too: a branch head that merge would refuse reaches no caller, unless an audited override says why', async () => {
    const agent = await desk();
    await publishAgent(t.orm.em.fork(), system, publishAgent.input.parse({ agentId: agent.agent_id }));
    const branch = await createAgentBranch(t.orm.em.fork(), system, createAgentBranch.input.parse({ agentId: agent.agent_id, branch: { name: 'untested' } }));
    const head = await updateAgent(
      t.orm.em.fork(),
      system,
      agent.agent_id,
      updateAgent.input.parse({ branch_id: branch.branch_id, first_message: 'Hi! Acme Dental here.' }),
    );
    const required = await createTest(
      t.orm.em.fork(),
      system,
      createTest.input.parse({
        agent_id: agent.agent_id,
        name: 'greets',
        customer_turns: ['bye'],
        required: true,
        checks: [{ type: 'reply_contains', text: 'Acme Dental', turn: 0 }],
      }),
    );
    const split = (body: Record<string, unknown>) =>
      t.request
        .post(api(`/agent/${agent.agent_id}/traffic_split`))
        .set(a.headers)
        .send(body);
    const half = [
      { branchId: branch.branch_id, percent: 50 },
      { versionId: agent.version_id, percent: 50 },
    ];

    // The merge gate's answer, and the split's: the same code and status, naming the branch and the missing test.
    const mergeRefused = await t.request.post(api(`/agent/${agent.agent_id}/branch/${branch.branch_id}/merge`)).set(a.headers);
    const refused = await split({ split: half });
    expect([mergeRefused.status, refused.status]).toEqual([422, 422]);
    expect(refused.body).toMatchObject({
      code: mergeRefused.body.code,
      branch_id: branch.branch_id,
      version_id: head.version_id,
      missing_test_ids: [required.test_id],
      missing_tests: [{ test_id: required.test_id, name: 'greets' }],
      errors: [{ field: 'body.split.0.branchId' }],
    });
    expect(refused.body.detail).toContain(`Branch untested (${branch.branch_id})`);
    expect(refused.body.detail).toContain(`greets (${required.test_id})`);
    // Naming the head by its version id is the same share; a 0 % share reaches nobody and is not gated.
    const byVersion = await split({
      split: [
        { versionId: head.version_id, percent: 50 },
        { versionId: agent.version_id, percent: 50 },
      ],
    });
    expect([byVersion.status, byVersion.body.errors[0].field]).toEqual([422, 'body.split.0.versionId']);
    expect(
      (
        await split({
          split: [
            { branchId: branch.branch_id, percent: 0 },
            { versionId: agent.version_id, percent: 100 },
          ],
        })
      ).status,
    ).toBe(200);
    // MCP goes through the same function.
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      const tool = await mcp.call('set_agent_traffic_split', { agentId: agent.agent_id, split: half });
      expect([tool.isError, textOf(tool)]).toEqual([true, expect.stringContaining(`has not passed the required tests: greets (${required.test_id})`)]);
    } finally {
      await mcp.close();
    }
    expect((await t.orm.em.fork().findOneOrFail(Agent, { id: agent.agent_id })).trafficSplit).toEqual([
      { version_id: head.version_id, percent: 0, branch_id: branch.branch_id },
      { version_id: agent.version_id, percent: 100, branch_id: null },
    ]);

    // An override needs a reason, and is recorded with who gave it and why.
    expect((await split({ split: half, override: { reason: ' ' } })).body.errors[0].field).toBe('body.override.reason');
    const overridden = await split({ split: half, override: { reason: 'canary approved by on-call' } });
    expect(overridden.status).toBe(200);
    expect(overridden.body.split[0]).toEqual({ version_id: head.version_id, percent: 50, branch_id: branch.branch_id });
    const [event] = await t.orm.em.fork().find(AuditEvent, { targetId: agent.agent_id, action: 'agent.traffic_split' }, { orderBy: { id: 'desc' }, limit: 1 });
    expect(event).toMatchObject({ actorType: 'api_client', actorId: a.clientId, via: 'rest' });
    expect(event.data.override).toEqual({
      reason: 'canary approved by on-call',
      untested: [{ version_id: head.version_id, branch_id: branch.branch_id, missing_test_ids: [required.test_id] }],
    });

    // Once the head passed, no override is needed (and none is recorded).
    expect((await runAndWait({ test_id: required.test_id, branch_id: branch.branch_id })).body.status).toBe('passed');
    const passed = await split({
      split: [
        { branchId: branch.branch_id, percent: 30 },
        { versionId: agent.version_id, percent: 70 },
      ],
    });
    expect(passed.status).toBe(200);
    const [latest] = await t.orm.em.fork().find(AuditEvent, { targetId: agent.agent_id, action: 'agent.traffic_split' }, { orderBy: { id: 'desc' }, limit: 1 });
    expect(latest.data.override).toBeUndefined();
  });
});

describe('MCP tools', () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await connectMcp(t, mcpPrincipal(a));
  });
  afterAll(async () => mcp.close());

  it('test_create, test_run (waits for the verdict) and evaluation_get', async () => {
    const agent = await desk();
    const created = await mcp.call('test_create', { ...bookingTest, agent_id: agent.agent_id });
    expect(created.isError).toBeFalsy();
    const testId = (created.structuredContent as { test: { test_id: string } }).test.test_id;
    const ran = await mcp.call('test_run', { test_id: testId });
    expect(ran.isError).toBeFalsy();
    const result = ran.structuredContent as { status: string; evaluation_id: string; evaluation: { pass_rate: number } };
    expect(result.status).toBe('passed');
    expect(result.evaluation.pass_rate).toBe(1);
    const got = await mcp.call('evaluation_get', { evaluation_id: result.evaluation_id });
    expect((got.structuredContent as { evaluation: { status: string; total: number } }).evaluation).toMatchObject({ status: 'passed', total: 1 });
  });

  it('refuses bad arguments by name, as tool errors', async () => {
    const none = await mcp.call('test_run', {});
    expect([none.isError, textOf(none)]).toEqual([true, expect.stringContaining('- testId: name a test')]);
    const bad = await mcp.call('test_create', { agent_id: 'agt_x', name: 'x', customer_turns: ['hi'], checks: [{ type: 'reply_matches', pattern: '[' }] });
    expect([bad.isError, textOf(bad)]).toEqual([true, expect.stringContaining('checks.0.pattern')]);
    const missing = await mcp.call('evaluation_get', { evaluation_id: 'evl_nope' });
    expect([missing.isError, textOf(missing)]).toEqual([true, expect.stringContaining('NOT_FOUND')]);
    const viewer = await connectMcp(t, mcpPrincipal(a, { permissions: ['agents:read'] }));
    try {
      const forbidden = await viewer.call('test_run', { test_id: 'tst_x' });
      expect([forbidden.isError, textOf(forbidden)]).toEqual([true, expect.stringContaining('tests:run')]);
    } finally {
      await viewer.close();
    }
  });
});

describe('one conversation per test run', () => {
  it('a retried run reuses the session its earlier attempt recorded, and a finished run is left alone', async () => {
    const agent = await desk();
    const test = await createTest(t.orm.em.fork(), system, createTest.input.parse({ ...bookingTest, agent_id: agent.agent_id }));
    const em = t.orm.em.fork();
    const agentRow = await em.findOneOrFail(Agent, { id: agent.agent_id });
    const testRow = await em.findOneOrFail(Test, { id: test.test_id });
    const { runs } = createEvaluation(em, {
      agent: agentRow,
      versionId: agent.version_id,
      branchId: null,
      tests: [testRow],
      actor: { type: 'system', id: null, name: 'test' },
    });
    await em.flush();
    const runId = runs[0].id;

    // First attempt: finishes the conversation, records the outcome.
    expect(await executeTestRun({ orm: t.orm }, runId)).toEqual({ status: 'passed' });
    const first = await t.orm.em.fork().findOneOrFail(TestRun, { id: runId });
    // As if the activity died after the engine recorded the session but before the run recorded its outcome.
    await t.orm.em.fork().nativeUpdate(TestRun, { id: runId }, { status: 'running', checkOutcomes: [], finishedAt: null });
    expect(await executeTestRun({ orm: t.orm }, runId)).toEqual({ status: 'passed' });
    const again = await t.orm.em.fork().findOneOrFail(TestRun, { id: runId });
    expect(again.sessionId).toBe(first.sessionId);
    expect(again.attempts).toBe(2);
    expect(again.checkOutcomes.map((c) => c.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    expect(again.transcript).toEqual(first.transcript);
    // A third call on a finished run changes nothing.
    expect(await executeTestRun({ orm: t.orm }, runId)).toEqual({ status: 'passed' });
    expect((await t.orm.em.fork().findOneOrFail(TestRun, { id: runId })).attempts).toBe(2);
    expect(await t.orm.em.fork().count(CallSession, { id: first.sessionId! })).toBe(1);
    expect(await t.orm.em.fork().count(CallSession, { agentId: agent.agent_id })).toBe(1);
  });
});
