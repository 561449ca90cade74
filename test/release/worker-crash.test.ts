import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { uniqueTaskQueue } from '../support/worker.js';
import { startChildWorker, type ChildWorker } from '../support/child-worker.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { eventually, slowModelReleasable } from '../support/releases.js';
import { AgentPublication, AgentVersion, PromptRevision } from '../../src/modules/agents/agents.entity.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { CallSession } from '../../src/modules/calls/calls.entity.js';
import { Evaluation, TestRun } from '../../src/modules/quality/quality.entity.js';
import { Release } from '../../src/modules/releases/releases.entity.js';

/**
 * THE crash test (issue 4): the worker runs in a child process and is killed
 * with SIGKILL while the release's test step is in the middle of a
 * conversation; a new worker process takes over, and the release completes
 * exactly once: one merge, one publication, one set of revisions, one
 * session per test run. The agent's model is a local Chat Completions
 * server that answers after 1.5 s, so the test step is reliably in flight
 * when the kill comes (a simulated model would finish in milliseconds).
 */
let t: TestApp;
let a: TestTenant;
let fake: FakeOpenAi;
let queue: string;
const children: ChildWorker[] = [];

beforeAll(async () => {
  queue = uniqueTaskQueue('crash');
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: queue, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  a = await createTenant(t);
  fake = await startFakeOpenAi();
}, 60_000);
afterAll(async () => {
  for (const child of children) await child.kill('SIGKILL');
  await fake?.close();
  await t?.close();
});

