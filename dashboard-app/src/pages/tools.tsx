import { useEffect, useRef, useState } from 'preact/hooks';
import { api, take, type Organization, type Problem } from '../api';
import type { components } from '../api/v1';
import { useAction, useLoad } from '../load';
import { label, when } from '../format';
import { Choice, Confirm, Field, Head, Loading, ProblemBox, fieldIssue } from '../ui';
import './tools.css';

type Schemas = components['schemas'];
type Policy = 'allow' | 'ask' | 'block';
const POLICIES: readonly Policy[] = ['allow', 'ask', 'block'];
const POLICY_WORDS: Record<Policy, string> = { allow: 'Allow', ask: 'Ask', block: 'Block' };

/**
 * Tools and knowledge: the external MCP servers (added, their tools synced by
 * the mcpToolSync workflow and followed by re-reading the server, each tool's
 * policy Allow / Ask / Block), the HTTP tools imported from OpenAPI
 * documents, the knowledge resources with a search over them, and the
 * integrations (the catalogue and the organization's connections). Every
 * control that writes exists only for a person with the permission its route
 * needs; reads the role does not grant are said, not attempted.
 */
export function ToolsPage({ org }: { org: Organization }) {
  const can = (p: string) => org.permissions.includes(p);
  const [projectId, setProjectId] = useState(org.projects[0]?.project_id ?? '');
  // Agents are offered only to give them a server's tools, which needs tools:manage.
  const agents = useLoad(
    () => (can('tools:manage') && can('agents:read') ? take(api.GET('/v1/agent/list', { params: { query: { page_size: 100 } } })) : Promise.resolve(undefined)),
    'agents',
  );
  return (
    <section aria-labelledby="tools-title" class="tools-page">
      <h1 id="tools-title">Tools and knowledge</h1>
      <nav class="subnav" aria-label="Sections">
        <a href="#mcp-servers">MCP servers</a>
        <a href="#http-tools">HTTP tools</a>
        <a href="#knowledge">Knowledge</a>
        <a href="#integrations">Integrations</a>
      </nav>
      {org.projects.length > 1 && (
        <div class="filters project-choice">
          <Field label="Project (HTTP tools and knowledge)">
            <select value={projectId} onChange={(e) => setProjectId(e.currentTarget.value)}>
              {org.projects.map((p) => (
                <option key={p.project_id} value={p.project_id}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      <McpServers can={can} agents={(agents.data?.agents ?? []).map((a) => ({ id: a.agent_id, name: a.name }))} />
      <HttpTools can={can} projectId={projectId} />
      <Knowledge can={can} projectId={projectId} />
      <Integrations can={can} />
    </section>
  );
}

type Can = (permission: string) => boolean;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const problemOf = (title: string, field: string, message: string): Problem => ({ status: 400, title, errors: [{ field, message }] });

/** "Name: value" lines as a header map; a line without a colon is refused here, beside the field. */
function parseHeaders(text: string): Record<string, string> | Problem {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon < 1) return problemOf('Check the headers', 'headers', `"${line}" is not a header: write one per line as Name: value`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
const isProblem = (v: unknown): v is Problem => typeof v === 'object' && v !== null && 'title' in v && 'status' in v;

// ---------------------------------------------------------------------------------------------------------------------
// MCP servers

function McpServers({ can, agents }: { can: Can; agents: { id: string; name: string }[] }) {
  const servers = useLoad(() => take(api.GET('/v1/mcp/server/list', { params: { query: { page_size: 100 } } })), 'mcp-servers');
  const list = servers.data?.mcp_servers ?? [];
  return (
    <section aria-labelledby="mcp-servers" class="tools-section">
      <h2 id="mcp-servers">MCP servers</h2>
      <p class="muted">External servers whose tools agents may use. A tool comes in with a sync, as Ask; its policy decides whether it runs.</p>
      {can('tools:manage') && <AddMcpServer onAdded={servers.reload} />}
      <ProblemBox problem={servers.error} />
      {servers.loading && !servers.data ? <Loading what="MCP servers" /> : null}
      {servers.data && !list.length && <p class="muted">No MCP server yet.</p>}
      {list.map((s) => (
        <McpServerCard key={s.id} server={s} can={can} agents={agents} onChanged={servers.reload} />
      ))}
    </section>
  );
}

function AddMcpServer({ onAdded }: { onAdded: () => void }) {
  const empty = { name: '', address: '', sign_in_method: 'headers', headers: '' };
  const [form, setForm] = useState(empty);
  const { problem, setProblem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const add = async (event: Event) => {
    event.preventDefault();
    const headers = parseHeaders(form.headers);
    if (isProblem(headers)) return setProblem(headers);
    await run(
      () =>
        take(
          api.POST('/v1/mcp/server/create', {
            body: {
              name: form.name,
              address: form.address.trim(),
              sign_in_method: form.sign_in_method as 'headers' | 'oauth',
              ...(Object.keys(headers).length ? { headers } : {}),
            },
          }),
        ),
      () => {
        setForm(empty);
        onAdded();
      },
    );
  };
  return (
    <form class="tools-form" onSubmit={add} aria-label="Add an MCP server" noValidate>
      <h3>Add an MCP server</h3>
      <div class="filters">
        <Field label="Server name" issue={fieldIssue(problem, 'name')}>
          <input value={form.name} onInput={set('name')} autoComplete="off" />
        </Field>
        <Field label="Address (Streamable HTTP)" issue={fieldIssue(problem, 'address')}>
          <input class="wide" type="url" value={form.address} onInput={set('address')} placeholder="https://mcp.example.com/mcp" autoComplete="off" />
        </Field>
        <Choice
          name="Sign-in method"
          value={form.sign_in_method}
          options={['headers', 'oauth']}
          onChange={(sign_in_method) => setForm({ ...form, sign_in_method })}
          issue={fieldIssue(problem, 'sign_in_method')}
        />
        <Field label="Headers (one per line, Name: value)" issue={fieldIssue(problem, 'headers')}>
          <textarea rows={2} value={form.headers} onInput={set('headers')} placeholder="Authorization: Bearer …" spellcheck={false} />
        </Field>
        <button type="submit">Add the server</button>
      </div>
      <ProblemBox problem={problem} />
    </form>
  );
}

interface SyncState {
  startedAt: number;
  waited: number;
  workflowId?: string;
}

function McpServerCard({
  server,
  can,
  agents,
  onChanged,
}: {
  server: Schemas['McpServer'];
  can: Can;
  agents: { id: string; name: string }[];
  onChanged: () => void;
}) {
  const detail = useLoad(() => take(api.GET('/v1/mcp/server/retrieve/{id}', { params: { path: { id: server.id } } })), server.id);
  const { problem, setProblem, run } = useAction();
  const [syncing, setSyncing] = useState<SyncState>();
  const [outcome, setOutcome] = useState<string>();
  const [signIn, setSignIn] = useState<string | null>();
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const s = detail.data?.mcp_server ?? server;
  const manage = can('tools:manage');

  // The sync is a workflow: start it, then re-read the server until its discovery records the attempt.
  const sync = async () => {
    const before = s.discovery.last_attempt_at;
    const startedAt = Date.now();
    setProblem(undefined);
    setOutcome(undefined);
    setSyncing({ startedAt, waited: 0 });
    try {
      const started = await take(api.POST('/v1/mcp/server/{mcp_server_id}/tool/sync', { params: { path: { mcp_server_id: server.id } } }));
      setSyncing({ startedAt, waited: 0, workflowId: started.workflow_id });
      for (;;) {
        await sleep(1000);
        if (!alive.current) return;
        const { mcp_server: now } = await take(api.GET('/v1/mcp/server/retrieve/{id}', { params: { path: { id: server.id } } }));
        if (now.discovery.last_attempt_at !== before) {
          setOutcome(
            now.discovery.last_error
              ? `The sync failed: ${now.discovery.last_error}`
              : `Synced ${when(now.discovery.last_synced_at)}: ${now.discovery.tool_count} tool${now.discovery.tool_count === 1 ? '' : 's'}.`,
          );
          break;
        }
        const waited = Math.round((Date.now() - startedAt) / 1000);
        if (waited > 120) {
          setOutcome('The sync is still running: this page stopped waiting; reload later to see its result.');
          break;
        }
        setSyncing({ startedAt, waited, workflowId: started.workflow_id });
      }
      detail.reload();
      onChanged();
    } catch (error) {
      setProblem(error as Problem);
    } finally {
      if (alive.current) setSyncing(undefined);
    }
  };

  const setTool = (tool: string, body: Schemas['ActivateMcpToolBody']) =>
    run(
      () =>
        take(api.POST('/v1/mcp/server/{mcp_server_id}/tool/{tool_name}/activate', { params: { path: { mcp_server_id: server.id, tool_name: tool } }, body })),
      detail.reload,
    );
  const authorize = () =>
    run(async () => {
      const { authorization_url } = await take(api.POST('/v1/mcp/server/{mcp_server_id}/oauth/authorize', { params: { path: { mcp_server_id: server.id } } }));
      setSignIn(authorization_url);
    });
  const remove = () => run(() => take(api.DELETE('/v1/mcp/server/delete/{mcp_server_id}', { params: { path: { mcp_server_id: server.id } } })), onChanged);

  const tools = s.tools ?? [];
  const d = s.discovery;
  return (
    <article class="server" data-server={server.id} aria-labelledby={`server-${server.id}`}>
      <header class="server-head">
        <h3 id={`server-${server.id}`}>{s.name}</h3>
        <code class="url">{s.address}</code>
        {manage && (
          <span class="actions">
            <button type="button" onClick={sync} disabled={!!syncing}>
              Sync tools
            </button>
            {s.sign_in_method === 'oauth' && (
              <button type="button" class="secondary" onClick={authorize}>
                Sign in
              </button>
            )}
            <Confirm action="Delete" what={`the server ${s.name}`} onConfirm={remove} />
          </span>
        )}
      </header>
      <dl class="facts compact">
        <dt>Sign-in</dt>
        <dd>
          {s.sign_in_method === 'oauth' ? 'OAuth' : 'headers'}
          {s.header_names.length ? <span class="muted"> ({s.header_names.join(', ')} stored)</span> : null}
        </dd>
        <dt>Last synced</dt>
        <dd class="last-synced">{d.last_synced_at ? when(d.last_synced_at) : 'never'}</dd>
        <dt>Tools</dt>
        <dd class="tool-count">{d.tool_count}</dd>
        {d.last_error && (
          <>
            <dt>Last error</dt>
            <dd class="last-error">
              {d.last_error} <span class="muted">({when(d.last_attempt_at)})</span>
            </dd>
          </>
        )}
      </dl>
      {syncing && (
        <p class="sync-progress" role="status" aria-live="polite">
          <span class="badge running">syncing</span> {syncing.workflowId ? <code>{syncing.workflowId}</code> : 'starting the workflow'} · {syncing.waited} s
        </p>
      )}
      {outcome && !syncing && (
        <p class="sync-outcome" role="status">
          {outcome}
        </p>
      )}
      {signIn !== undefined && (
        <p role="status">
          {signIn ? (
            <a href={signIn} target="_blank" rel="noopener noreferrer">
              Open the sign-in page of {s.name}
            </a>
          ) : (
            'The stored sign-in is still good.'
          )}
        </p>
      )}
      <ProblemBox problem={detail.error ?? problem} />
      {tools.length ? (
        <div class="scroll">
          <table class="mcp-tools">
            <Head columns={['Tool', 'What it does', 'Policy', 'Offered']} />
            <tbody>
              {tools.map((t) => (
                <tr key={t.name} data-tool={t.name} class={t.removed_at ? 'removed' : undefined}>
                  <td>
                    <code>{t.name}</code>
                    {t.removed_at && <span class="muted"> removed {when(t.removed_at)}</span>}
                  </td>
                  <td class="description">{t.description}</td>
                  <td>
                    {manage ? (
                      <label>
                        <span class="sr-only">Policy of {t.name}</span>
                        <select value={t.permission} onChange={(e) => setTool(t.name, { permission: e.currentTarget.value as Policy })}>
                          {POLICIES.map((p) => (
                            <option key={p} value={p}>
                              {POLICY_WORDS[p]}
                            </option>
                          ))}
                        </select>
                      </label>
                    ) : (
                      <span class={`badge policy-${t.permission}`}>{POLICY_WORDS[t.permission]}</span>
                    )}
                  </td>
                  <td>
                    {manage ? (
                      <label class="check">
                        <input type="checkbox" checked={t.active} onChange={(e) => setTool(t.name, { active: e.currentTarget.checked })} />
                        <span class="sr-only">{t.name} offered to agents</span>
                        <span aria-hidden="true">{t.active ? 'yes' : 'no'}</span>
                      </label>
                    ) : t.active ? (
                      'yes'
                    ) : (
                      'no'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        !detail.loading && !syncing && <p class="muted">No tools yet{manage ? ': sync the server to list them.' : '.'}</p>
      )}
      {manage && agents.length > 0 && <AssignToAgent serverId={server.id} serverName={s.name} agents={agents} />}
    </article>
  );
}

function AssignToAgent({ serverId, serverName, agents }: { serverId: string; serverName: string; agents: { id: string; name: string }[] }) {
  const [agentId, setAgentId] = useState(agents[0].id);
  const [said, setSaid] = useState<string>();
  const { problem, run } = useAction();
  const agentName = agents.find((a) => a.id === agentId)?.name ?? agentId;
  const move = (assign: boolean) =>
    run(async () => {
      setSaid(undefined);
      const body = { agent_id: agentId, mcp_server_id: serverId };
      if (assign) {
        const r = await take(api.POST('/v1/agent/mcp_server/assign', { body }));
        setSaid(r.assigned ? `${agentName} gets the tools of ${serverName} from its next call.` : `${agentName} already had ${serverName}.`);
      } else {
        const r = await take(api.POST('/v1/agent/mcp_server/unassign', { body }));
        setSaid(r.unassigned ? `${agentName} no longer gets the tools of ${serverName}.` : `${agentName} did not have ${serverName}.`);
      }
    });
  return (
    <form
      class="assign"
      aria-label={`Agents using ${serverName}`}
      onSubmit={(e) => {
        e.preventDefault();
        void move(true);
      }}
      noValidate
    >
      <Field label={`Agent for ${serverName}`} issue={fieldIssue(problem, 'agent_id')}>
        <select value={agentId} onChange={(e) => setAgentId(e.currentTarget.value)}>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" class="secondary">
        Give its tools to the agent
      </button>
      <button type="button" class="secondary" onClick={() => move(false)}>
        Take them away
      </button>
      {said && (
        <span class="muted" role="status">
          {said}
        </span>
      )}
      <ProblemBox problem={problem} />
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// HTTP tools

function HttpTools({ can, projectId }: { can: Can; projectId: string }) {
  const manage = can('tools:manage');
  const tools = useLoad(
    () =>
      manage
        ? take(api.GET('/v1/tool/http/list', { params: { query: { page_size: 100, ...(projectId ? { project_id: projectId } : {}) } } }))
        : Promise.resolve(undefined),
    `http-${projectId}`,
  );
  const { problem, run } = useAction();
  const remove = (id: string) => run(() => take(api.DELETE('/v1/tool/http/delete/{tool_id}', { params: { path: { tool_id: id } } })), tools.reload);
  return (
    <section aria-labelledby="http-tools" class="tools-section">
      <h2 id="http-tools">HTTP tools</h2>
      {!manage ? (
        <p class="muted">The HTTP tools imported from OpenAPI documents are shown to people with the permission tools:manage.</p>
      ) : (
        <>
          <ImportHttpTools projectId={projectId} onImported={tools.reload} />
          <ProblemBox problem={tools.error ?? problem} />
          {tools.loading && !tools.data ? <Loading what="HTTP tools" /> : null}
          {tools.data && !tools.data.tools.length && <p class="muted">No HTTP tool yet.</p>}
          {tools.data && tools.data.tools.length > 0 && (
            <div class="scroll">
              <table class="http-tools">
                <Head columns={['Tool', 'Request', 'Policy', 'Headers stored', 'Imported', 'Actions']} />
                <tbody>
                  {tools.data.tools.map((t) => (
                    <tr key={t.id} data-http-tool={t.name}>
                      <td>
                        <code>{t.name}</code>
                        {t.description && <div class="muted description">{t.description}</div>}
                      </td>
                      <td>
                        <code class="url">
                          {t.method.toUpperCase()} {t.url_template}
                        </code>
                      </td>
                      <td>
                        <span class={`badge policy-${t.permission}`}>{POLICY_WORDS[t.permission]}</span>
                      </td>
                      <td>{t.header_names.join(', ') || '–'}</td>
                      <td>{when(t.created_at)}</td>
                      <td>
                        <Confirm action="Delete" what={`the tool ${t.name}`} onConfirm={() => remove(t.id)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function ImportHttpTools({ projectId, onImported }: { projectId: string; onImported: () => void }) {
  const empty = { source: 'document', spec: '', spec_url: '', operations: '', headers: '', permission: 'ask' };
  const [form, setForm] = useState(empty);
  const [said, setSaid] = useState<string>();
  const { problem, setProblem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (event: Event) => {
    event.preventDefault();
    setSaid(undefined);
    const headers = parseHeaders(form.headers);
    if (isProblem(headers)) return setProblem(headers);
    const operations = form.operations
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    await run(async () => {
      const answer = await take(
        api.POST('/v1/tool/http/import', {
          body: {
            ...(form.source === 'document' ? { spec: form.spec } : { spec_url: form.spec_url.trim() }),
            ...(operations.length ? { operations } : {}),
            ...(Object.keys(headers).length ? { headers } : {}),
            permission: form.permission as Policy,
            ...(projectId ? { project_id: projectId } : {}),
          },
        }),
      );
      setSaid(`Imported ${answer.tools.length} tool${answer.tools.length === 1 ? '' : 's'}: ${answer.tools.map((t) => t.name).join(', ')}.`);
      setForm(empty);
      onImported();
    });
  };
  return (
    <form class="tools-form" onSubmit={submit} aria-label="Import HTTP tools" noValidate>
      <h3>Import from an OpenAPI 3 document</h3>
      <div class="filters">
        <Choice name="Source" value={form.source} options={['document', 'address']} onChange={(source) => setForm({ ...form, source })} />
        {form.source === 'document' ? (
          <Field label="OpenAPI document (JSON)" issue={fieldIssue(problem, 'spec')}>
            <textarea class="document" rows={6} value={form.spec} onInput={set('spec')} spellcheck={false} placeholder='{"openapi": "3.0.0", …}' />
          </Field>
        ) : (
          <Field label="Document address" issue={fieldIssue(problem, 'spec_url')}>
            <input class="wide" type="url" value={form.spec_url} onInput={set('spec_url')} placeholder="https://api.example.com/openapi.json" />
          </Field>
        )}
      </div>
      <div class="filters">
        <Field label="Only these operations (comma-separated, optional)" issue={fieldIssue(problem, 'operations')}>
          <input value={form.operations} onInput={set('operations')} placeholder="getOrder, POST /orders" />
        </Field>
        <Field label="Headers sent with every call (Name: value)" issue={fieldIssue(problem, 'headers')}>
          <textarea rows={2} value={form.headers} onInput={set('headers')} spellcheck={false} />
        </Field>
        <Field label="Default policy" issue={fieldIssue(problem, 'permission')}>
          <select value={form.permission} onChange={set('permission')}>
            {POLICIES.map((p) => (
              <option key={p} value={p}>
                {POLICY_WORDS[p]}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit">Import</button>
      </div>
      {said && (
        <p class="muted" role="status">
          {said}
        </p>
      )}
      <ProblemBox problem={problem} />
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Knowledge

function Knowledge({ can, projectId }: { can: Can; projectId: string }) {
  const manage = can('knowledge:manage');
  const resources = useLoad(
    () =>
      manage
        ? take(api.GET('/v1/knowledge/resource/list', { params: { query: { page_size: 100, ...(projectId ? { project_id: projectId } : {}) } } }))
        : Promise.resolve(undefined),
    `knowledge-${projectId}`,
  );
  const { problem, run } = useAction();
  const remove = (id: string) =>
    run(() => take(api.DELETE('/v1/knowledge/resource/delete/{resource_id}', { params: { path: { resource_id: id } } })), resources.reload);
  return (
    <section aria-labelledby="knowledge" class="tools-section">
      <h2 id="knowledge">Knowledge</h2>
      {can('agents:read') && <KnowledgeSearch projectId={projectId} />}
      {!manage ? (
        <p class="muted">The knowledge resources are listed for people with the permission knowledge:manage.</p>
      ) : (
        <>
          <AddKnowledge projectId={projectId} onAdded={resources.reload} />
          <ProblemBox problem={resources.error ?? problem} />
          {resources.loading && !resources.data ? <Loading what="knowledge" /> : null}
          {resources.data && !resources.data.resources.length && <p class="muted">No knowledge yet.</p>}
          {resources.data && resources.data.resources.length > 0 && (
            <div class="scroll">
              <table class="resources">
                <Head columns={['Resource', 'Source', 'Characters#', 'Passages#', 'Added', 'Actions']} />
                <tbody>
                  {resources.data.resources.map((r) => (
                    <tr key={r.id} data-resource={r.name}>
                      <td>{r.name}</td>
                      <td>
                        {label(r.source_kind)}
                        {r.source_url && <code class="url"> {r.source_url}</code>}
                      </td>
                      <td class="num">{r.characters}</td>
                      <td class="num">{r.chunks}</td>
                      <td>{when(r.created_at)}</td>
                      <td>
                        <Confirm action="Delete" what={`the resource ${r.name}`} onConfirm={() => remove(r.id)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

const CONTENT_TYPES: Record<string, 'text/markdown' | 'text/plain' | 'application/json'> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  json: 'application/json',
};

function AddKnowledge({ projectId, onAdded }: { projectId: string; onAdded: () => void }) {
  const empty = { name: '', source: 'text', text: '', url: '' };
  const [form, setForm] = useState(empty);
  const [file, setFile] = useState<File>();
  const fileInput = useRef<HTMLInputElement>(null);
  const { problem, setProblem, run } = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (event: Event) => {
    event.preventDefault();
    if (form.source === 'document' && !file) return setProblem(problemOf('Choose a file', 'document', 'a text, markdown or JSON file'));
    const source =
      form.source === 'text'
        ? { text: form.text }
        : form.source === 'url'
          ? { url: form.url.trim() }
          : {
              document: {
                content: await file!.text(),
                content_type: CONTENT_TYPES[file!.name.split('.').pop()?.toLowerCase() ?? ''] ?? ('text/plain' as const),
                filename: file!.name,
              },
            };
    await run(
      () =>
        take(
          api.POST('/v1/knowledge/resource/create', {
            body: { ...(form.name.trim() ? { name: form.name.trim() } : {}), ...source, ...(projectId ? { project_id: projectId } : {}) },
          }),
        ),
      () => {
        setForm(empty);
        setFile(undefined);
        if (fileInput.current) fileInput.current.value = '';
        onAdded();
      },
    );
  };
  return (
    <form class="tools-form" onSubmit={submit} aria-label="Add knowledge" noValidate>
      <h3>Add knowledge</h3>
      <div class="filters">
        <Field label="Resource name (optional)" issue={fieldIssue(problem, 'name')}>
          <input value={form.name} onInput={set('name')} />
        </Field>
        <Choice name="Source" value={form.source} options={['text', 'url', 'document']} onChange={(source) => setForm({ ...form, source })} />
        {form.source === 'url' && (
          <Field label="Web address" issue={fieldIssue(problem, 'url')}>
            <input class="wide" type="url" value={form.url} onInput={set('url')} placeholder="https://example.com/faq" />
          </Field>
        )}
        {form.source === 'document' && (
          <Field label="File (text, markdown or JSON)" issue={fieldIssue(problem, 'document') ?? fieldIssue(problem, 'content')}>
            <input
              ref={fileInput}
              type="file"
              accept=".txt,.md,.markdown,.json,text/plain,text/markdown,application/json"
              onChange={(e) => setFile(e.currentTarget.files?.[0])}
            />
          </Field>
        )}
      </div>
      {form.source === 'text' && (
        <Field label="Text" issue={fieldIssue(problem, 'text')}>
          <textarea rows={5} value={form.text} onInput={set('text')} />
        </Field>
      )}
      <button type="submit">Add the knowledge</button>
      <ProblemBox problem={problem} />
    </form>
  );
}

/** A ts_headline snippet: its <b></b> marks become <mark>, everything else stays text. */
function Snippet({ text }: { text: string }) {
  return (
    <>{text.split(/(<b>.*?<\/b>)/g).map((part, i) => (part.startsWith('<b>') && part.endsWith('</b>') ? <mark key={i}>{part.slice(3, -4)}</mark> : part))}</>
  );
}

function KnowledgeSearch({ projectId }: { projectId: string }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ query: string; passages: Schemas['KnowledgePassage'][] }>();
  const { problem, run } = useAction();
  const search = async (event: Event) => {
    event.preventDefault();
    const q = query.trim();
    await run(async () => {
      const { passages } = await take(api.POST('/v1/knowledge/retrieve', { body: { query: q, limit: 10, ...(projectId ? { project_id: projectId } : {}) } }));
      setFound({ query: q, passages });
    });
  };
  return (
    <div class="knowledge-search">
      <form role="search" aria-label="Search the knowledge" class="filters" onSubmit={search} noValidate>
        <Field label="Search the knowledge" issue={fieldIssue(problem, 'query')}>
          <input class="wide" type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} placeholder="What a caller might ask" />
        </Field>
        <button type="submit">Search</button>
      </form>
      <ProblemBox problem={problem} />
      {found && (
        <div class="passages" aria-live="polite">
          {found.passages.length ? (
            <ol>
              {found.passages.map((p) => (
                <li key={`${p.resource_id}-${p.position}`} data-passage={p.resource_name}>
                  <div class="passage-source">
                    <strong>{p.resource_name}</strong> <span class="muted">passage {p.position + 1}</span>
                    {p.source_url && <code class="url"> {p.source_url}</code>}
                  </div>
                  <p class="snippet">
                    <Snippet text={p.snippet} />
                  </p>
                  <details>
                    <summary>Whole passage</summary>
                    <p class="passage">{p.content}</p>
                  </details>
                </li>
              ))}
            </ol>
          ) : (
            <p class="muted">Nothing found for “{found.query}”.</p>
          )}
        </div>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Integrations

function Integrations({ can }: { can: Can }) {
  const info = useLoad(() => take(api.GET('/v1/integration/info', { params: { query: { page_size: 100 } } })), 'integration-info');
  const connections = useLoad(
    () => (can('agents:read') ? take(api.GET('/v1/integration/connection/get', { params: { query: { page_size: 100 } } })) : Promise.resolve(undefined)),
    'connections',
  );
  const manage = can('integrations:manage');
  const [reconnect, setReconnect] = useState<Schemas['IntegrationConnection']>();
  const { problem, run } = useAction();
  const catalogue = info.data?.integrations ?? [];
  const disconnect = (id: string) =>
    run(() => take(api.POST('/v1/integration/connection/{connection_id}/disconnect', { params: { path: { connection_id: id } } })), connections.reload);
  const remove = (id: string) =>
    run(() => take(api.DELETE('/v1/integration/connection/{connection_id}/delete', { params: { path: { connection_id: id } } })), connections.reload);
  return (
    <section aria-labelledby="integrations" class="tools-section">
      <h2 id="integrations">Integrations</h2>
      <ProblemBox problem={info.error} />
      {info.loading && !info.data ? <Loading what="the integrations" /> : null}
      {catalogue.length > 0 && (
        <div class="scroll">
          <table class="catalogue">
            <Head columns={['Integration', 'Kind', 'What it does', 'Tools it gives agents']} />
            <tbody>
              {catalogue.map((i) => (
                <tr key={i.key} data-integration={i.key}>
                  <td>
                    <strong>{i.name}</strong>
                    <div class="muted">{i.protocol}</div>
                  </td>
                  <td>{i.kind}</td>
                  <td class="description">{i.description}</td>
                  <td>
                    {i.tools.map((t) => (
                      <div key={t.name}>
                        <code>{t.name}</code> <span class="muted">({POLICY_WORDS[t.default_permission]})</span>
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manage && catalogue.length > 0 && (
        <ConnectIntegration
          key={reconnect?.connection_id ?? 'new'}
          catalogue={catalogue}
          reconnect={reconnect}
          onCancel={() => setReconnect(undefined)}
          onConnected={() => {
            setReconnect(undefined);
            connections.reload();
          }}
        />
      )}
      <h3>Connections</h3>
      <ProblemBox problem={connections.error ?? problem} />
      {connections.loading && !connections.data ? <Loading what="connections" /> : null}
      {connections.data && !connections.data.connections.length && <p class="muted">No connection yet.</p>}
      {connections.data && connections.data.connections.length > 0 && (
        <div class="scroll">
          <table class="connections">
            <Head columns={['Connection', 'Status', 'Settings', 'Credentials stored', 'Connected', ...(manage ? ['Actions'] : [])]} />
            <tbody>
              {connections.data.connections.map((c) => (
                <tr key={c.connection_id} data-connection={c.name}>
                  <td>
                    {c.name} <span class="muted">{catalogue.find((i) => i.key === c.integration)?.name ?? c.integration}</span>
                  </td>
                  <td>
                    <span class={`badge ${c.status}`}>{c.status}</span>
                    {c.last_error && <div class="issue">{c.last_error}</div>}
                  </td>
                  <td class="settings">
                    {Object.entries(c.settings).map(([k, v]) => (
                      <div key={k}>
                        <span class="muted">{label(k)}</span> {typeof v === 'string' ? v : JSON.stringify(v)}
                      </div>
                    ))}
                  </td>
                  <td>{c.credential_names.join(', ') || '–'}</td>
                  <td>{when(c.connected_at)}</td>
                  {manage && (
                    <td>
                      <span class="actions">
                        <button type="button" class="secondary" aria-label={`Reconnect ${c.name}`} onClick={() => setReconnect(c)}>
                          Reconnect
                        </button>
                        {c.status !== 'disconnected' && <Confirm action="Disconnect" what={c.name} onConfirm={() => disconnect(c.connection_id)} />}
                        <Confirm action="Delete" what={`the connection ${c.name}`} onConfirm={() => remove(c.connection_id)} />
                      </span>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A setting as the route takes it: numbers as numbers, an object typed as JSON as that object, the rest as text. */
function settingValue(key: string, text: string): unknown {
  const t = text.trim();
  if (key === 'slot_minutes' && /^\d+$/.test(t)) return Number(t);
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return t;
    }
  }
  return t;
}

function ConnectIntegration({
  catalogue,
  reconnect,
  onCancel,
  onConnected,
}: {
  catalogue: Schemas['Integration'][];
  reconnect?: Schemas['IntegrationConnection'];
  onCancel: () => void;
  onConnected: () => void;
}) {
  const [key, setKey] = useState<string>(reconnect?.integration ?? catalogue[0].key);
  const [name, setName] = useState(reconnect?.name ?? '');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(reconnect?.settings ?? {}).map(([k, v]) => [`${reconnect!.integration}.${k}`, typeof v === 'string' ? v : JSON.stringify(v)]),
    ),
  );
  const [said, setSaid] = useState<string>();
  const { problem, run } = useAction();
  const integration = catalogue.find((i) => i.key === key) ?? catalogue[0];
  const connect = async (event: Event) => {
    event.preventDefault();
    setSaid(undefined);
    const settings: Record<string, unknown> = {};
    const credentials: Record<string, string> = {};
    for (const f of integration.fields) {
      const v = values[`${integration.key}.${f.key}`] ?? '';
      if (f.secret) credentials[f.key] = v;
      else if (v.trim()) settings[f.key] = settingValue(f.key, v);
    }
    const body = {
      integration: integration.key,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(reconnect ? { connection_id: reconnect.connection_id } : {}),
      settings,
      credentials,
    } as unknown as Schemas['ConnectIntegrationBody'];
    await run(async () => {
      const answer = await take(api.POST('/v1/integration/connection/connect', { body }));
      setSaid(`${answer.connection.name}: ${answer.connection.status}.`);
      if (!reconnect) {
        setName('');
        setValues({});
      }
      onConnected();
    });
  };
  return (
    <form class="tools-form" onSubmit={connect} aria-label={reconnect ? `Reconnect ${reconnect.name}` : 'Connect an integration'} noValidate>
      <h3>{reconnect ? `Reconnect ${reconnect.name}` : 'Connect an integration'}</h3>
      <div class="filters">
        <Field label="Integration" issue={fieldIssue(problem, 'integration')}>
          <select value={key} onChange={(e) => setKey(e.currentTarget.value)} disabled={!!reconnect}>
            {catalogue.map((i) => (
              <option key={i.key} value={i.key}>
                {i.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Connection name (optional)" issue={fieldIssue(problem, 'name')}>
          <input value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder={integration.name} />
        </Field>
        {integration.fields.map((f) => (
          <Field key={`${integration.key}.${f.key}`} label={`${f.label}${f.required || f.secret ? '' : ' (optional)'}`} issue={fieldIssue(problem, f.key)}>
            <input
              type={f.secret ? 'password' : 'text'}
              autoComplete={f.secret ? 'new-password' : 'off'}
              value={values[`${integration.key}.${f.key}`] ?? ''}
              onInput={(e) => setValues({ ...values, [`${integration.key}.${f.key}`]: e.currentTarget.value })}
              title={f.description}
              placeholder={f.secret && reconnect ? 'stored; type it again' : ''}
            />
          </Field>
        ))}
        <button type="submit">{reconnect ? 'Reconnect' : 'Connect'}</button>
        {reconnect && (
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <p class="muted">The credentials are checked with the provider before anything is stored, then kept encrypted and never shown again.</p>
      {said && (
        <p class="muted" role="status">
          {said}
        </p>
      )}
      <ProblemBox problem={problem} />
    </form>
  );
}
