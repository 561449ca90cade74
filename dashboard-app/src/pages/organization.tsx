import { useState } from 'preact/hooks';
import { api, take, type Organization } from '../api';
import type { components } from '../api/v1';
import { useAction, useLoad, usePages, type Loaded } from '../load';
import { PERMISSIONS } from '../api/enums';
import { label, when } from '../format';
import { Choice, Confirm, Field, Loading, Pager, ProblemBox, fieldIssue, Head, restOf } from '../ui';

/**
 * The organization: its members and their roles, invitations (nobody joins
 * without accepting one), its projects, its REST API clients (a new one's
 * secret shown once), and the audit log of who changed what, through which
 * surface. Members need members:manage, projects and API clients org:manage,
 * the log audit:read.
 */
export function OrganizationPage({ org, onChanged }: { org: Organization; onChanged: () => void }) {
  const can = (p: string) => org.permissions.includes(p);
  const roles = useLoad(() => take(api.GET('/v1/role/list', { params: { query: { page_size: 100 } } })), 'roles');
  const roleNames = (roles.data?.roles ?? []).map((r) => r.name);
  // Every change shows in the audit log at once; a change to one's own role changes what the console offers.
  const [round, setRound] = useState(0);
  const changed = () => {
    setRound((r) => r + 1);
    onChanged();
  };
  return (
    <section aria-labelledby="org-title">
      <h1 id="org-title">{org.name}</h1>
      <Members canManage={can('members:manage')} roleNames={roleNames} onChanged={changed} />
      {can('members:manage') && <Invitations roleNames={roleNames} onInvited={changed} />}
      <Roles roles={roles} canCreate={can('members:manage')} />
      <Projects canManage={can('org:manage')} onChanged={changed} />
      {can('org:manage') && <ApiClients onChanged={changed} />}
      {can('audit:read') && <AuditLog key={round} />}
    </section>
  );
}

