import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import type { Actor, Agent } from '../agents/agents.entity.js';
import { Evaluation, TestRun, type Test } from './quality.entity.js';

/**
 * An evaluation of `tests` on one version with a queued run per test, made
 * before the testRun workflow starts so the ids can be returned at once (and
 * the workflow's input is just ids). The caller flushes.
 */
export function createEvaluation(
  em: Em,
  input: { agent: Agent; versionId: string; branchId: string | null; tests: Test[]; actor: Actor; releaseId?: string },
): { evaluation: Evaluation; runs: TestRun[] } {
  const evaluationId = newId('evaluation');
  const runs = input.tests.map((test) =>
    em.create(TestRun, {
      id: newId('testRun'),
      organization: input.agent.organization,
      project: input.agent.project,
      agent: input.agent.id,
      test: test.id,
      evaluation: evaluationId,
      testName: test.name,
      versionId: input.versionId,
      branchId: input.branchId,
      status: 'queued',
      checkOutcomes: [],
      transcript: [],
    }),
  );
  const evaluation = em.create(Evaluation, {
    id: evaluationId,
    organization: input.agent.organization,
    project: input.agent.project,
    agent: input.agent.id,
    versionId: input.versionId,
    branchId: input.branchId,
    releaseId: input.releaseId ?? null,
    testRunIds: runs.map((r) => r.id),
    status: 'queued',
    total: runs.length,
    createdBy: input.actor,
  });
  return { evaluation, runs };
}
