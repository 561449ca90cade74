import type Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../modules/errors.js';
import { statusOf } from '../edge/problem.js';
import { listConnections } from '../oauth/connections/list-connections.js';
import { disconnectConnection } from '../oauth/connections/disconnect-connection.js';
import { csrfToken, csrfValid, readSession } from '../oauth/dashboard-session.js';
import { type Ctx, field, HOME, page, requireCsrf, see } from '../oauth/page-response.js';
import { connectedAppsPage } from './connected-apps-page.js';
import { agentPrincipal } from './principals.js';
import { CONSOLE_APP_PATH } from './console-app.js';
import { TALK_SCRIPT, TALK_SCRIPT_PATH, TALK_WORKLET, TALK_WORKLET_PATH, talkableAgents, talkPage, talkPageCsp } from './talk-page.js';
import { openWebCall } from '../modules/calls/web-call.js';
import { streamBaseUrl } from '../modules/telephony/carriers/stream-url.js';
import { publicBaseUrl } from '../edge/base-url.js';

/**
 * The dashboard's server-rendered pages for the signed-in user: Connected
 * apps and Talk (Releases, Campaigns and Invitations moved to the console). Sign-in, sign-out and
 * the OAuth interaction are the OAuth server's (src/oauth/sign-in.routes.ts),
 * which also renders errors under /dashboard as pages; the page helpers
 * (framing refused, CSRF on every form) are src/oauth/page-response.ts.
 */
export function registerDashboardRoutes(router: Router, deps: AppDeps): void {
  registerConnectedAppsRoutes(router, deps);
  registerReleasesRoutes(router);
  registerTalkRoutes(router, deps);
  registerCampaignRoutes(router);
  registerInvitationRoutes(router);
}

/** One of our page scripts. */
function script(ctx: Ctx, body: string) {
  ctx.type = 'application/javascript';
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = body;
}

const signInFirst = (ctx: Ctx, here: string) => see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent(here)}`);

function registerConnectedAppsRoutes(router: Router, deps: AppDeps): void {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;

  router.get('/dashboard/connected-apps', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return signInFirst(ctx, HOME);
    page(
      ctx,
      connectedAppsPage({
        user: session.email,
        csrf: csrfToken(ctx, keys, session),
        connections: await listConnections(orm.em.fork(), session.userId),
        notice: ctx.query.disconnected ? 'The app was disconnected: its next request will be refused.' : undefined,
      }),
    );
  });

  router.post('/dashboard/connected-apps/:connectionId/disconnect', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return signInFirst(ctx, HOME);
    requireCsrf(ctx, keys, session);
    await disconnectConnection(
      orm.em.fork(),
      orm,
      { id: session.userId, email: session.email },
      ctx.params.connectionId,
      ctx.state.requestId as string | undefined,
    );
    see(ctx, `${HOME}?disconnected=1`);
  });
}

/** Releases are the console's page (dashboard-app/src/pages/releases.tsx): the old address leads there. */
function registerReleasesRoutes(router: Router): void {
  router.get('/dashboard/releases', (ctx) => see(ctx, `${CONSOLE_APP_PATH}/releases`));
}

/** Talk to an agent (talk-page.ts): a call from the browser. */
function registerTalkRoutes(router: Router, deps: AppDeps): void {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;

  router.get(TALK_SCRIPT_PATH, (ctx) => script(ctx, TALK_SCRIPT));
  router.get(TALK_WORKLET_PATH, (ctx) => script(ctx, TALK_WORKLET));

  router.get('/dashboard/talk', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return signInFirst(ctx, '/dashboard/talk');
    const wsOrigin = streamBaseUrl(publicBaseUrl(deps.config, ctx)).replace(/^(wss?:\/\/[^/]+).*$/, '$1');
    page(
      ctx,
      talkPage({ user: session.email, csrf: csrfToken(ctx, keys, session), agents: await talkableAgents(orm.em.fork(), session.userId) }),
      200,
      talkPageCsp(wsOrigin),
    );
  });

  /** The stream address of a browser call to one agent: JSON for the page's script, errors too. */
  router.post('/dashboard/talk/:agentId/open', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await readSession(ctx, orm);
    const refuse = (status: number, error: string) => {
      ctx.status = status;
      ctx.body = { error };
    };
    if (!session) return refuse(401, 'Your dashboard session has ended: sign in again.');
    if (!csrfValid(ctx, keys, session, field(ctx, 'csrf'))) return refuse(403, 'This page has expired: reload it and try again.');
    const em = orm.em.fork();
    const agentId = ctx.params.agentId;
    try {
      const principal = await agentPrincipal(em, session.userId, agentId, ctx.state.requestId as string | undefined);
      ctx.body = await openWebCall(em, principal, agentId, session, {
        encryptionKey: deps.config.secrets.encryptionKey,
        publicUrl: publicBaseUrl(deps.config, ctx),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refuse(statusOf(error.code), error.message);
    }
  });
}

/**
 * Campaigns are the console's pages (dashboard-app/src/pages/campaigns.tsx,
 * through the /v1 routes): the old addresses lead there.
 */
function registerCampaignRoutes(router: Router): void {
  router.get('/dashboard/campaigns', (ctx) => see(ctx, `${CONSOLE_APP_PATH}/campaigns`));
  router.get('/dashboard/campaigns/:campaignId', (ctx) => see(ctx, `${CONSOLE_APP_PATH}/campaigns/${encodeURIComponent(ctx.params.campaignId)}`));
}

/**
 * Invitations are the console's page (dashboard-app/src/pages/invitations.tsx,
 * through console-api.ts): the old address leads there.
 */
function registerInvitationRoutes(router: Router): void {
  router.get('/dashboard/invitations', (ctx) => see(ctx, `${CONSOLE_APP_PATH}/invitations`));
}
