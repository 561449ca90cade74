import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { connectMcp, mcpPrincipal, textOf } from '../support/mcp.js';
import { eventually, releasable } from '../support/releases.js';
import { engineDeps } from '../support/engine.js';
import { runConversation } from '../../src/modules/engine/run-conversation.js';
import { Agent, AgentPublication, AgentVersion } from '../../src/modules/agents/agents.entity.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { Release } from '../../src/modules/releases/releases.entity.js';

/**
 * The release pipeline end to end: REST in front, the releasePipeline and
 * testRun workflows on a real worker (own task queue) against the test run's
 * Temporal dev server. Soaks are a second or two, so every case is bounded.
 */
let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let worker: TestWorker;

beforeAll(async () => {
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('release') } });
  a = await createTenant(t);
  b = await createTenant(t);
  worker = await startTestWorker(t);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

type Step = {
  name: string;
  status: string;
  started_at: string | null;
  finished_at: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
  compensation: { result: Record<string, unknown> } | null;
};
type ReleaseBody = {
  release_id: string;
  status: string;
  reason: string | null;
  paused: boolean;
  steps: Step[];
  merged_version_id: string | null;
  previous_version_id: string | null;
  evaluation_id: string | null;
  approved_by: unknown;
  progress: Record<string, unknown> | null;
};

