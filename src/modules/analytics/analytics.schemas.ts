import { z } from 'zod';
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { DIRECTIONS } from '../calls/calls.entity.js';
import { KindFilter, QueryTimestamp } from '../calls/calls.schemas.js';

extendZodWithOpenApi(z);

export const MAX_RANGE_DAYS = 400;
export const MAX_POINTS = 2000;
export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export const GROUP_BY = ['agent', 'status', 'end_reason', 'direction', 'project', 'phone_number', 'kind'] as const;
export type Interval = (typeof INTERVALS)[number];
export type GroupBy = (typeof GROUP_BY)[number];

/**
 * IANA names only. Intl also accepts offsets such as `+05:30`, but PostgreSQL
 * reads those as POSIX zones with the sign inverted, so they are refused. The
 * name is returned in its canonical spelling (`america/new_york` becomes
 * `America/New_York`), and a current name stays as given (`Asia/Kolkata`, not
 * ICU's `Asia/Calcutta`).
 */
const TimeZone = z
  .string()
  .trim()
  .max(64)
  .transform((value, ctx) => {
    let canonical: string | undefined;
    if (/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(value)) {
      try {
        canonical = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
      } catch {
        // not a zone Intl knows: reported below
      }
    }
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: `${value} is not an IANA time zone name (such as UTC or America/New_York)` });
      return z.NEVER;
    }
    // ICU's canonical name of a renamed zone is its old one (Asia/Kolkata gives Asia/Calcutta, Europe/Kyiv
    // Europe/Kiev): only the spelling of the name asked for is corrected, never the name itself.
    return canonical.toLowerCase() === value.toLowerCase() ? canonical : value;
  })
  .default('UTC')
  .openapi({ type: 'string', example: 'America/New_York' })
  // After .openapi(), which returns a copy without the description.
  .describe('IANA time zone in which buckets, days and hours are counted. Default: UTC.');

/**
 * Fields every analytics query accepts. The range matches the listing route
 * (GET /v1/call_session/get), so the same from/to counts the sessions it lists.
 */
const rangeFields = {
  from_time: QueryTimestamp.optional().describe(
    'Start of the range, inclusive: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. Default: 30 days before to_time.',
  ),
  to_time: QueryTimestamp.optional().describe(`End of the range, inclusive to the second. Default: now. At most ${MAX_RANGE_DAYS} days after from_time.`),
  agent_id: z.string().min(1).max(40).optional().describe('Only sessions of this agent.'),
  project_id: z.string().min(1).max(40).optional().describe('Only sessions of this project.'),
  direction: z
    .enum(DIRECTIONS as [string, ...string[]])
    .optional()
    .describe('Only sessions of this direction.'),
  kind: KindFilter.optional().describe(
    'Which sessions to count: live (calls with a real party), test (test runs), simulation (simulated calls), ' +
      'a comma-separated list of them, or all. Default: live.',
  ),
};

export const AnalyticsOverviewQuery = z.object(rangeFields).strict();
export type AnalyticsOverviewQuery = z.infer<typeof AnalyticsOverviewQuery>;

export const AnalyticsTimeSeriesQuery = z
  .object({
    ...rangeFields,
    time_zone: TimeZone,
    interval: z
      .enum(INTERVALS)
      .default('day')
      .describe(`Length of each point: hour, day, week (from Monday) or month. Default: day. At most ${MAX_POINTS} points.`),
  })
  .strict();
export type AnalyticsTimeSeriesQuery = z.infer<typeof AnalyticsTimeSeriesQuery>;

export const AnalyticsBreakdownQuery = z
  .object({
    ...rangeFields,
    group_by: z.enum(GROUP_BY).default('agent').describe('The dimension to split the sessions by; default agent.'),
  })
  .strict();
export type AnalyticsBreakdownQuery = z.infer<typeof AnalyticsBreakdownQuery>;

export const AnalyticsHeatmapQuery = z.object({ ...rangeFields, time_zone: TimeZone }).strict();
export type AnalyticsHeatmapQuery = z.infer<typeof AnalyticsHeatmapQuery>;

export const AnalyticsAgentStatsQuery = z.object(rangeFields).strict();
export type AnalyticsAgentStatsQuery = z.infer<typeof AnalyticsAgentStatsQuery>;

