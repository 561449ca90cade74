import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import type { Activities } from '../../activities/index.js';
import type { Actor } from '../../src/modules/agents/agents.entity.js';
import {
  abortUpdate,
  approveUpdate,
  pauseUpdate,
  progressQuery,
  RELEASE_MOVE_REFUSED,
  resumeUpdate,
  rollbackUpdate,
  type ReleaseInput,
  type ReleaseMove,
} from '../../workflows/release-pipeline/messages.js';
import type { releasePipeline } from '../../workflows/release-pipeline/release-pipeline.workflow.js';
import { workflowIds } from '../../workflows/workflow-ids.js';
import { eventually, Gate, refusal, sleep, startStubWorker, uniqueName, type StubWorker } from './state-machine-support.js';

/**
 * The release pipeline's state machine, fast (issue 13, decision 0046): the
 * real releasePipeline and testRun workflows on a worker whose activities
 * are the stubs below (they record each call and answer what the test
 * scripted), on the test run's Temporal dev server. What the validators
 * refuse, pause and resume, abort, rollback and a guard breach, without a
 * database or an agent; test/release/release-pipeline.test.ts runs the same
 * pipeline end to end. Soaks and the approval timeout are real timers: 1 s
 * (the least the API accepts) where a test waits one out, longer where a
 * move cuts it short.
 */

type Call = [string, ...unknown[]];
interface Script {
  calls: Call[];
  /** prepareReleaseTests' answer: an evaluation runs the child testRun; null skips it. */
  evaluationId: string | null;
  /** runTests waits here (heartbeating) until opened or cancelled. */
  tests: Gate;
  testsPassed: boolean;
  /** setReleaseStageTraffic's answer: when the previous version went live (null: nothing was, so no guard). */
  since: string | null;
  /** The guard's verdict per stage percent: a breach there. */
  breachAt: Record<number, string>;
  /** setReleaseStageTraffic fails for good with this message. */
  stageFailure: string | null;
  /** compensateRelease waits here. */
  undo: Gate;
  /** How long setReleasePaused (run from the pause and resume handlers) takes. */
  pauseWriteMs: number;
}

const scripts = new Map<string, Script>();
const scriptOf = (releaseId: string) => {
  const s = scripts.get(releaseId);
  if (!s) throw new Error(`no script for release ${releaseId}`);
  return s;
};
const record = (releaseId: string, name: string, ...args: unknown[]) => scriptOf(releaseId).calls.push([name, ...args]);
/** Evaluation and test run ids carry their release's id, so the testRun stubs find its script. */
const releaseOf = (evaluationOrRun: string) => evaluationOrRun.split(':')[1];

