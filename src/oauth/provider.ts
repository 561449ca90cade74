import mount from 'koa-mount';
import type { JWK } from 'jose';
import type { DefaultState, Middleware, ParameterizedContext } from 'koa';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppDeps } from '../deps.js';
import { User } from '../modules/people/people.entity.js';
import { PgAdapter } from './adapter.js';
import { applyClientPolicy } from './client-policy.js';
import { findActiveConnection } from './connections/find-connection.js';
import { markGrantRevoked } from './connections/disconnect-connection.js';
import { readSession, SESSION_TTL_SECONDS } from './dashboard-session.js';
import { messagePage, PAGE_CSP } from './pages.js';
import { providerFetch } from './provider-fetch.js';
import { ACCESS_TOKEN_TTL_SECONDS, issuerUrl, MCP_SCOPE, mcpResourceUrl, oauthBaseUrl } from './urls.js';

/**
 * The OAuth 2.1 authorization server for MCP clients (spec 5.2), built on
 * oidc-provider: public clients registered dynamically, authorization code
 * with PKCE S256, JWT access tokens for exactly one audience (the MCP
 * endpoint), rotating refresh tokens. Mounted at `/platform`, serving only
 * `/platform/oauth/...`; its metadata is served by the host app
 * (src/oauth/well-known.routes.ts). Decisions: docs/decisions/0007.
 */
export interface OAuthProvider {
  provider: Provider;
  /** Hands requests under /platform/oauth to the provider; everything else passes on. */
  middleware: Middleware;
  /** The provider's discovery document, as served at this request's host. */
  discovery(ctx: ParameterizedContext): Promise<Record<string, unknown>>;
  baseUrl: string;
  issuer: string;
  mcpResource: string;
}

const ROUTE_PREFIX = '/platform/oauth';
/** Client ID Metadata Documents: a `client_id` URL longer than this is refused (it is stored in columns of 200). */
const MAX_CLIENT_ID_URL_LENGTH = 200;

/**
 * Cookie names and options. Served over https (PUBLIC_URL), the names carry
 * the `__Host-` prefix (the browser then insists on Secure, Path=/ and no
 * Domain, so no other host or path can plant or shadow them) and the
 * interaction cookie is scoped to `/`. The resume cookie's path is set by
 * oidc-provider to the authorization URL of the one interaction, which
 * `__Host-` forbids: it gets `__Secure-` (Secure, no Domain of ours).
 */
function providerCookies(https: boolean, keys: string[]): Configuration['cookies'] {
  const options = { httpOnly: true, sameSite: 'lax' as const, signed: true, ...(https ? { secure: true, path: '/' } : {}) };
  return {
    keys,
    names: https
      ? { session: '__Host-session', interaction: '__Host-interaction', resume: '__Secure-interaction_resume' }
      : { session: '_session', interaction: '_interaction', resume: '_interaction_resume' },
    long: options,
    short: options,
  };
}

/**
 * A refresh request's `resource` must be the resource its grant was issued
 * for. oidc-provider checks it only after it has consumed (rotated) the
 * refresh token, so a request with a wrong one was refused but used the
 * token up, and the client's corrected retry counted as reuse and revoked
 * the whole grant. This runs from `rotateRefreshToken`, its last hook before
 * the rotation; the check is the provider's own (single value, granted).
 */
function assertRefreshTarget(ctx: KoaContextWithOIDC): void {
  const requested = ctx.oidc.params?.resource as string | string[] | undefined;
  if (requested === undefined) return;
  const granted = ctx.oidc.entities.RefreshToken?.resourceIndicators ?? new Set<string>();
  const values = Array.isArray(requested) ? requested : [requested];
  if (values.length !== 1 || !granted.has(values[0])) {
    const error = new errors.InvalidTarget();
    error.error_description = `resource must be the one this refresh token was granted for (${[...granted].join(', ') || 'none'})`;
    throw error;
  }
}

