import { AnalyticsHeatmapQuery, AnalyticsHeatmapResponse } from '../../modules/analytics/analytics.schemas.js';
import { getHeatmap } from '../../modules/analytics/get-heatmap.js';
import { defineTool, scopedProject } from '../tool.js';

export const analyticsHeatmap = defineTool({
  name: 'analytics_heatmap',
  title: 'Calls by weekday and hour',
  description:
    'How many calls started at each hour of each weekday (0 is Monday) in a time zone over a range ' +
    '(default: the last 30 days), with their average duration: all 168 cells. Shows when callers call. ' +
    'Counts live calls only unless kind asks for test runs or simulated calls too.',
  input: AnalyticsHeatmapQuery.shape,
  output: AnalyticsHeatmapResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'analytics:read',
  handler: async (query, { em, principal }) => ({
    heatmap: await getHeatmap(em, principal.organizationId, { ...query, project_id: scopedProject(principal, query.project_id) }),
  }),
});
