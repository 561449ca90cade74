import { useEffect, useState } from 'preact/hooks';
import { api, take, type Organization } from '../api';
import type { components } from '../api/v1';
import { EVENT_KINDS } from '../api/enums';
import { useAction, useLoad, usePages, type Loaded } from '../load';
import { BASE, navigate, useLocation } from '../router';
import { label, localInput, when } from '../format';
import { Field, Head, Link, Loading, Pager, ProblemBox, fieldIssue } from '../ui';
import './webhooks.css';

type Trigger = components['schemas']['AgentTrigger'];
type Run = components['schemas']['AgentTriggerRun'];
type EventKind = Trigger['event_kinds'][number];

const FINISHED: readonly Run['status'][] = ['succeeded', 'failed', 'cancelled'];

const addressOf = (trigger?: string, run?: string) => {
  const q = new URLSearchParams();
  if (trigger) q.set('trigger', trigger);
  if (run) q.set('run', run);
  const s = q.toString();
  return `${BASE}/webhooks${s ? `?${s}` : ''}`;
};

/**
 * Webhooks (agent triggers): each trigger with its events, target and state; a new one (its signing secret shown
 * once); enable, disable, delete. A trigger's runs (?trigger=), newest first, and one run (&run=) with every
 * delivery attempt; resend a run, replay a time range. Writes need triggers:manage; reading needs agents:read.
 */
export function WebhooksPage({ org }: { org: Organization }) {
  const { query } = useLocation();
  const selected = query.get('trigger') ?? undefined;
  const runId = query.get('run') ?? undefined;
  const canManage = org.permissions.includes('triggers:manage');
  const agents = useLoad(() => take(api.GET('/v1/agent/list', { params: { query: { page_size: 100 } } })), 'agents');
  const triggers = useLoad(() => take(api.GET('/v1/agent_trigger/list', { params: { query: { page_size: 100 } } })), 'triggers');
  const agentName = (id: string) => agents.data?.agents.find((a) => a.agent_id === id)?.name ?? id;
  const trigger = triggers.data?.triggers.find((t) => t.trigger_id === selected);
  return (
    <section aria-labelledby="webhooks-title" class="webhooks">
      <h1 id="webhooks-title">Webhooks</h1>
      <p class="muted">
        Each trigger POSTs an agent's events to a URL, signed per Standard Webhooks, and retries on failure. Deliveries show under the trigger's runs.
      </p>
      {canManage && <CreateForm agents={agents.data?.agents ?? []} onCreated={triggers.reload} />}
      <Triggers
        triggers={triggers}
        agentName={agentName}
        selected={selected}
        canManage={canManage}
        onDeleted={(id) => {
          if (id === selected) navigate(addressOf(), true);
          triggers.reload();
        }}
      />
      {selected && (
        <Runs
          key={selected}
          triggerId={selected}
          trigger={trigger}
          agentName={agentName}
          runId={runId}
          canManage={canManage}
          onTriggerChanged={triggers.reload}
        />
      )}
    </section>
  );
}

