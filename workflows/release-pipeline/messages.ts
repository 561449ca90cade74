import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { Actor } from '../../src/modules/agents/agents.entity.js';

/** Messages of the releasePipeline workflow (`release/<release id>`). */

export interface ReleaseInput {
  releaseId: string;
  requireApproval: boolean;
  approvalTimeoutSeconds: number;
  /** Percent stages (increasing, ending at 100) and how long each is held; null: no staged rollout. */
  rollout: { stages: number[]; soakSeconds: number } | null;
}

export type ReleaseFinalStatus = 'succeeded' | 'failed' | 'aborted' | 'rolled_back';

export interface ReleaseOutcome {
  status: ReleaseFinalStatus;
  reason: string | null;
}

export interface ReleaseProgress {
  status: string;
  currentStep: string | null;
  paused: boolean;
  awaitingApproval: boolean;
  /** Percent of callers on the new version now, once the rollout has begun. */
  stagePercent: number | null;
}

/** Who asks for a move, and why: recorded with the release. */
export interface ReleaseMove {
  by: Actor;
  reason?: string;
}

/** The type of the failure a validator refuses an impossible move with (the API answers 409). */
export const RELEASE_MOVE_REFUSED = 'RELEASE_MOVE_REFUSED';

export const approveUpdate = defineUpdate<ReleaseProgress, [ReleaseMove]>('approve');
export const pauseUpdate = defineUpdate<ReleaseProgress, [ReleaseMove]>('pause');
export const resumeUpdate = defineUpdate<ReleaseProgress, [ReleaseMove]>('resume');
export const abortUpdate = defineUpdate<ReleaseProgress, [ReleaseMove]>('abort');
export const rollbackUpdate = defineUpdate<ReleaseProgress, [ReleaseMove]>('rollback');
export const progressQuery = defineQuery<ReleaseProgress>('progress');
