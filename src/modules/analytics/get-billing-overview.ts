import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toIso } from '../../db/values.js';
import type { BillingOverviewQuery } from './analytics.schemas.js';
import { eachDay, latestAgentName, nextDay, statsCuts, statsSource } from './stats-source.js';

interface Totals {
  sessions: number;
  duration_seconds: number;
  cost_micros: number;
}
const ZERO: Totals = { sessions: 0, duration_seconds: 0, cost_micros: 0 };
const add = (a: Totals, b: Totals): Totals => ({
  sessions: a.sessions + b.sessions,
  duration_seconds: a.duration_seconds + b.duration_seconds,
  cost_micros: a.cost_micros + b.cost_micros,
});

interface Boundaries {
  today: string;
  month_first_day: string;
  last_month_first_day: string;
  year_first_day: string;
  first_month: string;
  day_start: unknown;
  month_start: unknown;
  last_month_start: unknown;
  year_start: unknown;
  series_start: unknown;
  currency: string | null;
}

type Row = Record<'kind' | 'day' | 'period' | 'agent_id' | 'phone_number' | 'agent_name' | 'sessions' | 'duration_seconds' | 'cost_micros', unknown>;

type Split = { this_month: { sessions: number; cost_micros: number }; last_month: { sessions: number; cost_micros: number } };
const emptySplit = (): Split => ({ this_month: { sessions: 0, cost_micros: 0 }, last_month: { sessions: 0, cost_micros: 0 } });
const bySpend = (a: Split, b: Split) => b.this_month.cost_micros - a.this_month.cost_micros || b.last_month.cost_micros - a.last_month.cost_micros;

/**
 * Spend to date: today, this month, last month and this year up to `as_of`,
 * each day of this month, the last `months` calendar months, and this and
 * last month per agent and per phone number, in micros of the organization's
 * currency. Days, months and years are those of the time zone. Every figure
 * comes from one statement over the statistics buckets (stats-source.ts), of
 * live sessions unless `kind` says otherwise (test runs and simulated calls are
 * not spend of the operator's calls), so
 * they are one snapshot: the days and months add up to the period totals, as
 * the agents and the numbers do to this and last month's.
 */
