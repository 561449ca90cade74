import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { toInt, toJson } from '../../db/values.js';
import type { PriceList } from '../org/org.entity.js';
import type { AnalyticsCostQuery } from './analytics.schemas.js';
import { eachDay, latestAgentName, localDate, rangeView, rate, resolveRange, statsCuts, statsSource } from './stats-source.js';

interface Totals {
  sessions: number;
  duration_seconds: number;
  cost_micros: number;
}

type Row = Record<'kind' | 'day' | 'agent_id' | 'agent_name' | 'sessions' | 'duration_seconds' | 'cost_micros', unknown>;

/** The currency of the organization's price list: the unit of every amount in micros. */
export async function organizationCurrency(em: Em, organizationId: string): Promise<string> {
  const [row] = await sql<{ price_list: unknown }>(em, 'select price_list from organization where id = ?', [organizationId]);
  return row ? toJson<PriceList>(row.price_list).currency : 'USD';
}

const totalsOf = (r: Row): Totals => ({
  sessions: toInt(r.sessions),
  duration_seconds: toInt(r.duration_seconds),
  cost_micros: toInt(r.cost_micros),
});

/**
 * Spend of a range: the total, per agent and per day of the time zone, in
 * micros. Read from the statistics buckets (stats-source.ts), so it counts
 * the sessions the other analytics count and costs the same at any volume.
 * The buckets hold a session's total only: the split by component is per
 * session (getCostBreakdown).
 */
export async function getCost(em: Em, organizationId: string, query: AnalyticsCostQuery) {
  const range = resolveRange(query);
  const timeZone = query.time_zone;
  const source = statsSource(organizationId, range, query, await statsCuts(em, range, 'day', timeZone));
  const name = latestAgentName(source, 'g.agent_id', 'g.last_at');
  // One statement, so the days and the agents are the same snapshot and add
  // up to the same total. One pass with grouping sets: per bucket start (a few
  // thousand rows, turned into days in the time zone afterwards, so the time
  // zone arithmetic does not run per bucket row) and per agent.
  const [rows, currency] = await Promise.all([
    sql<Row>(
      em,
      `with g as (
         select case when grouping(at) = 0 then 'at' else 'agent' end as kind, at, agent_id, max(at) as last_at,
                sum(sessions) as sessions, sum(duration_seconds) as duration_seconds, sum(cost_micros) as cost_micros
           from ${source.text} src
          group by grouping sets ((at), (agent_id))
       )
       select 'day' as kind, to_char(at at time zone ?, 'YYYY-MM-DD') as day, null as agent_id, null as agent_name,
              sum(sessions) as sessions, sum(duration_seconds) as duration_seconds, sum(cost_micros) as cost_micros
         from g
        where kind = 'at'
        group by 2
       union all
       select kind, null, nullif(agent_id, ''), ${name.text}, sessions, duration_seconds, cost_micros
         from g
        where kind = 'agent'`,
      [...source.params, timeZone, ...name.params],
    ),
    organizationCurrency(em, organizationId),
  ]);

  const byDay = new Map<string, Totals>();
  const byAgent: (Totals & { agent_id: string | null; agent_name: string })[] = [];
  for (const r of rows) {
    if (r.kind === 'day') byDay.set(String(r.day), totalsOf(r));
    else byAgent.push({ agent_id: r.agent_id === null ? null : String(r.agent_id), agent_name: String(r.agent_name), ...totalsOf(r) });
  }
  const total = byAgent.reduce<Totals>(
    (sum, a) => ({
      sessions: sum.sessions + a.sessions,
      duration_seconds: sum.duration_seconds + a.duration_seconds,
      cost_micros: sum.cost_micros + a.cost_micros,
    }),
    { sessions: 0, duration_seconds: 0, cost_micros: 0 },
  );
  byAgent.sort((x, y) => y.cost_micros - x.cost_micros || (x.agent_id ?? '\uffff').localeCompare(y.agent_id ?? '\uffff'));
  const days = eachDay(localDate(range.from, timeZone), localDate(new Date(range.to.getTime() - 1000), timeZone));

  return {
    ...rangeView(range),
    time_zone: timeZone,
    currency,
    ...total,
    average_cost_micros: total.sessions > 0 ? Math.round(total.cost_micros / total.sessions) : 0,
    average_cost_per_minute_micros: total.duration_seconds > 0 ? Math.round((total.cost_micros * 60) / total.duration_seconds) : 0,
    by_agent: byAgent.map((a) => ({ ...a, share: rate(a.cost_micros, total.cost_micros) })),
    by_day: days.map((date) => ({ date, ...(byDay.get(date) ?? { sessions: 0, duration_seconds: 0, cost_micros: 0 }) })),
  };
}
