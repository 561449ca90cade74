import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { Actor } from '../../src/modules/agents/agents.entity.js';

/** Messages of the outboundCampaign workflow (`campaign/<cmp id>`) and its dials (`dial/<cmp>/<cnt>/<attempt>`). */

export interface CampaignInput {
  campaignId: string;
  maxConcurrent: number;
  callsPerMinute: number;
  paused: boolean;
  /** Epoch ms of the dials started in the last minute (the pace carries over continueAsNew). */
  recentStarts: number[];
  /** Continue as new after this many dials started in one run (bounded history). */
  dialsPerRun: number;
}

export interface DialInput {
  campaignId: string;
  recipientId: string;
  attempt: number;
}

export interface DialBatchInput {
  campaignId: string;
  /** The claim whose dials these are (campaign_recipient.claim). */
  token: string;
}

export interface CampaignProgress {
  status: 'running' | 'paused' | 'cancelled' | 'completed';
  maxConcurrent: number;
  callsPerMinute: number;
  inFlight: number;
  remaining: number;
  dialsStartedThisRun: number;
  /** Epoch ms the campaign sleeps until (a retry delay or the earliest calling window), or null. */
  sleepingUntil: number | null;
}

export interface CampaignMove {
  by: Actor;
  reason?: string;
}
export interface PaceMove {
  by: Actor;
  maxConcurrent?: number;
  callsPerMinute?: number;
}

/** The type of the failure a validator refuses an impossible move with (the API answers 409). */
export const CAMPAIGN_MOVE_REFUSED = 'CAMPAIGN_MOVE_REFUSED';
export const PACE_LIMITS = { maxConcurrent: 100, callsPerMinute: 600 } as const;

export const pauseUpdate = defineUpdate<CampaignProgress, [CampaignMove]>('pause');
export const resumeUpdate = defineUpdate<CampaignProgress, [CampaignMove]>('resume');
export const cancelUpdate = defineUpdate<CampaignProgress, [CampaignMove]>('cancel');
export const setPaceUpdate = defineUpdate<CampaignProgress, [PaceMove]>('setPace');
export const progressQuery = defineQuery<CampaignProgress>('progress');
