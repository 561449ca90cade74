import type { Em } from '../db/orm.js';
import { listUserWorkspaces } from '../modules/people/resolve-principal.js';
import { principalFor } from './principals.js';
import { listCampaigns } from '../modules/campaigns/list-campaigns.js';
import type { CampaignView } from '../modules/campaigns/campaigns.schemas.js';
import { escapeHtml, layout, PAGE_CSP } from '../oauth/pages.js';

/**
 * The dashboard's Campaigns page: every campaign the signed-in person may
 * see (organizations where their role grants agents:read), and a detail view
 * that follows one campaign live. The detail page runs one small script of
 * our own (served from /dashboard/assets, no inline code) that polls a JSON
 * endpoint behind the same session every POLL_SECONDS; without script it
 * refreshes itself. Pause, resume and cancel are plain POST forms with the
 * CSRF token, into the same controlCampaign the REST routes call.
 */
export const POLL_SECONDS = 2;
export const CAMPAIGN_SCRIPT_PATH = '/dashboard/assets/campaign-live.js';
/** PAGE_CSP plus our own script file and same-origin fetches: still no inline script, no framing. */
export const CAMPAIGN_PAGE_CSP = `${PAGE_CSP}; script-src 'self'; connect-src 'self'`;

type ListedCampaign = Omit<CampaignView, 'progress'> & { organization_name: string };

export async function campaignsForUser(em: Em, userId: string): Promise<ListedCampaign[]> {
  const out: ListedCampaign[] = [];
  for (const w of await listUserWorkspaces(em, userId)) {
    const principal = await principalFor(em, userId, w.organizationId);
    if (!principal?.permissions.has('agents:read')) continue;
    // The 100 newest of each organization.
    for (const c of (await listCampaigns(em, principal, listCampaigns.input.parse({ page_size: 100 }))).items)
      out.push({ ...c, organization_name: w.organizationName });
  }
  return out.sort((x, y) => (x.campaign_id < y.campaign_id ? 1 : -1));
}

