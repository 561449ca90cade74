import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { Agent, AgentBranch, type Actor } from '../agents/agents.entity.js';
import { previewAgentBranchMerge } from '../agents/preview-agent-branch-merge.js';
import { mergeAgentBranch } from '../agents/merge-agent-branch.js';
import { publishAgent } from '../agents/publish-agent.js';
import { rollbackAgent } from '../agents/rollback-agent.js';
import { Evaluation, Test } from '../quality/quality.entity.js';
import { createEvaluation } from '../quality/create-evaluation.js';
import { passRate } from '../quality/quality-views.js';
import { isTerminal, patchStep, releasePrincipal, stepOf, withRelease } from './release-access.js';
import type { Release } from './releases.entity.js';
import type { ReleaseStatus } from './releases.schemas.js';
import { judgeGuard, versionStats, type GuardVerdict } from './guard.js';
import { applyTrafficSplit, restoreTrafficSplit, type SplitEntry } from './traffic.js';

/**
 * The steps of the release pipeline, each one transaction on the locked
 * release row (withRelease). A step with side effects (merge, publish,
 * traffic) records its result in that same transaction, so the record and
 * the effect commit together: re-running a recorded step returns the record
 * and changes nothing. The activities in activities/releases.activities.ts
 * are thin wrappers over these; failures are DomainErrors, which the
 * activities turn into non-retryable ApplicationFailures.
 */

const now = () => new Date().toISOString();

/** Marks a step running (once) and the release running. */
export async function beginStep(em: Em, releaseId: string, name: string): Promise<void> {
  await withRelease(em, releaseId, async (_tx, release) => {
    if (isTerminal(release.status)) return;
    const step = stepOf(release, name);
    if (step.status === 'pending') patchStep(release, name, { status: 'running', started_at: now() });
    if (release.status === 'pending') release.status = 'running';
  });
}

export async function completeStep(em: Em, releaseId: string, name: string, outcome: { status: 'succeeded' | 'skipped'; result: unknown }): Promise<void> {
  await withRelease(em, releaseId, async (_tx, release) => {
    const step = stepOf(release, name);
    if (step.status === 'succeeded' || step.status === 'skipped') return;
    patchStep(release, name, { status: outcome.status, result: outcome.result, started_at: step.started_at ?? now(), finished_at: now(), error: null });
    if (release.status === 'awaiting_approval') release.status = 'running';
  });
}

/** Records a step's failure; a step that already recorded its own failure (a guard breach) keeps that. */
export async function failStep(em: Em, releaseId: string, name: string, error: string): Promise<void> {
  await withRelease(em, releaseId, async (_tx, release) => {
    const step = stepOf(release, name);
    if (step.status === 'failed' || step.status === 'compensated') return;
    patchStep(release, name, { status: 'failed', error: error.slice(0, 2000), started_at: step.started_at ?? now(), finished_at: now() });
  });
}

async function loadAgent(tx: Em, release: Release, lock = false): Promise<Agent> {
  const agent = await tx.findOne(
    Agent,
    { id: release.agent, organization: release.organization },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );
  if (!agent) throw notFound('Agent', release.agent);
  return agent;
}

async function loadBranch(tx: Em, release: Release): Promise<AgentBranch> {
  const branch = await tx.findOne(AgentBranch, { id: release.branchId, agent: release.agent });
  if (!branch) throw notFound('Branch', release.branchId);
  return branch;
}

/**
 * The evaluation of the agent's required tests on the branch head, made
 * once: a re-run finds it through `release.evaluationId` (and the unique
 * release id on the evaluation). No required tests: the step is skipped.
 */
export async function prepareTests(em: Em, releaseId: string): Promise<{ evaluationId: string | null; testRunIds: string[] }> {
  return withRelease(em, releaseId, async (tx, release) => {
    if (release.evaluationId) {
      const existing = await tx.findOneOrFail(Evaluation, { id: release.evaluationId });
      return { evaluationId: existing.id, testRunIds: existing.testRunIds };
    }
    const agent = await loadAgent(tx, release);
    const branch = await loadBranch(tx, release);
    if (branch.state !== 'open') {
      throw new DomainError('CONFLICT', `Branch ${branch.name} is ${branch.state}: there is nothing to release`, { branch_id: branch.id });
    }
    const tests = agent.requiredTestIds.length ? await tx.find(Test, { id: { $in: agent.requiredTestIds }, agent: agent.id }, { orderBy: { id: 'asc' } }) : [];
    if (!tests.length) {
      patchStep(release, 'tests', {
        status: 'skipped',
        finished_at: now(),
        result: { version_id: branch.headVersionId, required_tests: 0, note: 'the agent requires no tests' },
      });
      return { evaluationId: null, testRunIds: [] };
    }
    const { evaluation, runs } = createEvaluation(tx, {
      agent,
      versionId: branch.headVersionId,
      branchId: branch.id,
      tests,
      actor: release.startedBy,
      releaseId: release.id,
    });
    release.evaluationId = evaluation.id;
    patchStep(release, 'tests', { result: { evaluation_id: evaluation.id, version_id: branch.headVersionId, required_tests: runs.length } });
    return { evaluationId: evaluation.id, testRunIds: runs.map((r) => r.id) };
  });
}