function Members({ canManage, roleNames, onChanged }: { canManage: boolean; roleNames: string[]; onChanged: () => void }) {
  const members = useLoad(() => take(api.GET('/v1/organization/member/list', { params: { query: { page_size: 100 } } })), 'members');
  const { problem, run } = useAction();
  const act = (work: () => Promise<unknown>) =>
    run(work, () => {
      members.reload();
      onChanged();
    });
  return (
    <section aria-labelledby="members">
      <h2 id="members">Members</h2>
      <ProblemBox problem={members.error ?? problem} />
      {members.loading && !members.data ? <Loading what="members" /> : null}
      <table class="members">
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            {canManage && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {(members.data?.members ?? []).map((m) => (
            <tr key={m.user_id} data-member={m.email}>
              <td>
                {m.name} <span class="muted">{m.email}</span>
              </td>
              <td>
                {canManage ? (
                  <label>
                    <span class="sr-only">Role of {m.email}</span>
                    <select
                      value={m.role}
                      onChange={(e) =>
                        act(() =>
                          take(
                            api.PUT('/v1/organization/member/update/{user_id}', {
                              params: { path: { user_id: m.user_id } },
                              body: { role: e.currentTarget.value },
                            }),
                          ),
                        )
                      }
                    >
                      {[...new Set([...roleNames, m.role])].map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  m.role
                )}
              </td>
              <td>{when(m.joined_at)}</td>
              {canManage && (
                <td>
                  <Confirm
                    action="Remove"
                    what={m.email}
                    onConfirm={() => act(() => take(api.POST('/v1/organization/member/remove/{user_id}', { params: { path: { user_id: m.user_id } } })))}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Invitations({ roleNames, onInvited }: { roleNames: string[]; onInvited: () => void }) {
  const invitations = useLoad(() => take(api.GET('/v1/organization/invitation/list', { params: { query: { page_size: 50 } } })), 'invitations');
  const [form, setForm] = useState({ email: '', role: 'viewer' });
  const { problem, run } = useAction();
  const invite = async (event: Event) => {
    event.preventDefault();
    await run(
      () => take(api.POST('/v1/organization/invitation/create', { body: { email: form.email, role: form.role } })),
      () => {
        setForm({ ...form, email: '' });
        invitations.reload();
        onInvited();
      },
    );
  };
  const revoke = (id: string) =>
    run(() => take(api.POST('/v1/organization/invitation/revoke/{invitation_id}', { params: { path: { invitation_id: id } } })), invitations.reload);
  return (
    <section aria-labelledby="invitations">
      <h2 id="invitations">Invitations</h2>
      <form class="filters" onSubmit={invite} aria-label="Invite a person" noValidate>
        <Field label="Email" issue={fieldIssue(problem, 'email')}>
          <input type="email" value={form.email} onInput={(e) => setForm({ ...form, email: e.currentTarget.value })} />
        </Field>
        <Choice
          name="Role"
          value={form.role}
          options={roleNames.length ? roleNames : ['viewer']}
          onChange={(role) => setForm({ ...form, role })}
          issue={fieldIssue(problem, 'role')}
        />
        <button type="submit">Invite</button>
      </form>
      <ProblemBox problem={invitations.error ?? problem} />
      <table class="invitations">
        <tbody>
          {(invitations.data?.invitations ?? []).map((i) => (
            <tr key={i.invitation_id} data-invitation={i.email}>
              <td>{i.email}</td>
              <td>{i.role}</td>
              <td>
                <span class="badge">{label(i.status)}</span>
              </td>
              <td>expires {when(i.expires_at)}</td>
              <td>
                {i.status === 'pending' && (
                  <button type="button" class="secondary" onClick={() => revoke(i.invitation_id)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function AuditLog() {
  const pages = usePages();
  const cursor = pages.cursor;
  const log = useLoad(() => take(api.GET('/v1/audit_log/list', { params: { query: { page_size: 50, ...(cursor ? { cursor } : {}) } } })), cursor ?? 'first');
  return (
    <section aria-labelledby="audit">
      <h2 id="audit">Audit log</h2>
      <ProblemBox problem={log.error} />
      <table class="audit">
        <Head columns={['When', 'Who', 'Through', 'What', 'Target']} />
        <tbody>
          {(log.data?.events ?? []).map((e) => (
            <tr key={e.event_id}>
              <td>{when(e.created_at)}</td>
              <td>{e.actor.name ?? e.actor.id ?? label(e.actor.type)}</td>
              <td>{e.via}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td>{[e.target.type, e.target.id].filter(Boolean).join(' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager label="Audit pages" pages={pages} page={log.data} back="← Newer" next="Older →" />
    </section>
  );
}

function Projects({ canManage, onChanged }: { canManage: boolean; onChanged: () => void }) {
  const org = useLoad(() => take(api.GET('/v1/organization/retrieve')), 'organization');
  const [form, setForm] = useState({ name: '', description: '' });
  const { problem, run } = useAction();
  const done = () => {
    org.reload();
    onChanged();
  };
  const create = async (event: Event) => {
    event.preventDefault();
    await run(
      () => take(api.POST('/v1/project/create', { body: { name: form.name, ...(form.description.trim() ? { description: form.description } : {}) } })),
      () => {
        setForm({ name: '', description: '' });
        done();
      },
    );
  };
  const remove = (id: string) => run(() => take(api.DELETE('/v1/project/delete/{project_id}', { params: { path: { project_id: id } } })), done);
  return (
    <section aria-labelledby="projects">
      <h2 id="projects">Projects</h2>
      {canManage && (
        <form class="filters" onSubmit={create} aria-label="Create a project" noValidate>
          <Field label="Project name" issue={fieldIssue(problem, 'name')}>
            <input value={form.name} onInput={(e) => setForm({ ...form, name: e.currentTarget.value })} />
          </Field>
          <Field label="Project description" issue={fieldIssue(problem, 'description')}>
            <input value={form.description} onInput={(e) => setForm({ ...form, description: e.currentTarget.value })} />
          </Field>
          <button type="submit">Create project</button>
        </form>
      )}
      <ProblemBox problem={org.error ?? restOf(problem, ['name', 'description'])} />
      <table class="projects">
        <Head columns={['Project', 'Description', 'Created', ...(canManage ? ['Actions'] : [])]} />
        <tbody>
          {(org.data?.organization.projects ?? []).map((p) => (
            <tr key={p.project_id} data-project={p.name}>
              <td>{p.name}</td>
              <td>{p.description ?? '–'}</td>
              <td>{when(p.created_at)}</td>
              {canManage && (
                <td>
                  <Confirm action="Delete" what={`project ${p.name}`} onConfirm={() => remove(p.project_id)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ApiClients({ onChanged }: { onChanged: () => void }) {
  const clients = useLoad(() => take(api.GET('/v1/api_client/list', { params: { query: { page_size: 100 } } })), 'clients');
  const [form, setForm] = useState({ name: '', role: 'viewer' });
  const [secret, setSecret] = useState<{ client_id: string; client_secret: string }>();
  const { problem, run } = useAction();
  const done = () => {
    clients.reload();
    onChanged();
  };
  const create = async (event: Event) => {
    event.preventDefault();
    setSecret(undefined);
    await run(async () => {
      const created = await take(api.POST('/v1/api_client/create', { body: { name: form.name, role: form.role } }));
      setSecret({ client_id: created.api_client.client_id, client_secret: created.client_secret });
      setForm({ ...form, name: '' });
    }, done);
  };
  const revoke = (id: string) => run(() => take(api.POST('/v1/api_client/revoke/{client_id}', { params: { path: { client_id: id } } })), done);
  return (
    <section aria-labelledby="api-clients">
      <h2 id="api-clients">API clients</h2>
      <p class="muted">For servers and scripts: POST /v1/auth/token exchanges a client's id and secret for a bearer token.</p>
      <form class="filters" onSubmit={create} aria-label="Create an API client" noValidate>
        <Field label="Client name" issue={fieldIssue(problem, 'name')}>
          <input value={form.name} onInput={(e) => setForm({ ...form, name: e.currentTarget.value })} placeholder="CI deploys" />
        </Field>
        <Choice
          name="Client role"
          value={form.role}
          options={['viewer', 'member', 'admin', 'owner']}
          onChange={(role) => setForm({ ...form, role })}
          issue={fieldIssue(problem, 'role')}
        />
        <button type="submit">Create client</button>
      </form>
      {secret && (
        <div class="secret" role="status">
          <p>
            <strong>Copy the secret now: it is not shown again.</strong>
          </p>
          <dl class="facts">
            <dt>Client id</dt>
            <dd>
              <code id="new-client-id">{secret.client_id}</code>
            </dd>
            <dt>Client secret</dt>
            <dd>
              <code id="new-client-secret">{secret.client_secret}</code>
            </dd>
          </dl>
          <button type="button" class="secondary" onClick={() => setSecret(undefined)}>
            I have stored it
          </button>
        </div>
      )}
      <ProblemBox problem={clients.error ?? restOf(problem, ['name', 'role'])} />
      <table class="api-clients">
        <Head columns={['Client', 'Role', 'Created', 'Last token', 'Status', 'Actions']} />
        <tbody>
          {(clients.data?.api_clients ?? []).map((c) => (
            <tr key={c.client_id} data-client={c.name}>
              <td>
                {c.name} <code class="muted">{c.client_id}</code>
              </td>
              <td>{c.role}</td>
              <td>{when(c.created_at)}</td>
              <td>{when(c.last_used_at)}</td>
              <td>{c.revoked_at ? <span class="badge failed">revoked {when(c.revoked_at)}</span> : <span class="badge">active</span>}</td>
              <td>{!c.revoked_at && <Confirm action="Revoke" what={c.name} onConfirm={() => revoke(c.client_id)} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Role = components['schemas']['Role'];

/**
 * The roles members and clients can be given: the built-in ones and the organization's own, each with what it
 * permits; a new role is a name and a set of permissions (nobody makes one holding what they do not).
 */
function Roles({ roles, canCreate }: { roles: Loaded<{ roles: Role[] }>; canCreate: boolean }) {
  const [form, setForm] = useState<{ name: string; description: string; permissions: string[] }>({ name: '', description: '', permissions: [] });
  const { problem, run } = useAction();
  const toggle = (p: string) =>
    setForm({ ...form, permissions: form.permissions.includes(p) ? form.permissions.filter((x) => x !== p) : [...form.permissions, p] });
  const create = async (event: Event) => {
    event.preventDefault();
    await run(
      () =>
        take(
          api.POST('/v1/role/create', {
            body: {
              name: form.name,
              permissions: form.permissions as (typeof PERMISSIONS)[number][],
              ...(form.description.trim() ? { description: form.description } : {}),
            },
          }),
        ),
      () => {
        setForm({ name: '', description: '', permissions: [] });
        roles.reload();
      },
    );
  };
  return (
    <section aria-labelledby="roles">
      <h2 id="roles">Roles</h2>
      <ProblemBox problem={roles.error} />
      <table class="roles">
        <Head columns={['Role', 'Kind', 'Permits']} />
        <tbody>
          {(roles.data?.roles ?? []).map((r) => (
            <tr key={r.name} data-role={r.name}>
              <td>
                {r.name} {r.description && <span class="muted">{r.description}</span>}
              </td>
              <td>{r.built_in ? 'built in' : 'custom'}</td>
              <td class="muted">{r.permissions.join(' · ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {canCreate && (
        <form class="stack" onSubmit={create} aria-label="Create a role" noValidate>
          <Field label="Role name" issue={fieldIssue(problem, 'name')}>
            <input value={form.name} onInput={(e) => setForm({ ...form, name: e.currentTarget.value })} />
          </Field>
          <Field label="Role description" issue={fieldIssue(problem, 'description')}>
            <input value={form.description} onInput={(e) => setForm({ ...form, description: e.currentTarget.value })} />
          </Field>
          <fieldset class={fieldIssue(problem, 'permissions') ? 'permissions invalid' : 'permissions'}>
            <legend>Permissions</legend>
            {PERMISSIONS.map((p) => (
              <label key={p}>
                <input type="checkbox" checked={form.permissions.includes(p)} onChange={() => toggle(p)} /> {p}
              </label>
            ))}
            {fieldIssue(problem, 'permissions') && (
              <small class="issue" role="alert">
                {fieldIssue(problem, 'permissions')}
              </small>
            )}
          </fieldset>
          <ProblemBox problem={restOf(problem, ['name', 'description', 'permissions'])} />
          <button type="submit">Create role</button>
        </form>
      )}
    </section>
  );
}
