import { AnalyticsTimeSeriesQuery, AnalyticsTimeSeriesResponse } from '../../modules/analytics/analytics.schemas.js';
import { getTimeSeries } from '../../modules/analytics/get-time-series.js';
import { defineTool, scopedProject } from '../tool.js';

export const analyticsTimeSeries = defineTool({
  name: 'analytics_time_series',
  title: 'Call analytics over time',
  description:
    'Sessions, duration, cost in micros, transfers and failures per hour, day, week or month of a range ' +
    '(default: the last 30 days, per day), counted in a time zone. Buckets without calls are included with zeros. ' +
    'Counts live calls only unless kind asks for test runs or simulated calls too.',
  input: AnalyticsTimeSeriesQuery.shape,
  output: AnalyticsTimeSeriesResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'analytics:read',
  handler: async (query, { em, principal }) => ({
    time_series: await getTimeSeries(em, principal.organizationId, { ...query, project_id: scopedProject(principal, query.project_id) }),
  }),
});
