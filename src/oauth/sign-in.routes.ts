import type Router from '@koa/router';
import { errors } from 'oidc-provider';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../modules/errors.js';
import { authenticateUser } from '../modules/people/users.js';
import { listUserWorkspaces, resolveUserPrincipal } from '../modules/people/resolve-principal.js';
import { limitStore, SignInThrottle } from '../edge/limits.js';
import type { OAuthProvider } from './provider.js';
import { MCP_SCOPE } from './urls.js';
import { createConnection } from './connections/create-connection.js';
import { csrfToken, endSession, readSession, startSession } from './dashboard-session.js';
import { consentPage, messagePage, signInPage } from './pages.js';
import { type Ctx, field, HOME, htmlErrors, page, requireCsrf, returnTarget, see } from './page-response.js';

/**
 * Signing in to the dashboard and the OAuth interaction (sign-in, then
 * consent with the organization and project). The pages are rendered by
 * the server (pages.ts); every form carries a CSRF token
 * (page-response.ts). Every page under /dashboard renders its errors as a
 * page, except the console's API under `jsonUnder`.
 */
export function registerSignInRoutes(router: Router, deps: AppDeps, oauth: () => Promise<OAuthProvider>, jsonUnder: string): void {
  const signIn = passwordSignIn(deps);
  router.use('/dashboard', htmlErrors(jsonUnder));
  router.get('/dashboard', (ctx) => see(ctx, HOME));
  registerSessionRoutes(router, deps, signIn);
  registerInteractionRoutes(router, deps, oauth, signIn);
}

type SignIn = ReturnType<typeof passwordSignIn>;

/** Checks the password; on failure renders the form again (401, or 429 when throttled) and returns undefined. */
function passwordSignIn(deps: AppDeps) {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;
  const throttle = new SignInThrottle(limitStore(deps));
  return async (ctx: Ctx, action: string, clientName?: string) => {
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
  };
}

/** The dashboard's own sign-in and sign-out. */
function registerSessionRoutes(router: Router, deps: AppDeps, signIn: SignIn): void {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;

  router.get('/dashboard/sign-in', async (ctx) => {
    const target = returnTarget(ctx.query.return_to);
    if (await readSession(ctx, orm)) return see(ctx, target);
    const action = `/dashboard/sign-in?return_to=${encodeURIComponent(target)}`;
    page(ctx, signInPage({ action, csrf: csrfToken(ctx, keys, undefined) }));
  });

  router.post('/dashboard/sign-in', async (ctx) => {
    requireCsrf(ctx, keys, await readSession(ctx, orm));
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
    requireCsrf(ctx, keys, await readSession(ctx, orm));
    await endSession(ctx, orm);
    see(ctx, '/dashboard/sign-in');
  });
}

/** The OAuth interaction of this request (its uid in the address), with the client asking and the name to show for it. */
async function interactionOf(ctx: Ctx, oauth: () => Promise<OAuthProvider>) {
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

const SESSION_ENDED = 'Your dashboard session ended during this sign-in. Start again from your assistant.';

/** The OAuth interaction's pages: sign-in (skipped when the dashboard session exists), then consent. */
function registerInteractionRoutes(router: Router, deps: AppDeps, oauth: () => Promise<OAuthProvider>, signIn: SignIn): void {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;

  router.get('/dashboard/interaction/:uid', async (ctx) => {
    const { o, details, clientName } = await interactionOf(ctx, oauth);
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
    if (!session || session.userId !== details.session?.accountId) throw new DomainError('UNAUTHENTICATED', SESSION_ENDED);
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
    const { o, details, clientName } = await interactionOf(ctx, oauth);
    requireCsrf(ctx, keys, await readSession(ctx, orm));
    if (details.prompt.name !== 'login') throw new errors.InvalidRequest('this sign-in step is already done');
    const session = await signIn(ctx, `/dashboard/interaction/${details.uid}/login`, clientName);
    if (!session) return;
    const returnTo = await o.provider.interactionResult(ctx.req, ctx.res, { login: { accountId: session.userId } }, { mergeWithLastSubmission: false });
    see(ctx, returnTo);
  });

  router.post('/dashboard/interaction/:uid/consent', (ctx) => consent(ctx, deps, oauth));
}

/** The consent form's answer: a denial, or a grant for the chosen organization and project with its connection. */
async function consent(ctx: Ctx, deps: AppDeps, oauth: () => Promise<OAuthProvider>) {
  const { orm } = deps;
  const { o, details, client, clientName } = await interactionOf(ctx, oauth);
  const session = await readSession(ctx, orm);
  requireCsrf(ctx, deps.config.cookies.keys, session);
  if (details.prompt.name !== 'consent') throw new errors.InvalidRequest('this consent step is already done');
  if (!session || session.userId !== details.session?.accountId) throw new DomainError('UNAUTHENTICATED', SESSION_ENDED);
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
}
