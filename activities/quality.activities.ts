import { Context } from '@temporalio/activity';
import { heartbeating } from './heartbeat.js';
import { activityConfirmations } from './confirmations.js';
import * as steps from '../src/modules/quality/test-run-steps.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';

/**
 * The testRun workflow's activities: closures over the
 * injected ORM, each call on its own em.fork(), each idempotent per test run
 * or evaluation id (modules/quality/test-run-steps.ts).
 */
export function createQualityActivities({ orm, engineSettings }: ActivityDeps) {
  const em = () => orm.em.fork();
  return {
    startEvaluation: (evaluationId: string) => permanentOnDomainError(() => steps.startEvaluation(em(), evaluationId)),
    /**
     * One test's conversation and checks. It heartbeats while the engine
     * runs, so a worker killed mid-conversation is noticed within seconds
     * and the run is retried elsewhere (without a second session).
     */
    runTest: (testRunId: string) =>
      heartbeating(
        () => permanentOnDomainError(() => steps.executeTestRun({ orm, settings: engineSettings, confirmations: activityConfirmations() }, testRunId)),
        { first: true },
      ),
    /**
     * All of an evaluation's test runs in one activity, `concurrency` at a
     * time (executeTestRuns), instead of an activity each: the test step
     * costs one activity, not one per test and a workflow task between each.
     * It heartbeats every second: a worker killed mid-run is noticed within
     * seconds and the retry goes on with the unfinished runs; a cancellation
     * (the release aborted) reaches it with the next heartbeat, and no further
     * run starts.
     */
    runTests: (testRunIds: string[], concurrency: number) =>
      heartbeating(
        () =>
          steps.executeTestRuns(
            { orm, settings: engineSettings, confirmations: activityConfirmations() },
            testRunIds,
            concurrency,
            Context.current().cancellationSignal,
          ),
        { first: true },
      ),
    markTestRunError: (testRunId: string, message: string) => permanentOnDomainError(() => steps.markTestRunError(em(), testRunId, message)),
    finalizeEvaluation: (evaluationId: string, cancelled: string | null) =>
      permanentOnDomainError(() => steps.finalizeEvaluation(em(), evaluationId, cancelled)),
  };
}
