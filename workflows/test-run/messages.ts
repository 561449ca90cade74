import { defineQuery } from '@temporalio/workflow';

/** Messages of the testRun workflow (`test-run/<evaluation id>`). */

export interface TestRunInput {
  evaluationId: string;
  /** The runs to execute, made with the evaluation before the workflow started. */
  testRunIds: string[];
  /** How many conversations run at once; default 4. */
  concurrency?: number;
}

export type TestRunFinalStatus = 'passed' | 'failed' | 'error';

export interface TestRunProgress {
  evaluationId: string;
  total: number;
  done: number;
  passed: number;
  failed: number;
  errored: number;
  running: string[];
}

export interface TestRunOutcome {
  evaluationId: string;
  status: TestRunFinalStatus;
  total: number;
  passed: number;
  failed: number;
  errored: number;
  passRate: number | null;
}

export const progressQuery = defineQuery<TestRunProgress>('progress');
