import type { Em } from '../db/orm.js';
import { Agent } from '../modules/agents/agents.entity.js';
import { listUserWorkspaces } from '../modules/people/resolve-principal.js';
import { principalFor } from './principals.js';
import { escapeHtml, layout, PAGE_CSP } from '../oauth/pages.js';

/**
 * "Talk to this agent" (issue 15): a call from the browser. The page lists
 * the published agents the person may test (tests:run) across their
 * organizations; a button asks for a stream address (POST, CSRF), then the
 * script streams the microphone as 8 kHz PCM16 over the WebSocket (an
 * AudioWorklet resamples it) and plays the agent's audio as it comes,
 * echoing marks when played and dropping what is queued on `clear`.
 */
export const TALK_SCRIPT_PATH = '/dashboard/talk.js';
export const TALK_WORKLET_PATH = '/dashboard/talk-worklet.js';

/** Our script, its worklet, the microphone, and the WebSocket to this host. */
export function talkPageCsp(wsOrigin: string): string {
  return `${PAGE_CSP}; script-src 'self'; connect-src 'self' ${wsOrigin}; media-src 'self' blob:`;
}

export interface TalkableAgent {
  agentId: string;
  name: string;
  organizationName: string;
}

export async function talkableAgents(em: Em, userId: string): Promise<TalkableAgent[]> {
  const out: TalkableAgent[] = [];
  for (const w of await listUserWorkspaces(em, userId)) {
    const principal = await principalFor(em, userId, w.organizationId);
    if (!principal?.permissions.has('tests:run')) continue;
    const agents = await em.find(
      Agent,
      { organization: w.organizationId, liveVersionId: { $ne: null }, ...(principal.projectId ? { project: principal.projectId } : {}) },
      { orderBy: { name: 'asc' }, limit: 200 },
    );
    for (const a of agents) out.push({ agentId: a.id, name: a.name, organizationName: w.organizationName });
  }
  return out;
}

