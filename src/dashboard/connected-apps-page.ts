import type { ConnectionView } from '../oauth/connections/list-connections.js';
import { escapeHtml, layout } from '../oauth/pages.js';

const when = (iso: string | null) => (iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 16))} UTC</time>` : 'never');

/** The signed-in user's Connected apps: the assistants connected over OAuth, each with a Disconnect button. */
export function connectedAppsPage(input: { user: string; csrf: string; connections: ConnectionView[]; notice?: string }): string {
  const rows = input.connections
    .map(
      (c) => `<tr data-connection-id="${escapeHtml(c.connectionId)}">
<td class="client-name">${escapeHtml(c.clientName)}</td><td>${escapeHtml(c.organizationName)}</td><td>${escapeHtml(c.projectName)}</td>
<td>${when(c.connectedAt)}</td><td>${when(c.lastUsedAt)}</td>
<td><form method="post" action="/dashboard/connected-apps/${encodeURIComponent(c.connectionId)}/disconnect">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<button type="submit" class="danger" id="disconnect-${escapeHtml(c.connectionId)}">Disconnect</button></form></td></tr>`,
    )
    .join('\n');
  const table = input.connections.length
    ? `<table id="connected-apps"><thead><tr><th>App</th><th>Organization</th><th>Project</th><th>Connected</th><th>Last used</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p class="muted" id="no-connections">No assistant is connected. Connect one from your assistant: it opens the sign-in page for you.</p>';
  return layout(
    { title: 'Connected apps', user: input.user, csrf: input.csrf },
    `<div class="card"><h1>Connected apps</h1>
${input.notice ? `<p id="notice" role="status">${escapeHtml(input.notice)}</p>` : ''}
${table}</div>`,
  );
}
