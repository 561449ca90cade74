import { createReadStream, existsSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { readSession } from '../oauth/dashboard-session.js';
import { publicBaseUrl } from '../edge/base-url.js';
import { streamBaseUrl } from '../modules/telephony/carriers/stream-url.js';

/**
 * The operator's console (issue 16, decision 0051): a Preact application
 * under dashboard-app/, built ahead of time by Vite into dashboard-app/dist
 * (scripts/build-dashboard.ts, run by the set-up of `npm run dev` and
 * `npm test`), served here. Its hashed assets are public and cached for a
 * year; every other address under CONSOLE_APP_PATH is the application's
 * page (it routes in the browser), for a signed-in person only.
 */
export const CONSOLE_APP_PATH = '/dashboard/app';

/**
 * Its own script and styles only: no inline script, no framing. script-src
 * 'self' also covers the Talk page's AudioWorklet (a file of the build under
 * assets/). Audio from the signed recording links (same origin); the Talk
 * page plays the agent through Web Audio buffers, which media-src does not
 * govern. connect-src: the API, and the WebSocket of a browser call, which
 * opens on PUBLIC_URL's host (a ws: address is not 'self' in every browser,
 * and PUBLIC_URL may name another host than the page's).
 */
export function consoleCsp(streamOrigin: string): string {
  return `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self'; connect-src 'self' ${streamOrigin}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** dashboard-app/dist, found upwards from this file (src/dashboard here, dist/src/dashboard once compiled). */
export function consoleAppDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'dashboard-app'))) return join(dir, 'dashboard-app', 'dist');
    const up = dirname(dir);
    if (up === dir) return join(process.cwd(), 'dashboard-app', 'dist');
    dir = up;
  }
}

export function registerConsoleApp(router: Router, deps: AppDeps, root = consoleAppDir()): void {
  router.get(`${CONSOLE_APP_PATH}/assets/:file`, (ctx) => {
    const file = normalize(join(root, 'assets', ctx.params.file));
    if (!file.startsWith(join(root, 'assets') + sep) || !existsSync(file) || !statSync(file).isFile()) return; // 404 below
    ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.length = statSync(file).size;
    ctx.body = createReadStream(file);
  });
  const appPage = async (ctx: Parameters<Parameters<Router['get']>[1]>[0]) => {
    if (!(await readSession(ctx, deps.orm))) {
      ctx.status = 303;
      ctx.redirect(`/dashboard/sign-in?return_to=${encodeURIComponent(ctx.path)}`);
      return;
    }
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The console is not built: run `node --import tsx scripts/build-dashboard.ts` (npm run dev and npm test do).\n';
      return;
    }
    ctx.type = 'html';
    ctx.set('Content-Security-Policy', consoleCsp(new URL(streamBaseUrl(publicBaseUrl(deps.config, ctx))).origin));
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = createReadStream(index);
  };
  router.get(CONSOLE_APP_PATH, appPage);
  router.get(`${CONSOLE_APP_PATH}/{*rest}`, appPage);
}