export function talkPage(input: { user: string; csrf: string; agents: TalkableAgent[] }): string {
  const rows = input.agents
    .map(
      (
        a,
      ) => `<tr data-agent-id="${escapeHtml(a.agentId)}"><td><strong>${escapeHtml(a.name)}</strong><br><span class="muted">${escapeHtml(a.organizationName)} · ${escapeHtml(a.agentId)}</span></td>
<td><button type="button" class="talk" data-agent-id="${escapeHtml(a.agentId)}" aria-label="Talk to ${escapeHtml(a.name)}">Talk to this agent</button></td></tr>`,
    )
    .join('\n');
  const table = input.agents.length
    ? `<table id="talk-agents"><thead><tr><th>Agent</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted" id="no-agents">No published agent you may test yet.</p>';
  return layout(
    { title: 'Talk to an agent', user: input.user, csrf: input.csrf },
    `<meta name="csrf" content="${escapeHtml(input.csrf)}"><div class="card"><h1>Talk to an agent</h1>
<p class="muted">A call from this browser: your microphone is the caller. It is recorded as a call session (direction web).</p>
<p id="talk-status" role="status" aria-live="polite">Not in a call.</p>
<div class="actions"><button type="button" class="danger" id="hang-up" disabled>Hang up</button></div>
${table}</div><script src="${TALK_SCRIPT_PATH}"></script>`,
  );
}

/** The page's script: no framework, no inline code (the CSP allows our own files only). */
export const TALK_SCRIPT = `'use strict';
(function () {
  var csrf = document.querySelector('meta[name=csrf]').content;
  var status = document.getElementById('talk-status');
  var hangUp = document.getElementById('hang-up');
  var call = null;
  function say(text) { status.textContent = text; }
  function b64(buffer) { var s = ''; var bytes = new Uint8Array(buffer); for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]); return btoa(s); }
  function unb64(text) { var s = atob(text); var bytes = new Uint8Array(s.length); for (var i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i); return new Int16Array(bytes.buffer); }
  document.querySelectorAll('button.talk').forEach(function (button) {
    button.addEventListener('click', function () { start(button.getAttribute('data-agent-id')).catch(function (e) { say('The call could not start: ' + e.message); end(); }); });
  });
  hangUp.addEventListener('click', function () { end('You hung up.'); });
  function end(text) {
    if (!call) return;
    var c = call; call = null;
    try { c.ws.close(); } catch (e) {}
    c.mic && c.mic.getTracks().forEach(function (t) { t.stop(); });
    c.timers.forEach(clearTimeout);
    c.ctx.close();
    hangUp.disabled = true;
    if (text) say(text);
  }
  async function start(agentId) {
    if (call) return;
    say('Connecting…');
    var res = await fetch('/dashboard/talk/' + encodeURIComponent(agentId) + '/open', {
      method: 'POST', credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrf: csrf }),
    });
    var body = await res.json();
    if (!res.ok) { say(body.error || 'The call could not start.'); return; }
    var ctx = new AudioContext();
    call = { ctx: ctx, ws: null, mic: null, timers: [], sources: [], nextAt: 0, seq: 0, sessionId: null };
    var c = call;
    await ctx.audioWorklet.addModule('${TALK_WORKLET_PATH}');
    c.mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: false, autoGainControl: false } });
    var capture = new AudioWorkletNode(ctx, 'pcm8k-capture');
    ctx.createMediaStreamSource(c.mic).connect(capture);
    var mute = ctx.createGain(); mute.gain.value = 0; capture.connect(mute); mute.connect(ctx.destination);
    var ws = new WebSocket(body.stream_url);
    c.ws = ws;
    hangUp.disabled = false;
    ws.onopen = function () { ws.send(JSON.stringify({ event: 'start', encoding: 'pcm16', sample_rate: 8000 })); say('In a call with the agent: speak.'); };
    capture.port.onmessage = function (e) {
      if (ws.readyState === 1) ws.send(JSON.stringify({ event: 'media', seq: c.seq++, media: { payload: b64(e.data) } }));
    };
    ws.onmessage = function (e) {
      var m = JSON.parse(e.data);
      if (m.event === 'media') play(c, unb64(m.media.payload));
      else if (m.event === 'mark') markWhenPlayed(c, m.mark.name);
      else if (m.event === 'clear') clearQueued(c);
    };
    ws.onclose = function () { if (call === c) end('The call ended.'); };
  }
  function play(c, pcm) {
    var buffer = c.ctx.createBuffer(1, pcm.length, 8000);
    var data = buffer.getChannelData(0);
    for (var i = 0; i < pcm.length; i++) data[i] = pcm[i] / 32768;
    var source = c.ctx.createBufferSource();
    source.buffer = buffer; source.connect(c.ctx.destination);
    var at = Math.max(c.ctx.currentTime + 0.02, c.nextAt);
    source.start(at); c.nextAt = at + buffer.duration;
    c.sources.push(source);
    source.onended = function () { c.sources.splice(c.sources.indexOf(source), 1); };
  }
  function markWhenPlayed(c, name) {
    var wait = Math.max(0, c.nextAt - c.ctx.currentTime) * 1000;
    c.timers.push(setTimeout(function () {
      if (c.ws.readyState !== 1) return;
      c.ws.send(JSON.stringify({ event: 'mark', mark: { name: name } }));
      status.setAttribute('data-sentences-heard', String(Number(status.getAttribute('data-sentences-heard') || 0) + 1));
    }, wait));
  }
  function clearQueued(c) {
    c.sources.forEach(function (s) { try { s.stop(); } catch (e) {} });
    c.sources = []; c.timers.forEach(clearTimeout); c.timers = []; c.nextAt = 0;
  }
})();
`;

/** The capture worklet: the microphone at the context's rate, averaged down to 8 kHz PCM16, posted 160 samples (20 ms) at a time. */
export const TALK_WORKLET = `'use strict';
class Pcm8kCapture extends AudioWorkletProcessor {
  constructor() { super(); this.frame = new Int16Array(160); this.n = 0; this.acc = 0; this.count = 0; this.pos = 0; this.step = 8000 / sampleRate; }
  process(inputs) {
    var input = inputs[0] && inputs[0][0];
    if (!input) return true;
    for (var i = 0; i < input.length; i++) {
      this.acc += input[i]; this.count++; this.pos += this.step;
      if (this.pos < 1) continue;
      this.pos -= 1;
      var v = Math.max(-1, Math.min(1, this.acc / this.count)); this.acc = 0; this.count = 0;
      this.frame[this.n++] = v < 0 ? v * 32768 : v * 32767;
      if (this.n === 160) { this.port.postMessage(this.frame.buffer, [this.frame.buffer]); this.frame = new Int16Array(160); this.n = 0; }
    }
    return true;
  }
}
registerProcessor('pcm8k-capture', Pcm8kCapture);
`;
