import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError, notFound } from '../errors.js';
import { AgentVersion } from '../agents/agents.entity.js';
import { runConversation, type ConversationResult, type EngineDeps } from '../engine/run-conversation.js';
import { defaultEngineSettings } from '../engine/engine-settings.js';
import { Evaluation, Test, TestRun } from './quality.entity.js';
import type { TestRunStatus } from './quality.schemas.js';
import { evaluateChecks, outcomeStatus } from './checks.js';
import { judgeChecks } from './judge.js';
import { recordedConversation } from './recorded-conversation.js';
import { passRate } from './quality-views.js';

/**
 * The work of the testRun workflow's activities, on the database. Each is
 * idempotent: a finished test run or evaluation is never changed again, and
 * a test run's conversation happens once (see executeTestRun).
 */

const TERMINAL: readonly TestRunStatus[] = ['passed', 'failed', 'error'];
export type FinalStatus = 'passed' | 'failed' | 'error';

async function lockRun(tx: Em, testRunId: string): Promise<TestRun> {
  const run = await tx.findOne(TestRun, { id: testRunId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!run) throw notFound('Test run', testRunId);
  return run;
}

export async function startEvaluation(em: Em, evaluationId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const evaluation = await tx.findOne(Evaluation, { id: evaluationId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!evaluation) throw notFound('Evaluation', evaluationId);
    if (evaluation.status !== 'queued') return;
    evaluation.status = 'running';
    evaluation.startedAt = new Date();
  });
}

/**
 * Runs one test: its conversation on the run's version, then its checks.
 *
 * Exactly one conversation per test run, however often this is retried: the
 * session id is chosen and committed on the run (status running) before the
 * engine starts, and the engine records a session only once, at its end,
 * under that id. A retry therefore either finds the session (the previous
 * attempt got that far) and judges it as recorded, or finds none and runs
 * the conversation it never finished. Two attempts at once (a retry while a
 * presumed-dead attempt still runs) collide on the session's primary key;
 * the loser fails, is retried, and finds the winner's session.
 */
export async function executeTestRun(deps: Pick<EngineDeps, 'orm' | 'settings' | 'confirmations'>, testRunId: string): Promise<{ status: FinalStatus }> {
  const em = deps.orm.em.fork();
  const claim = await em.transactional(async (tx) => {
    const run = await lockRun(tx, testRunId);
    if (TERMINAL.includes(run.status)) return { done: run.status as FinalStatus } as const;
    run.attempts += 1;
    run.status = 'running';
    run.startedAt ??= new Date();
    run.sessionId ??= newId('session');
    return {
      done: null,
      run: {
        id: run.id,
        organization: run.organization,
        project: run.project,
        agent: run.agent,
        test: run.test,
        versionId: run.versionId,
        sessionId: run.sessionId,
        testName: run.testName,
      },
    } as const;
  });
  if (claim.done) return { status: claim.done };
  const { run } = claim;

  const test = await em.findOne(Test, { id: run.test });
  const version = await em.findOne(AgentVersion, { id: run.versionId, agent: run.agent });
  if (!test || !version) return recordError(em, testRunId, `The ${test ? 'agent version' : 'test'} no longer exists`);

  let result: ConversationResult | null = await recordedConversation(em, run.sessionId, version.config);
  if (!result) {
    try {
      result = await runConversation(
        { orm: deps.orm, settings: deps.settings, confirmations: deps.confirmations },
        {
          organizationId: run.organization,
          projectId: run.project,
          agentId: run.agent,
          versionId: run.versionId,
          direction: 'web',
          kind: 'test',
          caller: { name: `Test: ${run.testName}`.slice(0, 200), address: `sip:${run.id.toLowerCase()}@tests.invalid` },
          customerTurns: test.customerTurns,
          sessionId: run.sessionId,
          emitEvents: false,
        },
      );
    } catch (error) {
      // The engine throws a domain error only when there is no call to record (agent or version gone): a result, not a fault.
      if (error instanceof DomainError) return recordError(em, testRunId, error.message);
      throw error;
    }
  }

  const judgments = await judgeChecks(em, {
    organizationId: run.organization,
    model: version.config.model,
    checks: test.checks,
    subject: result,
    settings: deps.settings ?? defaultEngineSettings(),
  });
  const outcomes = evaluateChecks(test.checks, result, judgments);
  const status = outcomeStatus(outcomes);
  const finished = result;
  return em.transactional(async (tx) => {
    const row = await lockRun(tx, testRunId);
    if (TERMINAL.includes(row.status)) return { status: row.status as FinalStatus };
    row.status = status;
    row.checkOutcomes = outcomes;
    row.transcript = finished.transcript;
    row.endReason = finished.endReason;
    row.durationSeconds = finished.durationSeconds;
    row.costMicros = finished.costMicros;
    row.error = null;
    row.finishedAt = new Date();
    return { status };
  });
}

