import { CostBreakdownResponse, SessionIdParams } from '../../modules/calls/calls.schemas.js';
import { getCostBreakdown } from '../../modules/calls/cost-breakdown.js';
import { defineTool, scopedProject } from '../tool.js';

export const getCallCostBreakdown = defineTool({
  name: 'get_call_cost_breakdown',
  title: 'Get the cost breakdown of a call',
  description:
    'The cost of one call in micros (millionths of the currency unit), per component (telephony, model, voice, ' +
    'transcription, platform) and per leg, with the seconds and per-minute price of each line. ' +
    'Phone time is priced per second; the lines add up to total_cost_micros.',
  input: SessionIdParams.shape,
  output: CostBreakdownResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'billing:read',
  handler: async ({ session_id }, { em, principal }) => ({
    cost_breakdown: await getCostBreakdown(em, principal.organizationId, session_id, scopedProject(principal, undefined)),
  }),
});
