import { useState } from 'preact/hooks';
import { api, take, type Organization } from '../api';
import { useAction, useLoad } from '../load';
import { label, when } from '../format';
import { Choice, Field, Loading, ProblemBox, fieldIssue, Head } from '../ui';

/**
 * The organization: its members and their roles, invitations (nobody joins
 * without accepting one), and the audit log of who changed what, through
 * which surface. Changes need members:manage; the log needs audit:read.
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
                  <button
                    type="button"
                    class="secondary"
                    onClick={() => act(() => take(api.POST('/v1/organization/member/remove/{user_id}', { params: { path: { user_id: m.user_id } } })))}
                  >
                    Remove
                  </button>
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
  const [cursor, setCursor] = useState<string>();
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
      <nav class="pager" aria-label="Audit pages">
        <button type="button" disabled={!cursor} onClick={() => setCursor(undefined)}>
          ← Newest
        </button>
        <button type="button" disabled={!log.data?.has_more} onClick={() => setCursor(log.data?.next_cursor ?? undefined)}>
          Older →
        </button>
      </nav>
    </section>
  );
}
