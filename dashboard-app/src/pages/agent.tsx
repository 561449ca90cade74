import { useEffect, useState } from 'preact/hooks';
import { api, take, type Organization, type Problem } from '../api';
import { useAction, useLoad } from '../load';
import { BASE } from '../router';
import { label, when } from '../format';
import { Field, Link, Loading, ProblemBox, fieldIssue, Head } from '../ui';
import { AgentBranches } from './agent-branches';
import { AgentTests } from './agent-tests';

/**
 * One agent: its prompt on main, edited in place (a patch checked against the
 * hash that was read, so a concurrent edit is refused with what changed, and
 * nothing typed is lost), its revisions with each one's diff and a restore,
 * publishing main's head, and its releases with their moves.
 */
export function AgentPage({ agentId, org }: { agentId: string; org: Organization }) {
  const can = (p: string) => org.permissions.includes(p);
  const agent = useLoad(() => take(api.GET('/v1/agent/retrieve/{agent_id}', { params: { path: { agent_id: agentId } } })), agentId);
  const [round, setRound] = useState(0);
  const a = agent.data?.agent;
  const changed = () => {
    agent.reload();
    setRound((r) => r + 1);
  };
  return (
    <section aria-labelledby="agent-title">
      <p>
        <Link href={`${BASE}/agents`}>← Agents</Link>
      </p>
      <ProblemBox problem={agent.error} />
      {agent.loading && !a ? <Loading what="the agent" /> : null}
      {a && (
        <>
          <h1 id="agent-title">{a.name}</h1>
          <dl class="facts">
            <dt>Live version</dt>
            <dd id="live-version">{a.live_version_id ?? 'not published'}</dd>
            <dt>Head of {a.branch.name}</dt>
            <dd id="head-version">{a.version_id}</dd>
            <dt>Prompt hash</dt>
            <dd>
              <code>{a.prompt_hash.slice(0, 12)}</code>
            </dd>
            <dt>Updated</dt>
            <dd>{when(a.updated_at)}</dd>
          </dl>
          {can('agents:publish') && a.live_version_id !== a.version_id && !a.archived_at && <Publish agentId={agentId} onDone={changed} />}
          <PromptEditor
            key={a.prompt_hash}
            prompt={a.config.prompt}
            hash={a.prompt_hash}
            agentId={agentId}
            editable={can('agents:write') && !a.archived_at}
            onSaved={changed}
          />
          <Revisions key={round} agentId={agentId} canRestore={can('agents:write') && !a.archived_at} onRestored={changed} />
          <Releases key={`r${round}`} agentId={agentId} canMove={can('agents:publish')} />
          <AgentBranches key={`b${round}`} agentId={agentId} org={org} onChanged={changed} />
          <AgentTests agentId={agentId} org={org} />
        </>
      )}
    </section>
  );
}

