import { AnalyticsTurnStatsQuery, AnalyticsTurnStatsResponse } from '../../modules/analytics/analytics.schemas.js';
import { getTurnStats } from '../../modules/analytics/get-turn-stats.js';
import { defineTool, scopedProject } from '../tool.js';

export const analyticsTurnStats = defineTool({
  name: 'analytics_turn_stats',
  title: 'How conversations went, per agent version',
  description:
    "Per agent and version over a range (default: the last 30 days): the callers' turns, how many the agent did not " +
    'understand (and asked again about), the backchannels it talked through, calls that ended because it could not ' +
    "understand the caller, and the latency of its replies (end of the caller's speech to the reply's first audio) at " +
    'p50 and p95. Compare a version before and after a release. Counts live calls only unless kind asks for others.',
  input: AnalyticsTurnStatsQuery.shape,
  output: AnalyticsTurnStatsResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  permission: 'analytics:read',
  handler: async (query, { em, principal }) => ({
    turn_stats: await getTurnStats(em, principal.organizationId, { ...query, project_id: scopedProject(principal, query.project_id) }),
  }),
});