const money = (micros: number | null) => (micros === null ? '–' : `$${(micros / 1_000_000).toFixed(2)}`);
const time = (iso: string | null) =>
  iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))}</time>` : '<span class="muted">–</span>';
const STATUS_COLORS: Record<string, string> = { running: '#2f5bd3', paused: '#8a5a00', cancelled: '#c23b3b', completed: '#1f7a3a' };
const badge = (status: string) =>
  `<span class="badge" data-status="${escapeHtml(status)}" style="color:${STATUS_COLORS[status] ?? '#1d2330'}">${escapeHtml(status)}</span>`;

/** The figures the page shows, from the read state (and the workflow's live progress when there is one). */
export function campaignFigures(c: Pick<CampaignView, 'status' | 'reason' | 'counts' | 'spent_micros' | 'spend_cap_micros'>) {
  const s = c.counts.by_state;
  const o = c.counts.by_outcome;
  return {
    status: c.status,
    reason: c.reason,
    recipients: c.counts.recipients,
    dials: c.counts.dials,
    queued: s.queued ?? 0,
    dialling: s.dialling ?? 0,
    in_call: s.in_call ?? 0,
    done: s.done ?? 0,
    failed: s.failed ?? 0,
    skipped_dnc: s.skipped_dnc ?? 0,
    skipped_window: s.skipped_window ?? 0,
    /** Not dialled (again) because the campaign was cancelled. */
    cancelled: s.cancelled ?? 0,
    outcomes: {
      completed: o.completed ?? 0,
      no_answer: o.no_answer ?? 0,
      busy: o.busy ?? 0,
      voicemail: o.voicemail ?? 0,
      failed: o.failed ?? 0,
      dnc_blocked: o.dnc_blocked ?? 0,
    },
    spent: money(c.spent_micros),
    cap: money(c.spend_cap_micros),
  };
}
export type CampaignFigures = ReturnType<typeof campaignFigures>;

const PAGE_STYLE = `<style>main{max-width:1180px}.badge{font-weight:600;font-size:13px}td{font-size:14px}.num{text-align:right;font-variant-numeric:tabular-nums}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px;margin:18px 0}.fig{border:1px solid #e2e5ec;border-radius:8px;padding:10px 12px}
.fig b{display:block;font-size:22px;font-variant-numeric:tabular-nums}.fig span{font-size:13px;color:#5d6577}.moves form{display:inline}.moves form[hidden]{display:none}.reason{color:#8c1d1d}
a.back{color:#2f5bd3;text-decoration:none}</style>`;

export function campaignsPage(input: { user: string; csrf: string; campaigns: ListedCampaign[] }): string {
  const rows = input.campaigns
    .map((c) => {
      const f = campaignFigures(c);
      return `<tr data-campaign-id="${escapeHtml(c.campaign_id)}">
<td><a href="/dashboard/campaigns/${encodeURIComponent(c.campaign_id)}" class="campaign-link"><strong>${escapeHtml(c.name)}</strong></a><br><span class="muted">${escapeHtml(c.organization_name)} · ${escapeHtml(c.campaign_id)}</span></td>
<td class="campaign-status">${badge(c.status)}</td>
<td class="num">${f.recipients}</td><td class="num" data-count="queued">${f.queued}</td><td class="num" data-count="dialling">${f.dialling}</td>
<td class="num" data-count="in_call">${f.in_call}</td><td class="num" data-count="completed">${f.outcomes.completed}</td>
<td class="num" data-count="unanswered">${f.outcomes.no_answer + f.outcomes.busy + f.outcomes.voicemail}</td><td class="num" data-count="failed">${f.failed}</td>
<td class="num" data-count="skipped">${f.skipped_dnc} / ${f.skipped_window}</td><td class="num">${escapeHtml(f.spent)} / ${escapeHtml(f.cap)}</td><td>${time(c.created_at)}</td></tr>`;
    })
    .join('\n');
  const table = input.campaigns.length
    ? `<table id="campaigns"><thead><tr><th>Campaign</th><th>Status</th><th class="num">Recipients</th><th class="num">Queued</th><th class="num">Dialling</th>
<th class="num">In call</th><th class="num">Completed</th><th class="num">No answer / busy / voicemail</th><th class="num">Failed</th><th class="num">Skipped DNC / window</th>
<th class="num">Spend / cap</th><th>Launched</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted" id="no-campaigns">No campaigns yet. Launch one with POST /v1/outbound/campaign/launch or the outbound_campaign_launch tool.</p>';
  return layout(
    { title: 'Campaigns', user: input.user, csrf: input.csrf, refreshSeconds: 10 },
    `${PAGE_STYLE}<div class="card"><h1>Campaigns</h1>
<p class="muted">Newest first, across your organizations. This list refreshes every 10 seconds; open a campaign to follow it live.</p>
${table}</div>`,
  );
}

const fig = (id: string, label: string, value: string | number) =>
  `<div class="fig"><b id="fig-${id}">${escapeHtml(value)}</b><span>${escapeHtml(label)}</span></div>`;

/** Which moves make sense in a status (the workflow's validators have the last word). */
export const movesFor = (status: string) => ({ pause: status === 'running', resume: status === 'paused', cancel: status === 'running' || status === 'paused' });

export function campaignDetailPage(input: { user: string; csrf: string; campaign: CampaignView; canControl: boolean; notice?: string }): string {
  const c = input.campaign;
  const f = campaignFigures(c);
  const moves = movesFor(c.status);
  const button = (move: 'pause' | 'resume' | 'cancel', label: string, cls: string) =>
    `<form method="post" action="/dashboard/campaigns/${encodeURIComponent(c.campaign_id)}/${move}" data-move="${move}"${moves[move] ? '' : ' hidden'}>
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}"><button type="submit" id="${move}" class="${cls}">${label}</button></form>`;
  const controls = input.canControl
    ? `<div class="actions moves" id="moves">${button('pause', 'Pause', 'secondary')} ${button('resume', 'Resume', '')} ${button('cancel', 'Cancel campaign', 'danger')}</div>`
    : '<p class="muted" id="read-only">Your role can watch this campaign but not pause, resume or cancel it (outbound:launch).</p>';
  return layout(
    { title: `Campaign ${c.name}`, user: input.user, csrf: input.csrf },
    `${PAGE_STYLE}<noscript><meta http-equiv="refresh" content="${POLL_SECONDS * 3}"></noscript>
<p><a class="back" href="/dashboard/campaigns" id="back">← Campaigns</a></p>
<div class="card" id="campaign" data-campaign-id="${escapeHtml(c.campaign_id)}" data-poll-seconds="${POLL_SECONDS}">
<h1>${escapeHtml(c.name)}</h1>
${input.notice ? `<p id="notice" role="status">${escapeHtml(input.notice)}</p>` : ''}
<p>Status: <span id="status">${badge(c.status)}</span> <span class="reason" id="reason">${escapeHtml(c.reason ?? '')}</span>
<span class="muted" id="live" aria-live="polite"></span></p>
<p class="muted">Agent ${escapeHtml(c.agent_id)} · callers ${escapeHtml(c.caller_numbers.join(', '))} · at most ${c.max_concurrent_calls} calls at once,
${c.calls_per_minute} a minute · ${c.window ? `window ${escapeHtml(c.window.start)}–${escapeHtml(c.window.end)} (recipient's time)` : 'no calling window'} · launched ${time(c.created_at)}</p>
<div class="grid">
${fig('recipients', 'recipients', f.recipients)}${fig('dials', 'dials started', f.dials)}${fig('queued', 'queued', f.queued)}${fig('dialling', 'dialling', f.dialling)}
${fig('in_call', 'in call', f.in_call)}${fig('completed', 'completed', f.outcomes.completed)}${fig('no_answer', 'no answer', f.outcomes.no_answer)}
${fig('busy', 'busy', f.outcomes.busy)}${fig('voicemail', 'voicemail', f.outcomes.voicemail)}${fig('failed', 'failed', f.failed)}
${fig('skipped_dnc', 'skipped: do not call', f.skipped_dnc)}${fig('skipped_window', 'waiting for window', f.skipped_window)}
${fig('cancelled', 'not dialled (cancelled)', f.cancelled)}${fig('spent', `spend (cap ${f.cap})`, f.spent)}
</div>
${controls}</div>
<script src="${CAMPAIGN_SCRIPT_PATH}" defer></script>`,
  );
}

/**
 * The detail page's script: polls progress.json and writes the figures into
 * the elements by id, shows only the moves the status allows, and stops
 * polling once the campaign has finished. textContent only: no HTML from
 * the server is ever parsed.
 */
export const CAMPAIGN_LIVE_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('campaign');
  if (!root) return;
  var id = root.getAttribute('data-campaign-id');
  var every = Number(root.getAttribute('data-poll-seconds') || '2') * 1000;
  var live = document.getElementById('live');
  function set(key, value) { var el = document.getElementById('fig-' + key); if (el) el.textContent = String(value); }
  function apply(f) {
    ['recipients', 'dials', 'queued', 'dialling', 'in_call', 'failed', 'skipped_dnc', 'skipped_window', 'cancelled'].forEach(function (k) { set(k, f[k]); });
    ['completed', 'no_answer', 'busy', 'voicemail'].forEach(function (k) { set(k, f.outcomes[k]); });
    set('spent', f.spent);
    var badge = document.querySelector('#status .badge');
    if (badge) { badge.textContent = f.status; badge.setAttribute('data-status', f.status); }
    document.getElementById('reason').textContent = f.reason || '';
    document.querySelectorAll('form[data-move]').forEach(function (form) { form.hidden = !f.moves[form.getAttribute('data-move')]; });
  }
  function tick() {
    fetch('/dashboard/campaigns/' + encodeURIComponent(id) + '/progress.json', { credentials: 'same-origin', cache: 'no-store' })
      .then(function (res) { if (!res.ok) throw new Error('HTTP ' + res.status); return res.json(); })
      .then(function (f) {
        apply(f);
        live.textContent = 'updated ' + new Date().toLocaleTimeString();
        live.setAttribute('data-updates', String(Number(live.getAttribute('data-updates') || '0') + 1));
        if (f.status === 'running' || f.status === 'paused') setTimeout(tick, every);
      })
      .catch(function (error) { live.textContent = 'not updating: ' + error.message; setTimeout(tick, every * 3); });
  }
  setTimeout(tick, every);
})();
`;