export async function getBillingOverview(em: Em, organizationId: string, query: BillingOverviewQuery) {
  const asOfSecond = Math.floor((query.as_of ?? new Date()).getTime() / 1000) * 1000;
  const end = new Date(asOfSecond + 1000);
  const timeZone = query.time_zone;

  // Calendar boundaries in the time zone: PostgreSQL's zone rules, the same that group the rows below.
  const [b] = await sql<Boundaries>(
    em,
    `select to_char(l, 'YYYY-MM-DD') as today,
            to_char(date_trunc('month', l), 'YYYY-MM-DD') as month_first_day,
            to_char(date_trunc('month', l) - interval '1 month', 'YYYY-MM-DD') as last_month_first_day,
            to_char(date_trunc('year', l), 'YYYY-MM-DD') as year_first_day,
            to_char(date_trunc('month', l) - make_interval(months => ?), 'YYYY-MM') as first_month,
            date_trunc('day', l) at time zone ? as day_start,
            date_trunc('month', l) at time zone ? as month_start,
            (date_trunc('month', l) - interval '1 month') at time zone ? as last_month_start,
            date_trunc('year', l) at time zone ? as year_start,
            (date_trunc('month', l) - make_interval(months => ?)) at time zone ? as series_start,
            (select price_list->>'currency' from organization where id = ?) as currency
       from (select ?::timestamptz at time zone ? as l) x`,
    [query.months - 1, timeZone, timeZone, timeZone, timeZone, query.months - 1, timeZone, organizationId, new Date(asOfSecond).toISOString(), timeZone],
  );
  const monthStart = new Date(toIso(b.month_start));
  const lastMonthStart = new Date(toIso(b.last_month_start));
  const from = new Date(Math.min(new Date(toIso(b.series_start)).getTime(), new Date(toIso(b.year_start)).getTime(), lastMonthStart.getTime()));

  // The periods the figures split time into: whole months before this one, and this month's days.
  const [monthCuts, dayCuts] = await Promise.all([
    statsCuts(em, { from, to: monthStart }, 'month', timeZone),
    statsCuts(em, { from: monthStart, to: end }, 'day', timeZone),
  ]);
  const source = statsSource(organizationId, { from, to: end }, { project_id: query.project_id, kind: query.kind }, [...monthCuts, ...dayCuts]);
  const name = latestAgentName(source, 'g.agent_id', 'g.last_at');
  // Day totals for the series and periods; agent and number totals for this
  // and last month. One pass over the source with grouping sets: per bucket
  // start (a few thousand rows, turned into days in the time zone afterwards,
  // so the time zone arithmetic does not run per bucket row), and per agent
  // and per number within the two months.
  const rows = await sql<Row>(
    em,
    `with g as (
       select case when grouping(at) = 0 then 'at' when grouping(agent_id) = 0 then 'agent' else 'phone_number' end as kind,
              at, period, agent_id, phone_number, max(at) as last_at,
              sum(sessions) as sessions, sum(duration_seconds) as duration_seconds, sum(cost_micros) as cost_micros
         from (select at, agent_id, phone_number, sessions, duration_seconds, cost_micros,
                      case when at >= ? then 'this_month' when at >= ? then 'last_month' end as period
                 from ${source.text} src) x
        group by grouping sets ((at), (agent_id, period), (phone_number, period))
       having grouping(at) = 0 or period is not null
     )
     select 'day' as kind, to_char(at at time zone ?, 'YYYY-MM-DD') as day, null as period, null as agent_id, null as phone_number,
            null as agent_name, sum(sessions) as sessions, sum(duration_seconds) as duration_seconds, sum(cost_micros) as cost_micros
       from g
      where kind = 'at'
      group by 2
     union all
     select kind, null, period, nullif(agent_id, ''), nullif(phone_number, ''),
            case when kind = 'agent' then ${name.text} end, sessions, duration_seconds, cost_micros
       from g
      where kind <> 'at'`,
    [monthStart.toISOString(), lastMonthStart.toISOString(), ...source.params, timeZone, ...name.params],
  );

  const days = new Map<string, Totals>();
  const agents = new Map<string | null, Split & { agent_id: string | null; agent_name: string }>();
  const numbers = new Map<string | null, Split & { phone_number: string | null }>();
  for (const r of rows) {
    const totals = { sessions: toInt(r.sessions), duration_seconds: toInt(r.duration_seconds), cost_micros: toInt(r.cost_micros) };
    if (r.kind === 'day') {
      days.set(String(r.day), totals);
      continue;
    }
    const period = r.period as keyof Split;
    const spent = { sessions: totals.sessions, cost_micros: totals.cost_micros };
    if (r.kind === 'agent') {
      const id = r.agent_id === null ? null : String(r.agent_id);
      const entry = agents.get(id) ?? { agent_id: id, agent_name: String(r.agent_name), ...emptySplit() };
      // The name on the agent's latest session: this month's when it has one.
      if (period === 'this_month') entry.agent_name = String(r.agent_name);
      entry[period] = spent;
      agents.set(id, entry);
    } else {
      const number = r.phone_number === null ? null : String(r.phone_number);
      const entry = numbers.get(number) ?? { phone_number: number, ...emptySplit() };
      entry[period] = spent;
      numbers.set(number, entry);
    }
  }

  // Day labels are YYYY-MM-DD, so they compare as strings in calendar order.
  const sumDays = (first: string, beforeDay: string) =>
    [...days].reduce((sum, [day, totals]) => (day >= first && day < beforeDay ? add(sum, totals) : sum), ZERO);
  const afterToday = nextDay(b.today);
  const spend = (start: unknown, to: Date, first: string, beforeDay: string) => ({
    from_time: toIso(start),
    to_time: new Date(to.getTime() - 1000).toISOString(),
    ...sumDays(first, beforeDay),
  });

  const monthly = new Map<string, Totals>();
  for (const [day, totals] of days) monthly.set(day.slice(0, 7), add(monthly.get(day.slice(0, 7)) ?? ZERO, totals));
  const months: string[] = [];
  for (let m = new Date(`${b.first_month}-01T00:00:00Z`); m.toISOString().slice(0, 7) <= b.today.slice(0, 7); m.setUTCMonth(m.getUTCMonth() + 1)) {
    months.push(m.toISOString().slice(0, 7));
  }

  return {
    currency: b.currency ?? 'USD',
    time_zone: timeZone,
    as_of: new Date(asOfSecond).toISOString(),
    today: spend(b.day_start, end, b.today, afterToday),
    this_month: spend(b.month_start, end, b.month_first_day, afterToday),
    last_month: spend(b.last_month_start, monthStart, b.last_month_first_day, b.month_first_day),
    year_to_date: spend(b.year_start, end, b.year_first_day, afterToday),
    days: eachDay(b.month_first_day, b.today).map((date) => ({ date, ...(days.get(date) ?? ZERO) })),
    months: months.map((month) => ({ month, ...(monthly.get(month) ?? ZERO) })),
    by_agent: [...agents.values()].sort((x, y) => bySpend(x, y) || String(x.agent_id).localeCompare(String(y.agent_id))),
    by_phone_number: [...numbers.values()].sort((x, y) => bySpend(x, y) || String(x.phone_number).localeCompare(String(y.phone_number))),
  };
}
