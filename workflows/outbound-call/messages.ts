import { defineQuery } from '@temporalio/workflow';

/** Messages of the outboundCall workflow (`call/<session id>`). */

export interface OutboundCallInput {
  outboundCallId: string;
}

export type OutboundCallFinal = 'completed' | 'no_answer' | 'busy' | 'voicemail' | 'failed' | 'dnc_blocked';

export interface OutboundCallOutcome {
  status: OutboundCallFinal;
  /** The call session's end reason (for an answered call, how the conversation ended). */
  endReason: string;
  /** What the call cost (0 when it was not answered). */
  costMicros: number;
}

export interface OutboundCallProgress {
  stage: 'checking' | 'dialling' | 'in_call' | 'recording' | 'done';
}

/** The type of the failure checkDoNotCall throws for a number on the do-not-call list. */
export const DNC_BLOCKED = 'DNC_BLOCKED';

export const progressQuery = defineQuery<OutboundCallProgress>('progress');
