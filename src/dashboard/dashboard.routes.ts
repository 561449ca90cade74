import type Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import { errors } from 'oidc-provider';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../modules/errors.js';
import { statusOf } from '../http/problem.js';
import { authenticateUser } from '../modules/people/users.js';
import { listUserWorkspaces, resolveUserPrincipal } from '../modules/people/resolve-principal.js';
import type { OAuthProvider } from '../oauth/provider.js';
import { MCP_SCOPE } from '../oauth/urls.js';
import { createConnection } from '../oauth/connections/create-connection.js';
import { listConnections } from '../oauth/connections/list-connections.js';
import { disconnectConnection } from '../oauth/connections/disconnect-connection.js';
import { csrfToken, csrfValid, endSession, readSession, startSession, type DashboardSession } from './dashboard-session.js';
import { limitStore, SignInThrottle } from '../http/limits.js';
import { connectedAppsPage, consentPage, messagePage, PAGE_CSP, signInPage } from './pages.js';
import { releasesForUser, releasesPage } from './releases-page.js';
import { invitationsPage } from './invitations-page.js';
import { listUserInvitations } from '../modules/people/list-user-invitations.js';
import { acceptInvitation } from '../modules/people/accept-invitation.js';
import { declineInvitation } from '../modules/people/decline-invitation.js';
import { controlCampaign } from '../modules/campaigns/control-campaign.js';
import { getCampaign } from '../modules/campaigns/get-campaign.js';
import { temporalAccess } from '../temporal/temporal-access.js';
import {
  CAMPAIGN_LIVE_SCRIPT,
  CAMPAIGN_PAGE_CSP,
  CAMPAIGN_SCRIPT_PATH,
  campaignDetailPage,
  campaignFigures,
  campaignsForUser,
  campaignsPage,
  movesFor,
} from './campaigns-page.js';
import { agentPrincipal, campaignPrincipal } from './principals.js';
import { CONSOLE_API_PREFIX } from './console-api.js';
import { TALK_SCRIPT, TALK_SCRIPT_PATH, TALK_WORKLET, TALK_WORKLET_PATH, talkableAgents, talkPage, talkPageCsp } from './talk-page.js';
import { openWebCall } from '../modules/calls/web-call.js';
import { streamBaseUrl } from '../modules/telephony/carriers/stream-url.js';
import { publicBaseUrl } from '../http/base-url.js';

/**
 * The dashboard pages: sign-in and sign-out, the OAuth interaction (sign-in,
 * then consent with the organization and project), Connected apps, and the
 * signed-in user's Releases, Campaigns and Invitations.
 * Every page refuses framing; every form carries a CSRF token tied to the
 * browser and the session. Errors render as pages, never as JSON.
 */
type Ctx = ParameterizedContext;
const HOME = '/dashboard/connected-apps';

function page(ctx: Ctx, html: string, status = 200, csp = PAGE_CSP) {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', csp);
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
  ctx.body = html;
}

/** One of our page scripts. */
function script(ctx: Ctx, body: string) {
  ctx.type = 'application/javascript';
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = body;
}

function see(ctx: Ctx, location: string) {
  ctx.status = 303;
  ctx.redirect(location);
}

/** Only our own pages are return targets (no open redirect). */
function returnTarget(value: unknown): string {
  return typeof value === 'string' && /^\/dashboard\/[\w/-]*$/.test(value) ? value : HOME;
}

