import { useState } from 'preact/hooks';
import { consoleFetch, type Problem } from '../api';
import { useLoad } from '../load';
import { Head, Loading, ProblemBox } from '../ui';

/** An invitation addressed to the signed-in person (the console's own route, not a /v1 one: it is about the person). */
interface UserInvitation {
  invitation_id: string;
  organization_name: string;
  role_name: string;
  invited_by: string | null;
  expires_at: string;
}

const NOTICES: Record<string, string> = {
  accepted: 'Invitation accepted: you are now a member of the organization.',
  already: 'You were a member of that organization already: your role there is unchanged.',
  declined: 'Invitation declined.',
};

/**
 * Invitations addressed to the signed-in person's email, each with Accept and
 * Decline. Shown also to someone who is not a member of any organization yet.
 */
export function InvitationsPage({ email, csrf, onChanged }: { email: string; csrf: string; onChanged: () => void }) {
  const invitations = useLoad(() => consoleFetch<{ invitations: UserInvitation[] }>('/invitations', csrf), email);
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<Problem>();
  const answer = async (id: string, move: 'accept' | 'decline') => {
    setNotice(undefined);
    setProblem(undefined);
    try {
      const done = await consoleFetch<{ answer: string }>(`/invitations/${encodeURIComponent(id)}/${move}`, csrf, 'POST');
      setNotice(NOTICES[done.answer]);
      invitations.reload();
      if (move === 'accept') onChanged();
    } catch (error) {
      setProblem(error as Problem);
    }
  };
  const list = invitations.data?.invitations;
  return (
    <section aria-labelledby="invitations-title">
      <h1 id="invitations-title">Invitations</h1>
      {notice && (
        <p id="notice" role="status">
          {notice}
        </p>
      )}
      <p class="muted">Organizations that invited {email}. Accepting makes you a member with the role shown.</p>
      <ProblemBox problem={invitations.error ?? problem} />
      {invitations.loading && !list ? <Loading what="invitations" /> : null}
      {list && list.length === 0 && (
        <p class="muted" id="no-invitations">
          No invitations are waiting for you.
        </p>
      )}
      {list && list.length > 0 && (
        <table id="invitations">
          <Head columns={['Organization', 'Role', 'Invited by', 'Expires', '']} />
          <tbody>
            {list.map((i) => (
              <tr key={i.invitation_id} data-invitation-id={i.invitation_id}>
                <td class="organization-name">{i.organization_name}</td>
                <td class="role">{i.role_name}</td>
                <td>{i.invited_by ?? ''}</td>
                <td>
                  <time dateTime={i.expires_at}>{i.expires_at.replace('T', ' ').slice(0, 16)} UTC</time>
                </td>
                <td class="actions">
                  <button type="button" id={`accept-${i.invitation_id}`} onClick={() => answer(i.invitation_id, 'accept')}>
                    Accept
                  </button>{' '}
                  <button type="button" class="secondary" id={`decline-${i.invitation_id}`} onClick={() => answer(i.invitation_id, 'decline')}>
                    Decline
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
