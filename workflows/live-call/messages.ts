// Types and messages of the liveCall workflow (beside the workflow): the media runtime starts it, the API hangs up through it.
import { defineQuery, defineUpdate } from '@temporalio/workflow';

export interface LiveCallInput {
  sessionId: string;
  /** The task queue of the media process holding the call (media/<node>). */
  mediaQueue: string;
}

/** in_progress while the media process holds the call; ended once it recorded it; lost when it died and the call was finalized. */
export type LiveCallStatus = 'in_progress' | 'ended' | 'lost';

export interface HangupResult {
  /** True when the media process took the hangup; false when the call had already ended or its process is gone. */
  accepted: boolean;
  status: LiveCallStatus;
}

export const hangupUpdate = defineUpdate<HangupResult, [{ reason?: string }]>('hangup');
export const statusQuery = defineQuery<LiveCallStatus>('status');
