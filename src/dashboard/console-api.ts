import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AppDeps } from '../deps.js';
import type { Em, Orm } from '../db/orm.js';
import { DomainError } from '../modules/errors.js';
import type { Principal } from '../modules/org/permissions.js';
import { listUserWorkspaces, resolveUserPrincipal } from '../modules/people/resolve-principal.js';
import { listUserInvitations } from '../modules/people/list-user-invitations.js';
import { acceptInvitation } from '../modules/people/accept-invitation.js';
import { declineInvitation } from '../modules/people/decline-invitation.js';
import { csrfToken, csrfValid, readSession, type DashboardSession } from '../oauth/dashboard-session.js';
import { listConnections } from '../oauth/connections/list-connections.js';
import { disconnectConnection } from '../oauth/connections/disconnect-connection.js';
import { openWebCall } from '../modules/calls/web-call.js';
import { publicBaseUrl } from '../edge/base-url.js';
import { agentPrincipal } from './principals.js';
import { talkableAgents } from './talkable-agents.js';

/**
 * The console's way into the API (issue 16, decision 0051): every /v1 route
 * is mounted a second time under CONSOLE_API_PREFIX, where the caller is the
 * person signed in to the dashboard instead of an API client. The route, its
 * schemas, its permission check and its problem+json are the same; only who
 * the principal is differs. The browser sends the session cookie by itself;
 * the organization it acts in goes in X-Organization-Id, as on /v1, and every
 * write carries the page's CSRF token in X-CSRF-Token (the cookie is
 * SameSite=Lax, and a form from elsewhere cannot set a header).
 */
export const CONSOLE_API_PREFIX = '/dashboard/api';
export const CSRF_HEADER = 'x-csrf-token';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in person, for a request of the console: a write must carry the page's CSRF token. */
async function consolePerson(ctx: ParameterizedContext, orm: Orm, keys: string[]): Promise<DashboardSession> {
  const session = await readSession(ctx, orm);
  if (!session) throw new DomainError('UNAUTHENTICATED', 'Your dashboard session has ended: sign in again');
  if (!READS.has(ctx.method) && !csrfValid(ctx, keys, session, ctx.get(CSRF_HEADER))) {
    throw new DomainError('FORBIDDEN', 'This page has expired (its CSRF token is missing or stale): reload it and try again', { reason: 'csrf' });
  }
  return session;
}

export async function authenticateConsole(ctx: ParameterizedContext, em: Em, orm: Orm, keys: string[]): Promise<Principal> {
  const session = await consolePerson(ctx, orm, keys);
  const organizationId = ctx.get('x-organization-id');
  if (!organizationId) {
    throw new DomainError('VALIDATION_FAILED', 'Missing X-Organization-Id header', {
      issues: [{ field: 'header.x-organization-id', message: 'the organization the console acts in' }],
    });
  }
  return resolveUserPrincipal(em, { userId: session.userId, organizationId, via: 'dashboard', requestId: ctx.state.requestId as string | undefined });
}

/** What the console learns when it starts: who is signed in, the CSRF token for writes, and each organization with what the person may do there. */
export async function consoleSession(ctx: ParameterizedContext, em: Em, orm: Orm, keys: string[]) {
  const session = await readSession(ctx, orm);
  if (!session) throw new DomainError('UNAUTHENTICATED', 'Your dashboard session has ended: sign in again');
  const organizations = [];
  for (const w of await listUserWorkspaces(em, session.userId)) {
    const principal = await resolveUserPrincipal(em, { userId: session.userId, organizationId: w.organizationId, via: 'dashboard' }).catch(() => undefined);
    if (!principal) continue;
    organizations.push({
      organization_id: w.organizationId,
      name: w.organizationName,
      role: principal.orgRole,
      permissions: [...principal.permissions].sort(),
      projects: w.projects.map((p) => ({ project_id: p.projectId, name: p.name })),
    });
  }
  return { user: { email: session.email }, csrf_token: csrfToken(ctx, keys, session), organizations };
}

/**
 * The console's routes about the signed-in person rather than an
 * organization (not /v1 routes: an API client acts in an organization): the
 * invitations addressed to their email, accepted or declined. Only that
 * person may answer one; for anyone else it does not exist (404).
 */