const base = (agentId: string) => `/v1/agent/${agentId}/release`;
const start = (agentId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request
    .post(`${base(agentId)}/start`)
    .set(a.headers)
    .set(headers)
    .send(body);
const retrieve = async (agentId: string, releaseId: string): Promise<ReleaseBody> => {
  const res = await t.request.get(`${base(agentId)}/${releaseId}/retrieve`).set(a.headers);
  expect(res.status).toBe(200);
  return res.body.release;
};
const move = (agentId: string, releaseId: string, name: string, body?: Record<string, unknown>) => {
  const req = t.request.post(`${base(agentId)}/${releaseId}/${name}`).set(a.headers);
  return body ? req.send(body) : req;
};
const FINISHED = ['succeeded', 'failed', 'aborted', 'rolled_back'];
const finished = (agentId: string, releaseId: string) =>
  eventually(
    () => retrieve(agentId, releaseId),
    (r) => FINISHED.includes(r.status),
    60_000,
  );
const step = (r: ReleaseBody, name: string) => r.steps.find((s) => s.name === name)!;
const agentRow = (agentId: string) => t.orm.em.fork().findOneOrFail(Agent, { id: agentId });
const splitAudits = (agentId: string) => t.orm.em.fork().find(AuditEvent, { action: 'agent.traffic_split', targetId: agentId }, { orderBy: { id: 'asc' } });

describe('a release with a staged rollout', () => {
  it('tests, previews, merges, publishes behind a 10% split, widens to 50%, then 100%, and succeeds', async () => {
    const { agent, branch, liveVersionId, headVersionId, requiredTestIds } = await releasable(t, a);
    const res = await start(
      agent.agent_id,
      { branch_id: branch.branch_id, rollout: { stages: [10, 50, 100], soak_seconds: 1 } },
      { 'Idempotency-Key': 'rel-happy-1' },
    );
    expect(res.status).toBe(202);
    const started = res.body.release as ReleaseBody;
    expect(started).toMatchObject({ release_id: expect.stringMatching(/^rel_/), status: 'pending' });
    expect(started.steps.map((s) => [s.name, s.status])).toEqual([
      ['tests', 'pending'],
      ['preview', 'pending'],
      ['merge', 'pending'],
      ['publish', 'pending'],
      ['rollout_10', 'pending'],
      ['rollout_50', 'pending'],
      ['rollout_100', 'pending'],
    ]);
    // The same key returns the same release; a second release of the agent meanwhile is refused.
    const again = await start(
      agent.agent_id,
      { branch_id: branch.branch_id, rollout: { stages: [10, 50, 100], soak_seconds: 1 } },
      { 'Idempotency-Key': 'rel-happy-1' },
    );
    expect([again.status, again.body.release.release_id]).toEqual([202, started.release_id]);
    const second = await start(agent.agent_id, { branch_id: branch.branch_id });
    expect([second.status, second.body.code, second.body.release_id]).toEqual([409, 'CONFLICT', started.release_id]);

    // While it runs, the retrieve carries live progress from the workflow.
    const running = await eventually(
      () => retrieve(agent.agent_id, started.release_id),
      (r) => r.progress !== null || FINISHED.includes(r.status),
    );
    if (!FINISHED.includes(running.status)) expect(running.progress).toMatchObject({ paused: false, awaiting_approval: false });

    const done = await finished(agent.agent_id, started.release_id);
    expect([done.status, done.reason]).toEqual(['succeeded', null]);
    expect(done.steps.map((s) => [s.name, s.status])).toEqual([
      ['tests', 'succeeded'],
      ['preview', 'succeeded'],
      ['merge', 'succeeded'],
      ['publish', 'succeeded'],
      ['rollout_10', 'succeeded'],
      ['rollout_50', 'succeeded'],
      ['rollout_100', 'succeeded'],
    ]);
    for (const s of done.steps) expect(Date.parse(s.finished_at!)).toBeGreaterThanOrEqual(Date.parse(s.started_at!));
    expect(step(done, 'tests').result).toMatchObject({ status: 'passed', total: 1, passed: 1, pass_rate: 1, version_id: headVersionId });
    expect(step(done, 'rollout_50').result).toMatchObject({ percent: 50, guard: { breach: null, inconclusive: true } });
    expect(done.previous_version_id).toBe(liveVersionId);

    const row = await agentRow(agent.agent_id);
    expect(row.liveVersionId).toBe(done.merged_version_id);
    expect(row.trafficSplit).toBeNull();
    const merged = await t.orm.em.fork().findOneOrFail(AgentVersion, { id: done.merged_version_id! });
    expect(merged.parentIds).toEqual([liveVersionId, headVersionId]);
    // The publish and each stage went through setAgentTrafficSplit: 10/90 with the publish, 50/50, then no split.
    const splits = (await splitAudits(agent.agent_id)).map((e) =>
      (e.data.split as { version_id: string; percent: number }[]).map((s) => [s.version_id, s.percent]),
    );
    expect(splits).toEqual([
      [
        [done.merged_version_id, 10],
        [liveVersionId, 90],
      ],
      [
        [done.merged_version_id, 50],
        [liveVersionId, 50],
      ],
      [],
    ]);
    expect(requiredTestIds).toHaveLength(1);
    // A move on a finished release is refused, naming why.
    const late = await move(agent.agent_id, started.release_id, 'rollback');
    expect([late.status, late.body.detail]).toEqual([409, expect.stringContaining('POST /v1/agent/{agent_id}/rollback')]);
  }, 90_000);
});

describe('the guard', () => {
  it('rolls a canary whose calls end in error back to the previous version, recording why', async () => {
    // The canary's model cannot run (no model provider): every call it takes ends with end reason error.
    const { agent, branch, liveVersionId } = await releasable(t, a, {
      requiredTests: 0,
      branchChange: { model: { provider: 'openai-compatible', name: 'missing', temperature: 0 } },
    });
    const res = await start(agent.agent_id, {
      branch_id: branch.branch_id,
      rollout: { stages: [50, 100], soak_seconds: 4 },
      guard: { max_error_rate_increase: 0.1, min_calls: 3 },
    });
    expect(res.status).toBe(202);
    const id = res.body.release.release_id as string;
    const stage = await eventually(
      () => retrieve(agent.agent_id, id),
      (r) => step(r, 'rollout_50').result !== null || FINISHED.includes(r.status),
    );
    expect(step(stage, 'tests').status).toBe('skipped');
    const canary = stage.merged_version_id!;
    expect((await agentRow(agent.agent_id)).trafficSplit).toEqual([
      { version_id: canary, percent: 50, branch_id: null },
      { version_id: liveVersionId, percent: 50, branch_id: null },
    ]);
    // Calls during the stage: three on the canary (errors), three on the previous version (fine).
    const call = (versionId: string, i: number) =>
      runConversation(engineDeps(t), {
        organizationId: a.organizationId,
        projectId: agent.project_id,
        agentId: agent.agent_id,
        versionId,
        direction: 'inbound',
        caller: { address: `+1415555${String(1000 + i)}` },
        customerTurns: ['I want an appointment', 'bye'],
        startedAt: new Date(),
      });
    const results = await Promise.all([0, 1, 2].flatMap((i) => [call(canary, i), call(liveVersionId, i + 10)]));
    expect(results.map((r) => r.endReason).sort()).toEqual(['agent_hangup', 'agent_hangup', 'agent_hangup', 'error', 'error', 'error']);

    const done = await finished(agent.agent_id, id);
    expect(done.status).toBe('rolled_back');
    expect(done.reason).toMatch(
      /^guard breach at 50%: error rate 100% on the new version \(3 of 3 calls failed or ended in error\) against 0% on the previous one/,
    );
    const failedStage = step(done, 'rollout_50');
    expect(failedStage.status).toBe('compensated');
    expect(failedStage.error).toContain('guard breach');
    expect(failedStage.result).toMatchObject({ guard: { new_version: { calls: 3, errors: 3 }, previous_version: { calls: 3, errors: 0 } } });
    expect(step(done, 'rollout_100').status).toBe('skipped');
    expect(step(done, 'publish')).toMatchObject({ status: 'compensated', compensation: { result: { changed: true, live_version_id: liveVersionId } } });
    const row = await agentRow(agent.agent_id);
    expect([row.liveVersionId, row.trafficSplit]).toEqual([liveVersionId, null]);
    const rollback = await t.orm.em.fork().find(AgentPublication, { agent: agent.agent_id, kind: 'rollback' });
    expect(rollback.map((p) => [p.versionId, p.previousVersionId])).toEqual([[liveVersionId, canary]]);
  }, 90_000);
});

describe('the approval gate and moves', () => {
  it('waits for approve (refusing impossible moves), pauses and resumes, then finishes', async () => {
    const { agent, branch } = await releasable(t, a);
    const res = await start(agent.agent_id, { branch_id: branch.branch_id, require_approval: true });
    const id = res.body.release.release_id as string;
    expect(res.body.release.steps.map((s: Step) => s.name)).toEqual(['tests', 'preview', 'approval', 'merge', 'publish']);
    const waiting = await eventually(
      () => retrieve(agent.agent_id, id),
      (r) => r.status === 'awaiting_approval',
    );
    expect(step(waiting, 'approval').status).toBe('waiting');
    expect(step(waiting, 'merge').status).toBe('pending');
    expect(waiting.progress).toMatchObject({ awaiting_approval: true, current_step: 'approval' });

    const rollback = await move(agent.agent_id, id, 'rollback');
    expect([rollback.status, rollback.body.detail]).toEqual([409, 'Nothing is published yet: abort the release instead']);
    const resume = await move(agent.agent_id, id, 'resume');
    expect([resume.status, resume.body.detail]).toEqual([409, 'The release is not paused']);
    const pause = await move(agent.agent_id, id, 'pause', { reason: 'lunch' });
    expect([pause.status, pause.body.release.paused, pause.body.release.progress.paused]).toEqual([200, true, true]);
    expect((await move(agent.agent_id, id, 'pause')).status).toBe(409);
    const approved = await move(agent.agent_id, id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.release.approved_by).toMatchObject({ type: 'api_client', id: a.clientId });
    expect((await move(agent.agent_id, id, 'approve')).body.detail).toBe('The release is approved already');
    // Paused: approved, but the merge waits for resume.
    await new Promise((r) => setTimeout(r, 1000));
    const held = await retrieve(agent.agent_id, id);
    expect([held.status, step(held, 'merge').status]).toEqual(['running', 'pending']);
    expect((await move(agent.agent_id, id, 'resume')).status).toBe(200);
    const done = await finished(agent.agent_id, id);
    expect(done.status).toBe('succeeded');
    expect(step(done, 'approval')).toMatchObject({ status: 'succeeded' });
    expect((await agentRow(agent.agent_id)).liveVersionId).toBe(done.merged_version_id);
  }, 90_000);

  it('fails when nobody approves in time, without merging', async () => {
    const { agent, branch } = await releasable(t, a);
    const res = await start(agent.agent_id, { branch_id: branch.branch_id, require_approval: true, approval_timeout_seconds: 1 });
    const done = await finished(agent.agent_id, res.body.release.release_id);
    expect([done.status, done.reason]).toEqual(['failed', 'No approval within 1 s']);
    expect(step(done, 'approval')).toMatchObject({ status: 'failed', error: 'No approval within 1 s' });
    expect(step(done, 'merge').status).toBe('skipped');
    expect(done.merged_version_id).toBeNull();
  }, 60_000);

  it('refuses approve on a release without a gate', async () => {
    const { agent, branch } = await releasable(t, a);
    const res = await start(agent.agent_id, { branch_id: branch.branch_id, rollout: { stages: [20, 100], soak_seconds: 2 } });
    const id = res.body.release.release_id as string;
    await eventually(
      () => retrieve(agent.agent_id, id),
      (r) => r.status === 'running',
    );
    const approve = await move(agent.agent_id, id, 'approve');
    expect([approve.status, approve.body.detail]).toEqual([409, expect.stringMatching(/no approval gate|has finished/)]);
    await finished(agent.agent_id, id);
  }, 60_000);
});

describe('abort and rollback undo what was done', () => {
  it('abort during the rollout restores the previous live version and split', async () => {
    const { agent, branch, liveVersionId } = await releasable(t, a);
    const res = await start(agent.agent_id, { branch_id: branch.branch_id, rollout: { stages: [10, 100], soak_seconds: 60 } });
    const id = res.body.release.release_id as string;
    const soaking = await eventually(
      () => retrieve(agent.agent_id, id),
      (r) => step(r, 'rollout_10').result !== null,
    );
    expect((await agentRow(agent.agent_id)).liveVersionId).toBe(soaking.merged_version_id);
    const aborted = await move(agent.agent_id, id, 'abort', { reason: 'wrong branch' });
    expect(aborted.status).toBe(200);
    expect((await move(agent.agent_id, id, 'abort')).status).toBe(409);
    const done = await finished(agent.agent_id, id);
    expect(done.status).toBe('aborted');
    expect(done.reason).toBe(`aborted by test client: wrong branch`);
    expect(step(done, 'publish').status).toBe('compensated');
    expect(step(done, 'rollout_10')).toMatchObject({ status: 'compensated', compensation: { result: { restored_split: null } } });
    expect(step(done, 'rollout_100').status).toBe('skipped');
    const row = await agentRow(agent.agent_id);
    expect([row.liveVersionId, row.trafficSplit]).toEqual([liveVersionId, null]);
  }, 60_000);

  it('abort before the merge leaves the agent as it was', async () => {
    const { agent, branch, liveVersionId } = await releasable(t, a);
    const res = await start(agent.agent_id, { branch_id: branch.branch_id, require_approval: true });
    const id = res.body.release.release_id as string;
    await eventually(
      () => retrieve(agent.agent_id, id),
      (r) => r.status === 'awaiting_approval',
    );
    expect((await move(agent.agent_id, id, 'abort')).status).toBe(200);
    const done = await finished(agent.agent_id, id);
    expect(done.status).toBe('aborted');
    expect(step(done, 'approval')).toMatchObject({ status: 'failed', error: 'aborted by test client' });
    expect(done.merged_version_id).toBeNull();
    expect((await agentRow(agent.agent_id)).liveVersionId).toBe(liveVersionId);
    expect(await t.orm.em.fork().count(AgentPublication, { agent: agent.agent_id })).toBe(1);
  }, 60_000);

  it('a manual rollback during the rollout returns traffic to the previous version', async () => {
    const { agent, branch, liveVersionId } = await releasable(t, a);
    const res = await start(agent.agent_id, { branch_id: branch.branch_id, rollout: { stages: [25, 100], soak_seconds: 60 } });
    const id = res.body.release.release_id as string;
    await eventually(
      () => retrieve(agent.agent_id, id),
      (r) => step(r, 'rollout_25').result !== null,
    );
    expect((await move(agent.agent_id, id, 'rollback', { reason: 'customers complain' })).status).toBe(200);
    const done = await finished(agent.agent_id, id);
    expect([done.status, done.reason]).toEqual(['rolled_back', 'rolled back by test client: customers complain']);
    const row = await agentRow(agent.agent_id);
    expect([row.liveVersionId, row.trafficSplit]).toEqual([liveVersionId, null]);
  }, 60_000);
});

describe('failures', () => {
  it('a failing required test fails the release before anything is merged', async () => {
    const { agent, branch, liveVersionId } = await releasable(t, a, {
      branchChange: { model: { provider: 'simulated', name: 'quiet', temperature: 0, rules: [{ say: 'Hmm.' }] } },
    });
    const res = await start(agent.agent_id, { branch_id: branch.branch_id });
    const done = await finished(agent.agent_id, res.body.release.release_id);
    expect(done.status).toBe('failed');
    expect(done.reason).toBe(`1 of 1 required tests did not pass (evaluation ${done.evaluation_id})`);
    expect(step(done, 'tests')).toMatchObject({ status: 'failed', result: { status: 'failed', passed: 0 } });
    expect(step(done, 'merge').status).toBe('skipped');
    expect((await agentRow(agent.agent_id)).liveVersionId).toBe(liveVersionId);
    const evaluation = await t.request.get(`/v1/evaluation/retrieve/${done.evaluation_id}`).set(a.headers);
    expect(evaluation.body.evaluation).toMatchObject({ release_id: done.release_id, status: 'failed', pass_rate: 0 });
  }, 60_000);

  it('a merge conflict fails the preview step, naming the field', async () => {
    const { agent, branch } = await releasable(t, a, { requiredTests: 0 });
    // Main changes the same field differently after the branch left it.
    const { updateAgent } = await import('../../src/modules/agents/update-agent.js');
    const { systemPrincipal } = await import('../../src/modules/org/permissions.js');
    await updateAgent(t.orm.em.fork(), systemPrincipal(a.organizationId), agent.agent_id, updateAgent.input.parse({ first_message: 'Good day, Acme.' }));
    const res = await start(agent.agent_id, { branch_id: branch.branch_id });
    const done = await finished(agent.agent_id, res.body.release.release_id);
    expect(done.status).toBe('failed');
    expect(done.reason).toContain('conflicts with main in first_message');
    expect(step(done, 'preview')).toMatchObject({ status: 'failed' });
  }, 60_000);

  it('refuses bad starts and moves, naming the field, and never answers 500', async () => {
    const { agent, branch } = await releasable(t, a, { requiredTests: 0 });
    const bad: [Record<string, unknown>, Record<string, string>, number, string | null][] = [
      [{}, {}, 400, 'body.branch_id'],
      [{ branch_id: agent.main_branch_id }, {}, 422, 'body.branch_id'],
      [{ branch_id: 'brn_nope' }, {}, 404, null],
      [{ branch_id: branch.branch_id, rollout: { stages: [50, 10], soak_seconds: 1 } }, {}, 400, 'body.rollout.stages.1'],
      [{ branch_id: branch.branch_id, rollout: { stages: [10, 100], soak_seconds: 0 } }, {}, 400, 'body.rollout.soak_seconds'],
      [{ branch_id: branch.branch_id, guard: { max_error_rate_increase: 2 } }, {}, 400, 'body.guard.max_error_rate_increase'],
      [{ branch_id: branch.branch_id, extra: true }, {}, 400, 'body.extra'],
      [{ branch_id: branch.branch_id }, { 'Idempotency-Key': 'has space' }, 400, 'header.Idempotency-Key'],
      [{ branch_id: branch.branch_id }, { 'Idempotency-Key': 'x'.repeat(201) }, 400, 'header.Idempotency-Key'],
    ];
    for (const [body, headers, status, field] of bad) {
      const res = await start(agent.agent_id, body, headers);
      expect([res.status, field === null ? null : res.body.errors?.[0]?.field]).toEqual([status, field]);
    }
    expect(
      (
        await t.request
          .post(`${base(agent.agent_id)}/start`)
          .set(b.headers)
          .send({ branch_id: branch.branch_id })
      ).status,
    ).toBe(404);
    const viewer = await createTenant(t, 'viewer');
    expect(
      (
        await t.request
          .post(`${base(agent.agent_id)}/start`)
          .set(viewer.headers)
          .send({ branch_id: branch.branch_id })
      ).status,
    ).toBe(403);
    expect((await t.request.get(`${base(agent.agent_id)}/rel_nope/retrieve`).set(a.headers)).status).toBe(404);
    expect((await move(agent.agent_id, 'rel_nope', 'pause')).status).toBe(404);
    expect(
      (
        await t.request
          .post(`${base(agent.agent_id)}/rel_nope/pause`)
          .set(a.headers)
          .set('Content-Type', 'application/json')
          .send('{"reason": 5}')
      ).status,
    ).toBe(400);

    const offline = await createTestApp();
    try {
      const res = await offline.request
        .post(`${base(agent.agent_id)}/start`)
        .set(a.headers)
        .send({ branch_id: branch.branch_id });
      expect([res.status, res.body.code]).toEqual([503, 'UNAVAILABLE']);
    } finally {
      await offline.close();
    }
    // Nothing above started a release; the same key with another branch is refused.
    expect(await t.orm.em.fork().count(Release, { agent: agent.agent_id })).toBe(0);
    const ok = await start(agent.agent_id, { branch_id: branch.branch_id }, { 'Idempotency-Key': 'rel-key-reuse' });
    expect(ok.status).toBe(202);
    await finished(agent.agent_id, ok.body.release.release_id);
    const other = await releasable(t, a, { requiredTests: 0 });
    const reused = await t.request
      .post(`${base(other.agent.agent_id)}/start`)
      .set(a.headers)
      .set('Idempotency-Key', 'rel-key-reuse')
      .send({ branch_id: other.branch.branch_id });
    expect([reused.status, reused.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const list = await t.request.get(`${base(agent.agent_id)}/list`).set(a.headers);
    expect(list.body.releases.map((r: ReleaseBody) => r.release_id)).toEqual([ok.body.release.release_id]);
    // Another organization reads it as not found, and cannot move it.
    expect((await t.request.get(`${base(agent.agent_id)}/${ok.body.release.release_id}/retrieve`).set(b.headers)).status).toBe(404);
    expect((await t.request.post(`${base(agent.agent_id)}/${ok.body.release.release_id}/abort`).set(b.headers)).status).toBe(404);
    // The routes are in the generated reference.
    const openapi = await t.request.get('/v1/openapi.json');
    expect(openapi.status).toBe(200);
    for (const path of [
      '/v1/agent/{agent_id}/release/start',
      '/v1/agent/{agent_id}/release/{release_id}/retrieve',
      '/v1/agent/{agent_id}/release/{release_id}/approve',
      '/v1/test/run',
      '/v1/evaluation/retrieve/{evaluation_id}',
    ]) {
      expect(Object.keys(openapi.body.paths)).toContain(path);
    }
  }, 90_000);
});

describe('MCP release tools', () => {
  it('release_start and release_get', async () => {
    const { agent, branch } = await releasable(t, a);
    const mcp = await connectMcp(t, mcpPrincipal(a));
    try {
      const started = await mcp.call('release_start', { agent_id: agent.agent_id, branch_id: branch.branch_id, idempotency_key: 'mcp-1' });
      expect(started.isError).toBeFalsy();
      const id = (started.structuredContent as { release: { release_id: string } }).release.release_id;
      const done = await eventually(
        async () => (await mcp.call('release_get', { agent_id: agent.agent_id, release_id: id })).structuredContent as { release: ReleaseBody },
        (r) => FINISHED.includes(r.release.status),
        60_000,
      );
      expect(done.release.status).toBe('succeeded');
      const bad = await mcp.call('release_start', { agent_id: agent.agent_id, branch_id: branch.branch_id, rollout: { stages: [100], soak_seconds: -1 } });
      expect([bad.isError, textOf(bad)]).toEqual([true, expect.stringContaining('rollout.soakSeconds')]);
      const merged = await mcp.call('release_start', { agent_id: agent.agent_id, branch_id: branch.branch_id });
      expect([merged.isError, textOf(merged)]).toEqual([true, expect.stringContaining('is merged')]);
    } finally {
      await mcp.close();
    }
  }, 90_000);
});
