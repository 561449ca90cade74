/**
 * The server-rendered pages: sign-in, consent and messages (every other
 * page of the dashboard is the console's, dashboard-app/). Plain HTML forms,
 * no script, one small stylesheet inline. Every value is escaped. Element
 * ids are stable: the browser test drives the pages by them.
 */
export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Frames are refused (clickjacking); no script runs; forms may post anywhere they redirect to (the OAuth callback). */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2330;background:#f4f5f8}
header{display:flex;align-items:center;justify-content:space-between;padding:12px 24px;background:#fff;border-bottom:1px solid #e2e5ec}
header .brand{font-weight:600;color:#1d2330;text-decoration:none}nav a{margin-right:14px;color:#2f5bd3;text-decoration:none}header form{display:inline}main{max-width:860px;margin:40px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e2e5ec;border-radius:10px;padding:28px 32px}h1{font-size:22px;margin:0 0 16px}
label{display:block;font-weight:600;margin:14px 0 6px}input,select{width:100%;padding:9px 11px;border:1px solid #c9ced9;border-radius:6px;font:inherit}
button{font:inherit;padding:9px 16px;border-radius:6px;border:1px solid #2f5bd3;background:#2f5bd3;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#2f5bd3}button.danger{border-color:#c23b3b;background:#fff;color:#c23b3b}button.link{border:0;background:none;color:#2f5bd3;padding:0}
.actions{display:flex;gap:10px;margin-top:22px}.error{background:#fdecec;border:1px solid #f3b9b9;color:#8c1d1d;padding:10px 12px;border-radius:6px;margin-bottom:14px}
.muted{color:#5d6577}.scope{display:inline-block;font-family:ui-monospace,monospace;background:#eef1f8;padding:1px 8px;border-radius:4px}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:10px 8px;border-bottom:1px solid #eceef3;vertical-align:middle}th{font-size:13px;color:#5d6577;font-weight:600}
`;

interface Chrome {
  title: string;
  /** The signed-in user's email, for the header; absent on sign-in pages. */
  user?: string;
  csrf?: string;
}

export function layout(chrome: Chrome, body: string): string {
  const account = chrome.user
    ? `<a href="/dashboard/app/calls" id="nav-calls">Calls</a> <a href="/dashboard/app/analytics" id="nav-analytics">Analytics</a> <a href="/dashboard/app/releases" id="nav-releases">Releases</a> <a href="/dashboard/app/campaigns" id="nav-campaigns">Campaigns</a> <a href="/dashboard/app/talk" id="nav-talk">Talk</a> <a href="/dashboard/app/invitations" id="nav-invitations">Invitations</a> <a href="/dashboard/app/connected-apps" id="nav-connected-apps">Connected apps</a>
       <span class="muted">${escapeHtml(chrome.user)}</span>
       <form method="post" action="/dashboard/sign-out"><input type="hidden" name="csrf" value="${escapeHtml(chrome.csrf)}">
       <button type="submit" class="link" id="sign-out">Sign out</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(chrome.title)} · Voice-agent platform</title><style>${STYLE}</style></head>
<body><header><a class="brand" href="/dashboard/app">Voice-agent platform</a><nav>${account}</nav></header>
<main>${body}</main></body></html>`;
}

export function signInPage(input: { action: string; csrf: string; email?: string; error?: string; clientName?: string }): string {
  const intro = input.clientName ? `<p class="muted">Sign in to connect <strong>${escapeHtml(input.clientName)}</strong> to your account.</p>` : '';
  return layout(
    { title: 'Sign in' },
    `<div class="card"><h1>Sign in</h1>${intro}
${input.error ? `<div class="error" id="sign-in-error" role="alert">${escapeHtml(input.error)}</div>` : ''}
<form method="post" action="${escapeHtml(input.action)}" id="sign-in-form">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button type="submit" id="sign-in">Sign in</button></div>
</form></div>`,
  );
}

export interface WorkspaceChoice {
  organizationId: string;
  organizationName: string;
  projects: { projectId: string; name: string }[];
}

export function consentPage(input: {
  action: string;
  csrf: string;
  user: string;
  clientName: string;
  clientId: string;
  redirectUri: string;
  workspaces: WorkspaceChoice[];
  error?: string;
}): string {
  const options = input.workspaces
    .filter((w) => w.projects.length)
    .map(
      (w) =>
        `<optgroup label="${escapeHtml(w.organizationName)}">${w.projects
          .map((p) => `<option value="${escapeHtml(`${w.organizationId}/${p.projectId}`)}">${escapeHtml(`${w.organizationName} / ${p.name}`)}</option>`)
          .join('')}</optgroup>`,
    )
    .join('');
  const body = options
    ? `<label for="workspace">Organization and project</label>
<select id="workspace" name="workspace" required>${options}</select>
<p class="muted">The assistant acts as you, with your roles, in this project only. You can disconnect it at any time under Connected apps.</p>`
    : `<div class="error" id="no-workspace">You are not a member of any organization with a project, so there is nothing to connect to.</div>`;
  return layout(
    { title: 'Connect an assistant', user: input.user, csrf: input.csrf },
    `<div class="card"><h1>Connect ${escapeHtml(input.clientName)}</h1>
${input.error ? `<div class="error" role="alert">${escapeHtml(input.error)}</div>` : ''}
<p><strong id="client-name">${escapeHtml(input.clientName)}</strong> asks for access with the scope <span class="scope" id="scope">mcp</span>:
to use the platform's tools on your behalf.</p>
<p class="muted">After you approve, you return to <code>${escapeHtml(input.redirectUri)}</code>.</p>
<form method="post" action="${escapeHtml(input.action)}" id="consent-form">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
${body}
<div class="actions">
${options ? '<button type="submit" name="decision" value="approve" id="approve">Approve</button>' : ''}
<button type="submit" name="decision" value="deny" id="deny" class="secondary" formnovalidate>Deny</button>
</div></form></div>`,
  );
}

export function messagePage(input: { title: string; message: string; user?: string; csrf?: string }): string {
  return layout(
    { title: input.title, user: input.user, csrf: input.csrf },
    `<div class="card"><h1>${escapeHtml(input.title)}</h1><p id="message">${escapeHtml(input.message)}</p></div>`,
  );
}
