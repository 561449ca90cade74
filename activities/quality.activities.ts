import { Context } from '@temporalio/activity';
import { activityConfirmations } from './confirmations.js';
import * as steps from '../src/modules/quality/test-run-steps.js';
import type { ActivityDeps } from './index.js';
import { permanentOnDomainError } from './failures.js';

/** How often a running conversation tells Temporal it is alive (the conversation preset's heartbeat timeout is 5 s). */
const HEARTBEAT_MS = 1000;

/**
 * The testRun workflow's activities (CONVENTIONS rule 4): closures over the
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
    runTest: async (testRunId: string) => {
      const context = Context.current();
      const beat = setInterval(() => context.heartbeat(), HEARTBEAT_MS);
      try {
        context.heartbeat();
        return await permanentOnDomainError(() => steps.executeTestRun({ orm, settings: engineSettings, confirmations: activityConfirmations() }, testRunId));
      } finally {
        clearInterval(beat);
      }
    },
    markTestRunError: (testRunId: string, message: string) => permanentOnDomainError(() => steps.markTestRunError(em(), testRunId, message)),
    finalizeEvaluation: (evaluationId: string, cancelled: string | null) =>
      permanentOnDomainError(() => steps.finalizeEvaluation(em(), evaluationId, cancelled)),
  };
}
