// Types and messages of the voiceClone workflow (beside the workflow): the API imports them to start and query it.
import { defineQuery } from '@temporalio/workflow';

export interface VoiceCloneInput {
  voiceCloneId: string;
}

export type VoiceCloneStatus = 'queued' | 'analysing' | 'training' | 'ready' | 'failed';

/** Where a clone is: also written to the voice_clone row by each step (the read state). */
export interface VoiceCloneProgress {
  status: VoiceCloneStatus;
  /** 0..100. */
  progress: number;
  voiceId?: string;
  error?: string;
  /** While training: when to ask the provider again. */
  retryAfterMs?: number;
}

export const progressQuery = defineQuery<VoiceCloneProgress>('progress');
