import { defineSignal } from '@temporalio/workflow';

/** Messages of the triggerRun workflow (`trigger-run/<run id>`). */

export interface TriggerRunInput {
  runId: string;
  /**
   * The attempt to make first (its index in the retry schedule): 1 when a worker's dispatcher made attempt 0
   * straight from the outbox and it asked for a retry; absent (0) for a run whose first attempt never finished.
   */
  fromAttempt?: number;
  /** How long to wait before that attempt (the schedule's wait, or the receiver's Retry-After). */
  firstWaitMs?: number;
}

/** What one delivery attempt decided (the activity has recorded it in the run's read state). */
export interface AttemptOutcome {
  /** done: succeeded, failed for good, 410 or stopped; retry: wait `waitMs`, then try again. */
  next: 'done' | 'retry';
  waitMs: number;
}

/** Stops the run before its next attempt (an attempt in flight finishes and is recorded). */
export const cancelSignal = defineSignal('cancel');
