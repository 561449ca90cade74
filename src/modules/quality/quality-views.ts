import type { Evaluation, Test, TestRun } from './quality.entity.js';
import type { EvaluationView, TestRunView, TestView } from './quality.schemas.js';

/** Rows to the API's views (snake_case, ISO times). */
export function toTestView(test: Test): TestView {
  return {
    test_id: test.id,
    agent_id: test.agent,
    name: test.name,
    customer_turns: test.customerTurns,
    checks: test.checks,
    required: test.required,
    created_at: test.createdAt.toISOString(),
  };
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export function toTestRunView(run: TestRun): TestRunView {
  return {
    test_run_id: run.id,
    test_id: run.test,
    test_name: run.testName,
    agent_id: run.agent,
    evaluation_id: run.evaluation,
    version_id: run.versionId,
    branch_id: run.branchId ?? null,
    status: run.status,
    checks: run.checkOutcomes,
    transcript: run.transcript,
    end_reason: run.endReason ?? null,
    session_id: run.sessionId ?? null,
    duration_seconds: run.durationSeconds,
    cost_micros: run.costMicros,
    error: run.error ?? null,
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
    created_at: run.createdAt.toISOString(),
  };
}

export function toEvaluationView(evaluation: Evaluation, runs: TestRun[]): EvaluationView {
  const byId = new Map(runs.map((r) => [r.id, r]));
  return {
    evaluation_id: evaluation.id,
    agent_id: evaluation.agent,
    version_id: evaluation.versionId,
    branch_id: evaluation.branchId ?? null,
    release_id: evaluation.releaseId ?? null,
    status: evaluation.status,
    total: evaluation.total,
    passed: evaluation.passed,
    failed: evaluation.failed,
    errored: evaluation.errored,
    pass_rate: passRate(evaluation),
    duration_seconds: evaluation.durationSeconds,
    wall_ms: evaluation.wallMs ?? null,
    cost_micros: evaluation.costMicros,
    test_runs: evaluation.testRunIds.flatMap((id) => {
      const run = byId.get(id);
      if (!run) return [];
      return [
        {
          test_run_id: run.id,
          test_id: run.test,
          test_name: run.testName,
          status: run.status,
          failed_checks: run.checkOutcomes.filter((c) => c.status === 'failed'),
          session_id: run.sessionId ?? null,
          duration_seconds: run.durationSeconds,
          cost_micros: run.costMicros,
          error: run.error ?? null,
        },
      ];
    }),
    started_at: iso(evaluation.startedAt),
    finished_at: iso(evaluation.finishedAt),
    created_at: evaluation.createdAt.toISOString(),
  };
}

/** passed / total once the evaluation has finished; computed, not stored, so it always agrees with the counts. */
export function passRate(evaluation: Pick<Evaluation, 'passed' | 'total' | 'finishedAt'>): number | null {
  return evaluation.finishedAt && evaluation.total ? evaluation.passed / evaluation.total : null;
}