function CreateForm({ agents, onCreated }: { agents: { agent_id: string; name: string }[]; onCreated: () => void }) {
  const [form, setForm] = useState({ name: '', agent_id: '', url: '', retry: '' });
  const [kinds, setKinds] = useState<EventKind[]>(['call.ended']);
  const [created, setCreated] = useState<{ trigger: Trigger; signing_secret: string }>();
  const [busy, setBusy] = useState(false);
  const { problem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const agentId = form.agent_id || agents[0]?.agent_id || '';
  const create = async (event: Event) => {
    event.preventDefault();
    setCreated(undefined);
    setBusy(true);
    const retry = form.retry.trim();
    await run(async () => {
      const answer = await take(
        api.POST('/v1/agent_trigger/create', {
          body: {
            agent_id: agentId,
            event_kinds: kinds,
            url: form.url.trim(),
            ...(form.name.trim() ? { name: form.name.trim() } : {}),
            // Not a number stays as typed: the server names the wait it refuses.
            ...(retry ? { retry_schedule_ms: retry.split(/[\s,]+/).map((w) => (/^\d+$/.test(w) ? Number(w) : (w as unknown as number))) } : {}),
          },
        }),
      );
      setCreated(answer);
      setForm({ name: '', agent_id: form.agent_id, url: '', retry: '' });
    }, onCreated);
    setBusy(false);
  };
  const toggle = (kind: EventKind, on: boolean) => setKinds(on ? EVENT_KINDS.filter((k) => k === kind || kinds.includes(k)) : kinds.filter((k) => k !== kind));
  const kindsIssue = fieldIssue(problem, 'event_kinds');
  return (
    <form class="launch trigger-form" onSubmit={create} aria-label="New webhook" noValidate>
      <h2>New webhook</h2>
      <div class="filters">
        <Field label="Name" issue={fieldIssue(problem, 'name')}>
          <input value={form.name} onInput={set('name')} placeholder="CRM sync" />
        </Field>
        <Field label="Agent" issue={fieldIssue(problem, 'agent_id')}>
          <select value={agentId} onChange={set('agent_id')}>
            {agents.map((a) => (
              <option key={a.agent_id} value={a.agent_id}>
                {a.name}
              </option>
            ))}
          </select>
        </Field>
        <div class={fieldIssue(problem, 'url') ? 'field wide invalid' : 'field wide'}>
          <label>
            <span>Target URL</span>
            <input type="url" value={form.url} onInput={set('url')} placeholder="https://example.com/hooks/voice" aria-describedby="url-hint" />
          </label>
          <small id="url-hint" class="muted">
            https; not a private or reserved address
          </small>
          {fieldIssue(problem, 'url') && (
            <small class="issue" role="alert">
              {fieldIssue(problem, 'url')}
            </small>
          )}
        </div>
        <Field label="Retry waits (ms)" issue={fieldIssue(problem, 'retry_schedule_ms')}>
          <input value={form.retry} onInput={set('retry')} placeholder="platform default" />
        </Field>
      </div>
      <fieldset class={kindsIssue ? 'kinds invalid' : 'kinds'}>
        <legend>Events</legend>
        {EVENT_KINDS.map((k) => (
          <label key={k} class="check">
            <input type="checkbox" checked={kinds.includes(k)} onChange={(e) => toggle(k, e.currentTarget.checked)} />
            <code>{k}</code>
          </label>
        ))}
        {kindsIssue && (
          <small class="issue" role="alert">
            {kindsIssue}
          </small>
        )}
      </fieldset>
      <p>
        <button type="submit" disabled={busy}>
          Create webhook
        </button>
      </p>
      <ProblemBox problem={problem} />
      {created && (
        <div class="secret" role="status">
          <p>
            Created <strong>{created.trigger.name ?? created.trigger.trigger_id}</strong>. <Link href={addressOf(created.trigger.trigger_id)}>Its runs</Link>
          </p>
          <p>
            Signing secret, shown only now (store it to verify deliveries): <code id="signing-secret">{created.signing_secret}</code>
          </p>
        </div>
      )}
    </form>
  );
}

function Triggers(props: {
  triggers: Loaded<{ triggers: Trigger[]; has_more: boolean }>;
  agentName: (id: string) => string;
  selected?: string;
  canManage: boolean;
  onDeleted: (id: string) => void;
}) {
  const { triggers, agentName, selected, canManage } = props;
  const { problem, run } = useAction();
  const [confirming, setConfirming] = useState<string>();
  const setEnabled = (t: Trigger, on: boolean) =>
    run(
      () =>
        take(
          api.POST(on ? '/v1/agent_trigger/{trigger_id}/enable' : '/v1/agent_trigger/{trigger_id}/disable', { params: { path: { trigger_id: t.trigger_id } } }),
        ),
      triggers.reload,
    );
  const remove = (t: Trigger) =>
    run(
      () => take(api.DELETE('/v1/agent_trigger/{trigger_id}/delete', { params: { path: { trigger_id: t.trigger_id } } })),
      () => {
        setConfirming(undefined);
        props.onDeleted(t.trigger_id);
      },
    );
  const list = triggers.data?.triggers ?? [];
  return (
    <section aria-labelledby="triggers">
      <h2 id="triggers">Triggers</h2>
      <ProblemBox problem={triggers.error ?? problem} />
      {triggers.loading && !triggers.data ? <Loading what="webhooks" /> : null}
      {triggers.data && !list.length && <p class="muted">No webhooks yet.</p>}
      {list.length > 0 && (
        <div class="scroll">
          <table class="triggers">
            <Head columns={['Webhook', 'Agent', 'Events', 'Target URL', 'State', 'Created', ...(canManage ? ['Actions'] : [])]} />
            <tbody>
              {list.map((t) => (
                <tr key={t.trigger_id} data-trigger={t.trigger_id} class={t.trigger_id === selected ? 'selected' : undefined}>
                  <td>
                    <Link href={addressOf(t.trigger_id)}>{t.name ?? t.trigger_id}</Link>
                  </td>
                  <td>{agentName(t.agent_id)}</td>
                  <td>
                    {t.event_kinds.map((k) => (
                      <code key={k} class="kind">
                        {k}
                      </code>
                    ))}
                  </td>
                  <td class="url">{t.url}</td>
                  <td>
                    <span class={`badge ${t.enabled ? 'enabled' : 'disabled'}`}>{t.enabled ? 'enabled' : 'disabled'}</span>
                    {t.disabled_reason && <span class="muted"> {label(t.disabled_reason)}</span>}
                  </td>
                  <td>{when(t.created_at)}</td>
                  {canManage && (
                    <td>
                      <div class="actions">
                        <button
                          type="button"
                          class="secondary"
                          onClick={() => setEnabled(t, !t.enabled)}
                          aria-label={`${t.enabled ? 'Disable' : 'Enable'} ${t.name ?? t.trigger_id}`}
                        >
                          {t.enabled ? 'Disable' : 'Enable'}
                        </button>
                        {confirming === t.trigger_id ? (
                          <>
                            <button type="button" class="danger" onClick={() => remove(t)}>
                              Delete with its runs
                            </button>
                            <button type="button" class="secondary" onClick={() => setConfirming(undefined)}>
                              Keep
                            </button>
                          </>
                        ) : (
                          <button type="button" class="secondary" onClick={() => setConfirming(t.trigger_id)} aria-label={`Delete ${t.name ?? t.trigger_id}`}>
                            Delete
                          </button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {triggers.data?.has_more && <p class="muted">Showing the first 100 webhooks.</p>}
    </section>
  );
}

function Runs(props: {
  triggerId: string;
  trigger?: Trigger;
  agentName: (id: string) => string;
  runId?: string;
  canManage: boolean;
  onTriggerChanged: () => void;
}) {
  const { triggerId, trigger, runId, canManage } = props;
  const pages = usePages();
  const cursor = pages.cursor;
  const runs = useLoad(
    () =>
      take(
        api.GET('/v1/agent_trigger/{trigger_id}/run/list', {
          params: { path: { trigger_id: triggerId }, query: { page_size: 25, ...(cursor ? { cursor } : {}) } },
        }),
      ),
    `${triggerId}:${cursor ?? ''}`,
  );
  // New events make new runs, and runs under way gain attempts: the first page follows them.
  useEffect(() => {
    if (cursor) return;
    const timer = setInterval(runs.reload, 2500);
    return () => clearInterval(timer);
  }, [cursor, runs.reload]);
  const title = trigger?.name ?? triggerId;
  return (
    <section aria-labelledby="runs">
      <h2 id="runs">Runs of {title}</h2>
      {trigger && (
        <p class="muted">
          {props.agentName(trigger.agent_id)} → <span class="url">{trigger.url}</span> · retries after{' '}
          {trigger.retry_schedule_ms.map(waitOf).join(', ') || 'none'}
        </p>
      )}
      {runId && <RunDetail key={runId} triggerId={triggerId} runId={runId} canManage={canManage} onResent={runs.reload} />}
      <ProblemBox problem={runs.error} />
      {runs.loading && !runs.data ? <Loading what="runs" /> : null}
      {runs.data && !runs.data.runs.length && <p class="muted">No runs yet: an event the trigger is subscribed to makes one.</p>}
      {runs.data && runs.data.runs.length > 0 && (
        <div class="scroll">
          <table class="runs">
            <Head columns={['Run', 'Event', 'Origin', 'Status', 'Attempts#', 'Last answer', 'Created', 'Next attempt or finished']} />
            <tbody>
              {runs.data.runs.map((r) => {
                const last = r.attempts.at(-1);
                return (
                  <tr key={r.run_id} data-run={r.run_id} class={r.run_id === runId ? 'selected' : undefined}>
                    <td>
                      <Link href={addressOf(triggerId, r.run_id)}>{r.run_id}</Link>
                    </td>
                    <td>
                      <code>{r.event_type}</code>
                    </td>
                    <td>{r.origin}</td>
                    <td>
                      <span class={`badge ${r.status}`}>{r.status}</span>
                    </td>
                    <td class="num">{r.attempts.length}</td>
                    <td>{last ? (last.status_code ?? last.error ?? '–') : '–'}</td>
                    <td>{when(r.created_at)}</td>
                    <td>{r.finished_at ? when(r.finished_at) : r.next_attempt_at ? `next ${when(r.next_attempt_at)}` : '–'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Run pages" pages={pages} page={runs.data} back="← Newest" next="Older →" toFirst />
      {canManage && <ReplayForm triggerId={triggerId} enabled={trigger?.enabled !== false} onReplayed={runs.reload} />}
    </section>
  );
}

const waitOf = (ms: number) => (ms < 1000 ? `${ms} ms` : ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);

function RunDetail({ triggerId, runId, canManage, onResent }: { triggerId: string; runId: string; canManage: boolean; onResent: () => void }) {
  const run = useLoad(() => take(api.GET('/v1/agent_trigger/run/{run_id}/retrieve', { params: { path: { run_id: runId } } })), runId);
  const r = run.data?.run;
  const live = r ? !FINISHED.includes(r.status) : false;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(run.reload, 1500);
    return () => clearInterval(timer);
  }, [live, run.reload]);
  const { problem, run: act } = useAction();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    if (!r) return;
    setBusy(true);
    await act(async () => {
      const { run: again } = await take(api.POST('/v1/agent_trigger/run/{run_id}/resend', { params: { path: { run_id: r.run_id } } }));
      onResent();
      navigate(addressOf(again.trigger_id, again.run_id));
    });
    setBusy(false);
  };
  return (
    <section aria-labelledby="run-title" class="run-detail">
      <h3 id="run-title">
        Run {runId} <Link href={addressOf(triggerId)}>Close</Link>
      </h3>
      <ProblemBox problem={run.error ?? problem} />
      {run.loading && !r ? <Loading what="the run" /> : null}
      {r && (
        <>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <span class={`badge ${r.status}`} id="run-status">
                {r.status}
              </span>
            </dd>
            <dt>Event</dt>
            <dd>
              <code>{r.event_type}</code> <span class="muted">{r.event_id} (the webhook-id of every attempt)</span>
            </dd>
            <dt>Origin</dt>
            <dd>{r.origin}</dd>
            <dt>Sent to</dt>
            <dd class="url">{r.url}</dd>
            <dt>Created</dt>
            <dd>{when(r.created_at)}</dd>
            <dt>{r.finished_at ? 'Finished' : 'Next attempt'}</dt>
            <dd>{when(r.finished_at ?? r.next_attempt_at)}</dd>
          </dl>
          <div class="scroll">
            <table class="attempts" aria-label="Delivery attempts">
              <Head columns={['#', 'Time', 'HTTP status', 'Latency (ms)#', 'Error', 'URL']} />
              <tbody>
                {r.attempts.map((x, i) => (
                  <tr key={i} class={x.status_code !== null && x.status_code >= 200 && x.status_code < 300 ? 'ok' : 'bad'}>
                    <td>{i + 1}</td>
                    <td>{when(x.at)}</td>
                    <td class="code">{x.status_code ?? <span class="muted">no answer</span>}</td>
                    <td class="num">{x.latency_ms}</td>
                    <td class="error">{x.error ?? '–'}</td>
                    <td class="url">{x.url}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {!r.attempts.length && <p class="muted">No attempt yet.</p>}
          {canManage && (
            <p class="actions">
              <button type="button" onClick={resend} disabled={busy}>
                Resend
              </button>
              <span class="muted">Delivers the same event again as a new run, with the same webhook-id.</span>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** datetime-local (the browser's wall time) as ISO 8601; anything else as typed, for the server to name. */
const isoOf = (value: string) => {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : value;
};

function ReplayForm({ triggerId, enabled, onReplayed }: { triggerId: string; enabled: boolean; onReplayed: () => void }) {
  const [form, setForm] = useState(() => ({ from: localInput(new Date(Date.now() - 24 * 3600_000)), to: localInput(new Date(Date.now() + 60_000)), url: '' }));
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { problem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const replay = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    setBusy(true);
    await run(async () => {
      const { runs } = await take(
        api.POST('/v1/agent_trigger/{trigger_id}/replay', {
          params: { path: { trigger_id: triggerId } },
          body: { from_time: isoOf(form.from), to_time: isoOf(form.to), ...(form.url.trim() ? { url: form.url.trim() } : {}) },
        }),
      );
      setDone(runs.length === 1 ? 'One event is being delivered again as a new run.' : `${runs.length} events are being delivered again as new runs.`);
    }, onReplayed);
    setBusy(false);
  };
  return (
    <form class="launch" onSubmit={replay} aria-label="Replay events" noValidate>
      <h3>Replay</h3>
      <p class="muted">Delivers again, as new runs, the trigger's events of a time range (at most 1000), to its URL or another.</p>
      <div class="filters">
        <Field label="Events from" issue={fieldIssue(problem, 'from_time')}>
          <input type="datetime-local" value={form.from} onInput={set('from')} />
        </Field>
        <Field label="Events to" issue={fieldIssue(problem, 'to_time')}>
          <input type="datetime-local" value={form.to} onInput={set('to')} />
        </Field>
        <Field label="Send to (optional)" issue={fieldIssue(problem, 'url')}>
          <input type="url" value={form.url} onInput={set('url')} placeholder="the trigger's URL" />
        </Field>
        <button type="submit" disabled={busy}>
          Replay
        </button>
      </div>
      {!enabled && <p class="muted">The trigger is disabled: enable it to replay.</p>}
      {done && <p role="status">{done}</p>}
      <ProblemBox problem={problem} />
    </form>
  );
}
