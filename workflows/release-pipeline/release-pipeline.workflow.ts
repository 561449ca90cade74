import {
  allHandlersFinished,
  ApplicationFailure,
  CancellationScope,
  condition,
  executeChild,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
} from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import { workflowIds } from '../workflow-ids.js';
import { testRun } from '../test-run/test-run.workflow.js';
import {
  abortUpdate,
  approveUpdate,
  pauseUpdate,
  progressQuery,
  RELEASE_MOVE_REFUSED,
  resumeUpdate,
  rollbackUpdate,
  type ReleaseFinalStatus,
  type ReleaseInput,
  type ReleaseMove,
  type ReleaseOutcome,
  type ReleaseProgress,
} from './messages.js';

const server = proxyActivities<Activities>(presets.databaseStep);
const local = proxyLocalActivities<Activities>(presets.localDatabaseStep);
const undo = proxyActivities<Activities>(presets.compensation);

/** The patch that made the pipeline's database steps local activities. */
const RELEASE_LOCAL_STEPS = 'release-local-steps';
/** The patch that stops the approval's clock while the release is paused (before it, the timeout ran on). */
const PAUSE_HOLDS_APPROVAL = 'release-pause-holds-approval';

/** A move that stops the pipeline: an abort, a rollback, or a guard breach. */
class Interrupted extends Error {
  constructor(
    readonly status: ReleaseFinalStatus,
    readonly why: string,
  ) {
    super(why);
  }
}

/**
 * One release of a branch (decision 0011): required tests on the branch
 * head (a child testRun), merge preview, optional approval, merge, publish,
 * then an optional staged rollout whose every stage is held for a soak time
 * and judged by a guard against the previous version.
 *
 * Every step is an activity that records its result in the release row in
 * the same transaction as its effect, so a step re-run after a crash (or a
 * retry) does nothing twice. Compensations sit beside their steps: before
 * publishing, the pipeline registers "restore the previous split" and
 * "restore the previous live version"; any later failure, abort, rollback
 * or guard breach runs them in reverse. Abort and rollback take effect at
 * the next checkpoint (between steps, or at once during a wait: approval,
 * soak, pause, the test run); a running step is never cut off halfway.
 */