function PromptEditor(props: { prompt: string; hash: string; agentId: string; editable: boolean; onSaved: () => void }) {
  const [text, setText] = useState(props.prompt);
  const [summary, setSummary] = useState('');
  const [problem, setProblem] = useState<Problem & { diff?: string; current_hash?: string }>();
  const [busy, setBusy] = useState(false);
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      // One edit: the prompt as it was read, replaced by the text; the hash read makes a concurrent edit a refusal.
      await take(
        api.POST('/v1/agent/{agent_id}/prompt/patch', {
          params: { path: { agent_id: props.agentId } },
          body: { expectedHash: props.hash, edits: [{ anchor: props.prompt, op: 'replace', text }], ...(summary.trim() ? { summary: summary.trim() } : {}) },
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
    <section aria-labelledby="prompt">
      <h2 id="prompt">Prompt</h2>
      <form onSubmit={save} class="prompt-form">
        <Field label="Prompt of main" issue={fieldIssue(problem, 'edits') ?? fieldIssue(problem, 'text')}>
          <textarea rows={12} value={text} readOnly={!props.editable} onInput={(e) => setText(e.currentTarget.value)} />
        </Field>
        {props.editable && (
          <>
            <Field label="What the change does (optional)" issue={fieldIssue(problem, 'summary')}>
              <input value={summary} onInput={(e) => setSummary(e.currentTarget.value)} maxLength={500} />
            </Field>
            <button type="submit" disabled={busy || text === props.prompt}>
              Save as a new revision
            </button>
          </>
        )}
      </form>
      <ProblemBox problem={problem} />
      {problem?.diff && (
        <>
          <p>What changed since you read it:</p>
          <Diff text={problem.diff} />
        </>
      )}
    </section>
  );
}

/** A unified diff, each line coloured by what it does. */
export function Diff({ text }: { text: string }) {
  if (!text) return <p class="muted">No change from its parent (the first revision).</p>;
  return (
    <pre class="diff" aria-label="Diff">
      {text.split('\n').map((line, i) => (
        <span
          key={i}
          class={
            line.startsWith('+++') || line.startsWith('---')
              ? 'file'
              : line.startsWith('+')
                ? 'add'
                : line.startsWith('-')
                  ? 'del'
                  : line.startsWith('@@')
                    ? 'hunk'
                    : ''
          }
        >
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function Revisions({ agentId, canRestore, onRestored }: { agentId: string; canRestore: boolean; onRestored: () => void }) {
  const revisions = useLoad(
    () => take(api.GET('/v1/agent/{agent_id}/prompt/revision/list', { params: { path: { agent_id: agentId }, query: { page_size: 50 } } })),
    agentId,
  );
  const [open, setOpen] = useState<string>();
  const { problem, run } = useAction();
  const restore = (revisionId: string) =>
    run(
      () => take(api.POST('/v1/agent/{agent_id}/prompt/revision/{revision_id}/restore', { params: { path: { agent_id: agentId, revision_id: revisionId } } })),
      onRestored,
    );
  return (
    <section aria-labelledby="revisions">
      <h2 id="revisions">Revisions</h2>
      <ProblemBox problem={revisions.error ?? problem} />
      <table class="revisions">
        <Head columns={['When', 'Who', 'What', 'Actions']} />
        <tbody>
          {(revisions.data?.revisions ?? []).map((r, i) => (
            <>
              <tr key={r.revision_id} data-revision={r.revision_id}>
                <td>{when(r.created_at)}</td>
                <td>{r.author.name ?? label(r.author.type)}</td>
                <td>{r.summary}</td>
                <td class="actions">
                  <button
                    type="button"
                    class="secondary"
                    aria-expanded={open === r.revision_id}
                    onClick={() => setOpen(open === r.revision_id ? undefined : r.revision_id)}
                  >
                    {open === r.revision_id ? 'Hide diff' : 'Show diff'}
                  </button>
                  {canRestore && i > 0 && (
                    <button type="button" class="secondary" onClick={() => restore(r.revision_id)}>
                      Restore
                    </button>
                  )}
                </td>
              </tr>
              {open === r.revision_id && (
                <tr key={`${r.revision_id}-diff`}>
                  <td colSpan={4}>
                    <RevisionDiff agentId={agentId} revisionId={r.revision_id} />
                  </td>
                </tr>
              )}
            </>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RevisionDiff({ agentId, revisionId }: { agentId: string; revisionId: string }) {
  const detail = useLoad(
    () => take(api.GET('/v1/agent/{agent_id}/prompt/revision/{revision_id}/retrieve', { params: { path: { agent_id: agentId, revision_id: revisionId } } })),
    revisionId,
  );
  if (detail.error) return <ProblemBox problem={detail.error} />;
  if (!detail.data) return <Loading what="the diff" />;
  return <Diff text={detail.data.diff} />;
}

function Publish({ agentId, onDone }: { agentId: string; onDone: () => void }) {
  const { problem, run } = useAction();
  return (
    <p>
      <button type="button" onClick={() => run(() => take(api.POST('/v1/agent/{agent_id}/publish', { params: { path: { agent_id: agentId } } })), onDone)}>
        Publish the head of main
      </button>
      <ProblemBox problem={problem} />
    </p>
  );
}

const MOVES = ['approve', 'pause', 'resume', 'abort', 'rollback'] as const;

/** The moves a release can make as it stands (the server refuses the others anyway, saying why). */
function possible(r: { status: string; paused: boolean; steps: { name: string; status: string }[] }, move: (typeof MOVES)[number]): boolean {
  if (move === 'approve') return r.status === 'awaiting_approval';
  if (move === 'pause') return !r.paused;
  if (move === 'resume') return r.paused;
  if (move === 'rollback') return r.steps.some((s) => s.name === 'publish' && s.status === 'succeeded');
  return true;
}

function Releases({ agentId, canMove }: { agentId: string; canMove: boolean }) {
  const releases = useLoad(
    () => take(api.GET('/v1/agent/{agent_id}/release/list', { params: { path: { agent_id: agentId }, query: { page_size: 20 } } })),
    agentId,
  );
  const { problem, run } = useAction();
  const move = (releaseId: string, m: (typeof MOVES)[number]) =>
    run(
      () => take(api.POST(`/v1/agent/{agent_id}/release/{release_id}/${m}`, { params: { path: { agent_id: agentId, release_id: releaseId } } })),
      releases.reload,
    );
  const list = releases.data?.releases ?? [];
  // Follow a release live while one runs: its steps and status come from the workflow's progress.
  const running = list.some((r) => !r.finished_at);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(releases.reload, 1500);
    return () => clearInterval(timer);
  }, [running, releases.reload]);
  return (
    <section aria-labelledby="releases">
      <h2 id="releases">Releases</h2>
      {canMove && <StartRelease agentId={agentId} onStarted={releases.reload} />}
      <ProblemBox problem={releases.error ?? problem} />
      {list.length === 0 ? (
        <p class="muted">No release yet.</p>
      ) : (
        <table>
          <Head columns={['Started', 'Status', 'Steps', 'Actions']} />
          <tbody>
            {list.map((r) => (
              <tr key={r.release_id} data-release={r.release_id}>
                <td>{when(r.created_at)}</td>
                <td>
                  <span class="badge">{label(r.status)}</span>
                  {r.paused && ' (paused)'}
                  {r.reason && <div class="muted">{r.reason}</div>}
                </td>
                <td>
                  <ol class="steps">
                    {r.steps.map((s) => (
                      <li key={s.name}>
                        {label(s.name)}: {label(s.status)}
                      </li>
                    ))}
                  </ol>
                </td>
                <td class="actions">
                  {canMove &&
                    !r.finished_at &&
                    MOVES.filter((m) => possible(r, m)).map((m) => (
                      <button key={m} type="button" class="secondary" onClick={() => move(r.release_id, m)}>
                        {m[0].toUpperCase() + m.slice(1)}
                      </button>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Start a release of a branch: tests, a merge preview, an optional approval, the merge and the publish. */
function StartRelease({ agentId, onStarted }: { agentId: string; onStarted: () => void }) {
  const branches = useLoad(
    () => take(api.GET('/v1/agent/{agent_id}/branch/list', { params: { path: { agent_id: agentId }, query: { page_size: 100 } } })),
    agentId,
  );
  const [branchId, setBranchId] = useState('');
  const [approval, setApproval] = useState(true);
  const [problem, setProblem] = useState<Problem>();
  const open = (branches.data?.branches ?? []).filter((b) => b.name !== 'main');
  const start = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      await take(
        api.POST('/v1/agent/{agent_id}/release/start', {
          params: { path: { agent_id: agentId } },
          body: { branch_id: branchId || open[0]?.branch_id || '', require_approval: approval },
        }),
      );
      onStarted();
    } catch (error) {
      setProblem(error as Problem);
    }
  };
  if (!open.length) return null;
  return (
    <form class="filters" onSubmit={start} aria-label="Start a release">
      <Field label="Branch" issue={fieldIssue(problem, 'branch_id')}>
        <select value={branchId || open[0].branch_id} onChange={(e) => setBranchId(e.currentTarget.value)}>
          {open.map((b) => (
            <option key={b.branch_id} value={b.branch_id}>
              {b.name}
            </option>
          ))}
        </select>
      </Field>
      <label class="check">
        <input type="checkbox" checked={approval} onChange={(e) => setApproval(e.currentTarget.checked)} /> Wait for an approval before merging
      </label>
      <button type="submit">Start a release</button>
      <ProblemBox problem={problem} />
    </form>
  );
}
