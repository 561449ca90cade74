import { AnalyticsCostQuery, AnalyticsCostResponse } from '../../modules/analytics/analytics.schemas.js';
import { getCost } from '../../modules/analytics/get-cost.js';
import { defineTool, scopedProject } from '../tool.js';

export const analyticsCost = defineTool({
  name: 'analytics_cost',
  title: 'Call cost analytics',
  description:
    'What the calls of a range cost (default: the last 30 days): the total in micros (millionths of the currency ' +
    'unit), the average per call and per minute, per agent (highest spend first) and per day of a time zone. ' +
    'For the split of one call by component use get_call_cost_breakdown; for this month, last month and the ' +
    'monthly trend use billing_overview_get. Counts live calls only unless kind asks for test runs or simulated calls too.',
  input: AnalyticsCostQuery.shape,
  output: AnalyticsCostResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'billing:read',
  handler: async (query, { em, principal }) => ({
    cost: await getCost(em, principal.organizationId, { ...query, project_id: scopedProject(principal, query.project_id) }),
  }),
});