/** Records the evaluation's outcome on the tests step; anything but passed fails the release. */
export async function completeTests(em: Em, releaseId: string): Promise<{ passed: boolean; summary: string }> {
  return withRelease(em, releaseId, async (tx, release) => {
    const evaluation = await tx.findOneOrFail(Evaluation, { id: release.evaluationId! });
    const passed = evaluation.status === 'passed';
    const summary = passed
      ? `all ${evaluation.total} required tests passed`
      : `${evaluation.total - evaluation.passed} of ${evaluation.total} required tests did not pass (evaluation ${evaluation.id})`;
    const result = {
      evaluation_id: evaluation.id,
      version_id: evaluation.versionId,
      status: evaluation.status,
      total: evaluation.total,
      passed: evaluation.passed,
      pass_rate: passRate(evaluation),
    };
    const step = stepOf(release, 'tests');
    if (step.status !== 'succeeded' && step.status !== 'failed') {
      patchStep(
        release,
        'tests',
        passed ? { status: 'succeeded', result, finished_at: now() } : { status: 'failed', result, error: summary, finished_at: now() },
      );
    }
    return { passed, summary };
  });
}

/** The tested version must still be the branch head: a change after the tests ran is not released untested. */
function assertHeadTested(release: Release, branch: AgentBranch, testedVersionId: string | null) {
  if (testedVersionId && branch.headVersionId !== testedVersionId) {
    throw new DomainError(
      'CONFLICT',
      `Branch ${branch.name} changed after its tests ran (tested ${testedVersionId}, head now ${branch.headVersionId}): start a new release`,
      {
        release_id: release.id,
        tested_version_id: testedVersionId,
        head_version_id: branch.headVersionId,
      },
    );
  }
}

async function testedVersion(tx: Em, release: Release): Promise<string | null> {
  if (!release.evaluationId) return null;
  return (await tx.findOneOrFail(Evaluation, { id: release.evaluationId })).versionId;
}

export async function previewMerge(em: Em, releaseId: string): Promise<unknown> {
  return withRelease(em, releaseId, async (tx, release) => {
    const recorded = stepOf(release, 'preview');
    if (recorded.status === 'succeeded') return recorded.result;
    assertHeadTested(release, await loadBranch(tx, release), await testedVersion(tx, release));
    const preview = await previewAgentBranchMerge(
      tx,
      releasePrincipal(release),
      previewAgentBranchMerge.input.parse({ agentId: release.agent, sourceBranchId: release.branchId }),
    );
    if (!preview.clean) {
      throw new DomainError(
        'MERGE_CONFLICT',
        `The branch conflicts with main in ${preview.conflicts.map((c) => c.field).join(', ')}: resolve the conflicts on the branch and start a new release`,
        {
          conflicts: preview.conflicts.map((c) => ({ field: c.field, line: c.line })),
        },
      );
    }
    const result = {
      clean: true,
      main_unchanged: preview.main_unchanged,
      changed_fields: preview.changed_fields,
      base_version_id: preview.base_version_id,
      main_head_version_id: preview.main_head_version_id,
      branch_head_version_id: preview.branch_head_version_id,
    };
    patchStep(release, 'preview', { status: 'succeeded', result, finished_at: now() });
    return result;
  });
}

export async function awaitApproval(em: Em, releaseId: string): Promise<void> {
  await withRelease(em, releaseId, async (_tx, release) => {
    if (isTerminal(release.status) || release.approvedBy) return;
    patchStep(release, 'approval', { status: 'waiting' });
    release.status = 'awaiting_approval';
  });
}

export async function recordApproval(em: Em, releaseId: string, by: Actor): Promise<void> {
  await withRelease(em, releaseId, async (tx, release) => {
    if (release.approvedBy) return;
    release.approvedBy = by;
    recordAudit(tx, releasePrincipal(release, by), {
      action: 'release.approve',
      targetType: 'release',
      targetId: release.id,
      projectId: release.project,
      data: { agent_id: release.agent },
    });
  });
}

