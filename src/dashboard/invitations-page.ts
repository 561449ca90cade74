import type { UserInvitation } from '../modules/people/list-user-invitations.js';
import { escapeHtml, layout } from '../oauth/pages.js';

const day = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 16))} UTC</time>`;

/** Invitations addressed to the signed-in user's email, each with Accept and Decline (forms with the CSRF token). */
export function invitationsPage(input: { user: string; csrf: string; invitations: UserInvitation[]; notice?: string }): string {
  const answer = (id: string, move: 'accept' | 'decline', label: string, style: string) =>
    `<form method="post" action="/dashboard/invitations/${encodeURIComponent(id)}/${move}" style="display:inline">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<button type="submit" class="${style}" id="${move}-${escapeHtml(id)}">${label}</button></form>`;
  const rows = input.invitations
    .map(
      (i) => `<tr data-invitation-id="${escapeHtml(i.invitationId)}">
<td class="organization-name">${escapeHtml(i.organizationName)}</td><td class="role">${escapeHtml(i.roleName)}</td>
<td>${escapeHtml(i.invitedBy ?? '')}</td><td>${day(i.expiresAt)}</td>
<td>${answer(i.invitationId, 'accept', 'Accept', '')} ${answer(i.invitationId, 'decline', 'Decline', 'secondary')}</td></tr>`,
    )
    .join('\n');
  const table = input.invitations.length
    ? `<table id="invitations"><thead><tr><th>Organization</th><th>Role</th><th>Invited by</th><th>Expires</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p class="muted" id="no-invitations">No invitations are waiting for you.</p>';
  return layout(
    { title: 'Invitations', user: input.user, csrf: input.csrf },
    `<div class="card"><h1>Invitations</h1>
${input.notice ? `<p id="notice" role="status">${escapeHtml(input.notice)}</p>` : ''}
<p class="muted">Organizations that invited ${escapeHtml(input.user)}. Accepting makes you a member with the role shown.</p>
${table}</div>`,
  );
}
