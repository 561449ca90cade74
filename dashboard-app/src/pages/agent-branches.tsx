import { useState } from 'preact/hooks';
import { api, take, type Organization, type Problem } from '../api';
import type { components } from '../api/v1';
import { useLoad } from '../load';
import { navigate, useLocation } from '../router';
import { label, when } from '../format';
import { Field, Loading, ProblemBox, fieldIssue, Head } from '../ui';
import './agent-more.css';

type Branch = components['schemas']['AgentBranch'];
type Agent = components['schemas']['Agent'];
type Preview = components['schemas']['MergePreview'];
type Conflict = components['schemas']['MergeConflict'];

/**
 * An agent's branches (issue 16): each with its head and state; a new one
 * made from main's head; the one opened (kept in the address as ?branch=, so
 * it stays open when the page reloads after a change) shows its prompt, edited
 * in place, and a preview of its merge into main: the changes, and every
 * conflict with main marked as such. Merge is the server's to refuse (a
 * conflict, a required test not passed): its reason is shown as it gave it.
 * Below, the traffic split: which versions take what share of callers.
 */
export function AgentBranches({ agentId, org, onChanged }: { agentId: string; org: Organization; onChanged: () => void }) {
  const can = (p: string) => org.permissions.includes(p);
  const agent = useLoad(() => take(api.GET('/v1/agent/retrieve/{agent_id}', { params: { path: { agent_id: agentId } } })), agentId);
  const branches = useLoad(
    () => take(api.GET('/v1/agent/{agent_id}/branch/list', { params: { path: { agent_id: agentId }, query: { page_size: 100 } } })),
    agentId,
  );
  const { query } = useLocation();
  const openId = query.get('branch') ?? '';
  const open = (id: string) => {
    const q = new URLSearchParams(location.search);
    if (id) q.set('branch', id);
    else q.delete('branch');
    navigate(`${location.pathname}${q.size ? `?${q}` : ''}`, true);
  };
  const a = agent.data?.agent;
  const list = branches.data?.branches ?? [];
  const opened = list.find((b) => b.branch_id === openId && !b.is_main);
  const writable = can('agents:write') && !a?.archived_at;
  return (
    <>
      <section aria-labelledby="branches" class="agent-more">
        <h2 id="branches">Branches</h2>
        {writable && (
          <CreateBranch
            agentId={agentId}
            onCreated={(b) => {
              open(b.branch_id);
              onChanged();
            }}
          />
        )}
        <ProblemBox problem={branches.error ?? agent.error} />
        {branches.loading && !branches.data ? <Loading what="the branches" /> : null}
        <div class="table-scroll">
          <table class="branches">
            <Head columns={['Branch', 'State', 'Head version', 'Created', 'Actions']} />
            <tbody>
              {list.map((b) => (
                <tr key={b.branch_id} data-branch={b.name} class={b.branch_id === openId ? 'selected' : undefined}>
                  <td>
                    <strong>{b.name}</strong>
                    {b.is_main && <span class="muted"> (main)</span>}
                  </td>
                  <td>
                    <span class={`badge ${b.state}`}>{label(b.state)}</span>
                    {b.merged_at && <div class="muted">merged {when(b.merged_at)}</div>}
                  </td>
                  <td>
                    <code>{b.head_version_id}</code>
                  </td>
                  <td>{when(b.created_at)}</td>
                  <td class="actions">
                    {!b.is_main && (
                      <button
                        type="button"
                        class="secondary"
                        aria-expanded={b.branch_id === openId}
                        aria-label={`${b.branch_id === openId ? 'Close' : 'Open'} branch ${b.name}`}
                        onClick={() => open(b.branch_id === openId ? '' : b.branch_id)}
                      >
                        {b.branch_id === openId ? 'Close' : 'Open'}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {opened && a && (
          <BranchPanel key={opened.branch_id} agentId={agentId} branch={opened} canWrite={writable} onSaved={branches.reload} onMerged={onChanged} />
        )}
      </section>
      {a && branches.data && <TrafficSplit agent={a} branches={list} canSet={can('agents:publish') && !a.archived_at} onSet={agent.reload} />}
    </>
  );
}

function CreateBranch({ agentId, onCreated }: { agentId: string; onCreated: (b: Branch) => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const { branch } = await take(api.POST('/v1/agent/{agent_id}/branch/create', { params: { path: { agent_id: agentId } }, body: { branch: { name } } }));
      setName('');
      onCreated(branch);
    } catch (error) {
      setProblem(error as Problem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="filters" onSubmit={create} aria-label="Create a branch" noValidate>
      <Field label="New branch name" issue={fieldIssue(problem, 'name')}>
        <input value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder="e.g. shorter-greeting" maxLength={100} />
      </Field>
      <button type="submit" disabled={busy}>
        Create branch from main
      </button>
      <ProblemBox problem={problem} />
    </form>
  );
}

function BranchPanel(props: { agentId: string; branch: Branch; canWrite: boolean; onSaved: () => void; onMerged: () => void }) {
  const { agentId, branch } = props;
  const [round, setRound] = useState(0);
  const head = useLoad(
    () => take(api.GET('/v1/agent/retrieve/{agent_id}', { params: { path: { agent_id: agentId }, query: { branch_id: branch.branch_id } } })),
    `${branch.branch_id}:${round}`,
  );
  const isOpen = branch.state === 'open';
  const b = head.data?.agent;
  return (
    <section aria-labelledby="branch-title" class="branch-panel">
      <h3 id="branch-title">
        Branch {branch.name} <span class={`badge ${branch.state}`}>{label(branch.state)}</span>
      </h3>
      <ProblemBox problem={head.error} />
      {!b ? (
        <Loading what="the branch" />
      ) : (
        <BranchPrompt
          key={b.etag}
          agentId={agentId}
          branch={branch}
          head={b}
          editable={props.canWrite && isOpen}
          onSaved={() => {
            setRound((r) => r + 1);
            props.onSaved();
          }}
        />
      )}
      {isOpen && b && <MergePreview key={b.etag} agentId={agentId} branch={branch} canMerge={props.canWrite} onMerged={props.onMerged} />}
      {branch.state === 'merged' && (
        <p class="muted">
          Merged into main as <code>{branch.merged_version_id}</code> on {when(branch.merged_at)}; a merged branch takes no more changes.
        </p>
      )}
    </section>
  );
}

function BranchPrompt(props: { agentId: string; branch: Branch; head: Agent; editable: boolean; onSaved: () => void }) {
  const [text, setText] = useState(props.head.config.prompt);
  const [summary, setSummary] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      // The head as it was read (If-Match): an edit made meanwhile is refused (412), and what was typed stays.
      await take(
        api.PUT('/v1/agent/update/{agent_id}', {
          params: { path: { agent_id: props.agentId }, header: { 'If-Match': `"${props.head.etag}"` } },
          body: { branch_id: props.branch.branch_id, prompt: text, ...(summary.trim() ? { summary: summary.trim() } : {}) },
        }),
      );
      props.onSaved();
    } catch (error) {
      setProblem(error as Problem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} class="prompt-form" noValidate>
      <Field label={`Prompt of branch ${props.branch.name}`} issue={fieldIssue(problem, 'prompt')}>
        <textarea rows={10} value={text} readOnly={!props.editable} onInput={(e) => setText(e.currentTarget.value)} />
      </Field>
      {props.editable && (
        <>
          <Field label="What the branch's change does (optional)" issue={fieldIssue(problem, 'summary')}>
            <input value={summary} onInput={(e) => setSummary(e.currentTarget.value)} maxLength={500} />
          </Field>
          <button type="submit" disabled={busy || text === props.head.config.prompt}>
            Save to the branch
          </button>
        </>
      )}
      <ProblemBox problem={problem} />
    </form>
  );
}

function MergePreview(props: { agentId: string; branch: Branch; canMerge: boolean; onMerged: () => void }) {
  const { agentId, branch } = props;
  const [round, setRound] = useState(0);
  // Main's prompt is read with the preview: main may have moved since the page read it.
  const preview = useLoad(async () => {
    const [p, main] = await Promise.all([
      take(api.POST('/v1/agent/{agent_id}/branch/{branch_id}/merge/preview', { params: { path: { agent_id: agentId, branch_id: branch.branch_id } } })),
      take(api.GET('/v1/agent/retrieve/{agent_id}', { params: { path: { agent_id: agentId } } })),
    ]);
    return { preview: p, mainPrompt: main.agent.config.prompt };
  }, `${branch.branch_id}:${round}`);
  const [refusal, setRefusal] = useState<Problem & { conflicts?: Conflict[]; required_test_ids?: string[] }>();
  const [busy, setBusy] = useState(false);
  const merge = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await take(api.POST('/v1/agent/{agent_id}/branch/{branch_id}/merge', { params: { path: { agent_id: agentId, branch_id: branch.branch_id } } }));
      props.onMerged();
    } catch (error) {
      setRefusal(error as Problem);
      setRound((r) => r + 1);
    } finally {
      setBusy(false);
    }
  };
  const p = preview.data;
  return (
    <section aria-labelledby="merge-preview" class="merge-preview">
      <h3 id="merge-preview">Merge into main</h3>
      <p class="actions">
        <button type="button" class="secondary" onClick={() => setRound((r) => r + 1)} disabled={preview.loading}>
          Preview the merge again
        </button>
        {props.canMerge && (
          <button type="button" onClick={merge} disabled={busy}>
            Merge {branch.name} into main
          </button>
        )}
      </p>
      {refusal && (
        <div class="merge-refusal">
          <ProblemBox problem={refusal} />
        </div>
      )}
      <ProblemBox problem={preview.error} />
      {preview.loading && !p ? <Loading what="the merge preview" /> : null}
      {p && <PreviewBody preview={p.preview} mainPrompt={p.mainPrompt} branchName={branch.name} />}
    </section>
  );
}

function PreviewBody({ preview: p, mainPrompt, branchName }: { preview: Preview; mainPrompt: string; branchName: string }) {
  return (
    <div id="merge-preview-body" data-clean={String(p.clean)}>
      <p class={p.clean ? 'merge-status clean' : 'merge-status conflicted'} role="status">
        {p.clean
          ? p.changed_fields.length
            ? `Merges cleanly: ${p.changed_fields.length === 1 ? 'one field changes' : `${p.changed_fields.length} fields change`} on main.`
            : 'The branch has no changes to merge.'
          : `${p.conflicts.length === 1 ? 'One conflict' : `${p.conflicts.length} conflicts`} with main: the merge will be refused until the branch agrees with main there.`}{' '}
        {p.main_unchanged ? (
          <span class="muted">Main has not moved since the branch left it.</span>
        ) : (
          <span class="muted">Main has moved since the branch left it.</span>
        )}
      </p>
      {p.conflicts.length > 0 && (
        <section aria-labelledby="conflicts" class="conflicts">
          <h4 id="conflicts">Conflicts</h4>
          <ol>
            {p.conflicts.map((c, i) => (
              <li key={i} class="conflict" data-field={c.field}>
                <strong>CONFLICT</strong> in <code>{c.field}</code>
                {c.line !== null && ` at line ${c.line}`}
                <dl>
                  <dt>Base</dt>
                  <dd>
                    <pre>{show(c.base)}</pre>
                  </dd>
                  <dt>Main</dt>
                  <dd>
                    <pre>{show(c.ours)}</pre>
                  </dd>
                  <dt>Branch {branchName}</dt>
                  <dd>
                    <pre>{show(c.theirs)}</pre>
                  </dd>
                </dl>
              </li>
            ))}
          </ol>
        </section>
      )}
      {p.changed_fields.length > 0 && (
        <>
          <p>Changes to main: {p.changed_fields.map((f, i) => [i > 0 && ', ', <code key={f}>{f}</code>])}</p>
          {p.changed_fields.includes('prompt') && p.clean && (
            <>
              <p class="muted">The prompt of main after the merge:</p>
              <LineDiff before={mainPrompt} after={p.merged_config.prompt} />
            </>
          )}
          {p.changed_fields
            .filter((f) => f !== 'prompt')
            .map((f) => (
              <div key={f} class="field-change">
                <code>{f}</code> becomes <code>{show((p.merged_config as Record<string, unknown>)[f])}</code>
              </div>
            ))}
        </>
      )}
    </div>
  );
}

const show = (value: unknown): string => (value === undefined ? '(not set)' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** Lines of `before` and `after` as a diff: common lines plain, removed ones -, added ones + (a longest common subsequence). */
export function lineDiff(before: string, after: string): { op: ' ' | '-' | '+'; text: string }[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: { op: ' ' | '-' | '+'; text: string }[] = a.slice(0, start).map((text) => ({ op: ' ' as const, text }));
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  if (x.length * y.length > 4_000_000) {
    out.push(...x.map((text) => ({ op: '-' as const, text })), ...y.map((text) => ({ op: '+' as const, text })));
  } else {
    // lcs[i][j]: the longest common run of x[i..] and y[j..].
    const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        out.push({ op: ' ', text: x[i] });
        i++;
        j++;
      } else if (j < y.length && (i === x.length || lcs[i][j + 1] >= lcs[i + 1][j])) out.push({ op: '+', text: y[j++] });
      else out.push({ op: '-', text: x[i++] });
    }
  }
  out.push(...a.slice(endA).map((text) => ({ op: ' ' as const, text })));
  return out;
}

function LineDiff({ before, after }: { before: string; after: string }) {
  const lines = lineDiff(before, after);
  return (
    <pre class="diff" aria-label="Changes to main's prompt">
      {lines.map((l, i) => (
        <span key={i} class={l.op === '+' ? 'add' : l.op === '-' ? 'del' : ''}>
          {l.op}
          {l.text}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

type Share = { target: string; percent: string };

/** The traffic split: which versions take what share of callers; set with shares naming a branch (its head now) or a version. */
function TrafficSplit({ agent, branches, canSet, onSet }: { agent: Agent; branches: Branch[]; canSet: boolean; onSet: () => void }) {
  const openBranches = branches.filter((b) => b.state === 'open');
  const branchOfVersion = (versionId: string) => branches.find((b) => b.head_version_id === versionId);
  const nameOf = (entry: { version_id: string; branch_id: string | null }) => {
    const b = branches.find((x) => x.branch_id === entry.branch_id) ?? branchOfVersion(entry.version_id);
    return [entry.version_id === agent.live_version_id ? 'live' : '', b ? `head of ${b.name}${b.head_version_id === entry.version_id ? '' : ' then'}` : '']
      .filter(Boolean)
      .join(', ');
  };
  const options: { value: string; label: string }[] = [
    ...openBranches.map((b) => ({ value: `branch:${b.branch_id}`, label: `Head of ${b.name} (${b.head_version_id})` })),
    ...(agent.live_version_id ? [{ value: `version:${agent.live_version_id}`, label: `Live version (${agent.live_version_id})` }] : []),
    ...agent.traffic_split
      .filter((e) => e.version_id !== agent.live_version_id)
      .map((e) => ({ value: `version:${e.version_id}`, label: `Version ${e.version_id}${nameOf(e) ? ` (${nameOf(e)})` : ''}` })),
  ].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);
  const initial: Share[] = agent.traffic_split.length
    ? agent.traffic_split.map((e) => ({ target: `version:${e.version_id}`, percent: String(e.percent) }))
    : [{ target: options[0]?.value ?? '', percent: '100' }];
  const [shares, setShares] = useState<Share[]>(initial);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem & { required_test_ids?: string[] }>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string>();
  const put = (i: number, change: Partial<Share>) => setShares(shares.map((s, k) => (k === i ? { ...s, ...change } : s)));
  const submit = async (split: Share[]) => {
    setBusy(true);
    setProblem(undefined);
    setSaved(undefined);
    try {
      const body = {
        split: split.map((s) => {
          const [kind, id] = [s.target.slice(0, s.target.indexOf(':')), s.target.slice(s.target.indexOf(':') + 1)];
          // What was typed goes as it is: the server says what is wrong with it, beside the field.
          const percent = (s.percent.trim() === '' ? null : Number(s.percent)) as number;
          return kind === 'branch' ? { branchId: id, percent } : { versionId: id, percent };
        }),
        ...(reason.trim() ? { override: { reason: reason.trim() } } : {}),
      };
      const result = await take(api.POST('/v1/agent/{agent_id}/traffic_split', { params: { path: { agent_id: agent.agent_id } }, body }));
      setSaved(result.changed ? 'The split was saved.' : 'That split was in force already.');
      onSet();
    } catch (error) {
      setProblem(error as Problem);
    } finally {
      setBusy(false);
    }
  };
  const sumIssue = fieldIssue(problem, 'split');
  const total = shares.reduce((t, s) => t + (Number(s.percent) || 0), 0);
  return (
    <section aria-labelledby="traffic" class="agent-more">
      <h2 id="traffic">Traffic split</h2>
      {agent.traffic_split.length === 0 ? (
        <p class="muted" id="traffic-current">
          No split: every caller reaches the live version ({agent.live_version_id ?? 'none: the agent is not published'}).
        </p>
      ) : (
        <table class="traffic" id="traffic-current">
          <Head columns={['Version', 'What it is', 'Share#']} />
          <tbody>
            {agent.traffic_split.map((e) => (
              <tr key={e.version_id} data-version={e.version_id}>
                <td>
                  <code>{e.version_id}</code>
                </td>
                <td>{nameOf(e) || '–'}</td>
                <td class="num">{e.percent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canSet && (
        <form
          class="split-form"
          aria-label="Set the traffic split"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit(shares);
          }}
        >
          {shares.map((s, i) => (
            <div class="split-row" key={i}>
              <Field label={`Share ${i + 1}: version`} issue={fieldIssue(problem, `split.${i}.branchId`) ?? fieldIssue(problem, `split.${i}.versionId`)}>
                <select value={s.target} onChange={(e) => put(i, { target: e.currentTarget.value })}>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={`Share ${i + 1}: percent`} issue={fieldIssue(problem, `split.${i}.percent`) ?? fieldIssue(problem, `split.${i}`)}>
                <input type="number" min={0} max={100} step={1} value={s.percent} onInput={(e) => put(i, { percent: e.currentTarget.value })} />
              </Field>
              {shares.length > 1 && (
                <button type="button" class="secondary" onClick={() => setShares(shares.filter((_, k) => k !== i))} aria-label={`Remove share ${i + 1}`}>
                  Remove
                </button>
              )}
            </div>
          ))}
          <div class={sumIssue ? 'split-total invalid' : 'split-total'} id="split-total">
            Total: {total}% (the shares must add up to 100)
            {sumIssue && (
              <small class="issue" role="alert">
                {sumIssue}
              </small>
            )}
          </div>
          <Field label="Reason to route callers to a branch that has not passed the required tests (optional)" issue={fieldIssue(problem, 'reason')}>
            <input value={reason} onInput={(e) => setReason(e.currentTarget.value)} maxLength={500} />
          </Field>
          <p class="actions">
            {shares.length < 10 && options.length > 0 && (
              <button type="button" class="secondary" onClick={() => setShares([...shares, { target: options[0].value, percent: '0' }])}>
                Add a share
              </button>
            )}
            <button type="submit" disabled={busy || options.length === 0}>
              Save the split
            </button>
            {agent.traffic_split.length > 0 && (
              <button type="button" class="danger" disabled={busy} onClick={() => void submit([])}>
                Remove the split
              </button>
            )}
          </p>
          {saved && (
            <p class="muted" role="status">
              {saved}
            </p>
          )}
          <ProblemBox problem={problem} />
        </form>
      )}
    </section>
  );
}
