import { AnalyticsOverviewQuery, AnalyticsOverviewResponse } from '../../modules/analytics/analytics.schemas.js';
import { getOverview } from '../../modules/analytics/get-overview.js';
import { defineTool, scopedProject } from '../tool.js';

export const analyticsOverview = defineTool({
  name: 'analytics_overview',
  title: 'Call analytics overview',
  description:
    'Dashboard totals of the calls that started in a range (default: the last 30 days): sessions, ended and ' +
    'failed, duration, cost in micros, transfers, tool calls and their failures, sessions per end reason, and ' +
    'the same numbers for the period of equal length just before, for comparison. Rates are 0 to 1. ' +
    'Counts live calls only unless kind asks for test runs or simulated calls too.',
  input: AnalyticsOverviewQuery.shape,
  output: AnalyticsOverviewResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'analytics:read',
  handler: async (query, { em, principal }) => ({
    overview: await getOverview(em, principal.organizationId, { ...query, project_id: scopedProject(principal, query.project_id) }),
  }),
});
