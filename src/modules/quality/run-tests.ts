import type { z } from 'zod';
import { WorkflowIdReusePolicy } from '@temporalio/client';
import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { actorOf, findAgent, findBranch, loadVersion } from '../agents/agent-access.js';
import type { TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import type { TestRunInput, TestRunOutcome } from '../../../workflows/test-run/messages.js';
import { Evaluation, Test, TestRun } from './quality.entity.js';
import { RunTestsBody, type RunTestsResult } from './quality.schemas.js';
import { createEvaluation } from './create-evaluation.js';
import { getEvaluation } from './get-evaluation.js';
import { noProgress, pollUntil, type ReportProgress } from '../progress.js';

/**
 * test_run: runs a test, or every test of an agent, on a branch's head (main
 * by default) or a named version, as a testRun workflow. The evaluation and
 * its runs are written first, so their ids come back at once; with
 * `wait_seconds` the answer waits (polling the read state) until the
 * evaluation finishes or the time is up.
 */
export const runTests = operation(
  { needs: 'tests:run', input: RunTestsBody },
  async (
    em: Em,
    principal: Principal,
    body: z.output<typeof RunTestsBody>,
    temporal: TemporalAccess,
    onProgress: ReportProgress = noProgress,
  ): Promise<RunTestsResult> => {
    let tests: Test[];
    let agentId: string;
    if (body.test_id) {
      const test = await em.findOne(Test, {
        id: body.test_id,
        organization: principal.organizationId,
        ...(principal.projectId ? { project: principal.projectId } : {}),
      });
      if (!test || (body.agent_id && test.agent !== body.agent_id)) throw notFound('Test', body.test_id);
      tests = [test];
      agentId = test.agent;
    } else {
      agentId = body.agent_id!;
      tests = [];
    }
    const agent = await findAgent(em, principal, agentId);
    if (!body.test_id) {
      tests = await em.find(Test, { agent: agent.id }, { orderBy: { id: 'asc' } });
      if (!tests.length) {
        throw new DomainError('UNPROCESSABLE', `Agent ${agent.id} has no tests: create one with test_create first`, {
          issues: [{ field: 'agent_id', message: 'the agent has no tests' }],
        });
      }
    }
    let versionId: string;
    let branchId: string | null = null;
    if (body.version_id) {
      versionId = (await loadVersion(em, agent, body.version_id)).id;
    } else {
      const branch = await findBranch(em, agent, body.branch_id);
      versionId = branch.headVersionId;
      branchId = branch.id;
    }

    const { evaluation, runs } = createEvaluation(em, { agent, versionId, branchId, tests, actor: actorOf(principal) });
    await em.flush();

    const workflowInput: TestRunInput = { evaluationId: evaluation.id, testRunIds: runs.map((r) => r.id) };
    try {
      await temporal.client.workflow.start<(input: TestRunInput) => Promise<TestRunOutcome>>('testRun', {
        taskQueue: temporal.taskQueue,
        workflowId: workflowIds.testRun(evaluation.id),
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        args: [workflowInput],
      });
    } catch (error) {
      // Nothing will run these: close them as errors rather than leave them queued forever.
      const message = `The test run could not start: ${(error as Error).message}`;
      await em.nativeUpdate(TestRun, { evaluation: evaluation.id }, { status: 'error', error: message, finishedAt: new Date() });
      await em.nativeUpdate(Evaluation, { id: evaluation.id }, { status: 'error', errored: runs.length, finishedAt: new Date() });
      throw new DomainError('UNAVAILABLE', 'The workflow service (Temporal) did not accept the test run: try again later', { evaluation_id: evaluation.id });
    }

    const result: RunTestsResult = { evaluation_id: evaluation.id, test_run_ids: runs.map((r) => r.id), status: 'queued' };
    if (body.wait_seconds) {
      const view = await waitForEvaluation(em, principal, evaluation.id, body.wait_seconds * 1000, onProgress);
      result.status = view.status;
      if (view.finished_at) result.evaluation = view;
    }
    return result;
  },
);

const POLL_MS = 200;

/** Polls the read state until the evaluation finishes or `ms` pass, reporting each test run that finishes. */
async function waitForEvaluation(em: Em, principal: Principal, evaluationId: string, ms: number, onProgress: ReportProgress) {
  return pollUntil(
    // A fresh fork each time: the identity map would otherwise answer with the row as first read.
    () => getEvaluation(em.fork(), principal, evaluationId),
    (view) => view.finished_at !== null,
    ms,
    (view) => {
      const finished = view.test_runs.filter((r) => !['queued', 'running'].includes(r.status)).length;
      onProgress({ progress: finished, total: view.test_runs.length, message: `${finished} of ${view.test_runs.length} tests finished` });
    },
    POLL_MS,
  );
}
