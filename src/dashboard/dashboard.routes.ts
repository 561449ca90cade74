import type Router from '@koa/router';
import { see } from '../oauth/page-response.js';
import { CONSOLE_APP_PATH } from './console-app.js';

/**
 * The dashboard's old addresses. Every page of the signed-in person is the
 * console's (dashboard-app/, decision 0051; Connected apps and Talk moved
 * last, decision 0062): the server renders only sign-in, consent and the
 * OAuth messages (src/oauth/sign-in.routes.ts, src/oauth/pages.ts). An old
 * address, bookmarked or printed by `npm run dev`, leads to its console page.
 */
export function registerDashboardRoutes(router: Router): void {
  const moved: Record<string, string> = {
    '/dashboard/connected-apps': 'connected-apps',
    '/dashboard/releases': 'releases',
    '/dashboard/talk': 'talk',
    '/dashboard/campaigns': 'campaigns',
    '/dashboard/invitations': 'invitations',
  };
  for (const [from, to] of Object.entries(moved)) router.get(from, (ctx) => see(ctx, `${CONSOLE_APP_PATH}/${to}`));
  router.get('/dashboard/campaigns/:campaignId', (ctx) => see(ctx, `${CONSOLE_APP_PATH}/campaigns/${encodeURIComponent(ctx.params.campaignId)}`));
}
