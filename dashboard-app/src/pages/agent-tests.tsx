import { useEffect, useState } from 'preact/hooks';
import { api, take, type Organization, type Problem } from '../api';
import type { components } from '../api/v1';
import { END_REASONS } from '../api/enums';
import { useAction, useLoad } from '../load';
import { BASE } from '../router';
import { duration, label, money, percent, when } from '../format';
import { Choice, Field, Link, Loading, ProblemBox, fieldIssue, Head } from '../ui';
import './agent-more.css';

type Branch = components['schemas']['AgentBranch'];
type Test = components['schemas']['Test'];
type TestCheck = components['schemas']['TestCheck'];
type TestRun = components['schemas']['TestRun'];
type Evaluation = components['schemas']['Evaluation'];
type Session = components['schemas']['CallSession'];

/**
 * An agent's tests (issue 16): each a customer's turns and checks of the
 * agent's replies; made, deleted and run here (one, or all of them, on main's
 * head or a branch's), each run followed by re-reading it until it ends, then
 * every check's outcome with its reason and the evaluation's totals. Below, a
 * text chat: the customer's lines go to simulate_call and the agent's replies
 * (and tool calls) come back as a transcript. All of it needs tests:run.
 */
export function AgentTests({ agentId, org }: { agentId: string; org: Organization }) {
  const can = (p: string) => org.permissions.includes(p);
  if (!can('tests:run')) {
    return (
      <section aria-labelledby="tests" class="agent-more">
        <h2 id="tests">Tests</h2>
        <p class="muted">Tests and the chat with the agent need the permission tests:run, which your role does not grant.</p>
      </section>
    );
  }
  return <TestsAndChat agentId={agentId} canUngate={can('agents:publish')} />;
}

interface Started {
  evaluation_id: string;
  test_run_ids: string[];
  what: string;
  on: string;
  at: string;
}

