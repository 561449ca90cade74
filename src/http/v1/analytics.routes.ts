import {
  AnalyticsAgentStatsQuery,
  AnalyticsAgentStatsResponse,
  AnalyticsBreakdownQuery,
  AnalyticsBreakdownResponse,
  AnalyticsCostQuery,
  AnalyticsCostResponse,
  AnalyticsHeatmapQuery,
  AnalyticsHeatmapResponse,
  AnalyticsOverviewQuery,
  AnalyticsOverviewResponse,
  AnalyticsTimeSeriesQuery,
  AnalyticsTimeSeriesResponse,
  AnalyticsTurnStatsQuery,
  AnalyticsTurnStatsResponse,
} from '../../modules/analytics/analytics.schemas.js';
import { getOverview } from '../../modules/analytics/get-overview.js';
import { getTimeSeries } from '../../modules/analytics/get-time-series.js';
import { getBreakdown } from '../../modules/analytics/get-breakdown.js';
import { getHeatmap } from '../../modules/analytics/get-heatmap.js';
import { getAgentStats } from '../../modules/analytics/get-agent-stats.js';
import { getTurnStats } from '../../modules/analytics/get-turn-stats.js';
import { getCost } from '../../modules/analytics/get-cost.js';
import { route } from '../route.js';

const tag = 'Analytics';
const counted =
  'Counts sessions that ended or failed and started between from_time and to_time (inclusive to the second, as in the listing), ' +
  'live ones only unless kind names others (test runs, simulated calls). ' +
  'Money is in integer micros; rates are 0 to 1, to four decimals.';

export const analyticsRoutes = [
  route({
    method: 'get',
    path: '/v1/call_session/analytics/overview',
    operationId: 'getAnalyticsOverview',
    summary: 'Dashboard totals, with the previous period for comparison',
    description: `${counted} previous_period holds the same numbers for the period of equal length just before from_time.`,
    tag,
    permission: 'analytics:read',
    query: AnalyticsOverviewQuery,
    response: AnalyticsOverviewResponse,
    handler: async ({ em, principal, query }) => ({ overview: await getOverview(em, principal.organizationId, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/analytics/time_series',
    operationId: 'getAnalyticsTimeSeries',
    summary: 'Sessions, duration and cost per hour, day, week or month',
    description: `${counted} Buckets follow the wall clock of time_zone; buckets without sessions are included with zeros.`,
    tag,
    permission: 'analytics:read',
    query: AnalyticsTimeSeriesQuery,
    response: AnalyticsTimeSeriesResponse,
    handler: async ({ em, principal, query }) => ({ time_series: await getTimeSeries(em, principal.organizationId, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/analytics/breakdown',
    operationId: 'getAnalyticsBreakdown',
    summary: 'Sessions split by agent, status, end reason, direction, project, phone number or kind',
    description: counted,
    tag,
    permission: 'analytics:read',
    query: AnalyticsBreakdownQuery,
    response: AnalyticsBreakdownResponse,
    handler: async ({ em, principal, query }) => ({ breakdown: await getBreakdown(em, principal.organizationId, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/analytics/heatmap',
    operationId: 'getAnalyticsHeatmap',
    summary: 'Sessions by weekday and hour of the day',
    description: `${counted} Weekday (0 is Monday) and hour are those of time_zone.`,
    tag,
    permission: 'analytics:read',
    query: AnalyticsHeatmapQuery,
    response: AnalyticsHeatmapResponse,
    handler: async ({ em, principal, query }) => ({ heatmap: await getHeatmap(em, principal.organizationId, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/analytics/agent_stats',
    operationId: 'getAnalyticsAgentStats',
    summary: 'Per-agent sessions, duration, cost, transfer, failure and tool-call numbers',
    description: counted,
    tag,
    permission: 'analytics:read',
    query: AnalyticsAgentStatsQuery,
    response: AnalyticsAgentStatsResponse,
    handler: async ({ em, principal, query }) => ({ agent_stats: await getAgentStats(em, principal.organizationId, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/analytics/turn_stats',
    operationId: 'getAnalyticsTurnStats',
    summary: "Per agent and version: callers' turns not understood, backchannels, and reply latency p50/p95",
    description: `${counted} Read from the transcripts: unrecognized and backchannel turns, and the latency of every measured reply (the end of the caller's speech to the reply's first audio), so versions can be compared before and after a release.`,
    tag,
    permission: 'analytics:read',
    query: AnalyticsTurnStatsQuery,
    response: AnalyticsTurnStatsResponse,
    handler: async ({ em, principal, query }) => ({ turn_stats: await getTurnStats(em, principal.organizationId, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/call_session/analytics/cost',
    operationId: 'getAnalyticsCost',
    summary: 'Spend of a range: total, per agent and per day',
    description:
      `${counted} Days are those of time_zone, with zeros for days without sessions. ` +
      "The split of a session's cost by component is given per session, by the cost_breakdown route.",
    tag,
    // Money: the same permission as the cost breakdown and the billing overview.
    permission: 'billing:read',
    query: AnalyticsCostQuery,
    response: AnalyticsCostResponse,
    handler: async ({ em, principal, query }) => ({ cost: await getCost(em, principal.organizationId, query) }),
  }),
];