async function recordError(em: Em, testRunId: string, message: string): Promise<{ status: FinalStatus }> {
  return em.transactional(async (tx) => {
    const run = await lockRun(tx, testRunId);
    if (TERMINAL.includes(run.status)) return { status: run.status as FinalStatus };
    run.status = 'error';
    run.error = message.slice(0, 2000);
    run.startedAt ??= new Date();
    run.finishedAt = new Date();
    return { status: 'error' as const };
  });
}

/**
 * Runs an evaluation's test runs `concurrency` at a time, each through
 * executeTestRun (so each is as safe to run again: a finished run is never
 * run twice, a conversation happens once), and returns each run's status.
 * A refusal (a DomainError) records that run as error; anything else (the
 * database away) is thrown once every lane has stopped, so the caller runs
 * the whole call again and only the unfinished runs do any work. Once
 * `signal` aborts (the release was aborted), no further run starts.
 */
export async function executeTestRuns(
  deps: Pick<EngineDeps, 'orm' | 'settings' | 'confirmations'>,
  testRunIds: readonly string[],
  concurrency: number,
  signal?: AbortSignal,
): Promise<Record<string, FinalStatus>> {
  const statuses: Record<string, FinalStatus> = {};
  let failure: unknown;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, testRunIds.length)) }, async () => {
      while (next < testRunIds.length && !signal?.aborted) {
        const id = testRunIds[next++];
        try {
          statuses[id] = (await executeTestRun(deps, id)).status;
        } catch (error) {
          if (error instanceof DomainError) statuses[id] = (await markTestRunError(deps.orm.em.fork(), id, error.message)).status;
          else failure ??= error;
        }
      }
    }),
  );
  if (signal?.aborted) throw signal.reason;
  if (failure) throw failure;
  return statuses;
}

/** A run whose activity gave up (retries exhausted): recorded as error with why, unless it finished meanwhile. */
export function markTestRunError(em: Em, testRunId: string, message: string): Promise<{ status: FinalStatus }> {
  return recordError(em, testRunId, message);
}

export interface EvaluationOutcome {
  evaluationId: string;
  status: FinalStatus;
  total: number;
  passed: number;
  failed: number;
  errored: number;
  passRate: number | null;
}

/**
 * Totals an evaluation from its runs and closes it. With `cancelled`, runs
 * that had not finished are recorded as errors first. Once closed, the
 * totals are returned as recorded.
 */
export async function finalizeEvaluation(em: Em, evaluationId: string, cancelled: string | null): Promise<EvaluationOutcome> {
  return em.transactional(async (tx) => {
    const evaluation = await tx.findOne(Evaluation, { id: evaluationId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!evaluation) throw notFound('Evaluation', evaluationId);
    const outcome = (): EvaluationOutcome => ({
      evaluationId,
      status: evaluation.status as FinalStatus,
      total: evaluation.total,
      passed: evaluation.passed,
      failed: evaluation.failed,
      errored: evaluation.errored,
      passRate: passRate(evaluation),
    });
    if (TERMINAL.includes(evaluation.status)) return outcome();
    const runs = await tx.find(TestRun, { evaluation: evaluationId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (cancelled) {
      for (const run of runs) {
        if (TERMINAL.includes(run.status)) continue;
        run.status = 'error';
        run.error = cancelled;
        run.finishedAt = new Date();
      }
    }
    const count = (s: TestRunStatus) => runs.filter((r) => r.status === s).length;
    evaluation.total = runs.length;
    evaluation.passed = count('passed');
    evaluation.failed = count('failed');
    evaluation.errored = runs.length - evaluation.passed - evaluation.failed;
    evaluation.durationSeconds = runs.reduce((sum, r) => sum + r.durationSeconds, 0);
    evaluation.costMicros = runs.reduce((sum, r) => sum + r.costMicros, 0);
    const starts = runs.flatMap((r) => (r.startedAt ? [r.startedAt.getTime()] : []));
    const ends = runs.flatMap((r) => (r.finishedAt ? [r.finishedAt.getTime()] : []));
    evaluation.wallMs = starts.length && ends.length ? Math.max(0, Math.max(...ends) - Math.min(...starts)) : null;
    evaluation.status = evaluation.failed ? 'failed' : evaluation.errored ? 'error' : 'passed';
    evaluation.startedAt ??= starts.length ? new Date(Math.min(...starts)) : new Date();
    evaluation.finishedAt = new Date();
    return outcome();
  });
}
