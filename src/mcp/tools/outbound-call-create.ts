import { OutboundCallResponse } from '../../modules/campaigns/campaigns.schemas.js';
import { createOutboundCall } from '../../modules/campaigns/create-outbound-call.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool } from '../tool.js';

export const outboundCallCreate = defineTool({
  name: 'outbound_call_create',
  title: 'Make an outbound call',
  description:
    "Calls one number (to_number) or one contact (contact_id) from one of the organization's numbers (from_number) with " +
    'an agent, as a durable workflow: checks the do-not-call list right before dialling, dials, runs the conversation and ' +
    'records it as a call session (direction outbound). Returns at once with the call (status queued): follow it with ' +
    'outbound_call_get until status is completed, no_answer, busy, voicemail, failed or dnc_blocked, then read the ' +
    'session with get_call. Give an idempotency_key to make a retry return the same call instead of dialling twice. ' +
    'Needs outbound:call.',
  operation: createOutboundCall,
  input: {},
  output: OutboundCallResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async (input, { em, principal, deps }) => ({ outbound_call: await createOutboundCall(em, principal, input, temporalAccess(deps)) }),
});