export async function setPaused(em: Em, releaseId: string, paused: boolean, by: Actor): Promise<void> {
  await withRelease(em, releaseId, async (tx, release) => {
    if (release.paused === paused || isTerminal(release.status)) return;
    release.paused = paused;
    recordAudit(tx, releasePrincipal(release, by), {
      action: paused ? 'release.pause' : 'release.resume',
      targetType: 'release',
      targetId: release.id,
      projectId: release.project,
      data: { agent_id: release.agent },
    });
  });
}

/**
 * Merges the branch (once). mergeAgentBranch runs inside this transaction
 * (a savepoint), so the merge and its record commit together; it also
 * re-checks the merge gate (required tests passed on the branch head).
 */
export async function merge(em: Em, releaseId: string): Promise<unknown> {
  return withRelease(em, releaseId, async (tx, release) => {
    const recorded = stepOf(release, 'merge');
    if (recorded.status === 'succeeded') return recorded.result;
    const branch = await loadBranch(tx, release);
    if (branch.state === 'open') assertHeadTested(release, branch, await testedVersion(tx, release));
    const merged = await mergeAgentBranch(
      tx,
      releasePrincipal(release),
      mergeAgentBranch.input.parse({ agentId: release.agent, sourceBranchId: release.branchId }),
    );
    release.mergedVersionId = merged.version.version_id;
    const result = { version_id: merged.version.version_id, already_merged: merged.already_merged, main_unchanged: merged.main_unchanged };
    patchStep(release, 'merge', { status: 'succeeded', result, finished_at: now() });
    return result;
  });
}

/**
 * Publishes the merge (once). With a rollout and a version live before, the
 * same transaction puts the new version behind the first stage's split, so
 * no caller reaches it at 100% before the canary stage has run. Refused when
 * main moved past the merge (publishing would release someone else's work).
 */
export async function publish(em: Em, releaseId: string, firstStagePercent: number | null): Promise<unknown> {
  return withRelease(em, releaseId, async (tx, release) => {
    const recorded = stepOf(release, 'publish');
    if (recorded.status === 'succeeded') return recorded.result;
    const agent = await loadAgent(tx, release, true);
    const main = await tx.findOneOrFail(AgentBranch, { id: agent.mainBranchId });
    if (main.headVersionId !== release.mergedVersionId) {
      throw new DomainError(
        'CONFLICT',
        `Main moved past this release's merge (${release.mergedVersionId}, main is at ${main.headVersionId}): publish it yourself or start a new release`,
        {
          merged_version_id: release.mergedVersionId,
          main_head_version_id: main.headVersionId,
        },
      );
    }
    const previous = agent.liveVersionId ?? null;
    const principal = releasePrincipal(release);
    const published = await publishAgent(tx, principal, publishAgent.input.parse({ agentId: agent.id }));
    release.previousVersionId = previous;
    let split: SplitEntry[] | null = null;
    if (firstStagePercent !== null && previous && previous !== release.mergedVersionId && firstStagePercent < 100) {
      split = stageSplit(release.mergedVersionId!, previous, firstStagePercent);
      release.previousSplit = await applyTrafficSplit(tx, principal, agent, split);
      release.splitChanged = true;
    }
    const result = {
      live_version_id: published.live_version_id,
      previous_version_id: previous,
      changed: published.changed,
      published_at: published.published_at ?? now(),
      split,
    };
    patchStep(release, 'publish', { status: 'succeeded', result, finished_at: now() });
    return result;
  });
}

const stageSplit = (next: string, previous: string, percent: number): SplitEntry[] => [
  { versionId: next, percent },
  { versionId: previous, percent: 100 - percent },
];

/**
 * Puts a rollout stage's share of callers on the new version (once) and
 * returns when it took effect: the start of the window the guard reads. The
 * 100% stage removes the split, since the new version is live. Skipped when
 * nothing was live before the release (there is no one to split with).
 */
export async function setStageTraffic(em: Em, releaseId: string, name: string, percent: number): Promise<{ since: string | null }> {
  return withRelease(em, releaseId, async (tx, release) => {
    const recorded = stepOf(release, name);
    const done = recorded.result as { applied_at?: string } | null;
    if (done?.applied_at) return { since: done.applied_at };
    if (!release.previousVersionId || release.previousVersionId === release.mergedVersionId) {
      patchStep(release, name, {
        status: 'skipped',
        finished_at: now(),
        result: { percent, note: 'nothing else was live before this release: no traffic to split' },
      });
      return { since: null };
    }
    const agent = await loadAgent(tx, release, true);
    const want = percent >= 100 ? null : stageSplit(release.mergedVersionId!, release.previousVersionId, percent);
    const publishStep = stepOf(release, 'publish');
    const publishedSplit = (publishStep.result as { split?: SplitEntry[] | null } | null)?.split ?? null;
    // The first stage was applied with the publish: its window starts there.
    let appliedAt = now();
    if (want && publishedSplit && sameSplit(publishedSplit, want) && sameSplit(currentSplit(agent), want)) {
      appliedAt = publishStep.finished_at ?? appliedAt;
    } else {
      const before = await applyTrafficSplit(tx, releasePrincipal(release), agent, want);
      if (!release.splitChanged) {
        release.previousSplit = before;
        release.splitChanged = true;
      }
    }
    patchStep(release, name, { result: { percent, split: want, applied_at: appliedAt } });
    return { since: appliedAt };
  });
}

