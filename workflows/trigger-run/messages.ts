import { defineSignal } from '@temporalio/workflow';

/** Messages of the triggerRun workflow (`trigger-run/<run id>`). */

export interface TriggerRunInput {
  runId: string;
}

/** What one delivery attempt decided (the activity has recorded it in the run's read state). */
export interface AttemptOutcome {
  /** done: succeeded, failed for good, 410 or stopped; retry: wait `waitMs`, then try again. */
  next: 'done' | 'retry';
  waitMs: number;
}

/** Stops the run before its next attempt (an attempt in flight finishes and is recorded). */
export const cancelSignal = defineSignal('cancel');