type A = Activities;
const activities: Partial<Activities> = {
  beginReleaseStep: async (id, step) => void record(id, 'beginReleaseStep', step),
  completeReleaseStep: async (id, step, outcome) => void record(id, 'completeReleaseStep', step, outcome.status),
  failReleaseStep: async (id, step, error) => void record(id, 'failReleaseStep', step, error),
  prepareReleaseTests: async (id) => {
    record(id, 'prepareReleaseTests');
    const { evaluationId } = scriptOf(id);
    return { evaluationId, testRunIds: evaluationId ? [`run:${id}`] : [] };
  },
  completeReleaseTests: async (id) => {
    record(id, 'completeReleaseTests');
    return scriptOf(id).testsPassed ? { passed: true, summary: '1 of 1 passed' } : { passed: false, summary: '0 of 1 required tests passed' };
  },
  previewReleaseMerge: async (id) => record(id, 'previewReleaseMerge'),
  awaitReleaseApproval: async (id) => void record(id, 'awaitReleaseApproval'),
  recordReleaseApproval: async (id, by) => void record(id, 'recordReleaseApproval', by.name),
  setReleasePaused: async (id, paused) => {
    record(id, 'setReleasePaused', paused);
    await sleep(scriptOf(id).pauseWriteMs);
  },
  mergeRelease: async (id) => record(id, 'mergeRelease'),
  publishRelease: async (id, firstStagePercent) => record(id, 'publishRelease', firstStagePercent),
  setReleaseStageTraffic: async (id, step, percent) => {
    record(id, 'setReleaseStageTraffic', step, percent);
    const { stageFailure, since } = scriptOf(id);
    if (stageFailure) throw ApplicationFailure.create({ message: stageFailure, nonRetryable: true });
    return { since };
  },
  checkReleaseGuard: async (id, step, since) => {
    record(id, 'checkReleaseGuard', step, since);
    const percent = Number(step.replace('rollout_', ''));
    return { since, breach: scriptOf(id).breachAt[percent] ?? null, inconclusive: false } as Awaited<ReturnType<A['checkReleaseGuard']>>;
  },
  compensateRelease: async (id, what) => {
    record(id, 'compensateRelease', what);
    await scriptOf(id).undo.wait();
    return { undone: what };
  },
  finishRelease: async (id, status, reason) => void record(id, 'finishRelease', status, reason),
  // The child testRun's activities.
  startEvaluation: async (evaluationId) => void record(releaseOf(evaluationId), 'startEvaluation'),
  runTests: async (testRunIds) => {
    const id = releaseOf(testRunIds[0]);
    record(id, 'runTests');
    const context = Context.current();
    const beat = setInterval(() => context.heartbeat(), 100);
    try {
      await Promise.race([scriptOf(id).tests.wait(), context.cancelled]);
    } catch (error) {
      record(id, 'runTests cancelled');
      throw error;
    } finally {
      clearInterval(beat);
    }
    return Object.fromEntries(testRunIds.map((run) => [run, scriptOf(id).testsPassed ? 'passed' : 'failed'] as const));
  },
  finalizeEvaluation: async (evaluationId, cancelled) => {
    record(releaseOf(evaluationId), 'finalizeEvaluation', cancelled);
    return { evaluationId, status: 'passed', total: 1, passed: 1, failed: 0, errored: 0, passRate: 1 } as Awaited<ReturnType<A['finalizeEvaluation']>>;
  },
};

let w: StubWorker;
beforeAll(async () => {
  w = await startStubWorker('release-sm', activities);
}, 60_000);
afterAll(async () => {
  for (const s of scripts.values()) {
    s.tests.open();
    s.undo.open();
  }
  await w?.stop();
});

const ada: Actor = { type: 'user', id: 'usr_ada', name: 'Ada' };
const by = (reason?: string): ReleaseMove => ({ by: ada, ...(reason ? { reason } : {}) });

interface Started {
  id: string;
  s: Script;
  handle: WorkflowHandle<typeof releasePipeline>;
  /** The names of the activities called so far, in order. */
  names(): string[];
  /** The calls of one activity so far, without its name. */
  callsOf(name: string): unknown[][];
}

/** Starts a pipeline on the stub worker with `input` over the defaults (no approval, no rollout, no tests). */
async function start(input: Partial<ReleaseInput>, script: Partial<Script> = {}, options: { workflowTaskTimeout?: string } = {}): Promise<Started> {
  const id = uniqueName('rel');
  const s: Script = {
    calls: [],
    evaluationId: null,
    tests: new Gate(),
    testsPassed: true,
    since: '2026-01-01T00:00:00.000Z',
    breachAt: {},
    stageFailure: null,
    undo: new Gate(),
    pauseWriteMs: 0,
    ...script,
  };
  if (s.evaluationId === 'yes') s.evaluationId = `evaluation:${id}`;
  scripts.set(id, s);
  const handle = await w.start<typeof releasePipeline>('releasePipeline', {
    taskQueue: w.taskQueue,
    workflowId: workflowIds.release(id),
    args: [{ releaseId: id, requireApproval: false, approvalTimeoutSeconds: 3600, rollout: null, ...input }],
    workflowExecutionTimeout: '60 seconds',
    ...(options.workflowTaskTimeout ? { workflowTaskTimeout: options.workflowTaskTimeout } : {}),
  });
  return {
    id,
    s,
    handle,
    names: () => s.calls.map(([name]) => name),
    callsOf: (name) => s.calls.filter(([n]) => n === name).map(([, ...args]) => args),
  };
}
const refused = (message: string) => ({ type: RELEASE_MOVE_REFUSED, message });
const progressOf = (r: Started) => r.handle.query(progressQuery);