const field = (ctx: Ctx, name: string): string => {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

class CsrfRefused extends Error {}

/** Maps failures to pages: domain errors and oidc-provider's (expired interaction, ...) with their status. */
const htmlErrors: Middleware = async (ctx, next) => {
  // The console's API answers problem+json, as /v1 does (console-api.ts).
  if (ctx.path.startsWith(`${CONSOLE_API_PREFIX}/`)) return next();
  try {
    await next();
  } catch (error) {
    if (error instanceof CsrfRefused) {
      page(ctx, messagePage({ title: 'This form has expired', message: 'Reload the page and try again.' }), 403);
    } else if (error instanceof DomainError) {
      page(ctx, messagePage({ title: 'This did not work', message: error.message }), statusOf(error.code));
    } else if (error instanceof errors.OIDCProviderError) {
      const message =
        error instanceof errors.SessionNotFound
          ? 'This sign-in request has expired or was already completed. Start again from your assistant.'
          : `${error.message}${error.error_description ? `: ${error.error_description}` : ''}`;
      page(ctx, messagePage({ title: 'This sign-in cannot continue', message }), error.status < 500 ? error.status : 500);
    } else {
      throw error;
    }
  }
};

export function registerDashboardRoutes(router: Router, deps: AppDeps, oauth: () => Promise<OAuthProvider>): void {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;
  const throttle = new SignInThrottle(limitStore(deps));

  const requireCsrf = (ctx: Ctx, session: DashboardSession | undefined) => {
    if (!csrfValid(ctx, keys, session, field(ctx, 'csrf'))) throw new CsrfRefused();
  };

  /** Checks the password; on failure renders the form again (401, or 429 when throttled) and returns undefined. */
  async function signIn(ctx: Ctx, action: string, clientName?: string) {
    const email = field(ctx, 'email').trim();
    const password = field(ctx, 'password');
    const again = (error: string, status: number) => page(ctx, signInPage({ action, csrf: csrfToken(ctx, keys, undefined), email, error, clientName }), status);
    const wait = await throttle.retryAfter(email, ctx.ip);
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      again(`Too many failed sign-ins: try again in ${Math.ceil(wait / 60)} minutes.`, 429);
      return undefined;
    }
    const user = email && password ? await authenticateUser(orm.em.fork(), email, password) : undefined;
    if (!user) {
      await throttle.fail(email, ctx.ip);
      again('The email or password is not correct.', 401);
      return undefined;
    }
    await throttle.succeed(email);
    return startSession(ctx, orm, user);
  }

  async function interaction(ctx: Ctx) {
    const o = await oauth();
    const details = await o.provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== ctx.params.uid) throw new errors.SessionNotFound('interaction mismatch');
    const clientId = String(details.params.client_id);
    const client = await o.provider.Client.find(clientId);
    if (!client) throw new errors.InvalidClient('the client is no longer registered');
    // A metadata-document client (client_id an https URL) names itself: show whose address vouches for it.
    const name = client.clientName ?? clientId;
    const clientName = clientId.startsWith('https://') && client.clientName ? `${name} (${new URL(clientId).host})` : name;
    return { o, details, client, clientName };
  }

  router.use('/dashboard', htmlErrors);

  router.get('/dashboard', (ctx) => see(ctx, HOME));

  router.get('/dashboard/sign-in', async (ctx) => {
    const target = returnTarget(ctx.query.return_to);
    if (await readSession(ctx, orm)) return see(ctx, target);
    const action = `/dashboard/sign-in?return_to=${encodeURIComponent(target)}`;
    page(ctx, signInPage({ action, csrf: csrfToken(ctx, keys, undefined) }));
  });

  router.post('/dashboard/sign-in', async (ctx) => {
    requireCsrf(ctx, await readSession(ctx, orm));
    const target = returnTarget(ctx.query.return_to);
    if (await signIn(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent(target)}`)) see(ctx, target);
  });

  router.get('/dashboard/sign-out', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return see(ctx, '/dashboard/sign-in');
    const csrf = csrfToken(ctx, keys, session);
    page(ctx, messagePage({ title: 'Sign out', message: 'Use the Sign out link above to end this session.', user: session.email, csrf }));
  });

  router.post('/dashboard/sign-out', async (ctx) => {
    requireCsrf(ctx, await readSession(ctx, orm));
    await endSession(ctx, orm);
    see(ctx, '/dashboard/sign-in');
  });

  router.get('/dashboard/interaction/:uid', async (ctx) => {
    const { o, details, clientName } = await interaction(ctx);
    const session = await readSession(ctx, orm);
    if (details.prompt.name === 'login') {
      if (session) {
        // Already signed in to the dashboard: no second password prompt.
        const returnTo = await o.provider.interactionResult(ctx.req, ctx.res, { login: { accountId: session.userId } }, { mergeWithLastSubmission: false });
        return see(ctx, returnTo);
      }
      return page(ctx, signInPage({ action: `/dashboard/interaction/${details.uid}/login`, csrf: csrfToken(ctx, keys, undefined), clientName }));
    }
    if (details.prompt.name !== 'consent') throw new errors.InvalidRequest(`unexpected prompt ${details.prompt.name}`);
    if (!session || session.userId !== details.session?.accountId) {
      throw new DomainError('UNAUTHENTICATED', 'Your dashboard session ended during this sign-in. Start again from your assistant.');
    }
    page(
      ctx,
      consentPage({
        action: `/dashboard/interaction/${details.uid}/consent`,
        csrf: csrfToken(ctx, keys, session),
        user: session.email,
        clientName,
        clientId: details.params.client_id as string,
        redirectUri: String(details.params.redirect_uri ?? ''),
        workspaces: await listUserWorkspaces(orm.em.fork(), session.userId),
      }),
    );
  });

  router.post('/dashboard/interaction/:uid/login', async (ctx) => {
    const { o, details, clientName } = await interaction(ctx);
    requireCsrf(ctx, await readSession(ctx, orm));
    if (details.prompt.name !== 'login') throw new errors.InvalidRequest('this sign-in step is already done');
    const session = await signIn(ctx, `/dashboard/interaction/${details.uid}/login`, clientName);
    if (!session) return;
    const returnTo = await o.provider.interactionResult(ctx.req, ctx.res, { login: { accountId: session.userId } }, { mergeWithLastSubmission: false });
    see(ctx, returnTo);
  });

  router.post('/dashboard/interaction/:uid/consent', async (ctx) => {
    const { o, details, client, clientName } = await interaction(ctx);
    const session = await readSession(ctx, orm);
    requireCsrf(ctx, session);
    if (details.prompt.name !== 'consent') throw new errors.InvalidRequest('this consent step is already done');
    if (!session || session.userId !== details.session?.accountId) {
      throw new DomainError('UNAUTHENTICATED', 'Your dashboard session ended during this sign-in. Start again from your assistant.');
    }
    if (field(ctx, 'decision') !== 'approve') {
      const returnTo = await o.provider.interactionResult(
        ctx.req,
        ctx.res,
        { error: 'access_denied', error_description: 'the user denied access' },
        { mergeWithLastSubmission: false },
      );
      return see(ctx, returnTo);
    }
    const [organizationId, projectId, extra] = field(ctx, 'workspace').split('/');
    if (!organizationId || !projectId || extra !== undefined) {
      throw new DomainError('VALIDATION_FAILED', 'Choose an organization and a project.');
    }
    const em = orm.em.fork();
    // Checks membership and that the project belongs to the organization, as every MCP request will.
    const actor = await resolveUserPrincipal(em, {
      userId: session.userId,
      organizationId,
      projectId,
      via: 'dashboard',
      requestId: ctx.state.requestId as string | undefined,
    });
    const grant = new o.provider.Grant({ accountId: session.userId, clientId: client.clientId });
    const missingOIDCScope = details.prompt.details.missingOIDCScope as string[] | undefined;
    if (missingOIDCScope?.length) grant.addOIDCScope(missingOIDCScope.join(' '));
    grant.addResourceScope(o.mcpResource, MCP_SCOPE);
    const grantId = await grant.save();
    await createConnection(em, actor, { grantId, clientId: client.clientId, clientName });
    const returnTo = await o.provider.interactionResult(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    see(ctx, returnTo);
  });

  router.get('/dashboard/connected-apps', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent(HOME)}`);
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

  router.get('/dashboard/releases', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent('/dashboard/releases')}`);
    page(
      ctx,
      releasesPage({
        user: session.email,
        csrf: csrfToken(ctx, keys, session),
        releases: await releasesForUser(orm.em.fork(), session.userId),
      }),
    );
  });

  // ---- Talk to an agent (talk-page.ts): a call from the browser ----

  router.get(TALK_SCRIPT_PATH, (ctx) => script(ctx, TALK_SCRIPT));
  router.get(TALK_WORKLET_PATH, (ctx) => script(ctx, TALK_WORKLET));

  router.get('/dashboard/talk', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent('/dashboard/talk')}`);
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

  // ---- Campaigns (campaigns-page.ts) ----

  router.get(CAMPAIGN_SCRIPT_PATH, (ctx) => script(ctx, CAMPAIGN_LIVE_SCRIPT));

  router.get('/dashboard/campaigns', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent('/dashboard/campaigns')}`);
    page(ctx, campaignsPage({ user: session.email, csrf: csrfToken(ctx, keys, session), campaigns: await campaignsForUser(orm.em.fork(), session.userId) }));
  });

  const CAMPAIGN_NOTICES: Record<string, string> = {
    pause: 'Paused: no new dials until you resume (calls in progress finish).',
    resume: 'Resumed.',
    cancel: 'Cancelled: no new dials (calls in progress finish).',
  };

  router.get('/dashboard/campaigns/:campaignId', async (ctx) => {
    const session = await readSession(ctx, orm);
    const here = `/dashboard/campaigns/${ctx.params.campaignId}`;
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent(returnTarget(here))}`);
    const em = orm.em.fork();
    const principal = await campaignPrincipal(em, session.userId, ctx.params.campaignId, ctx.state.requestId as string | undefined);
    const campaign = await getCampaign(em, principal, ctx.params.campaignId, deps.temporal ? temporalAccess(deps) : undefined);
    page(
      ctx,
      campaignDetailPage({
        user: session.email,
        csrf: csrfToken(ctx, keys, session),
        campaign,
        canControl: principal.permissions.has('outbound:launch'),
        notice: typeof ctx.query.done === 'string' ? CAMPAIGN_NOTICES[ctx.query.done] : undefined,
      }),
      200,
      CAMPAIGN_PAGE_CSP,
    );
  });

  /** What the detail page's script polls: JSON, same session; errors are JSON too (the script shows them). */
  router.get('/dashboard/campaigns/:campaignId/progress.json', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    const session = await readSession(ctx, orm);
    if (!session) {
      ctx.status = 401;
      ctx.body = { error: 'Your dashboard session has ended: sign in again.' };
      return;
    }
    try {
      const em = orm.em.fork();
      const principal = await campaignPrincipal(em, session.userId, ctx.params.campaignId);
      const campaign = await getCampaign(em, principal, ctx.params.campaignId, deps.temporal ? temporalAccess(deps) : undefined);
      const moves = movesFor(campaign.status);
      const canControl = principal.permissions.has('outbound:launch');
      ctx.body = {
        ...campaignFigures(campaign),
        moves: { pause: canControl && moves.pause, resume: canControl && moves.resume, cancel: canControl && moves.cancel },
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      ctx.status = statusOf(error.code);
      ctx.body = { error: error.message };
    }
  });

  router.post('/dashboard/campaigns/:campaignId/:move', async (ctx) => {
    const session = await readSession(ctx, orm);
    const move = ctx.params.move;
    if (move !== 'pause' && move !== 'resume' && move !== 'cancel') throw new DomainError('NOT_FOUND', 'There is no such campaign action');
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent('/dashboard/campaigns')}`);
    requireCsrf(ctx, session);
    const em = orm.em.fork();
    const principal = await campaignPrincipal(em, session.userId, ctx.params.campaignId, ctx.state.requestId as string | undefined);
    // The same domain function as POST /v1/outbound/campaign/{id}/<move>: permission outbound:launch, the workflow's validators.
    await controlCampaign(
      em,
      principal,
      { campaignId: ctx.params.campaignId, move, reason: `${move} from the dashboard by ${session.email}` },
      temporalAccess(deps),
    );
    see(ctx, `/dashboard/campaigns/${encodeURIComponent(ctx.params.campaignId)}?done=${move}`);
  });

  // ---- Invitations (invitations-page.ts): the invitee's consent to join an organization ----

  const INVITATIONS = '/dashboard/invitations';
  const INVITATION_NOTICES: Record<string, string> = {
    accepted: 'Invitation accepted: you are now a member of the organization.',
    already: 'You were a member of that organization already: your role there is unchanged.',
    declined: 'Invitation declined.',
  };

  router.get(INVITATIONS, async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent(INVITATIONS)}`);
    page(
      ctx,
      invitationsPage({
        user: session.email,
        csrf: csrfToken(ctx, keys, session),
        invitations: await listUserInvitations(orm.em.fork(), session.userId),
        notice: typeof ctx.query.done === 'string' ? INVITATION_NOTICES[ctx.query.done] : undefined,
      }),
    );
  });

  router.post(`${INVITATIONS}/:invitationId/:answer`, async (ctx) => {
    const session = await readSession(ctx, orm);
    const answer = ctx.params.answer;
    if (answer !== 'accept' && answer !== 'decline') throw new DomainError('NOT_FOUND', 'There is no such invitation action');
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent(INVITATIONS)}`);
    requireCsrf(ctx, session);
    // Only the signed-in user whose email the invitation names may answer it; for anyone else it does not exist (404).
    const input = { userId: session.userId, invitationId: ctx.params.invitationId, requestId: ctx.state.requestId as string | undefined };
    if (answer === 'decline') {
      await declineInvitation(orm.em.fork(), input);
      return see(ctx, `${INVITATIONS}?done=declined`);
    }
    const accepted = await acceptInvitation(orm.em.fork(), input);
    see(ctx, `${INVITATIONS}?done=${accepted.alreadyMember ? 'already' : 'accepted'}`);
  });

  router.post('/dashboard/connected-apps/:connectionId/disconnect', async (ctx) => {
    const session = await readSession(ctx, orm);
    if (!session) return see(ctx, `/dashboard/sign-in?return_to=${encodeURIComponent(HOME)}`);
    requireCsrf(ctx, session);
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