function currentSplit(agent: Agent): SplitEntry[] | null {
  return agent.trafficSplit?.map((e) => ({ versionId: e.version_id, percent: e.percent })) ?? null;
}

function sameSplit(a: SplitEntry[] | null, b: SplitEntry[] | null): boolean {
  const key = (s: SplitEntry[] | null) => JSON.stringify((s ?? []).map((e) => [e.versionId, e.percent]).sort());
  return key(a) === key(b);
}

/** Reads the stage's calls and judges them; a breach is recorded on the step before the pipeline rolls back. */
export async function checkGuard(em: Em, releaseId: string, name: string, since: string): Promise<GuardVerdict> {
  return withRelease(em, releaseId, async (tx, release) => {
    const recorded = stepOf(release, name);
    const previous = recorded.result as { guard?: GuardVerdict } | null;
    if (previous?.guard && (recorded.status === 'succeeded' || recorded.status === 'failed')) return previous.guard;
    const [next, before] = await versionStats(tx, {
      organizationId: release.organization,
      agentId: release.agent,
      versionIds: [release.mergedVersionId ?? null, release.previousVersionId ?? null],
      since: new Date(since),
    });
    const verdict = judgeGuard(release.guard, next, before, since);
    const result = { ...(recorded.result as object), guard: verdict };
    patchStep(
      release,
      name,
      verdict.breach
        ? { status: 'failed', result, error: `guard breach: ${verdict.breach}`, finished_at: now() }
        : { status: 'succeeded', result, finished_at: now() },
    );
    return verdict;
  });
}

/**
 * Undoes a step (saga compensation), once: `traffic` restores the split the
 * agent had before the release; `publish` returns the live version to the
 * one before, if the release's version is still the live one (otherwise
 * someone published since, and their choice stands).
 */
export async function compensate(em: Em, releaseId: string, what: 'traffic' | 'publish'): Promise<unknown> {
  return withRelease(em, releaseId, async (tx, release) => {
    const principal = releasePrincipal(release);
    if (what === 'traffic') {
      if (!release.splitChanged) return { changed: false };
      const agent = await loadAgent(tx, release, true);
      await restoreTrafficSplit(tx, principal, agent, release.previousSplit ?? null);
      release.splitChanged = false;
      const result = { restored_split: release.previousSplit ?? null };
      for (const step of release.steps) {
        if (step.name.startsWith('rollout_') && step.status !== 'pending' && step.status !== 'skipped' && !step.compensation) {
          patchStep(release, step.name, { status: 'compensated', compensation: { at: now(), result } });
        }
      }
      return result;
    }
    const step = stepOf(release, 'publish');
    if (step.status !== 'succeeded') return { changed: false };
    const agent = await loadAgent(tx, release, true);
    let result: unknown;
    if (agent.liveVersionId !== release.mergedVersionId) {
      result = { changed: false, note: `the live version is ${agent.liveVersionId ?? 'none'}: published by someone else since, left as it is` };
    } else if (!release.previousVersionId) {
      result = { changed: false, note: 'nothing was live before this release: the version stays live' };
    } else {
      const rolled = await rollbackAgent(tx, principal, rollbackAgent.input.parse({ agentId: agent.id }));
      result = { changed: true, live_version_id: rolled.live_version_id };
    }
    patchStep(release, 'publish', { status: 'compensated', compensation: { at: now(), result } });
    return result;
  });
}

/** The release's end: status, reason, and the steps that never ran marked skipped. */
export async function finish(em: Em, releaseId: string, status: ReleaseStatus, reason: string | null): Promise<void> {
  await withRelease(em, releaseId, async (tx, release) => {
    if (isTerminal(release.status)) return;
    release.status = status;
    release.reason = reason;
    release.paused = false;
    release.finishedAt = new Date();
    release.steps = release.steps.map((s) => (s.status === 'pending' || s.status === 'waiting' ? { ...s, status: 'skipped' } : s));
    recordAudit(tx, releasePrincipal(release), {
      action: `release.${status}`,
      targetType: 'release',
      targetId: release.id,
      projectId: release.project,
      data: { agent_id: release.agent, reason, merged_version_id: release.mergedVersionId ?? null },
    });
  });
}