const Rate = z.number().min(0).max(1);
const EndReasonCount = z.object({
  end_reason: z.string().nullable().describe('null for sessions without an end reason.'),
  sessions: z.number().int(),
});

export const AnalyticsTotals = z
  .object({
    from_time: z.string().describe('Start of the period, inclusive (ISO 8601).'),
    to_time: z.string().describe('End of the period, inclusive to the second (ISO 8601).'),
    sessions: z.number().int().describe('Sessions that ended or failed and started in the period.'),
    ended: z.number().int(),
    failed: z.number().int(),
    duration_seconds: z.number().int(),
    average_duration_seconds: z.number().describe('Per session, to two decimals; 0 without sessions.'),
    cost_micros: z.number().int(),
    average_cost_micros: z.number().int().describe('Per session, rounded to whole micros.'),
    transferred: z.number().int().describe('Sessions transferred to another party.'),
    transfer_rate: Rate.describe('transferred / sessions, to four decimals.'),
    tool_calls: z.number().int(),
    tool_call_failures: z.number().int(),
    tool_call_failure_rate: Rate.describe('tool_call_failures / tool_calls, to four decimals.'),
    end_reasons: z.array(EndReasonCount).describe('Sessions per end reason, most frequent first.'),
  })
  .openapi('AnalyticsTotals');
export type AnalyticsTotals = z.infer<typeof AnalyticsTotals>;

export const AnalyticsOverviewResponse = z
  .object({
    overview: AnalyticsTotals.extend({
      previous_period: AnalyticsTotals.describe('The same numbers for the period of equal length just before from_time.'),
    }),
  })
  .openapi('AnalyticsOverviewResponse');

export const AnalyticsTimeSeriesResponse = z
  .object({
    time_series: z.object({
      from_time: z.string(),
      to_time: z.string(),
      interval: z.enum(INTERVALS),
      time_zone: z.string(),
      points: z
        .array(
          z.object({
            start: z.string().describe('Start of the bucket (ISO 8601, UTC). The first and last buckets hold only the part inside the range.'),
            local_start: z.string().describe('The same instant as wall-clock time in time_zone: YYYY-MM-DDTHH:MM:SS.'),
            sessions: z.number().int(),
            duration_seconds: z.number().int(),
            cost_micros: z.number().int(),
            transferred: z.number().int(),
            failed: z.number().int().describe('Sessions with status failed.'),
          }),
        )
        .describe('One point per bucket, oldest first, with zeros for buckets without sessions.'),
    }),
  })
  .openapi('AnalyticsTimeSeriesResponse');

export const AnalyticsBreakdownResponse = z
  .object({
    breakdown: z.object({
      from_time: z.string(),
      to_time: z.string(),
      group_by: z.enum(GROUP_BY),
      sessions: z.number().int().describe('Sessions over all rows.'),
      rows: z
        .array(
          z.object({
            value: z.string().nullable().describe('The agent id, status, end reason, direction, project id, phone number or kind; null for none.'),
            label: z.string().nullable().describe('A name to show: the agent name, the project name, otherwise the value.'),
            sessions: z.number().int(),
            share: Rate.describe('sessions / all sessions, to four decimals.'),
            duration_seconds: z.number().int(),
            average_duration_seconds: z.number(),
            cost_micros: z.number().int(),
          }),
        )
        .describe('Most sessions first.'),
    }),
  })
  .openapi('AnalyticsBreakdownResponse');

export const AnalyticsHeatmapResponse = z
  .object({
    heatmap: z.object({
      from_time: z.string(),
      to_time: z.string(),
      time_zone: z.string(),
      cells: z
        .array(
          z.object({
            day_of_week: z.number().int().min(0).max(6).describe('0 is Monday, 6 is Sunday, in time_zone.'),
            hour: z.number().int().min(0).max(23),
            sessions: z.number().int(),
            average_duration_seconds: z.number(),
          }),
        )
        .describe('All 168 cells, by day_of_week then hour.'),
    }),
  })
  .openapi('AnalyticsHeatmapResponse');

