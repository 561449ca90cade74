import { useState } from 'preact/hooks';
import { api, take } from '../api';
import { useLoad } from '../load';
import { BASE, navigate } from '../router';
import { duration, label, money, when } from '../format';
import { Choice, Field, Link, Loading, ProblemBox, fieldIssue, Head } from '../ui';
import type { components, paths } from '../api/v1';
import { DIRECTIONS, END_REASONS, SESSION_KINDS, SESSION_STATUSES } from '../api/enums';

type Session = components['schemas']['CallSession'];
type Query = NonNullable<paths['/v1/call_session/get']['get']['parameters']['query']>;

const FILTERS = ['from_time', 'to_time', 'agent_id', 'status', 'end_reason', 'direction', 'kind', 'project_id', 'page_size'] as const;
const PAGE_SIZES = ['25', '50', '100'];

/**
 * Calls: every session of the organization, newest first, filtered by what
 * the address says (so a filtered page can be linked and the back button
 * works), a page at a time by the API's keyset cursor.
 */
export function CallsPage({ query, projects }: { query: URLSearchParams; projects: { project_id: string; name: string }[] }) {
  const filters: Record<string, string> = {};
  for (const f of FILTERS) if (query.get(f)) filters[f] = query.get(f)!;
  const cursor = query.get('cursor') ?? undefined;
  const key = query.toString();
  const page = useLoad(
    () => take(api.GET('/v1/call_session/get', { params: { query: { page_size: 50, ...filters, ...(cursor ? { cursor } : {}) } as Query } })),
    key,
  );
  const agents = useLoad(() => take(api.GET('/v1/agent/list', { params: { query: { page_size: 100 } } })), 'agents');
  const [draft, setDraft] = useState<Record<string, string>>(filters);
  const [trail, setTrail] = useState<string[]>([]);

  const apply = (event: Event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(draft)) if (v) next.set(k, k.endsWith('_time') ? new Date(v).toISOString() : v);
    setTrail([]);
    navigate(`${BASE}/calls${next.size ? `?${next}` : ''}`);
  };
  // The addresses of the pages before this one, to go back to exactly (a keyset cursor only goes forward).
  const older = (nextCursor: string | null) => {
    if (!nextCursor) return;
    setTrail([...trail, location.search]);
    const next = new URLSearchParams(query);
    next.set('cursor', nextCursor);
    navigate(`${BASE}/calls?${next}`);
  };
  const newer = () => {
    const next = new URLSearchParams(query);
    next.delete('cursor');
    const previous = trail.at(-1) ?? (next.size ? `?${next}` : '');
    setTrail(trail.slice(0, -1));
    navigate(`${BASE}/calls${previous}`);
  };
  const set = (k: string) => (e: Event) => setDraft({ ...draft, [k]: (e.currentTarget as HTMLInputElement).value });
  const choose = (k: string) => (value: string) => setDraft({ ...draft, [k]: value });
  const timeValue = (k: string) => (draft[k] && draft[k].includes('Z') ? toLocal(draft[k]) : (draft[k] ?? ''));
  const agentList = agents.data?.agents ?? [];

  return (
    <section aria-labelledby="calls-title">
      <h1 id="calls-title">Calls</h1>
      <form class="filters" onSubmit={apply} aria-label="Filter calls">
        <Field label="From" issue={fieldIssue(page.error, 'from_time')}>
          <input type="datetime-local" value={timeValue('from_time')} onInput={set('from_time')} />
        </Field>
        <Field label="To" issue={fieldIssue(page.error, 'to_time')}>
          <input type="datetime-local" value={timeValue('to_time')} onInput={set('to_time')} />
        </Field>
        <Field label="Agent">
          <select value={draft.agent_id ?? ''} onChange={set('agent_id')}>
            <option value="">Any agent</option>
            {agentList.map((a) => (
              <option key={a.agent_id} value={a.agent_id}>
                {a.name}
              </option>
            ))}
          </select>
        </Field>
        <Choice name="Status" any="Any" value={draft.status} options={SESSION_STATUSES} onChange={choose('status')} />
        <Choice name="End reason" any="Any" value={draft.end_reason} options={END_REASONS} onChange={choose('end_reason')} />
        <Choice name="Direction" any="Any" value={draft.direction} options={DIRECTIONS} onChange={choose('direction')} />
        <Choice name="Kind" any="Any" value={draft.kind} options={SESSION_KINDS} onChange={choose('kind')} />
        {projects.length > 1 && (
          <Field label="Project">
            <select value={draft.project_id ?? ''} onChange={set('project_id')}>
              <option value="">Any project</option>
              {projects.map((p) => (
                <option key={p.project_id} value={p.project_id}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Choice
          name="Rows per page"
          value={draft.page_size ?? '50'}
          options={PAGE_SIZES}
          onChange={choose('page_size')}
          issue={fieldIssue(page.error, 'page_size')}
        />
        <button type="submit">Apply</button>
      </form>
      <ProblemBox problem={page.error} />
      {page.loading && !page.data ? <Loading what="calls" /> : null}
      {page.data && <SessionTable sessions={page.data.sessions} />}
      <nav class="pager" aria-label="Pages">
        <button type="button" disabled={!cursor} onClick={newer}>
          ← Newer
        </button>
        <button type="button" disabled={!page.data?.has_more} onClick={() => older(page.data!.next_cursor)}>
          Older →
        </button>
      </nav>
    </section>
  );
}

function toLocal(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function SessionTable({ sessions }: { sessions: Session[] }) {
  if (!sessions.length) return <p class="muted">No calls match.</p>;
  return (
    <table class="calls">
      <caption class="sr-only">Calls, newest first</caption>
      <Head columns={['Started', 'Agent', 'Direction', 'Caller', 'Status', 'End reason', 'Duration#', 'Cost#']} />
      <tbody>
        {sessions.map((s) => (
          <tr key={s.session_id}>
            <td>
              <Link href={`${BASE}/calls/${s.session_id}`}>{when(s.started_at)}</Link>
            </td>
            <td>{s.agent.agent_name}</td>
            <td>{label(s.direction)}</td>
            <td>{s.caller.name ?? s.caller.address ?? '–'}</td>
            <td>
              <span class={`badge ${s.status}`}>{label(s.status)}</span>
            </td>
            <td>{label(s.end_reason)}</td>
            <td class="num">{duration(s.duration_seconds)}</td>
            <td class="num">{money(s.total_cost_micros)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
