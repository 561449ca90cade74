import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The API reference at /docs: Redoc (decision 0045) rendering /v1/openapi.json, with search, request and response
 * samples, the webhooks and every schema. Its standalone bundle is served from the installed npm package, so the
 * page works offline and loads nothing from another origin (the Content-Security-Policy below holds it to that).
 */
export const REDOC_BUNDLE_PATH = '/docs/redoc.standalone.js';

/** What /docs may load: its own origin, the inline styles Redoc writes, and the search worker it starts from a blob. */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function apiReferencePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference · Voice-Agent Platform</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<style>body{margin:0;padding:0}a[href*="redocly.com"]{display:none}</style></head>
<body>
<redoc spec-url="/v1/openapi.json" expand-responses="200,201,202" json-sample-expand-level="3" path-in-middle-panel="true" sort-tags-alphabetically="false"></redoc>
<script src="${REDOC_BUNDLE_PATH}"></script>
</body></html>`;
}

/** The one address on another origin the bundle loads from: the "API docs by Redocly" logo in the menu's footer. */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

let bundle: Promise<string> | undefined;

/**
 * The Redoc bundle, read once from node_modules, with its logo pointed at an empty inline image so the page makes
 * no request off the server (the footer link is hidden by the page's style too).
 */
export function redocBundle(): Promise<string> {
  bundle ??= readFile(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8')
    .then((text) => text.replaceAll(REDOC_LOGO, 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E'))
    .catch((error: unknown) => {
      bundle = undefined;
      throw error;
    });
  return bundle;
}
