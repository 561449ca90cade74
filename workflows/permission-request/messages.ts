import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { ToolContext, ToolOutcome } from '../../src/modules/engine/tools.js';

/** Messages of the permissionRequest workflow (`permission/<request id>`): one Ask-permission action awaiting the caller's yes. */

/** What the engine asks about: the call, the tool with its exact arguments, and the words the agent read back. */
export interface PermissionRequestInput extends Pick<
  ToolContext,
  'organizationId' | 'projectId' | 'agentId' | 'versionId' | 'sessionId' | 'direction' | 'caller'
> {
  requestId: string;
  toolName: string;
  /** The model's id of the tool call (HTTP tools derive their idempotency key from it). */
  toolCallId: string;
  arguments: Record<string, unknown>;
  readBack: string;
  /** How long the caller has to answer; after it the request expires and the action never runs. */
  timeoutMs: number;
}

/**
 * confirmed: the caller said yes, the action ran (once); declined: a no;
 * unclear: neither a clear yes nor a no (treated as a no); expired: no answer
 * in time; hung_up: the caller left before answering.
 */
export type PermissionDecision = 'confirmed' | 'declined' | 'unclear' | 'expired' | 'hung_up';

/** The tool's outcome, as the engine's (JSON-safe: it is the activity's result). */
export type ConfirmedToolOutcome = ToolOutcome;

export interface PermissionResult {
  requestId: string;
  decision: PermissionDecision;
  /** The caller's words as heard (null: no answer, or a hang-up). */
  callerWords: string | null;
  decidedAt: string;
  /** The action's outcome; present only when the decision is confirmed. */
  outcome: ConfirmedToolOutcome | null;
}

/** The caller's answer; `words: null` means the caller hung up. Only the first answer counts. */
export interface CallerAnswer {
  words: string | null;
}

export interface PermissionState {
  status: 'waiting' | 'running' | PermissionDecision;
  callerWords: string | null;
  /** Answers after the first, which changed nothing. */
  ignoredAnswers: number;
}

export const answerSignal = defineSignal<[CallerAnswer]>('answer');
export const stateQuery = defineQuery<PermissionState>('state');
