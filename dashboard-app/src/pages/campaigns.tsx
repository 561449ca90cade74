import { useEffect, useState } from 'preact/hooks';
import { api, take, type Organization, type Problem } from '../api';
import { useLoad, usePages } from '../load';
import { BASE, navigate } from '../router';
import { label, money, when } from '../format';
import { Choice, Field, Link, Loading, Pager, ProblemBox, fieldIssue, Head } from '../ui';
import { RECIPIENT_STATES } from '../api/enums';

/**
 * Campaigns: every campaign with its progress, and a new one launched from a
 * CSV of contacts: the file is imported as contacts (names and columns kept),
 * and the campaign calls the contacts it stored, in the file's order.
 */
export function CampaignsPage({ org }: { org: Organization }) {
  const campaigns = useLoad(() => take(api.GET('/v1/outbound/campaign/list', { params: { query: { page_size: 50 } } })), 'campaigns');
  const canLaunch = org.permissions.includes('outbound:launch');
  return (
    <section aria-labelledby="campaigns-title">
      <h1 id="campaigns-title">Campaigns</h1>
      {canLaunch && <LaunchForm />}
      <ProblemBox problem={campaigns.error} />
      {campaigns.loading && !campaigns.data ? <Loading what="campaigns" /> : null}
      {campaigns.data && (
        <table class="campaigns" id="campaigns">
          <Head columns={['Campaign', 'Status', 'Recipients#', 'Done#', 'Spent#', 'Started']} />
          <tbody>
            {campaigns.data.campaigns.map((c) => (
              <tr key={c.campaign_id} data-campaign-id={c.campaign_id}>
                <td>
                  <Link href={`${BASE}/campaigns/${c.campaign_id}`} class="campaign-link">
                    {c.name}
                  </Link>
                </td>
                <td>
                  <span class={`badge ${c.status}`} data-status={c.status}>
                    {c.status}
                  </span>
                </td>
                <td class="num">{c.counts.recipients}</td>
                <td class="num">{c.counts.by_state.done ?? 0}</td>
                <td class="num">{money(c.spent_micros)}</td>
                <td>{when(c.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function LaunchForm() {
  const agents = useLoad(() => take(api.GET('/v1/agent/list', { params: { query: { page_size: 100 } } })), 'agents');
  const numbers = useLoad(() => take(api.GET('/v1/phone/number/list', { params: { query: { page_size: 100 } } })), 'numbers');
  const published = (agents.data?.agents ?? []).filter((a) => a.live_version_id);
  const owned = numbers.data?.phone_numbers ?? [];
  const [form, setForm] = useState({ name: '', agent_id: '', caller: '', max_concurrent_calls: '5', calls_per_minute: '60' });
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<Problem>();
  const [imported, setImported] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const launch = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    setImported(undefined);
    if (!file)
      return setProblem({
        status: 400,
        title: 'Choose a CSV file of contacts',
        errors: [{ field: 'csv', message: 'a header row (phone, name, ...) then one row per contact' }],
      });
    setBusy(true);
    try {
      const contacts = await take(api.POST('/v1/contact/import', { body: { csv: await file.text() } }));
      setImported(`${contacts.created} new and ${contacts.updated} known contacts from the file; ${contacts.skipped} rows skipped.`);
      if (contacts.errors.length)
        setProblem({ status: 400, title: 'Some rows were skipped', errors: contacts.errors.map((e) => ({ field: `csv row ${e.row}`, message: e.reason })) });
      const { campaign } = await take(
        api.POST('/v1/outbound/campaign/launch', {
          body: {
            ...(form.name.trim() ? { name: form.name.trim() } : {}),
            agent_id: form.agent_id || published[0]?.agent_id || '',
            caller_numbers: [form.caller || owned[0]?.number || ''],
            contact_ids: contacts.contact_ids,
            max_concurrent_calls: Number(form.max_concurrent_calls),
            calls_per_minute: Number(form.calls_per_minute),
          },
        }),
      );
      navigate(`${BASE}/campaigns/${campaign.campaign_id}`);
    } catch (error) {
      setProblem(error as Problem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="launch" onSubmit={launch} aria-label="Launch a campaign" noValidate>
      <h2>Launch a campaign</h2>
      <div class="filters">
        <Field label="Name" issue={fieldIssue(problem, 'name')}>
          <input value={form.name} onInput={set('name')} placeholder="Campaign and today's date" />
        </Field>
        <Field label="Agent" issue={fieldIssue(problem, 'agent_id')}>
          <select value={form.agent_id || published[0]?.agent_id} onChange={set('agent_id')}>
            {published.map((a) => (
              <option key={a.agent_id} value={a.agent_id}>
                {a.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Call from" issue={fieldIssue(problem, 'caller_numbers')}>
          <select value={form.caller || owned[0]?.number} onChange={set('caller')}>
            {owned.map((n) => (
              <option key={n.phone_number_id} value={n.number}>
                {n.number}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Contacts (CSV)" issue={fieldIssue(problem, 'csv') ?? fieldIssue(problem, 'contact_ids')}>
          <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.currentTarget.files?.[0])} />
        </Field>
        <Field label="Calls at once" issue={fieldIssue(problem, 'max_concurrent_calls')}>
          <input type="number" min={1} max={100} value={form.max_concurrent_calls} onInput={set('max_concurrent_calls')} />
        </Field>
        <Field label="Dials per minute" issue={fieldIssue(problem, 'calls_per_minute')}>
          <input type="number" min={1} max={600} value={form.calls_per_minute} onInput={set('calls_per_minute')} />
        </Field>
        <button type="submit" disabled={busy}>
          Launch
        </button>
      </div>
      {imported && <p class="muted">{imported}</p>}
      <ProblemBox problem={problem} />
    </form>
  );
}

const MOVES = ['pause', 'resume', 'cancel'] as const;
const NOTICES: Record<(typeof MOVES)[number], string> = {
  pause: 'Paused: no new dials until you resume (calls in progress finish).',
  resume: 'Resumed.',
  cancel: 'Cancelled: no new dials (calls in progress finish).',
};

/** One campaign, followed live while it runs: its figures, pause, resume, cancel and pace. */
export function CampaignPage({ campaignId, org }: { campaignId: string; org: Organization }) {
  const campaign = useLoad(() => take(api.GET('/v1/outbound/campaign/{campaign_id}/retrieve', { params: { path: { campaign_id: campaignId } } })), campaignId);
  const [problem, setProblem] = useState<Problem>();
  const [notice, setNotice] = useState<string>();
  // How many times the figures were read: the page follows the campaign without reloading.
  const [updates, setUpdates] = useState(0);
  useEffect(() => {
    if (campaign.data) setUpdates((n) => n + 1);
  }, [campaign.data]);
  const c = campaign.data?.campaign;
  const live = c?.status === 'running' || c?.status === 'paused';
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(campaign.reload, 2000);
    return () => clearInterval(timer);
  }, [live, campaign.reload]);
  const canControl = org.permissions.includes('outbound:launch');
  const move = async (m: (typeof MOVES)[number]) => {
    setProblem(undefined);
    setNotice(undefined);
    try {
      await take(api.POST(`/v1/outbound/campaign/{campaign_id}/${m}`, { params: { path: { campaign_id: campaignId } } }));
      setNotice(NOTICES[m]);
      campaign.reload();
    } catch (error) {
      setProblem(error as Problem);
    }
  };
  return (
    <section aria-labelledby="campaign-title" id="campaign">
      <p id="back">
        <Link href={`${BASE}/campaigns`}>← Campaigns</Link>
      </p>
      <ProblemBox problem={campaign.error ?? problem} />
      {campaign.loading && !c ? <Loading what="the campaign" /> : null}
      {c && (
        <>
          <h1 id="campaign-title">{c.name}</h1>
          <p>
            <span class={`badge ${c.status}`} id="campaign-status" data-status={c.status}>
              {c.status}
            </span>{' '}
            {c.reason && <span class="muted">{c.reason}</span>}
          </p>
          {canControl && live && (
            <p class="actions">
              {MOVES.filter((m) => (m === 'pause' ? c.status === 'running' : m === 'resume' ? c.status === 'paused' : true)).map((m) => (
                <button key={m} type="button" id={m} class={m === 'cancel' ? 'danger' : ''} onClick={() => move(m)}>
                  {m[0].toUpperCase() + m.slice(1)}
                </button>
              ))}
            </p>
          )}
          {notice && (
            <p id="notice" role="status">
              {notice}
            </p>
          )}
          <div class="tiles" id="live" data-updates={updates}>
            <Figure id="recipients" name="Recipients" value={c.counts.recipients} />
            <Figure id="dials" name="Dials" value={c.counts.dials} />
            {Object.entries(c.counts.by_state).map(([state, n]) => (
              <Figure key={state} id={state} name={label(state)} value={n} />
            ))}
            <Figure id="spent" name="Spent" value={money(c.spent_micros)} />
          </div>
          {Object.keys(c.counts.by_outcome).length > 0 && (
            <section aria-labelledby="outcomes">
              <h2 id="outcomes">Outcomes</h2>
              <dl class="facts">
                {Object.entries(c.counts.by_outcome).map(([outcome, n]) => (
                  <>
                    <dt>{label(outcome)}</dt>
                    <dd>{n}</dd>
                  </>
                ))}
              </dl>
            </section>
          )}
          {canControl && live && <Pace campaignId={campaignId} current={c} onDone={campaign.reload} />}
          <p class="muted">
            Calls at once {c.max_concurrent_calls} · dials per minute {c.calls_per_minute} · started {when(c.created_at)}
            {c.finished_at ? ` · finished ${when(c.finished_at)}` : ''}
          </p>
          <Recipients campaignId={campaignId} progress={`${c.status} ${c.counts.dials} ${JSON.stringify(c.counts.by_state)}`} />
        </>
      )}
    </section>
  );
}

function Figure({ id, name, value }: { id: string; name: string; value: number | string }) {
  return (
    <div class="tile">
      <span class="tile-name">{name}</span>
      <strong class="tile-value" id={`fig-${id}`}>
        {value}
      </strong>
    </div>
  );
}

function Pace({
  campaignId,
  current,
  onDone,
}: {
  campaignId: string;
  current: { max_concurrent_calls: number; calls_per_minute: number };
  onDone: () => void;
}) {
  const [form, setForm] = useState({ max_concurrent_calls: String(current.max_concurrent_calls), calls_per_minute: String(current.calls_per_minute) });
  const [problem, setProblem] = useState<Problem>();
  const save = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      await take(
        api.POST('/v1/outbound/campaign/{campaign_id}/pace', {
          params: { path: { campaign_id: campaignId } },
          body: { max_concurrent_calls: Number(form.max_concurrent_calls), calls_per_minute: Number(form.calls_per_minute) },
        }),
      );
      onDone();
    } catch (error) {
      setProblem(error as Problem);
    }
  };
  return (
    <form class="filters" onSubmit={save} aria-label="Pace" noValidate>
      <Field label="Calls at once" issue={fieldIssue(problem, 'max_concurrent_calls')}>
        <input type="number" value={form.max_concurrent_calls} onInput={(e) => setForm({ ...form, max_concurrent_calls: e.currentTarget.value })} />
      </Field>
      <Field label="Dials per minute" issue={fieldIssue(problem, 'calls_per_minute')}>
        <input type="number" value={form.calls_per_minute} onInput={(e) => setForm({ ...form, calls_per_minute: e.currentTarget.value })} />
      </Field>
      <button type="submit">Change the pace</button>
      <ProblemBox problem={problem} />
    </form>
  );
}

/**
 * The campaign's recipients in the order it was launched with, a page at a time: each one's state, attempts and
 * outcome, and every attempt linked to its call. Re-read whenever the campaign's figures move (`progress`).
 */
function Recipients({ campaignId, progress }: { campaignId: string; progress: string }) {
  const [state, setState] = useState('');
  const pages = usePages();
  const cursor = pages.cursor;
  const recipients = useLoad(
    () =>
      take(
        api.GET('/v1/outbound/campaign/{campaign_id}/recipient/list', {
          params: {
            path: { campaign_id: campaignId },
            query: { page_size: 25, ...(state ? { state: state as (typeof RECIPIENT_STATES)[number] } : {}), ...(cursor ? { cursor } : {}) },
          },
        }),
      ),
    `${state} ${cursor ?? ''} ${progress}`,
  );
  const page = recipients.data;
  return (
    <section aria-labelledby="recipients">
      <h2 id="recipients">Recipients</h2>
      <form class="filters" aria-label="Filter recipients" onSubmit={(e) => e.preventDefault()}>
        <Choice
          name="State"
          value={state}
          any="Any state"
          options={RECIPIENT_STATES}
          onChange={(v) => {
            setState(v);
            pages.toFirst();
          }}
        />
      </form>
      <ProblemBox problem={recipients.error} />
      {recipients.loading && !page ? <Loading what="recipients" /> : null}
      {page && (
        <table class="recipients">
          <Head columns={['#', 'Recipient', 'State', 'Attempts#', 'Last outcome', 'Next attempt', 'Calls']} />
          <tbody>
            {page.recipients.map((r) => (
              <tr key={r.recipient_id} data-recipient={r.phone}>
                <td class="num">{r.position + 1}</td>
                <td>
                  {r.name ?? ''} <span class="muted">{r.phone}</span>
                </td>
                <td>
                  <span class={`badge ${r.state}`}>{label(r.state)}</span>
                </td>
                <td class="num">{r.attempts}</td>
                <td>{label(r.last_outcome)}</td>
                <td>{r.next_attempt_at ? when(r.next_attempt_at) : '–'}</td>
                <td>
                  {r.calls.map((call) => (
                    <span key={call.outbound_call_id} class="attempt">
                      <Link href={`${BASE}/calls/${call.session_id}`}>
                        Attempt {call.attempt}: {label(call.status)}
                      </Link>{' '}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
            {page.recipients.length === 0 && (
              <tr>
                <td colSpan={7} class="muted">
                  No recipient {state ? `is ${label(state)}` : 'yet'}.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <Pager label="Recipient pages" pages={pages} page={page} />
    </section>
  );
}