export async function createOAuthProvider(deps: AppDeps, keys: JWK[]): Promise<OAuthProvider> {
  const baseUrl = oauthBaseUrl(deps.config);
  const issuer = issuerUrl(baseUrl);
  const mcpResource = mcpResourceUrl(baseUrl);
  const { orm, logger } = deps;

  const provider = new Provider(issuer, providerConfiguration(deps, keys, baseUrl, mcpResource));
  provider.proxy = deps.config.http.trustProxy;
  // OAuth 2.1 lets a server apply a default scope: a client that asks for none gets `mcp`.
  provider.use(async (ctx, next) => {
    if (ctx.path === '/oauth/authorize' && ctx.method === 'GET' && !ctx.query.scope) ctx.query = { ...ctx.query, scope: MCP_SCOPE };
    await next();
  });
  provider.use(dropUnusedClientSecret(orm));
  provider.on('grant.revoked', (_ctx: KoaContextWithOIDC, grantId: string) => {
    markGrantRevoked(orm, grantId).catch((error: unknown) => logger.error({ err: error, grantId }, 'could not mark the connection of a revoked grant'));
  });
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => logger.error({ err: error }, 'oauth server error'));

  // mount() composes the provider's middleware now: provider.use() calls must come before it.
  const mounted = mount('/platform', provider);
  const middleware: Middleware = (ctx, next) => (ctx.path === ROUTE_PREFIX || ctx.path.startsWith(`${ROUTE_PREFIX}/`) ? mounted(ctx, next) : next());
  return { provider, middleware, discovery: discoveryOf(mounted), baseUrl, issuer, mcpResource };
}

/**
 * The provider's login prompt also asks for sign-in when the dashboard
 * session is missing or names someone else: signing out of the dashboard
 * then signs the browser out of OAuth authorizations too.
 */
function interactionPolicyWithDashboardSession(orm: AppDeps['orm']) {
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('dashboard_session', 'the dashboard session is missing or belongs to another user', async (ctx) => {
      const session = await readSession(ctx, orm);
      return !session || session.userId !== ctx.oidc.session?.accountId;
    }),
  );
  return policy;
}

function providerConfiguration(deps: AppDeps, keys: JWK[], baseUrl: string, mcpResource: string): Configuration {
  const { orm } = deps;
  return {
    adapter: (name: string) => new PgAdapter(orm, name),
    jwks: { keys },
    cookies: providerCookies(new URL(baseUrl).protocol === 'https:', deps.config.cookies.keys),
    // Client ID Metadata Documents (and any other fetch the provider makes) go through the SSRF guard.
    fetch: providerFetch(deps.config.outbound.allowedHosts) as unknown as Configuration['fetch'],
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      registration: '/oauth/register',
      jwks: '/oauth/jwks',
      revocation: '/oauth/revoke',
      end_session: '/oauth/session/end',
      userinfo: '/oauth/userinfo',
      introspection: '/oauth/introspect',
      pushed_authorization_request: '/oauth/par',
    },
    scopes: [MCP_SCOPE],
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'RS256',
    },
    // The client_name a user sees at consent is whatever the client sent; RFC 7591 software_* fields are kept.
    extraClientMetadata: {
      properties: ['software_id', 'software_version'],
      validator: (_ctx, key, _value, metadata) => applyClientPolicy(key, metadata, 'software_id'),
    },
    pkce: { required: () => true },
    features: providerFeatures(mcpResource),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 30 * 60,
      RefreshToken: 30 * 24 * 3600,
      Session: SESSION_TTL_SECONDS,
      // A connection lasts until it is disconnected or a year has passed (then the user connects again).
      Grant: 365 * 24 * 3600,
    },
    rotateRefreshToken: async (ctx) => {
      assertRefreshTarget(ctx);
      return true;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    // Every authorization goes through consent, where the organization and
    // project are chosen: only the grant just made at consent is reused.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    // Client-credentials tokens are not enabled: every access token comes from a grant with a connection.
    extraTokenClaims: async (_ctx, token) => {
      const grantId = 'grantId' in token ? token.grantId : undefined;
      const connection = grantId ? await findActiveConnection(orm, grantId) : undefined;
      if (!connection) throw new errors.InvalidGrant('this connection was disconnected');
      return { org_id: connection.organizationId, project_id: connection.projectId, gid: grantId };
    },
    findAccount: async (_ctx, sub) => {
      const user = await orm.em.fork().findOne(User, { id: sub });
      if (!user || user.disabledAt) return undefined;
      return { accountId: user.id, claims: () => ({ sub: user.id, email: user.email }) };
    },
    interactions: {
      policy: interactionPolicyWithDashboardSession(orm),
      url: (_ctx, interaction) => `/dashboard/interaction/${interaction.uid}`,
    },
    clientBasedCORS: (_ctx, origin, client) => origin !== 'null' && client.redirectUris!.some((uri) => URL.parse(uri)?.origin === origin),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', PAGE_CSP);
      ctx.body = messagePage({
        title: 'This sign-in cannot continue',
        message: `${out.error}${out.error_description ? `: ${out.error_description}` : ''}. Start again from your assistant.`,
      });
    },
  };
}

