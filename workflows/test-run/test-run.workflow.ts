import { CancellationScope, isCancellation, patched, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import { progressQuery, type TestRunFinalStatus, type TestRunInput, type TestRunOutcome, type TestRunProgress } from './messages.js';

const server = proxyActivities<Activities>(presets.databaseStep);
const local = proxyLocalActivities<Activities>(presets.localDatabaseStep);
const engine = proxyActivities<Activities>(presets.conversation);
const batch = proxyActivities<Activities>(presets.testRuns);

/** The patch that moved the runs into one activity and the database steps into local activities (issue 14). */
export const TEST_RUNS_IN_ONE_ACTIVITY = 'test-runs-in-one-activity';

/**
 * Runs the test runs of one evaluation, a few at a time, then totals them.
 * The runs go in one activity (runTests), each idempotent per test run id,
 * so a retry or a replay never makes a second conversation for a run; the
 * database steps around it are local activities. If that activity gives up,
 * its unfinished runs are recorded as `error`. Cancelled (a release aborted
 * during its test step): the unfinished runs are recorded as errors and the
 * evaluation is closed before the cancellation propagates. Live progress is
 * the test_run rows; this workflow's query counts the runs once they end.
 * Histories from before (unpatched) ran an activity per run, the others
 * going on when one gave up.
 */
export async function testRun(input: TestRunInput): Promise<TestRunOutcome> {
  const running = new Set<string>();
  const progress: Omit<TestRunProgress, 'running'> = {
    evaluationId: input.evaluationId,
    total: input.testRunIds.length,
    done: 0,
    passed: 0,
    failed: 0,
    errored: 0,
  };
  setHandler(progressQuery, () => ({ ...progress, running: [...running] }));

  const batched = patched(TEST_RUNS_IN_ONE_ACTIVITY);
  const db = batched ? local : server;
  const count = (status: TestRunFinalStatus) => {
    progress.done += 1;
    if (status === 'passed') progress.passed += 1;
    else if (status === 'failed') progress.failed += 1;
    else progress.errored += 1;
  };
  try {
    await db.startEvaluation(input.evaluationId);
    if (batched) {
      let statuses: Record<string, TestRunFinalStatus>;
      try {
        statuses = await batch.runTests(input.testRunIds, input.concurrency ?? 4);
      } catch (error) {
        if (isCancellation(error)) throw error;
        return await db.finalizeEvaluation(input.evaluationId, `The test runs failed: ${describe(error)}`);
      }
      for (const id of input.testRunIds) if (statuses[id]) count(statuses[id]);
      return await db.finalizeEvaluation(input.evaluationId, null);
    }
    await pool(input.testRunIds, input.concurrency ?? 4, async (testRunId) => {
      running.add(testRunId);
      let status: TestRunFinalStatus;
      try {
        ({ status } = await engine.runTest(testRunId));
      } catch (error) {
        if (isCancellation(error)) throw error;
        ({ status } = await db.markTestRunError(testRunId, describe(error)));
      }
      running.delete(testRunId);
      count(status);
    });
    return await db.finalizeEvaluation(input.evaluationId, null);
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(() => db.finalizeEvaluation(input.evaluationId, 'cancelled before it finished'));
    }
    throw error;
  }
}

/** Runs `fn` over `items` with at most `size` at once, in order of start (deterministic: no clocks, no races). */
async function pool<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, lane));
}

/** The innermost message of an activity failure (ActivityFailure → ApplicationFailure → message). */
function describe(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