export function registerConsoleInvitationRoutes(router: Router, deps: AppDeps): void {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;
  router.get(`${CONSOLE_API_PREFIX}/invitations`, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await consolePerson(ctx, orm, keys);
    const invitations = await listUserInvitations(orm.em.fork(), session.userId);
    ctx.body = {
      invitations: invitations.map((i) => ({
        invitation_id: i.invitationId,
        organization_name: i.organizationName,
        role_name: i.roleName,
        invited_by: i.invitedBy,
        expires_at: i.expiresAt,
      })),
    };
  });
  router.post(`${CONSOLE_API_PREFIX}/invitations/:invitationId/:answer`, async (ctx) => {
    const answer = ctx.params.answer;
    if (answer !== 'accept' && answer !== 'decline') throw new DomainError('NOT_FOUND', 'There is no such invitation action');
    const session = await consolePerson(ctx, orm, keys);
    const input = { userId: session.userId, invitationId: ctx.params.invitationId, requestId: ctx.state.requestId as string | undefined };
    if (answer === 'decline') {
      await declineInvitation(orm.em.fork(), input);
      ctx.body = { answer: 'declined' };
      return;
    }
    const accepted = await acceptInvitation(orm.em.fork(), input);
    ctx.body = { answer: accepted.alreadyMember ? 'already' : 'accepted' };
  });
}

/**
 * Connected apps (dashboard-app/src/pages/connected-apps.tsx): the
 * assistants the signed-in person connected over OAuth, in any organization,
 * and Disconnect. A connection is the person's own, not an organization's,
 * so these are console routes, not /v1 ones. Someone else's connection does
 * not exist for them (404, from disconnectConnection).
 */
export function registerConsoleConnectedAppsRoutes(router: Router, deps: AppDeps): void {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;
  router.get(`${CONSOLE_API_PREFIX}/connected-apps`, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await consolePerson(ctx, orm, keys);
    const connections = await listConnections(orm.em.fork(), session.userId);
    ctx.body = {
      connected_apps: connections.map((c) => ({
        connection_id: c.connectionId,
        client_name: c.clientName,
        organization_name: c.organizationName,
        project_name: c.projectName,
        connected_at: c.connectedAt,
        last_used_at: c.lastUsedAt,
      })),
    };
  });
  router.post(`${CONSOLE_API_PREFIX}/connected-apps/:connectionId/disconnect`, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await consolePerson(ctx, orm, keys);
    const requestId = ctx.state.requestId as string | undefined;
    await disconnectConnection(orm.em.fork(), orm, { id: session.userId, email: session.email }, ctx.params.connectionId, requestId);
    ctx.body = { connection_id: ctx.params.connectionId, disconnected: true };
  });
}

/**
 * Talk to an agent (dashboard-app/src/pages/talk.tsx, issue 15): the agents
 * the person may call from the browser, across their organizations (the
 * page is not tied to the organization chosen in the console), and the
 * stream address of a call to one. The address is checked as before: the
 * agent's organization gives the principal (agentPrincipal: not a member or
 * no agents:read, 404), openWebCall wants tests:run and a published version.
 */
export function registerConsoleTalkRoutes(router: Router, deps: AppDeps): void {
  const { orm } = deps;
  const keys = deps.config.cookies.keys;
  router.get(`${CONSOLE_API_PREFIX}/talk/agents`, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await consolePerson(ctx, orm, keys);
    const agents = await talkableAgents(orm.em.fork(), session.userId);
    ctx.body = { agents: agents.map((a) => ({ agent_id: a.agentId, name: a.name, organization_name: a.organizationName })) };
  });
  router.post(`${CONSOLE_API_PREFIX}/talk/:agentId/open`, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const session = await consolePerson(ctx, orm, keys);
    const em = orm.em.fork();
    const agentId = ctx.params.agentId;
    const principal = await agentPrincipal(em, session.userId, agentId, ctx.state.requestId as string | undefined);
    ctx.body = await openWebCall(em, principal, agentId, session, {
      encryptionKey: deps.config.secrets.encryptionKey,
      publicUrl: publicBaseUrl(deps.config, ctx),
    });
  });
}