export const AgentStatsRow = z
  .object({
    agent_id: z.string().nullable().describe('null for sessions without an agent.'),
    agent_name: z.string().describe("The name on the agent's most recent session in the range."),
    sessions: z.number().int(),
    duration_seconds: z.number().int(),
    average_duration_seconds: z.number(),
    cost_micros: z.number().int(),
    average_cost_micros: z.number().int(),
    transferred: z.number().int(),
    transfer_rate: Rate,
    failed: z.number().int().describe('Sessions with status failed.'),
    failure_rate: Rate,
    errors: z.number().int().describe('Sessions with end reason error.'),
    error_rate: Rate,
    tool_calls: z.number().int(),
    tool_call_failures: z.number().int(),
    tool_call_failure_rate: Rate,
    end_reasons: z.array(EndReasonCount),
  })
  .openapi('AgentStatsRow');
export type AgentStatsRow = z.infer<typeof AgentStatsRow>;

export const AnalyticsAgentStatsResponse = z
  .object({
    agent_stats: z.object({
      from_time: z.string(),
      to_time: z.string(),
      agents: z.array(AgentStatsRow).describe('Most sessions first.'),
    }),
  })
  .openapi('AnalyticsAgentStatsResponse');

export const AnalyticsCostQuery = z.object({ ...rangeFields, time_zone: TimeZone }).strict();
export type AnalyticsCostQuery = z.infer<typeof AnalyticsCostQuery>;

const Micros = z.number().int();

export const AnalyticsCostResponse = z
  .object({
    cost: z.object({
      from_time: z.string(),
      to_time: z.string(),
      time_zone: z.string(),
      currency: z.string().describe("ISO 4217 code of the organization's price list; every amount is in its micros."),
      sessions: z.number().int(),
      duration_seconds: z.number().int(),
      cost_micros: Micros.describe('Total spend of the range.'),
      average_cost_micros: Micros.describe('Per session, rounded to whole micros.'),
      average_cost_per_minute_micros: Micros.describe('cost_micros per minute of duration_seconds, rounded.'),
      by_agent: z
        .array(
          z.object({
            agent_id: z.string().nullable().describe('null for sessions without an agent.'),
            agent_name: z.string(),
            sessions: z.number().int(),
            duration_seconds: z.number().int(),
            cost_micros: Micros,
            share: Rate.describe("This agent's part of cost_micros, to four decimals."),
          }),
        )
        .describe('Highest spend first.'),
      by_day: z
        .array(
          z.object({
            date: z.string().describe('The day in time_zone, YYYY-MM-DD.'),
            sessions: z.number().int(),
            duration_seconds: z.number().int(),
            cost_micros: Micros,
          }),
        )
        .describe('Every day of the range in time_zone, oldest first, with zeros for days without sessions.'),
    }),
  })
  .openapi('AnalyticsCostResponse');

export const MAX_BILLING_MONTHS = 24;

export const BillingOverviewQuery = z
  .object({
    as_of: QueryTimestamp.optional().describe(
      'The moment "to date" means, inclusive to the second: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a zone. ' +
        'The periods are the day, month and year that contain it in time_zone. Default: now.',
    ),
    time_zone: TimeZone,
    months: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_BILLING_MONTHS)
      .default(12)
      .describe(`Calendar months in the monthly series, the current one included: 1 to ${MAX_BILLING_MONTHS}; default 12.`),
    project_id: z.string().min(1).max(40).optional().describe('Only the spend of this project.'),
    kind: KindFilter.optional().describe(
      'Whose spend to count: live (calls with a real party), test (test runs), simulation (simulated calls), ' +
        'a comma-separated list of them, or all. Default: live.',
    ),
  })
  .strict();
export type BillingOverviewQuery = z.infer<typeof BillingOverviewQuery>;

const Spend = z
  .object({
    from_time: z.string().describe('Start of the period, inclusive (ISO 8601).'),
    to_time: z.string().describe('End of the period, inclusive to the second (ISO 8601).'),
    sessions: z.number().int(),
    duration_seconds: z.number().int(),
    cost_micros: Micros,
  })
  .openapi('Spend');
const PeriodSpend = z.object({ sessions: z.number().int(), cost_micros: Micros });