describe('the release pipeline state machine (stubbed activities)', () => {
  it('refuses moves that do not fit, holds at the next checkpoint while paused, waits for approval, and succeeds', async () => {
    const r = await start({ requireApproval: true, rollout: { stages: [50, 100], soakSeconds: 1 } }, { evaluationId: 'yes' });
    await eventually(r.names, (n) => n.includes('runTests'));
    expect(await progressOf(r)).toEqual({ status: 'running', currentStep: 'tests', paused: false, awaitingApproval: false, stagePercent: null });

    // During the tests: no approval yet, nothing to resume, nothing published to roll back.
    expect(await refusal(r.handle.executeUpdate(approveUpdate, { args: [by()] }))).toEqual(
      refused('The release is not waiting for approval yet: the tests and the merge preview run first'),
    );
    expect(await refusal(r.handle.executeUpdate(resumeUpdate, { args: [by()] }))).toEqual(refused('The release is not paused'));
    expect(await refusal(r.handle.executeUpdate(rollbackUpdate, { args: [by()] }))).toEqual(refused('Nothing is published yet: abort the release instead'));

    // Paused: the running step (the tests) finishes, the next (the preview) waits.
    expect(await r.handle.executeUpdate(pauseUpdate, { args: [by()] })).toMatchObject({ paused: true, currentStep: 'tests' });
    expect(r.callsOf('setReleasePaused')).toEqual([[true]]);
    expect(await refusal(r.handle.executeUpdate(pauseUpdate, { args: [by()] }))).toEqual(refused('The release is paused already'));
    r.s.tests.open();
    await eventually(r.names, (n) => n.includes('completeReleaseTests'));
    await sleep(1000);
    expect(r.names()).not.toContain('previewReleaseMerge');
    expect(await progressOf(r)).toMatchObject({ paused: true, currentStep: 'tests' });

    expect(await r.handle.executeUpdate(resumeUpdate, { args: [by()] })).toMatchObject({ paused: false });
    expect(r.callsOf('setReleasePaused')).toEqual([[true], [false]]);
    const waiting = await eventually(
      () => progressOf(r),
      (p) => p.awaitingApproval,
    );
    expect(waiting).toEqual({ status: 'awaiting_approval', currentStep: 'approval', paused: false, awaitingApproval: true, stagePercent: null });
    expect(r.names()).toContain('previewReleaseMerge');
    expect(r.names()).not.toContain('mergeRelease');

    await r.handle.executeUpdate(approveUpdate, { args: [by()] });
    expect(r.callsOf('recordReleaseApproval')).toEqual([['Ada']]);
    expect(await refusal(r.handle.executeUpdate(approveUpdate, { args: [by()] }))).toEqual(refused('The release is approved already'));

    expect(await r.handle.result()).toEqual({ status: 'succeeded', reason: null });
    expect(r.callsOf('beginReleaseStep').flat()).toEqual(['tests', 'preview', 'approval', 'merge', 'publish', 'rollout_50', 'rollout_100']);
    expect(r.callsOf('completeReleaseStep')).toEqual([['approval', 'succeeded']]);
    expect(r.callsOf('publishRelease')).toEqual([[50]]);
    expect(r.callsOf('checkReleaseGuard').map(([step]) => step)).toEqual(['rollout_50', 'rollout_100']);
    expect(r.names()).not.toContain('compensateRelease');
    expect(r.names()).not.toContain('failReleaseStep');
    expect(r.callsOf('finishRelease')).toEqual([['succeeded', null]]);
    expect(await progressOf(r)).toEqual({ status: 'succeeded', currentStep: null, paused: false, awaitingApproval: false, stagePercent: 100 });
    // Once the run has closed, a move never reaches a validator: the server answers that the run is gone (the API
    // reads the release row first and answers 409 itself: modules/releases/control-release.ts).
    await expect(r.handle.executeUpdate(pauseUpdate, { args: [by()] })).rejects.toThrow(WorkflowNotFoundError);
  }, 30_000);

  it('refuses every move once it has finished, while a pause write still keeps the run open', async () => {
    // The run closes once its handlers are done; a pause whose write (a local activity) takes 8 s keeps it open
    // after the abort finished the release. A 1 s workflow task timeout makes the worker report in every ~0.8 s
    // while that write runs, so the moves below reach the workflow during it rather than after it.
    const r = await start({ requireApproval: true }, { pauseWriteMs: 8000 }, { workflowTaskTimeout: '1 second' });
    await eventually(
      () => progressOf(r),
      (p) => p.awaitingApproval,
    );
    const pausing = r.handle.executeUpdate(pauseUpdate, { args: [by()] });
    await eventually(r.names, (n) => n.includes('setReleasePaused'));
    await r.handle.executeUpdate(abortUpdate, { args: [by('wrong branch')] });
    await eventually(r.names, (n) => n.includes('finishRelease'));

    const late = await Promise.all(
      [resumeUpdate, abortUpdate, approveUpdate, rollbackUpdate].map((update) => refusal(r.handle.executeUpdate(update, { args: [by()] }))),
    );
    expect(late).toEqual(Array(4).fill(refused('The release has finished (aborted)')));
    expect(await pausing).toMatchObject({ status: 'aborted', paused: true });
    expect(await r.handle.result()).toEqual({ status: 'aborted', reason: 'aborted by Ada: wrong branch' });
    expect(r.callsOf('failReleaseStep')).toEqual([['approval', 'aborted by Ada: wrong branch']]);
    expect(r.names()).not.toContain('mergeRelease');
  }, 30_000);

  it('abort during the test run cancels the child test run and ends aborted with nothing merged', async () => {
    const r = await start({ requireApproval: false }, { evaluationId: 'yes' });
    await eventually(r.names, (n) => n.includes('runTests'));
    expect(await refusal(r.handle.executeUpdate(approveUpdate, { args: [by()] }))).toEqual(refused('This release has no approval gate'));

    expect(await r.handle.executeUpdate(abortUpdate, { args: [by('wrong branch')] })).toMatchObject({ currentStep: 'tests' });
    expect(await r.handle.result()).toEqual({ status: 'aborted', reason: 'aborted by Ada: wrong branch' });
    expect(r.callsOf('failReleaseStep')).toEqual([['tests', 'aborted by Ada: wrong branch']]);
    expect(r.callsOf('finishRelease')).toEqual([['aborted', 'aborted by Ada: wrong branch']]);
    for (const name of ['completeReleaseTests', 'previewReleaseMerge', 'mergeRelease', 'publishRelease', 'compensateRelease']) {
      expect(r.names()).not.toContain(name);
    }
    // The child hears the cancellation: its activity is cancelled and it closes the evaluation as cancelled.
    await eventually(r.names, (n) => n.includes('runTests cancelled') && n.includes('finalizeEvaluation'));
    expect(r.callsOf('finalizeEvaluation')).toEqual([['cancelled before it finished']]);
    const child = w.client.workflow.getHandle(workflowIds.testRun(r.s.evaluationId!));
    await eventually(
      async () => (await child.describe()).status.name,
      (status) => status !== 'RUNNING',
    );
    expect((await child.describe()).status.name).toBe('CANCELLED');
  }, 30_000);

  it('fails at the tests step when the required tests fail, before any merge', async () => {
    const r = await start({ requireApproval: true, rollout: { stages: [100], soakSeconds: 1 } }, { evaluationId: 'yes', testsPassed: false });
    r.s.tests.open();
    expect(await r.handle.result()).toEqual({ status: 'failed', reason: '0 of 1 required tests passed' });
    expect(r.callsOf('failReleaseStep')).toEqual([['tests', '0 of 1 required tests passed']]);
    expect(r.names()).not.toContain('previewReleaseMerge');
    expect(r.names()).not.toContain('compensateRelease');
  }, 30_000);

  it('fails when nobody approves within approvalTimeoutSeconds (1 s), before merging', async () => {
    const started = Date.now();
    const r = await start({ requireApproval: true, approvalTimeoutSeconds: 1 });
    expect(await r.handle.result()).toEqual({ status: 'failed', reason: 'No approval within 1 s' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(r.callsOf('beginReleaseStep').flat()).toEqual(['tests', 'preview', 'approval']);
    expect(r.callsOf('failReleaseStep')).toEqual([['approval', 'No approval within 1 s']]);
    expect(r.names()).not.toContain('mergeRelease');
    expect(r.names()).not.toContain('compensateRelease');
    expect(r.callsOf('finishRelease')).toEqual([['failed', 'No approval within 1 s']]);
  }, 30_000);

  it('a failure after publishing undoes the split and the publish; moves during the undo are refused as ending', async () => {
    const r = await start({ rollout: { stages: [50, 100], soakSeconds: 1 } }, { stageFailure: 'the traffic split could not be written' });
    await eventually(r.names, (n) => n.includes('compensateRelease'));
    const ending = refused('The release is ending (failed: the traffic split could not be written)');
    expect(await refusal(r.handle.executeUpdate(abortUpdate, { args: [by()] }))).toEqual(ending);
    expect(await refusal(r.handle.executeUpdate(rollbackUpdate, { args: [by()] }))).toEqual(ending);
    expect(await refusal(r.handle.executeUpdate(pauseUpdate, { args: [by()] }))).toEqual(ending);
    r.s.undo.open();
    expect(await r.handle.result()).toEqual({ status: 'failed', reason: 'the traffic split could not be written' });
    expect(r.callsOf('compensateRelease')).toEqual([['traffic'], ['publish']]);
    expect(r.callsOf('setReleasePaused')).toEqual([]);
    expect(r.callsOf('finishRelease')).toEqual([['failed', 'the traffic split could not be written']]);
  }, 30_000);

  it('a pause while awaiting approval stops its clock; an approval while paused is taken and the merge waits for the resume', async () => {
    const r = await start({ requireApproval: true, approvalTimeoutSeconds: 2 });
    await eventually(
      () => progressOf(r),
      (p) => p.awaitingApproval,
    );
    expect(await r.handle.executeUpdate(pauseUpdate, { args: [by()] })).toMatchObject({ paused: true, awaitingApproval: true });
    await sleep(3000); // longer than the approval timeout: paused time does not count
    expect(await progressOf(r)).toEqual({ status: 'awaiting_approval', currentStep: 'approval', paused: true, awaitingApproval: true, stagePercent: null });
    await r.handle.executeUpdate(approveUpdate, { args: [by()] });
    await eventually(r.names, (n) => n.includes('completeReleaseStep'));
    await sleep(1000);
    expect(r.names()).not.toContain('mergeRelease');
    await r.handle.executeUpdate(resumeUpdate, { args: [by()] });
    expect(await r.handle.result()).toEqual({ status: 'succeeded', reason: null });
    expect(r.callsOf('recordReleaseApproval')).toEqual([['Ada']]);
    expect(r.names()).not.toContain('failReleaseStep');
  }, 30_000);

  it('the approval time left after a pause still runs out: unpaused time before and after counts', async () => {
    const started = Date.now();
    const r = await start({ requireApproval: true, approvalTimeoutSeconds: 2 });
    await eventually(
      () => progressOf(r),
      (p) => p.awaitingApproval,
    );
    await sleep(1000);
    await r.handle.executeUpdate(pauseUpdate, { args: [by()] });
    await sleep(2000);
    await r.handle.executeUpdate(resumeUpdate, { args: [by()] });
    expect(await r.handle.result()).toEqual({ status: 'failed', reason: 'No approval within 2 s' });
    // 2 s of waiting plus the 2 s paused, not 2 s more after the resume.
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(4000);
    expect(took).toBeLessThan(6500);
  }, 30_000);

  it('a guard breach during the canary rolls back: no wider stage, the split then the publish undone', async () => {
    const r = await start({ rollout: { stages: [10, 50, 100], soakSeconds: 1 } }, { breachAt: { 10: 'error rate 30% against 5% before' } });
    const soaking = await eventually(
      () => progressOf(r),
      (p) => p.stagePercent !== null,
    );
    expect(soaking).toEqual({ status: 'running', currentStep: 'rollout_10', paused: false, awaitingApproval: false, stagePercent: 10 });
    const reason = 'guard breach at 10%: error rate 30% against 5% before';
    // While the breach is undone, the outcome is decided: no move is taken.
    await eventually(r.names, (n) => n.includes('compensateRelease'));
    const ending = refused(`The release is ending (rolled_back: ${reason})`);
    expect(await refusal(r.handle.executeUpdate(pauseUpdate, { args: [by()] }))).toEqual(ending);
    expect(await refusal(r.handle.executeUpdate(abortUpdate, { args: [by()] }))).toEqual(ending);
    r.s.undo.open();
    expect(await r.handle.result()).toEqual({ status: 'rolled_back', reason });
    expect(r.callsOf('publishRelease')).toEqual([[10]]);
    expect(r.callsOf('setReleaseStageTraffic')).toEqual([['rollout_10', 10]]);
    expect(r.callsOf('checkReleaseGuard')).toEqual([['rollout_10', '2026-01-01T00:00:00.000Z']]);
    expect(r.callsOf('failReleaseStep')).toEqual([['rollout_10', reason]]);
    expect(r.callsOf('compensateRelease')).toEqual([['traffic'], ['publish']]);
    const names = r.names();
    expect(names.indexOf('finishRelease')).toBeGreaterThan(names.lastIndexOf('compensateRelease'));
    expect(r.callsOf('finishRelease')).toEqual([['rolled_back', reason]]);
  }, 30_000);

  it('rollback during a soak ends the soak at once; while the undo runs, further moves are refused as stopping', async () => {
    const r = await start({ rollout: { stages: [50, 100], soakSeconds: 600 } });
    await eventually(
      () => progressOf(r),
      (p) => p.stagePercent === 50,
    );
    expect(await r.handle.executeUpdate(rollbackUpdate, { args: [by('calls drop')] })).toMatchObject({ stagePercent: 50 });
    await eventually(r.names, (n) => n.includes('compensateRelease'));
    const stopping = refused('The release is already stopping: rolled back by Ada: calls drop');
    expect(await refusal(r.handle.executeUpdate(abortUpdate, { args: [by()] }))).toEqual(stopping);
    expect(await refusal(r.handle.executeUpdate(pauseUpdate, { args: [by()] }))).toEqual(stopping);
    expect(await refusal(r.handle.executeUpdate(rollbackUpdate, { args: [by()] }))).toEqual(stopping);
    r.s.undo.open();
    expect(await r.handle.result()).toEqual({ status: 'rolled_back', reason: 'rolled back by Ada: calls drop' });
    expect(r.names()).not.toContain('checkReleaseGuard');
    expect(r.callsOf('setReleaseStageTraffic')).toEqual([['rollout_50', 50]]);
    expect(r.callsOf('compensateRelease')).toEqual([['traffic'], ['publish']]);
    expect(r.callsOf('failReleaseStep')).toEqual([['rollout_50', 'rolled back by Ada: calls drop']]);
  }, 30_000);

  it('pause during a soak lets the stage finish and holds the next one until resumed', async () => {
    const r = await start({ rollout: { stages: [50, 100], soakSeconds: 1 } });
    await eventually(
      () => progressOf(r),
      (p) => p.stagePercent === 50,
    );
    await r.handle.executeUpdate(pauseUpdate, { args: [by()] });
    await eventually(r.names, (n) => n.includes('checkReleaseGuard'));
    await sleep(1000);
    expect(r.callsOf('setReleaseStageTraffic')).toEqual([['rollout_50', 50]]);
    expect(await progressOf(r)).toMatchObject({ paused: true, currentStep: 'rollout_50', stagePercent: 50 });
    await r.handle.executeUpdate(resumeUpdate, { args: [by()] });
    expect(await r.handle.result()).toEqual({ status: 'succeeded', reason: null });
    expect(r.callsOf('setReleaseStageTraffic')).toEqual([
      ['rollout_50', 50],
      ['rollout_100', 100],
    ]);
  }, 30_000);

  it('a rollout with nothing live before publishes without a split or a guard', async () => {
    const r = await start({ rollout: { stages: [10, 100], soakSeconds: 600 } }, { since: null });
    expect(await r.handle.result()).toEqual({ status: 'succeeded', reason: null });
    expect(r.callsOf('setReleaseStageTraffic')).toEqual([
      ['rollout_10', 10],
      ['rollout_100', 100],
    ]);
    expect(r.names()).not.toContain('checkReleaseGuard');
    expect(await progressOf(r)).toMatchObject({ stagePercent: null });
  }, 30_000);
});