export async function releasePipeline(input: ReleaseInput): Promise<ReleaseOutcome> {
  const id = input.releaseId;
  // The database steps are local activities (issue 14: no server round trip each); histories from before keep
  // them as activities. Compensations stay activities: rare, and retried far longer.
  const db = patched(RELEASE_LOCAL_STEPS) ? local : server;
  const state = {
    status: 'running',
    currentStep: null as string | null,
    paused: false,
    awaitingApproval: false,
    approved: false,
    published: false,
    finished: false,
    stagePercent: null as number | null,
    interrupt: null as Interrupted | null,
    /** The outcome once it is decided: compensations and the final write may still run, no move changes it. */
    ending: null as ReleaseOutcome | null,
  };
  const progress = (): ReleaseProgress => ({
    status: state.status,
    currentStep: state.currentStep,
    paused: state.paused,
    awaitingApproval: state.awaitingApproval,
    stagePercent: state.stagePercent,
  });
  const refuse = (message: string) => {
    throw ApplicationFailure.create({ type: RELEASE_MOVE_REFUSED, message, nonRetryable: true });
  };
  const refuseWhenOver = () => {
    if (state.finished) refuse(`The release has finished (${state.status})`);
    if (state.interrupt) refuse(`The release is already stopping: ${state.interrupt.why}`);
    if (state.ending) refuse(`The release is ending (${state.ending.status}${state.ending.reason ? `: ${state.ending.reason}` : ''})`);
  };
  const who = (move: ReleaseMove) => move.by.name ?? move.by.id ?? move.by.type;
  // Pause and resume write the read state from their handlers; one at a time, in the order they came.
  let writes: Promise<unknown> = Promise.resolve();
  const serially = (fn: () => Promise<unknown>) => (writes = writes.then(fn, fn));

  setHandler(progressQuery, progress);
  setHandler(
    approveUpdate,
    async (move) => {
      state.approved = true;
      await db.recordReleaseApproval(id, move.by);
      return progress();
    },
    {
      validator: (_move: ReleaseMove) => {
        refuseWhenOver();
        if (!input.requireApproval) refuse('This release has no approval gate');
        if (state.approved) refuse('The release is approved already');
        if (!state.awaitingApproval) refuse('The release is not waiting for approval yet: the tests and the merge preview run first');
      },
    },
  );
  setHandler(
    pauseUpdate,
    async (move) => {
      state.paused = true;
      await serially(() => db.setReleasePaused(id, true, move.by));
      return progress();
    },
    {
      validator: (_move: ReleaseMove) => {
        refuseWhenOver();
        if (state.paused) refuse('The release is paused already');
      },
    },
  );
  setHandler(
    resumeUpdate,
    async (move) => {
      state.paused = false;
      await serially(() => db.setReleasePaused(id, false, move.by));
      return progress();
    },
    {
      validator: (_move: ReleaseMove) => {
        refuseWhenOver();
        if (!state.paused) refuse('The release is not paused');
      },
    },
  );
  setHandler(
    abortUpdate,
    (move) => {
      state.interrupt = new Interrupted('aborted', `aborted by ${who(move)}${move.reason ? `: ${move.reason}` : ''}`);
      return progress();
    },
    { validator: (_move: ReleaseMove) => refuseWhenOver() },
  );
  setHandler(
    rollbackUpdate,
    (move) => {
      state.interrupt = new Interrupted('rolled_back', `rolled back by ${who(move)}${move.reason ? `: ${move.reason}` : ''}`);
      return progress();
    },
    {
      validator: (_move: ReleaseMove) => {
        refuseWhenOver();
        if (!state.published) refuse('Nothing is published yet: abort the release instead');
      },
    },
  );

  /** Waits while paused; stops here when an abort or rollback came in. */
  const checkpoint = async () => {
    await condition(() => !state.paused || state.interrupt !== null);
    if (state.interrupt) throw state.interrupt;
  };
  /** Runs one step between checkpoints; a failure is recorded on the step before it propagates. */
  const step = async <T>(name: string, body: () => Promise<T>): Promise<T> => {
    await checkpoint();
    state.currentStep = name;
    await db.beginReleaseStep(id, name);
    try {
      return await body();
    } catch (error) {
      await db.failReleaseStep(id, name, describe(error));
      throw error;
    }
  };
  /** Waits up to `ms` (forever when undefined) for `done`, or until interrupted (which throws). */
  const waitFor = async (done: () => boolean, ms?: number): Promise<boolean> => {
    const ready = () => done() || state.interrupt !== null;
    const ok = ms === undefined ? (await condition(ready), true) : await condition(ready, ms);
    if (state.interrupt) throw state.interrupt;
    return ok;
  };

  /**
   * Waits up to `ms` of unpaused time for the approval: the clock stops while the release is paused, so a pause
   * never lets the approval time out (an approval given while paused is taken; the merge waits for the resume).
   * True when approved, false when the time ran out.
   */
  const approvalWithin = async (ms: number): Promise<boolean> => {
    let left = ms;
    for (;;) {
      await waitFor(() => state.approved || !state.paused);
      if (state.approved) return true;
      const since = Date.now();
      await waitFor(() => state.approved || state.paused, left);
      if (state.approved) return true;
      left -= Date.now() - since;
      if (!state.paused || left <= 0) return false;
    }
  };

  const compensations: { name: string; run: () => Promise<unknown> }[] = [];
  let outcome: ReleaseOutcome;
  try {
    await step('tests', async () => {
      const prepared = await db.prepareReleaseTests(id);
      if (!prepared.evaluationId) return;
      const evaluationId = prepared.evaluationId;
      // The child runs in its own scope, so an abort can cancel it without cancelling the pipeline.
      const scope = new CancellationScope();
      const child = scope.run(() =>
        executeChild(testRun, {
          workflowId: workflowIds.testRun(evaluationId),
          args: [{ evaluationId, testRunIds: prepared.testRunIds }],
          parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
        }),
      );
      child.catch(() => undefined); // its failure is read below, or it was cancelled on purpose
      let finished = false;
      void child.then(
        () => (finished = true),
        () => (finished = true),
      );
      try {
        await waitFor(() => finished);
      } catch (interrupted) {
        scope.cancel();
        throw interrupted;
      }
      await child;
      const tests = await db.completeReleaseTests(id);
      if (!tests.passed) throw ApplicationFailure.create({ type: 'TESTS_FAILED', message: tests.summary, nonRetryable: true });
    });

    await step('preview', () => db.previewReleaseMerge(id));

    if (input.requireApproval) {
      await step('approval', async () => {
        state.awaitingApproval = true;
        state.status = 'awaiting_approval';
        await db.awaitReleaseApproval(id);
        let approved: boolean;
        try {
          const ms = input.approvalTimeoutSeconds * 1000;
          approved = patched(PAUSE_HOLDS_APPROVAL) ? await approvalWithin(ms) : await waitFor(() => state.approved, ms);
        } finally {
          state.awaitingApproval = false;
          state.status = 'running';
        }
        if (!approved) {
          throw ApplicationFailure.create({ type: 'APPROVAL_TIMEOUT', message: `No approval within ${input.approvalTimeoutSeconds} s`, nonRetryable: true });
        }
        await db.completeReleaseStep(id, 'approval', { status: 'succeeded', result: { approved: true } });
      });
    }

    await step('merge', () => db.mergeRelease(id));

    // Beside the step they undo, registered before it runs: both are no-ops when nothing changed.
    compensations.push({ name: 'publish', run: () => undo.compensateRelease(id, 'publish') });
    if (input.rollout) compensations.push({ name: 'traffic', run: () => undo.compensateRelease(id, 'traffic') });
    await step('publish', () => db.publishRelease(id, input.rollout?.stages[0] ?? null));
    state.published = true;

    for (const percent of input.rollout?.stages ?? []) {
      await step(`rollout_${percent}`, async () => {
        const name = `rollout_${percent}`;
        const { since } = await db.setReleaseStageTraffic(id, name, percent);
        if (since === null) return; // nothing was live before: no split, no guard
        state.stagePercent = percent;
        await waitFor(() => false, input.rollout!.soakSeconds * 1000);
        const verdict = await db.checkReleaseGuard(id, name, since);
        if (verdict.breach) throw new Interrupted('rolled_back', `guard breach at ${percent}%: ${verdict.breach}`);
      });
    }
    state.currentStep = null;
    outcome = { status: 'succeeded', reason: null };
    state.ending = outcome;
  } catch (error) {
    outcome = error instanceof Interrupted ? { status: error.status, reason: error.why } : { status: 'failed', reason: describe(error) };
    // A failure or a guard breach is as final as an abort: moves are refused while the compensations run.
    state.ending = outcome;
    // Compensations run even if the pipeline is being cancelled, newest first.
    await CancellationScope.nonCancellable(async () => {
      for (const c of [...compensations].reverse()) {
        try {
          await c.run();
        } catch (failure) {
          outcome = { status: 'failed', reason: `${outcome.reason}; undoing ${c.name} failed: ${describe(failure)}` };
        }
      }
    });
  }
  await db.finishRelease(id, outcome.status, outcome.reason);
  state.status = outcome.status;
  state.finished = true;
  state.currentStep = null;
  // Updates in flight (a pause writing its row) finish before the run closes (allHandlersFinished).
  await condition(allHandlersFinished);
  return outcome;
}

/** The innermost message of a failure chain (ActivityFailure → ApplicationFailure → message). */
function describe(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
