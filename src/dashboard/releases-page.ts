import type { Em } from '../db/orm.js';
import { DomainError } from '../modules/errors.js';
import { listUserWorkspaces, resolveUserPrincipal } from '../modules/people/resolve-principal.js';
import { listReleasesOfOrganizations } from '../modules/releases/list-releases.js';
import type { ReleaseView } from '../modules/releases/releases.schemas.js';
import { escapeHtml, layout } from '../oauth/pages.js';

/** How often the page reloads itself: a release manager watches a rollout here. */
export const RELEASES_REFRESH_SECONDS = 5;

/**
 * The releases a signed-in person may see: those of every organization in
 * which their role grants agents:read, newest first. Roles are read now, so
 * a removed member stops seeing an organization's releases at once.
 */
export async function releasesForUser(em: Em, userId: string): Promise<ReleaseView[]> {
  const workspaces = await listUserWorkspaces(em, userId);
  const visible: string[] = [];
  for (const w of workspaces) {
    try {
      const principal = await resolveUserPrincipal(em, { userId, organizationId: w.organizationId, via: 'dashboard' });
      if (principal.permissions.has('agents:read')) visible.push(w.organizationId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return listReleasesOfOrganizations(em, visible);
}

const time = (iso: string | null) =>
  iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))}</time>` : '<span class="muted">–</span>';

const STATUS_COLORS: Record<string, string> = {
  succeeded: '#1f7a3a',
  failed: '#c23b3b',
  aborted: '#8a5a00',
  rolled_back: '#8a5a00',
  compensated: '#8a5a00',
  running: '#2f5bd3',
  waiting: '#2f5bd3',
  awaiting_approval: '#2f5bd3',
  pending: '#5d6577',
  skipped: '#5d6577',
};
const badge = (status: string) =>
  `<span class="badge" data-status="${escapeHtml(status)}" style="color:${STATUS_COLORS[status] ?? '#1d2330'}">${escapeHtml(status.replace('_', ' '))}</span>`;

const PAGE_STYLE = `<style>main{max-width:1100px}.badge{font-weight:600;font-size:13px}.steps{margin:6px 0 0;padding:0;list-style:none}
.steps li{display:inline-block;margin:0 10px 6px 0;padding:3px 8px;border:1px solid #e2e5ec;border-radius:6px;font-size:13px}
.steps .err{display:block;color:#8c1d1d;max-width:420px}.reason{color:#8c1d1d}td{font-size:14px}</style>`;

function stepsList(release: ReleaseView): string {
  return `<ul class="steps">${release.steps
    .map(
      (s) => `<li data-step="${escapeHtml(s.name)}">${escapeHtml(s.name)} ${badge(s.status)}
<span class="muted">${s.started_at ? time(s.started_at) : ''}${s.finished_at ? ` → ${time(s.finished_at)}` : ''}</span>
${s.error ? `<span class="err">${escapeHtml(s.error.slice(0, 300))}</span>` : ''}</li>`,
    )
    .join('')}</ul>`;
}

export function releasesPage(input: { user: string; csrf: string; releases: ReleaseView[] }): string {
  const rows = input.releases
    .map(
      (r) => `<tr data-release-id="${escapeHtml(r.release_id)}">
<td><strong>${escapeHtml(r.agent_name)}</strong><br><span class="muted">${escapeHtml(r.release_id)}</span></td>
<td class="release-status">${badge(r.status)}${r.paused ? ' <span class="muted">(paused)</span>' : ''}</td>
<td>${escapeHtml(r.started_by.name ?? r.started_by.id ?? r.started_by.type)}<br>${time(r.created_at)}</td>
<td>${time(r.finished_at)}</td>
<td>${stepsList(r)}${r.reason ? `<div class="reason">${escapeHtml(r.reason)}</div>` : ''}</td></tr>`,
    )
    .join('\n');
  const table = input.releases.length
    ? `<table id="releases"><thead><tr><th>Agent</th><th>Status</th><th>Started</th><th>Finished</th><th>Steps</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p class="muted" id="no-releases">No releases yet. Start one with POST /v1/agent/{agent_id}/release/start or the release_start tool.</p>';
  return layout(
    { title: 'Releases', user: input.user, csrf: input.csrf, refreshSeconds: RELEASES_REFRESH_SECONDS },
    `${PAGE_STYLE}<div class="card"><h1>Releases</h1>
<p class="muted">Newest first, across your organizations. This page refreshes every ${RELEASES_REFRESH_SECONDS} seconds.</p>
${table}</div>`,
  );
}
