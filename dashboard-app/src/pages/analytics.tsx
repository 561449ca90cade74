import { useMemo, useState } from 'preact/hooks';
import { api, take } from '../api';
import { useLoad } from '../load';
import { BASE, navigate } from '../router';
import { duration, label, localInput, money, percent } from '../format';
import { Choice, Field, Loading, ProblemBox, fieldIssue, Head } from '../ui';
import { TimeChart } from '../chart';
import type { components } from '../api/v1';

const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
const ZONES = ['UTC', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo'];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Analytics: the overview's tiles against the previous period, sessions and
 * failures over time, the breakdown by agent, the week's heatmap, each
 * agent's figures and the conversation quality per agent and version
 * (turn_stats), for a range and time zone the address holds.
 */
export function AnalyticsPage({ query, canBill }: { query: URLSearchParams; canBill: boolean }) {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // The last seven days, fixed when the page opens (a range that moved with every render would reload forever).
  const [defaults] = useState(() => ({ from_time: new Date(Date.now() - 7 * 86400_000).toISOString(), to_time: new Date().toISOString() }));
  const range = {
    from_time: query.get('from_time') ?? defaults.from_time,
    to_time: query.get('to_time') ?? defaults.to_time,
  };
  const timeZone = query.get('time_zone') ?? 'UTC';
  const interval = (query.get('interval') ?? 'day') as (typeof INTERVALS)[number];
  const key = `${range.from_time}|${range.to_time}|${timeZone}|${interval}`;
  const overview = useLoad(() => take(api.GET('/v1/call_session/analytics/overview', { params: { query: range } })), key);
  const series = useLoad(
    () => take(api.GET('/v1/call_session/analytics/time_series', { params: { query: { ...range, time_zone: timeZone, interval } } })),
    key,
  );
  const breakdown = useLoad(() => take(api.GET('/v1/call_session/analytics/breakdown', { params: { query: { ...range, group_by: 'agent' } } })), key);
  const heatmap = useLoad(() => take(api.GET('/v1/call_session/analytics/heatmap', { params: { query: { ...range, time_zone: timeZone } } })), key);
  const agents = useLoad(() => take(api.GET('/v1/call_session/analytics/agent_stats', { params: { query: range } })), key);
  const turns = useLoad(() => take(api.GET('/v1/call_session/analytics/turn_stats', { params: { query: range } })), key);

  const [draft, setDraft] = useState({ from: localInput(new Date(range.from_time)), to: localInput(new Date(range.to_time)), timeZone, interval });
  const apply = (event: Event) => {
    event.preventDefault();
    const next = new URLSearchParams({
      from_time: new Date(draft.from).toISOString(),
      to_time: new Date(draft.to).toISOString(),
      time_zone: draft.timeZone,
      interval: draft.interval,
    });
    navigate(`${BASE}/analytics?${next}`);
  };
  const problem = overview.error ?? series.error;
  const points = series.data?.time_series.points ?? [];
  const chart = useMemo(
    () => ({
      times: points.map((p) => Date.parse(p.start) / 1000),
      series: [
        { label: 'Sessions', values: points.map((p) => p.sessions), color: '#2f5bd3' },
        { label: 'Failed', values: points.map((p) => p.failed), color: '#c23b3b' },
        { label: 'Transferred', values: points.map((p) => p.transferred), color: '#1f7a3a' },
      ],
    }),
    [series.data],
  );
  const o = overview.data?.overview;

  return (
    <section aria-labelledby="analytics-title">
      <h1 id="analytics-title">Analytics</h1>
      <form class="filters" onSubmit={apply} aria-label="Range and time zone">
        <Field label="From" issue={fieldIssue(problem, 'from_time')}>
          <input type="datetime-local" value={draft.from} onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
        </Field>
        <Field label="To" issue={fieldIssue(problem, 'to_time')}>
          <input type="datetime-local" value={draft.to} onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
        </Field>
        <Choice
          name="Time zone"
          value={draft.timeZone}
          options={[...new Set([...ZONES, browserZone, timeZone])]}
          onChange={(v) => setDraft({ ...draft, timeZone: v })}
          issue={fieldIssue(problem, 'time_zone')}
        />
        <Choice
          name="Interval"
          value={draft.interval}
          options={INTERVALS}
          onChange={(v) => setDraft({ ...draft, interval: v as typeof interval })}
          issue={fieldIssue(problem, 'interval')}
        />
        <button type="submit">Show</button>
      </form>
      <ProblemBox problem={problem} />
      {o ? (
        <div class="tiles">
          <Tile name="Sessions" value={String(o.sessions)} now={o.sessions} before={o.previous_period.sessions} />
          <Tile
            name="Average duration"
            value={duration(o.average_duration_seconds)}
            now={o.average_duration_seconds}
            before={o.previous_period.average_duration_seconds}
          />
          <Tile name="Cost" value={money(o.cost_micros)} now={o.cost_micros} before={o.previous_period.cost_micros} />
          <Tile name="Transfer rate" value={percent(o.transfer_rate)} now={o.transfer_rate} before={o.previous_period.transfer_rate} />
          <Tile name="Failed" value={String(o.failed)} now={o.failed} before={o.previous_period.failed} />
          <Tile
            name="Tool call failures"
            value={percent(o.tool_call_failure_rate)}
            now={o.tool_call_failure_rate}
            before={o.previous_period.tool_call_failure_rate}
          />
        </div>
      ) : (
        !problem && <Loading what="the overview" />
      )}
      {series.data && <TimeChart title={`Sessions per ${interval} (${series.data.time_series.time_zone})`} times={chart.times} series={chart.series} />}
      <div class="two">
        <section aria-labelledby="by-agent">
          <h2 id="by-agent">By agent</h2>
          <ProblemBox problem={breakdown.error} />
          <table class="bars">
            <tbody>
              {breakdown.data?.breakdown.rows.map((r) => (
                <tr key={r.value ?? 'none'}>
                  <th scope="row">{r.label ?? label(r.value)}</th>
                  <td>
                    <span class="bar" style={{ width: `${Math.max(2, r.share * 100)}%` }} />
                  </td>
                  <td class="num">{r.sessions}</td>
                  <td class="num">{percent(r.share)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="end-reasons">
          <h2 id="end-reasons">End reasons</h2>
          <table class="bars">
            <tbody>
              {o?.end_reasons.map((r) => (
                <tr key={r.end_reason ?? 'none'}>
                  <th scope="row">{label(r.end_reason)}</th>
                  <td>
                    <span class="bar" style={{ width: `${Math.max(2, (r.sessions / Math.max(1, o.sessions)) * 100)}%` }} />
                  </td>
                  <td class="num">{r.sessions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <section aria-labelledby="heatmap">
        <h2 id="heatmap">When calls come ({timeZone})</h2>
        <ProblemBox problem={heatmap.error} />
        {heatmap.data && <Heatmap cells={heatmap.data.heatmap.cells} />}
      </section>
      <section aria-labelledby="agent-stats">
        <h2 id="agent-stats">Agents</h2>
        <ProblemBox problem={agents.error} />
        <table>
          <Head columns={['Agent', 'Sessions#', 'Average duration#', 'Transfer rate#', 'Cost#']} />
          <tbody>
            {(agents.data?.agent_stats.agents ?? []).map((a) => (
              <tr key={a.agent_id ?? a.agent_name}>
                <th scope="row">{a.agent_name}</th>
                <td class="num">{a.sessions}</td>
                <td class="num">{duration(a.average_duration_seconds)}</td>
                <td class="num">{percent(a.transfer_rate)}</td>
                <td class="num">{money(a.cost_micros)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="turn-quality">
        <h2 id="turn-quality">Conversation quality</h2>
        <ProblemBox problem={turns.error} />
        {turns.data ? (
          <TurnStats versions={turns.data.turn_stats.versions} names={agentNames(agents.data?.agent_stats.agents, breakdown.data?.breakdown.rows)} />
        ) : (
          !turns.error && <Loading what="the conversation quality" />
        )}
      </section>
      {canBill && <Billing />}
    </section>
  );
}

/** The agents' names the page already has (agent stats, then the breakdown by agent), by agent id. */
function agentNames(
  stats: { agent_id: string | null; agent_name: string }[] | undefined,
  breakdown: { value: string | null; label: string | null }[] | undefined,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of breakdown ?? []) if (r.value && r.label) names.set(r.value, r.label);
  for (const a of stats ?? []) if (a.agent_id) names.set(a.agent_id, a.agent_name);
  return names;
}

/** Milliseconds, or a dash when nothing was measured. */
const ms = (value: number | null): string => (value === null ? '—' : String(value));

/**
 * How the conversations went per agent and version (turn_stats): the callers' turns, those not understood, the
 * backchannels talked through, reply latency, end of turn, interruptions and how fast the agent stopped, and the
 * calls that ended not understood. Most sessions first, as the API gives them.
 */
function TurnStats({ versions, names }: { versions: components['schemas']['TurnStatsRow'][]; names: Map<string, string> }) {
  if (!versions.length) return <p class="muted">No calls in this range.</p>;
  return (
    <div class="scroll-x">
      <table class="turn-stats">
        <Head
          columns={[
            'Agent',
            'Version',
            'Sessions#',
            'Caller turns#',
            'Not understood#',
            'Backchannels#',
            'Reply p50 / p95 (ms)#',
            'End of turn p50 (ms)#',
            'Interruptions#',
            'Stop p50 / p95 (ms)#',
            'Not understood endings#',
          ]}
        />
        <tbody>
          {versions.map((v) => (
            <tr key={`${v.agent_id ?? ''}|${v.agent_version_id ?? ''}`}>
              <th scope="row">{v.agent_id ? (names.get(v.agent_id) ?? v.agent_id) : '—'}</th>
              <td>
                <code>{v.agent_version_id ?? '—'}</code>
              </td>
              <td class="num">{v.sessions}</td>
              <td class="num">{v.caller_turns}</td>
              <td class="num">
                {v.unrecognized_turns} ({percent(v.unrecognized_rate)})
              </td>
              <td class="num">{v.backchannels}</td>
              <td class="num">
                {ms(v.reply_ms_p50)} / {ms(v.reply_ms_p95)}
              </td>
              <td class="num">{ms(v.end_of_turn_ms_p50)}</td>
              <td class="num">{v.interruptions}</td>
              <td class="num">
                {ms(v.interruption_stop_ms_p50)} / {ms(v.interruption_stop_ms_p95)}
              </td>
              <td class="num">{v.not_understood_sessions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Tile({ name, value, now, before }: { name: string; value: string; now?: number; before?: number }) {
  if (now === undefined || before === undefined) {
    return (
      <div class="tile">
        <span class="tile-name">{name}</span>
        <strong class="tile-value">{value}</strong>
      </div>
    );
  }
  const change = before ? (now - before) / before : null;
  return (
    <div class="tile">
      <span class="tile-name">{name}</span>
      <strong class="tile-value">{value}</strong>
      <span class="muted">{change === null ? 'no previous period' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}% vs previous`}</span>
    </div>
  );
}

function Heatmap({ cells }: { cells: { day_of_week: number; hour: number; sessions: number }[] }) {
  const max = Math.max(1, ...cells.map((c) => c.sessions));
  return (
    <table class="heatmap">
      <thead>
        <tr>
          <td />
          {Array.from({ length: 24 }, (_, h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {DAYS.map((day, d) => (
          <tr key={day}>
            <th scope="row">{day}</th>
            {cells
              .filter((c) => c.day_of_week === d)
              .map((c) => (
                <td key={c.hour} title={`${day} ${c.hour}:00 · ${c.sessions} sessions`} style={{ background: `rgba(47, 91, 211, ${c.sessions / max})` }}>
                  <span class="sr-only">{c.sessions}</span>
                </td>
              ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Billing() {
  const billing = useLoad(() => take(api.GET('/v1/billing/overview')), 'billing');
  const b = billing.data?.billing_overview;
  return (
    <section aria-labelledby="billing">
      <h2 id="billing">Billing</h2>
      <ProblemBox problem={billing.error} />
      {b && (
        <div class="tiles">
          <Tile name="Today" value={money(b.today.cost_micros)} />
          <Tile name="This month" value={money(b.this_month.cost_micros)} now={b.this_month.cost_micros} before={b.last_month.cost_micros} />
          <Tile name="Last month" value={money(b.last_month.cost_micros)} />
          <Tile name="Year to date" value={money(b.year_to_date.cost_micros)} />
        </div>
      )}
    </section>
  );
}
