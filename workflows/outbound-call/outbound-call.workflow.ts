import { setHandler } from '@temporalio/workflow';
import { progressQuery, type OutboundCallInput, type OutboundCallOutcome, type OutboundCallProgress } from './messages.js';
import { runOutboundCall } from './run-call.js';

/** One outbound call (decision 0017), `call/<session id>`: see runOutboundCall. */
export async function outboundCall(input: OutboundCallInput): Promise<OutboundCallOutcome> {
  const progress: OutboundCallProgress = { stage: 'checking' };
  setHandler(progressQuery, () => progress);
  return runOutboundCall(input.outboundCallId, progress);
}
