import { OutboundCallParams, OutboundCallResponse } from '../../modules/campaigns/campaigns.schemas.js';
import { getOutboundCall } from '../../modules/campaigns/get-outbound-call.js';
import { defineTool } from '../tool.js';

export const outboundCallGet = defineTool({
  name: 'outbound_call_get',
  title: 'Get an outbound call',
  description:
    'An outbound call made with outbound_call_create: its status (queued, dialling, in_call, completed, no_answer, busy, ' +
    'voicemail, failed, dnc_blocked), end reason, error, and the session_id of its call session (read it with get_call ' +
    'once the status is final).',
  operation: getOutboundCall,
  input: OutboundCallParams.shape,
  output: OutboundCallResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ outbound_call_id }, { em, principal }) => ({ outbound_call: await getOutboundCall(em, principal, outbound_call_id) }),
});