function providerFeatures(mcpResource: string): Configuration['features'] {
  return {
    devInteractions: { enabled: false },
    dPoP: { enabled: false },
    pushedAuthorizationRequests: { enabled: false },
    userinfo: { enabled: false },
    revocation: { enabled: true },
    registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
    // MCP authorization 2025-11-25: a client may use an https URL of its metadata as client_id. The
    // document passes the same checks as a registration (extraClientMetadata's validator runs on it).
    clientIdMetadataDocument: {
      enabled: true,
      ack: 'draft-02',
      allowFetch: async (_ctx, clientId) => clientId.length <= MAX_CLIENT_ID_URL_LENGTH,
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => mcpResource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resourceIndicator) => {
        if (resourceIndicator !== mcpResource) {
          const error = new errors.InvalidTarget();
          error.error_description = `the only resource served here is ${mcpResource}`;
          throw error;
        }
        return {
          scope: MCP_SCOPE,
          audience: mcpResource,
          accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  };
}

/**
 * oidc-provider decides whether to issue a client secret from the raw
 * registration body, before defaults apply: a public client that omits
 * token_endpoint_auth_method (default `none` here) would get a secret it
 * never uses. Drop it from the response and from the stored client.
 */
function dropUnusedClientSecret(orm: AppDeps['orm']): Middleware<DefaultState, KoaContextWithOIDC> {
  return async (ctx, next) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (ctx.oidc?.route !== 'registration' || ctx.status !== 201 || !body?.client_secret || body.token_endpoint_auth_method !== 'none') return;
    const { client_secret: _secret, client_secret_expires_at: _expires, ...rest } = body;
    ctx.body = rest;
    const clientId = String(rest.client_id);
    const adapter = new PgAdapter(orm, 'Client');
    const stored = await adapter.find(clientId);
    if (stored) {
      delete stored.client_secret;
      delete stored.client_secret_expires_at;
      await adapter.upsert(clientId, stored);
    }
  };
}

/**
 * The provider serves discovery under its mount only; the host app serves
 * it at the RFC 8414 addresses, so it is produced here by running the
 * provider's own route on the current request with the path rewritten.
 */
function discoveryOf(mounted: Middleware) {
  return async (ctx: ParameterizedContext) => {
    const path = ctx.path;
    ctx.path = '/platform/.well-known/openid-configuration';
    try {
      await mounted(ctx, async () => {});
    } finally {
      ctx.path = path;
    }
    if (ctx.status !== 200 || typeof ctx.body !== 'object' || ctx.body === null) throw new Error(`provider discovery failed with ${ctx.status}`);
    return ctx.body as Record<string, unknown>;
  };
}
