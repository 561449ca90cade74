/**
 * The API reference page at /docs: a self-contained page (no CDN, no build
 * step) that reads /v1/openapi.json and renders every operation with its
 * parameters, body and responses. Schemas are shown resolved, as JSON.
 */
export function apiReferencePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference · Voice-Agent Platform</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2330;background:#f7f8fa}
header{background:#1d2330;color:#fff;padding:18px 28px}header h1{margin:0;font-size:20px}
main{display:grid;grid-template-columns:260px 1fr;gap:0}nav{padding:16px;border-right:1px solid #dde1e7;height:calc(100vh - 60px);overflow:auto;position:sticky;top:0}
nav a{display:block;color:#1d2330;text-decoration:none;padding:2px 0;font-size:13px}nav h3{font-size:12px;text-transform:uppercase;color:#6b7280;margin:14px 0 4px}
section{padding:20px 32px;max-width:980px}.op{background:#fff;border:1px solid #dde1e7;border-radius:8px;margin:0 0 18px;padding:14px 18px}
.m{font:600 12px monospace;padding:2px 8px;border-radius:4px;color:#fff;margin-right:8px}.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.delete{background:#dc2626}.patch{background:#7c3aed}
code,pre{font-family:ui-monospace,monospace;font-size:12.5px}pre{background:#f3f4f6;padding:10px;border-radius:6px;overflow:auto;max-height:340px}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border-bottom:1px solid #eef0f3;padding:4px 6px;text-align:left;vertical-align:top}
.desc{white-space:pre-wrap}details summary{cursor:pointer;color:#374151}
</style></head>
<body><header><h1>Voice-Agent Platform · REST API reference</h1><div id="meta" style="opacity:.8;font-size:13px"></div></header>
<main><nav id="nav"></nav><section id="content">Loading /v1/openapi.json…</section></main>
<script>
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
fetch('/v1/openapi.json').then((r) => r.json()).then((doc) => {
  const resolve = (s, depth = 0) => {
    if (!s || depth > 8) return s;
    if (s.$ref) return resolve(doc.components.schemas[s.$ref.split('/').pop()], depth + 1);
    if (Array.isArray(s)) return s.map((x) => resolve(x, depth + 1));
    if (typeof s === 'object') return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, resolve(v, depth + 1)]));
    return s;
  };
  document.getElementById('meta').textContent = doc.info.title + ' · OpenAPI ' + doc.openapi + ' · version ' + doc.info.version;
  const byTag = {};
  for (const [path, item] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(item)) {
    (byTag[op.tags?.[0] ?? 'Other'] ??= []).push({ path, method, op });
  }
  let nav = '', html = '<div class="op"><div class="desc">' + esc(doc.info.description) + '</div></div>';
  for (const [tag, ops] of Object.entries(byTag)) {
    nav += '<h3>' + esc(tag) + '</h3>';
    html += '<h2>' + esc(tag) + '</h2>';
    for (const { path, method, op } of ops) {
      const id = op.operationId ?? (method + path);
      nav += '<a href="#' + esc(id) + '">' + esc(op.summary ?? path) + '</a>';
      const params = (op.parameters ?? []).map((p) => '<tr><td><code>' + esc(p.name) + '</code></td><td>' + esc(p.in) + (p.required ? ', required' : '') + '</td><td>' + esc(p.schema?.type ?? '') + '</td><td>' + esc(p.description ?? p.schema?.description ?? '') + '</td></tr>').join('');
      const body = op.requestBody ? '<details open><summary>Request body</summary><pre>' + esc(JSON.stringify(resolve(Object.values(op.requestBody.content)[0].schema), null, 2)) + '</pre></details>' : '';
      const responses = Object.entries(op.responses).map(([code, r]) => '<details' + (code < 300 ? ' open' : '') + '><summary><b>' + esc(code) + '</b> ' + esc(r.description) + '</summary>' + (r.content ? '<pre>' + esc(JSON.stringify(resolve(Object.values(r.content)[0].schema), null, 2)) + '</pre>' : '') + '</details>').join('');
      html += '<div class="op" id="' + esc(id) + '"><div><span class="m ' + method + '">' + method.toUpperCase() + '</span><code>' + esc(path) + '</code></div><h3>' + esc(op.summary ?? '') + '</h3><div class="desc">' + esc(op.description ?? '') + '</div>' + (params ? '<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Description</th></tr>' + params + '</table>' : '') + body + responses + '</div>';
    }
  }
  document.getElementById('nav').innerHTML = nav;
  document.getElementById('content').innerHTML = html;
}).catch((e) => { document.getElementById('content').textContent = 'Could not load /v1/openapi.json: ' + e; });
</script></body></html>`;
}