function TestsAndChat({ agentId, canUngate }: { agentId: string; canUngate: boolean }) {
  const tests = useLoad(() => take(api.GET('/v1/agent/{agent_id}/test/list', { params: { path: { agent_id: agentId }, query: { page_size: 100 } } })), agentId);
  const branches = useLoad(
    () => take(api.GET('/v1/agent/{agent_id}/branch/list', { params: { path: { agent_id: agentId }, query: { page_size: 100 } } })),
    agentId,
  );
  const open = (branches.data?.branches ?? []).filter((b) => b.state === 'open');
  const main = open.find((b) => b.is_main);
  const [on, setOn] = useState('');
  const [runs, setRuns] = useState<Started[]>([]);
  const [confirm, setConfirm] = useState<string>();
  const { problem, run } = useAction();
  const list = tests.data?.tests ?? [];
  const onName = open.find((b) => b.branch_id === on)?.name ?? 'main';
  const start = (test?: Test) =>
    run(async () => {
      const started = await take(
        api.POST('/v1/test/run', {
          body: { ...(test ? { test_id: test.test_id } : { agent_id: agentId }), ...(on ? { branch_id: on } : {}) },
        }),
      );
      const entry = {
        evaluation_id: started.evaluation_id,
        test_run_ids: started.test_run_ids,
        what: test ? test.name : 'every test',
        on: onName,
        at: new Date().toISOString(),
      };
      setRuns((r) => [entry, ...r].slice(0, 5));
    });
  const remove = (test: Test) =>
    run(
      () => take(api.DELETE('/v1/agent/{agent_id}/test/delete/{test_id}', { params: { path: { agent_id: agentId, test_id: test.test_id } } })),
      () => {
        setConfirm(undefined);
        tests.reload();
      },
    );
  return (
    <>
      <section aria-labelledby="tests" class="agent-more">
        <h2 id="tests">Tests</h2>
        <ProblemBox problem={tests.error ?? branches.error} />
        {tests.loading && !tests.data ? <Loading what="the tests" /> : null}
        {tests.data && list.length === 0 && <p class="muted">No test yet: make one below.</p>}
        {list.length > 0 && (
          <>
            <div class="filters run-bar">
              <Field label="Run on">
                <select value={on} onChange={(e) => setOn(e.currentTarget.value)}>
                  <option value="">the head of main</option>
                  {open
                    .filter((b) => !b.is_main)
                    .map((b) => (
                      <option key={b.branch_id} value={b.branch_id}>
                        the head of {b.name}
                      </option>
                    ))}
                </select>
              </Field>
              <button type="button" onClick={() => void start()}>
                Run all tests
              </button>
            </div>
            <div class="table-scroll">
              <table class="tests">
                <Head columns={['Test', 'Customer says', 'Checks', 'Required', 'Actions']} />
                <tbody>
                  {list.map((t) => (
                    <tr key={t.test_id} data-test={t.name}>
                      <td>
                        <strong>{t.name}</strong>
                        <div class="muted">{when(t.created_at)}</div>
                      </td>
                      <td>
                        <ol class="steps">
                          {t.customer_turns.map((turn, i) => (
                            <li key={i}>{turn}</li>
                          ))}
                        </ol>
                      </td>
                      <td>
                        <ul class="steps">
                          {t.checks.map((c, i) => (
                            <li key={i}>{describeCheck(c)}</li>
                          ))}
                        </ul>
                      </td>
                      <td>{t.required ? <span class="badge">required</span> : 'no'}</td>
                      <td class="actions">
                        <button type="button" class="secondary" aria-label={`Run test ${t.name}`} onClick={() => void start(t)}>
                          Run
                        </button>
                        {(!t.required || canUngate) &&
                          (confirm === t.test_id ? (
                            <>
                              <button type="button" class="danger" onClick={() => void remove(t)}>
                                Yes, delete it and its runs
                              </button>
                              <button type="button" class="secondary" onClick={() => setConfirm(undefined)}>
                                Keep
                              </button>
                            </>
                          ) : (
                            <button type="button" class="secondary" aria-label={`Delete test ${t.name}`} onClick={() => setConfirm(t.test_id)}>
                              Delete
                            </button>
                          ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <ProblemBox problem={problem} />
        {runs.map((r) => (
          <RunResults key={r.evaluation_id} started={r} />
        ))}
        <CreateTest agentId={agentId} onCreated={tests.reload} />
      </section>
      <Chat agentId={agentId} main={main} branches={open.filter((b) => !b.is_main)} />
    </>
  );
}

function describeCheck(c: TestCheck): string {
  const turn = 'turn' in c && c.turn !== undefined ? ` after turn ${c.turn}` : '';
  switch (c.type) {
    case 'reply_contains':
      return `the agent says “${c.text}”${turn}`;
    case 'reply_matches':
      return `a reply matches /${c.pattern}/${c.flags ?? ''}${turn}`;
    case 'tool_called':
      return `it calls ${c.name}${c.arguments && Object.keys(c.arguments).length ? ` with ${JSON.stringify(c.arguments)}` : ''}`;
    case 'variable_equals':
      return `${c.key} is “${c.value}”`;
    case 'ended_with':
      return `the call ends with ${label(c.end_reason)}`;
    case 'transferred':
      return c.to ? `it transfers to ${c.to}` : 'it transfers the call';
    case 'judged':
      return `judged: ${c.rubric}`;
  }
}

const CHECK_TYPES = ['reply_contains', 'reply_matches', 'tool_called', 'variable_equals', 'ended_with', 'transferred', 'judged'] as const;
type CheckType = (typeof CHECK_TYPES)[number];

interface DraftCheck {
  type: CheckType;
  text: string;
  pattern: string;
  flags: string;
  name: string;
  arguments: string;
  key: string;
  value: string;
  end_reason: string;
  to: string;
  rubric: string;
  turn: string;
}

const blankCheck = (): DraftCheck => ({
  type: 'reply_contains',
  text: '',
  pattern: '',
  flags: '',
  name: '',
  arguments: '',
  key: '',
  value: '',
  end_reason: 'agent_hangup',
  to: '',
  rubric: '',
  turn: '',
});

/** The check as the route takes it; what was typed goes as it is, for the server to judge (a turn that is no number stays a string). */
function toCheck(d: DraftCheck): TestCheck {
  const turn = d.turn.trim() === '' ? {} : { turn: (/^\d+$/.test(d.turn.trim()) ? Number(d.turn) : d.turn) as number };
  switch (d.type) {
    case 'reply_contains':
      return { type: d.type, text: d.text, ...turn };
    case 'reply_matches':
      return { type: d.type, pattern: d.pattern, ...(d.flags.trim() ? { flags: d.flags.trim() } : {}), ...turn };
    case 'tool_called':
      return { type: d.type, name: d.name, ...(d.arguments.trim() ? { arguments: JSON.parse(d.arguments) as Record<string, unknown> } : {}) };
    case 'variable_equals':
      return { type: d.type, key: d.key, value: d.value };
    case 'ended_with':
      return { type: d.type, end_reason: d.end_reason as (typeof END_REASONS)[number] };
    case 'transferred':
      return { type: d.type, ...(d.to.trim() ? { to: d.to.trim() } : {}) };
    case 'judged':
      return { type: d.type, rubric: d.rubric };
  }
}

function CreateTest({ agentId, onCreated }: { agentId: string; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [turns, setTurns] = useState('');
  const [checks, setChecks] = useState<DraftCheck[]>([blankCheck()]);
  const [required, setRequired] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const put = (i: number, change: Partial<DraftCheck>) => setChecks(checks.map((c, k) => (k === i ? { ...c, ...change } : c)));
  const create = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    const bad = checks.findIndex((c) => c.type === 'tool_called' && c.arguments.trim() && !parses(c.arguments));
    if (bad >= 0) {
      return setProblem({
        status: 400,
        title: 'The arguments are not JSON',
        errors: [{ field: `checks.${bad}.arguments`, message: 'must be a JSON object, e.g. {"date": "tuesday"}' }],
      });
    }
    setBusy(true);
    try {
      await take(
        api.POST('/v1/agent/{agent_id}/test/create', {
          params: { path: { agent_id: agentId } },
          body: {
            name,
            customer_turns: turns.split('\n').filter((t) => t.trim() !== ''),
            checks: checks.map(toCheck),
            required,
          },
        }),
      );
      setName('');
      setTurns('');
      setChecks([blankCheck()]);
      setRequired(false);
      onCreated();
    } catch (error) {
      setProblem(error as Problem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="new-test" open>
      <summary>New test</summary>
      <form onSubmit={create} aria-label="Create a test" noValidate class="test-form">
        <Field label="Test name" issue={fieldIssue(problem, 'name')}>
          <input value={name} onInput={(e) => setName(e.currentTarget.value)} maxLength={200} placeholder="e.g. books an appointment" />
        </Field>
        <Field label="What the customer says (one turn per line)" issue={fieldIssue(problem, 'customer_turns')}>
          <textarea rows={4} value={turns} onInput={(e) => setTurns(e.currentTarget.value)} />
        </Field>
        <fieldset class="checks">
          <legend>Checks (all must pass)</legend>
          {checks.map((c, i) => (
            <div class="check-row" key={i} data-check={i}>
              <Choice
                name={`Check ${i + 1}: kind`}
                value={c.type}
                options={CHECK_TYPES}
                onChange={(type) => put(i, { type: type as CheckType })}
                issue={fieldIssue(problem, `checks.${i}.type`)}
              />
              <CheckFields check={c} index={i} problem={problem} put={(change) => put(i, change)} />
              {checks.length > 1 && (
                <button type="button" class="secondary" aria-label={`Remove check ${i + 1}`} onClick={() => setChecks(checks.filter((_, k) => k !== i))}>
                  Remove
                </button>
              )}
            </div>
          ))}
          {fieldIssue(problem, 'checks') && (
            <small class="issue" role="alert">
              {fieldIssue(problem, 'checks')}
            </small>
          )}
          <button type="button" class="secondary" onClick={() => setChecks([...checks, blankCheck()])}>
            Add a check
          </button>
        </fieldset>
        <label class="check">
          <input type="checkbox" checked={required} onChange={(e) => setRequired(e.currentTarget.checked)} /> Required: a branch merges only after passing it
        </label>
        <button type="submit" disabled={busy}>
          Create test
        </button>
        <ProblemBox problem={problem} />
      </form>
    </details>
  );
}

function parses(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function CheckFields({
  check: c,
  index: i,
  problem,
  put,
}: {
  check: DraftCheck;
  index: number;
  problem?: Problem;
  put: (change: Partial<DraftCheck>) => void;
}) {
  const n = `Check ${i + 1}:`;
  const text = (field: keyof DraftCheck, name: string, placeholder = '') => (
    <Field label={`${n} ${name}`} issue={fieldIssue(problem, `checks.${i}.${field}`)}>
      <input value={c[field]} placeholder={placeholder} onInput={(e) => put({ [field]: e.currentTarget.value })} />
    </Field>
  );
  const turn = text('turn', 'after turn (optional)', 'any');
  switch (c.type) {
    case 'reply_contains':
      return (
        <>
          {text('text', 'the agent says')}
          {turn}
        </>
      );
    case 'reply_matches':
      return (
        <>
          {text('pattern', 'a reply matches (regular expression)')}
          {text('flags', 'flags (optional)', 'i')}
          {turn}
        </>
      );
    case 'tool_called':
      return (
        <>
          {text('name', 'tool')}
          {text('arguments', 'with arguments (JSON, optional)', '{"date": "tuesday"}')}
        </>
      );
    case 'variable_equals':
      return (
        <>
          {text('key', 'variable')}
          {text('value', 'equals')}
        </>
      );
    case 'ended_with':
      return (
        <Choice
          name={`${n} the call ends with`}
          value={c.end_reason}
          options={END_REASONS}
          onChange={(end_reason) => put({ end_reason })}
          issue={fieldIssue(problem, `checks.${i}.end_reason`)}
        />
      );
    case 'transferred':
      return text('to', 'transferred to (optional)', 'any destination');
    case 'judged':
      return text('rubric', 'rubric (judged by the model)');
  }
}

const RUNNING = new Set(['queued', 'running']);

/** One run of tests, re-read every second until the evaluation and every test run have ended. */
function RunResults({ started }: { started: Started }) {
  const [evaluation, setEvaluation] = useState<Evaluation>();
  const [runs, setRuns] = useState<TestRun[]>([]);
  const [problem, setProblem] = useState<Problem>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const [e, ...rs] = await Promise.all([
          take(api.GET('/v1/evaluation/retrieve/{evaluation_id}', { params: { path: { evaluation_id: started.evaluation_id } } })),
          ...started.test_run_ids.map((id) => take(api.GET('/v1/test_run/retrieve/{test_run_id}', { params: { path: { test_run_id: id } } }))),
        ]);
        if (!alive) return;
        setProblem(undefined);
        const ev = (e as { evaluation: Evaluation }).evaluation;
        const trs = rs.map((r) => (r as { test_run: TestRun }).test_run);
        setEvaluation(ev);
        setRuns(trs);
        if (RUNNING.has(ev.status) || trs.some((r) => RUNNING.has(r.status))) timer = setTimeout(read, 1000);
      } catch (error) {
        if (alive) setProblem(error as Problem);
      }
    };
    void read();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [started.evaluation_id, round]);
  const status = evaluation?.status ?? 'queued';
  return (
    <section class="run-results" aria-label={`Run of ${started.what}`} data-evaluation={started.evaluation_id} data-status={status}>
      <h3>
        Run of {started.what} on the head of {started.on} <span class={`badge ${status}`}>{label(status)}</span>
      </h3>
      <p class="muted">
        Started {when(started.at)} · evaluation <code>{started.evaluation_id}</code>
      </p>
      {problem && (
        <>
          <ProblemBox problem={problem} />
          <button type="button" class="secondary" onClick={() => setRound((r) => r + 1)}>
            Read the run again
          </button>
        </>
      )}
      {evaluation && (
        <dl class="facts evaluation">
          <dt>Passed</dt>
          <dd>
            {evaluation.passed} of {evaluation.total}
            {evaluation.failed ? `, ${evaluation.failed} failed` : ''}
            {evaluation.errored ? `, ${evaluation.errored} could not run` : ''}
          </dd>
          <dt>Pass rate</dt>
          <dd>{evaluation.pass_rate === null ? '–' : percent(evaluation.pass_rate)}</dd>
          <dt>Conversations</dt>
          <dd>
            {duration(evaluation.duration_seconds)} talking{evaluation.wall_ms !== null ? `, ${duration(evaluation.wall_ms / 1000)} from start to end` : ''}
          </dd>
          <dt>Cost</dt>
          <dd>{money(evaluation.cost_micros)}</dd>
        </dl>
      )}
      {runs.map((r) => (
        <div key={r.test_run_id} class="test-run" data-test-run={r.test_run_id} data-status={r.status}>
          <h4>
            {r.test_name} <span class={`badge ${r.status}`}>{label(r.status)}</span>
            {r.end_reason && <span class="muted"> · ended: {label(r.end_reason)}</span>}
            {r.session_id && (
              <>
                {' · '}
                <Link href={`${BASE}/calls/${r.session_id}`}>the conversation</Link>
              </>
            )}
          </h4>
          {r.error && <p class="problem">{r.error}</p>}
          {RUNNING.has(r.status) ? (
            <Loading what="the checks" />
          ) : (
            <table class="check-results">
              <Head columns={['#', 'Check', 'Outcome', 'Why']} />
              <tbody>
                {r.checks.map((c) => (
                  <tr key={c.index} data-check={c.index} class={`outcome ${c.status}`}>
                    <td>{c.index + 1}</td>
                    <td>
                      <code>{c.type}</code>
                    </td>
                    <td>
                      <span class={`badge ${c.status}`}>{c.status}</span>
                    </td>
                    <td>{c.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {r.transcript.length > 0 && (
            <details>
              <summary>Transcript</summary>
              <ol class="transcript">
                {r.transcript.map((item, i) => (
                  <li key={i} class={`turn chat-turn ${item.speaker}`}>
                    <span class="speaker">{item.speaker}</span>
                    <span class="text">
                      {item.text}
                      {item.tool_call && (
                        <span class="tool-note">
                          {' '}
                          → tool <code>{item.tool_call.name}</code>
                          {item.tool_call.arguments !== undefined && <code> {JSON.stringify(item.tool_call.arguments)}</code>}
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ol>
            </details>
          )}
        </div>
      ))}
    </section>
  );
}

const ROUTED = 'routed';

/**
 * A text chat through simulate_call: every line the person sends replays the customer's lines so far as a new
 * simulated call (the engine runs a whole conversation per request), and the transcript of the latest is shown.
 */
function Chat({ agentId, main, branches }: { agentId: string; main?: Branch; branches: Branch[] }) {
  const [target, setTarget] = useState('');
  const [caller, setCaller] = useState('+14155550123');
  const [line, setLine] = useState('');
  const [lines, setLines] = useState<string[]>([]);
  const [session, setSession] = useState<Session>();
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const restart = () => {
    setLines([]);
    setSession(undefined);
    setProblem(undefined);
  };
  const send = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    const turns = [...lines, line];
    const branchId = target === ROUTED ? undefined : target || main?.branch_id;
    try {
      const answer = await take(
        api.POST('/v1/agent/{agent_id}/simulate_call', {
          params: { path: { agent_id: agentId } },
          body: { ...(branchId ? { branch_id: branchId } : {}), caller: { address: caller }, customer_turns: turns },
        }),
      );
      setLines(turns);
      setSession(answer.session);
      setLine('');
    } catch (error) {
      setProblem(error as Problem);
    } finally {
      setBusy(false);
    }
  };
  const items = session?.legs.flatMap((leg) => leg.transcript.items) ?? [];
  const ended = session && session.end_reason && session.end_reason !== 'customer_hangup';
  return (
    <section aria-labelledby="chat" class="agent-more chat">
      <h2 id="chat">Chat with the agent</h2>
      <p class="muted">
        Type what a customer says: each line replays the conversation so far as a simulated call (recorded as a call of kind simulation), and shows the agent's
        replies.
      </p>
      <div class="filters">
        <Field label="Talk to" issue={fieldIssue(problem, 'branch_id')}>
          <select
            value={target}
            onChange={(e) => {
              setTarget(e.currentTarget.value);
              restart();
            }}
          >
            <option value="">the head of main</option>
            {branches.map((b) => (
              <option key={b.branch_id} value={b.branch_id}>
                the head of {b.name}
              </option>
            ))}
            <option value={ROUTED}>what a real caller reaches (traffic split, else the live version)</option>
          </select>
        </Field>
        <Field label="Caller number" issue={fieldIssue(problem, 'address')}>
          <input
            value={caller}
            onInput={(e) => {
              setCaller(e.currentTarget.value);
              restart();
            }}
          />
        </Field>
        {lines.length > 0 && (
          <button type="button" class="secondary" onClick={restart}>
            Start over
          </button>
        )}
      </div>
      {items.length > 0 && (
        <ol class="transcript chat-transcript" aria-label="Chat transcript">
          {items.map((item, i) => (
            <li key={i} class={`turn chat-turn ${item.speaker}`}>
              <span class="speaker">{item.name ?? item.speaker}</span>
              <span class="text">
                {item.text}
                {item.tool_call && (
                  <span class="tool-note">
                    {' '}
                    → tool <code>{item.tool_call.name}</code> ({item.tool_call.duration_ms} ms)
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {session && (
        <p class="muted" id="chat-status">
          {session.status === 'failed' ? 'The conversation failed' : ended ? `The agent ended the call (${label(session.end_reason)})` : 'The agent is waiting'}
          {' · '}
          {money(session.total_cost_micros)} · <Link href={`${BASE}/calls/${session.session_id}`}>open the call</Link>
        </p>
      )}
      <form class="filters chat-form" onSubmit={send} aria-label="Say something to the agent" noValidate>
        <Field label="Customer says" issue={fieldIssue(problem, 'customer_turns')}>
          <input value={line} onInput={(e) => setLine(e.currentTarget.value)} maxLength={2000} disabled={Boolean(ended)} />
        </Field>
        <button type="submit" disabled={busy || Boolean(ended)}>
          {busy ? 'Sending…' : 'Send'}
        </button>
      </form>
      <ProblemBox problem={problem} />
    </section>
  );
}