export const BillingOverviewResponse = z
  .object({
    billing_overview: z.object({
      currency: z.string().describe("ISO 4217 code of the organization's price list; every amount is in its micros."),
      time_zone: z.string(),
      as_of: z.string().describe('The second up to which spend is counted (ISO 8601).'),
      today: Spend.describe('The day of as_of, up to as_of.'),
      this_month: Spend.describe('The calendar month of as_of, up to as_of.'),
      last_month: Spend.describe('The whole calendar month before.'),
      year_to_date: Spend.describe('The calendar year of as_of, up to as_of.'),
      days: z
        .array(
          z.object({
            date: z.string().describe('YYYY-MM-DD in time_zone.'),
            sessions: z.number().int(),
            duration_seconds: z.number().int(),
            cost_micros: Micros,
          }),
        )
        .describe('Each day of this month up to as_of, oldest first, with zeros for days without sessions.'),
      months: z
        .array(
          z.object({
            month: z.string().describe('YYYY-MM in time_zone.'),
            sessions: z.number().int(),
            duration_seconds: z.number().int(),
            cost_micros: Micros,
          }),
        )
        .describe('The requested number of calendar months up to this one (to date), oldest first.'),
      by_agent: z
        .array(
          z.object({
            agent_id: z.string().nullable().describe('null for sessions without an agent.'),
            agent_name: z.string(),
            this_month: PeriodSpend,
            last_month: PeriodSpend,
          }),
        )
        .describe('Agents with spend this month or last month, highest spend this month first.'),
      by_phone_number: z
        .array(
          z.object({
            phone_number: z.string().nullable().describe("The platform's number that took or placed the calls; null for calls without one (web)."),
            this_month: PeriodSpend,
            last_month: PeriodSpend,
          }),
        )
        .describe('Numbers with spend this month or last month, highest spend this month first.'),
    }),
  })
  .openapi('BillingOverviewResponse');

export const AnalyticsTurnStatsQuery = z.object(rangeFields).strict();
export type AnalyticsTurnStatsQuery = z.infer<typeof AnalyticsTurnStatsQuery>;

export const TurnStatsRow = z
  .object({
    agent_id: z.string().nullable(),
    agent_version_id: z.string().nullable().describe('The version the calls ran on: compare versions before and after a release.'),
    sessions: z.number().int().describe('Sessions of this version that ended or failed and started in the period.'),
    caller_turns: z.number().int().describe("The callers' turns, every kind."),
    unrecognized_turns: z.number().int().describe('Turns the agent did not understand and asked again about (kind unrecognized).'),
    unrecognized_rate: z.number().describe('unrecognized_turns / caller_turns, 0 to 1.'),
    backchannels: z.number().int().describe("Acknowledgements said over the agent's speech, which it talked through (kind backchannel)."),
    replies_measured: z.number().int().describe('Agent replies with a measured latency (those that answer a caller turn on a live call).'),
    reply_ms_p50: z.number().nullable().describe("Median milliseconds from the end of the caller's speech to the reply's first audio; null without replies."),
    reply_ms_p95: z.number().nullable().describe('95th percentile of the same.'),
    end_of_turn_ms_p50: z.number().nullable().describe('Median wait from the end of the caller’s speech to the end of their turn.'),
    interruptions: z.number().int().describe('Agent lines the caller cut in on (they stopped; a backchannel does not count).'),
    interruption_stop_ms_p50: z
      .number()
      .nullable()
      .describe("Median milliseconds from the start of the caller's speech to the agent's audio stopping; null without interruptions."),
    interruption_stop_ms_p95: z.number().nullable().describe('95th percentile of the same.'),
    not_understood_sessions: z.number().int().describe('Sessions that ended because the agent could not understand the caller (end reason not_understood).'),
  })
  .openapi('TurnStatsRow');
export type TurnStatsRow = z.infer<typeof TurnStatsRow>;

export const AnalyticsTurnStatsResponse = z
  .object({
    turn_stats: z.object({
      from_time: z.string(),
      to_time: z.string(),
      versions: z.array(TurnStatsRow).describe('Per agent and version, most sessions first.'),
    }),
  })
  .openapi('AnalyticsTurnStatsResponse');