describe('a worker killed during the test step', () => {
  it('the release completes exactly once on the next worker', async () => {
    const { agent, branch, liveVersionId, headVersionId } = await slowModelReleasable(t, a, fake, ['greets', 'answers']);
    const before = {
      revisions: await t.orm.em.fork().count(PromptRevision, { agent: agent.agent_id }),
      publications: await t.orm.em.fork().count(AgentPublication, { agent: agent.agent_id }),
    };

    const first = await startChildWorker(queue, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    children.push(first);
    const started = await t.request
      .post(`/v1/agent/${agent.agent_id}/release/start`)
      .set(a.headers)
      .send({ branch_id: branch.branch_id, rollout: { stages: [50, 100], soak_seconds: 1 } });
    expect(started.status).toBe(202);
    const releaseId = started.body.release.release_id as string;

    // In the middle of the test step: a conversation is waiting for its model answer.
    await eventually(
      async () => fake.requests.length,
      (n) => n >= 1,
      60_000,
      25,
    );
    const during = await t.orm.em.fork().findOneOrFail(Release, { id: releaseId });
    const runsDuring = await t.orm.em.fork().find(TestRun, { evaluation: during.evaluationId! });
    expect(runsDuring.some((r) => r.status === 'running')).toBe(true);
    expect(during.steps.find((s) => s.name === 'tests')!.status).toBe('running');
    await first.kill('SIGKILL');
    expect(first.process.signalCode).toBe('SIGKILL');
    // Nothing was recorded by the dead attempts.
    expect(await t.orm.em.fork().count(CallSession, { agentId: agent.agent_id })).toBe(0);

    const second = await startChildWorker(queue, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    children.push(second);
    const done = await eventually(
      async () => t.orm.em.fork().findOneOrFail(Release, { id: releaseId }),
      (r) => ['succeeded', 'failed', 'aborted', 'rolled_back'].includes(r.status),
      100_000,
      250,
    );
    expect([done.status, done.reason]).toEqual(['succeeded', null]);
    expect(done.steps.map((s) => [s.name, s.status])).toEqual([
      ['tests', 'succeeded'],
      ['preview', 'succeeded'],
      ['merge', 'succeeded'],
      ['publish', 'succeeded'],
      ['rollout_50', 'succeeded'],
      ['rollout_100', 'succeeded'],
    ]);

    const em = t.orm.em.fork();
    // One evaluation, its runs passed, at least one of them retried after the crash.
    expect(await em.count(Evaluation, { releaseId })).toBe(1);
    const runs = await em.find(TestRun, { evaluation: done.evaluationId! });
    expect(runs.map((r) => r.status)).toEqual(['passed', 'passed']);
    expect(Math.max(...runs.map((r) => r.attempts))).toBeGreaterThanOrEqual(2);
    // One session per test run, all on the tested branch head.
    const sessions = await em.find(CallSession, { agentId: agent.agent_id });
    expect(sessions.map((s) => s.id).sort()).toEqual(runs.map((r) => r.sessionId).sort());
    expect(new Set(sessions.map((s) => s.agentVersionId))).toEqual(new Set([headVersionId]));
    // One merge: one two-parent version, one merge audit event.
    const merges = (await em.find(AgentVersion, { agent: agent.agent_id })).filter((v) => v.parentIds.length === 2);
    expect(merges.map((v) => [v.id, v.parentIds])).toEqual([[done.mergedVersionId, [liveVersionId, headVersionId]]]);
    expect(await em.count(AuditEvent, { action: 'agent.merge', targetId: agent.agent_id })).toBe(1);
    // One publication of it, one publish audit event from the release.
    const publications = await em.find(AgentPublication, { agent: agent.agent_id }, { orderBy: { id: 'asc' } });
    expect(publications.length).toBe(before.publications + 1);
    expect(publications.filter((p) => p.versionId === done.mergedVersionId).map((p) => p.kind)).toEqual(['publish']);
    // One set of revisions: the branch's edit and the merge's, nothing twice.
    const revisions = await em.find(PromptRevision, { agent: agent.agent_id }, { orderBy: { id: 'asc' } });
    expect(revisions.length).toBe(before.revisions + 1);
    expect(revisions.filter((r) => r.versionId === done.mergedVersionId)).toHaveLength(1);
    // The traffic went 50/50 once and was then cleared, once.
    const splits = await em.find(AuditEvent, { action: 'agent.traffic_split', targetId: agent.agent_id });
    expect(splits).toHaveLength(2);
    const { Agent } = await import('../../src/modules/agents/agents.entity.js');
    const row = await em.findOneOrFail(Agent, { id: agent.agent_id });
    expect([row.liveVersionId, row.trafficSplit]).toEqual([done.mergedVersionId, null]);
  }, 150_000);
});

describe('an abort during the test step', () => {
  it('stops the runs: none starts after it, the unfinished ones end as errors, nothing is merged', async () => {
    fake.reset();
    const b = await createTenant(t); // a tenant of its own: its model provider has the helper's name
    const names = Array.from({ length: 8 }, (_, i) => `check ${i}`);
    const { agent, branch } = await slowModelReleasable(t, b, fake, names);
    if (!children.some((c) => c.process.exitCode === null && c.process.signalCode === null)) {
      children.push(await startChildWorker(queue, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }));
    }
    const base = `/v1/agent/${agent.agent_id}/release`;
    const started = await t.request.post(`${base}/start`).set(b.headers).send({ branch_id: branch.branch_id });
    expect(started.status).toBe(202);
    const releaseId = started.body.release.release_id as string;
    // The first four conversations (four at a time) wait for their model answers (1.5 s each).
    await eventually(
      async () => fake.requests.length,
      (n) => n >= 4,
      60_000,
      25,
    );
    const aborted = await t.request.post(`${base}/${releaseId}/abort`).set(b.headers).send({ reason: 'wrong branch' });
    expect(aborted.status).toBe(200);
    const done = await eventually(
      async () => t.orm.em.fork().findOneOrFail(Release, { id: releaseId }),
      (r) => ['succeeded', 'failed', 'aborted', 'rolled_back'].includes(r.status),
      60_000,
      250,
    );
    expect(done.status).toBe('aborted');
    expect(done.steps.map((s) => [s.name, s.status])).toEqual([
      ['tests', 'failed'],
      ['preview', 'skipped'],
      ['merge', 'skipped'],
      ['publish', 'skipped'],
    ]);
    // The conversations in flight at the abort may finish; no other one begins (wait past their answers).
    await new Promise((r) => setTimeout(r, 3000));
    expect(fake.requests.length).toBeLessThanOrEqual(4);
    const evaluation = await t.orm.em.fork().findOneOrFail(Evaluation, { releaseId });
    const runs = await t.orm.em.fork().find(TestRun, { evaluation: evaluation.id });
    expect(evaluation.status).toBe('error');
    expect(runs.filter((r) => r.startedAt === null || r.startedAt === undefined).length).toBeGreaterThanOrEqual(4);
    for (const run of runs.filter((r) => r.status === 'error')) expect(run.error).toBe('cancelled before it finished');
    expect(await t.orm.em.fork().count(AuditEvent, { action: 'agent.merge', targetId: agent.agent_id })).toBe(0);
  }, 120_000);
});
