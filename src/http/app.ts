import Koa from 'koa';
import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { isCreate, JsonText, type Route } from './route.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  idempotencyKeyHeader,
  purgeIdempotencyKeys,
  releaseIdempotencyKey,
  requestFingerprint,
} from './idempotency.js';
import { bodyParser } from './middleware/body.js';
import { problemResponses } from './middleware/errors.js';
import { requestContext, securityHeaders } from './middleware/request-context.js';
import { limitStore, RateLimiter } from '../edge/limits.js';
import { parseInput } from '../modules/validation.js';
import { authenticateRequest, issueToken } from '../modules/org/api-clients.js';
import { TokenRequestBody } from '../modules/org/org.schemas.js';
import { requireAll, type Principal } from '../modules/org/permissions.js';
import type { Em } from '../db/orm.js';
import { openSignedRecording } from '../modules/calls/recording-links.js';
import { DomainError } from '../modules/errors.js';
import { v1Routes } from './v1/index.js';
import { buildOpenApiDocument } from './openapi.js';
import { apiReferencePage, DOCS_CSP, REDOC_BUNDLE_PATH, redocBundle } from './docs-page.js';
import { checkReadiness } from './health.js';
import { createOAuthRoutes, isOAuthPath } from '../oauth/oauth.routes.js';
import { registerMcpRoute } from '../mcp/koa-route.js';
import { completeMcpOAuth, MCP_OAUTH_CALLBACK_PATH } from '../modules/mcp-servers/mcp-oauth.js';
import { engineSettingsFrom } from '../modules/engine/engine-settings.js';
import { registerCarrierWebhooks } from './carrier-webhooks.js';
import {
  authenticateConsole,
  consoleSession,
  CONSOLE_API_PREFIX,
  registerConsoleConnectedAppsRoutes,
  registerConsoleInvitationRoutes,
  registerConsoleTalkRoutes,
} from '../dashboard/console-api.js';
import { registerConsoleApp } from '../dashboard/console-app.js';
import { registerDashboardRoutes } from '../dashboard/dashboard.routes.js';

/** Converts `/a/{id}/b` to the router's `/a/:id/b`. */
const toKoaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: deps.config.http.trustProxy });
  const router = new Router();
  const store = limitStore(deps);
  const limiter = new RateLimiter(store, 'requests', deps.config.limits.perSecond, deps.config.limits.burst);
  const tokenLimiter = new RateLimiter(store, 'token-client', deps.config.limits.tokenPerMinute / 60, deps.config.limits.tokenPerMinute);

  app.use(requestContext(deps.logger));
  app.use(securityHeaders());
  app.use(problemResponses());
  // oidc-provider reads the bodies of its own requests.
  app.use(bodyParser({ skip: isOAuthPath }));

  // --- OAuth 2.1 server for MCP clients, its metadata and the sign-in and consent pages (src/oauth, docs/decisions/0007) ---
  // The provider runs on this app's context (koa-mount), so this app must sign
  // and read cookies with the provider's keys.
  app.keys = deps.config.cookies.keys;
  const oauth = createOAuthRoutes(deps);
  app.use(oauth.middleware);
  oauth.register(router, CONSOLE_API_PREFIX);
  // --- end OAuth ---
  registerDashboardRoutes(router);
  registerMcpRoute(router, deps);

  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const report = await checkReadiness(deps);
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.body = report;
  });

  let openApi: object | undefined;
  router.get('/v1/openapi.json', (ctx) => {
    openApi ??= buildOpenApiDocument(v1Routes, deps.config);
    ctx.body = openApi;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'html';
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.body = apiReferencePage();
  });
  router.get(REDOC_BUNDLE_PATH, async (ctx) => {
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = await redocBundle();
  });

  // The token route's buckets: one per client id and address, so clients behind one proxy (one address) do not
  // share a bucket, plus a looser one per address (ten clients' worth), so one address cannot spray client ids.
  const tokenAddressLimiter = new RateLimiter(store, 'token-address', (10 * deps.config.limits.tokenPerMinute) / 60, 10 * deps.config.limits.tokenPerMinute);
  router.post('/v1/auth/token', async (ctx) => {
    const clientId = (ctx.request.body as { client_id?: unknown } | undefined)?.client_id;
    await tokenAddressLimiter.take(`token:${ctx.ip}`);
    await tokenLimiter.take(`token:${typeof clientId === 'string' ? clientId.slice(0, 200) : ''}:${ctx.ip}`);
    const body = parseInput(TokenRequestBody, ctx.request.body ?? {}, 'body');
    const em = deps.orm.em.fork();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await issueToken(em, deps.config.auth, body);
  });

  // Signed links carry their own authorization: no headers needed.
  router.get('/recordings/:recording_id/audio', async (ctx) => {
    const q = ctx.query as Record<string, string | undefined>;
    const file = await openSignedRecording(deps.orm.em.fork(), deps.recordings, deps.config.recordings.linkSecret, {
      recordingId: ctx.params.recording_id,
      org: q.org,
      expires: q.expires,
      nonce: q.nonce,
      signature: q.signature,
    });
    ctx.type = file.contentType;
    ctx.length = file.size;
    ctx.set('Cache-Control', 'private, max-age=60');
    ctx.set('Content-Disposition', `inline; filename="${ctx.params.recording_id}.wav"`);
    ctx.body = file.stream;
  });

  // The OAuth callback of external MCP servers (the platform as a client): the operator's browser arrives
  // without our headers; the one-time `state` names the sign-in (modules/mcp-servers/mcp-oauth.ts).
  router.get(MCP_OAUTH_CALLBACK_PATH, async (ctx) => {
    await limiter.take(`mcp-oauth:${ctx.ip}`);
    ctx.set('Cache-Control', 'no-store');
    try {
      ctx.body = { mcp_server: await completeMcpOAuth(deps.orm.em.fork(), ctx.query, engineSettingsFrom(deps.config)), signed_in: true };
    } catch (error) {
      // The callback's input is its query: the neutral fields it names are the query's.
      if (error instanceof DomainError && error.details.issues) {
        error.details.issues = error.details.issues.map((i) => ({ ...i, field: ['query', i.field].filter(Boolean).join('.') }));
      }
      throw error;
    }
  });

  registerCarrierWebhooks(router, deps, limiter);

  const bearer: Authenticate = (ctx, em) =>
    authenticateRequest(em, deps.config.auth.tokenSecret, ctx.get('authorization') || undefined, ctx.get('x-organization-id') || undefined);
  for (const r of v1Routes) mountRoute(router, r, deps, limiter, bearer);
  // The same routes for the dashboard's console, as the person signed in (src/dashboard/console-api.ts).
  const keys = deps.config.cookies.keys;
  const signedIn: Authenticate = (ctx, em) => authenticateConsole(ctx, em, deps.orm, keys);
  for (const r of v1Routes) mountRoute(router, r, deps, limiter, signedIn, CONSOLE_API_PREFIX);
  router.get(`${CONSOLE_API_PREFIX}/session`, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await consoleSession(ctx, deps.orm.em.fork(), deps.orm, keys);
  });
  registerConsoleInvitationRoutes(router, deps);
  registerConsoleConnectedAppsRoutes(router, deps);
  registerConsoleTalkRoutes(router, deps);
  registerConsoleApp(router, deps);

  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  return app;
}

/** Who calls a route: an API client's bearer token on /v1, the signed-in person on the console's copy. */
type Authenticate = (ctx: ParameterizedContext, em: Em) => Promise<Principal>;

function mountRoute(router: Router, r: Route, deps: AppDeps, limiter: RateLimiter, authenticate: Authenticate, prefix = '') {
  const creates = isCreate(r);
  router[r.method](prefix + toKoaPath(r.path), async (ctx: ParameterizedContext) => {
    const em = deps.orm.em.fork();
    const principal = await authenticate(ctx, em);
    principal.requestId = ctx.state.requestId;
    await limiter.take(principal.id);
    requireAll(principal, r.permission);
    const idempotencyKey = creates ? idempotencyKeyHeader(ctx) : undefined;
    if (idempotencyKey === undefined) {
      respond(ctx, r, await run(ctx, r, deps, em, principal));
      return;
    }
    // The key is claimed before the inputs are read: a different request under a used key is a 422 even when
    // it is also malformed, and a failed request (a 400 too) gives the key back.
    const fingerprint = requestFingerprint(r.operationId, { params: ctx.params, query: ctx.query, body: ctx.request.body });
    const claim = await claimIdempotencyKey(em, principal.organizationId, idempotencyKey, r.operationId, fingerprint);
    if (claim.kind === 'replay') {
      for (const [name, value] of Object.entries(claim.response.headers)) ctx.set(name, value);
      ctx.set('Idempotent-Replayed', 'true');
      ctx.status = claim.response.status;
      ctx.type = 'json';
      ctx.body = claim.response.body;
      return;
    }
    let text: string;
    try {
      const result = await run(ctx, r, deps, em, principal, idempotencyKey);
      text = result instanceof JsonText ? result.text : JSON.stringify(result);
    } catch (error) {
      await releaseIdempotencyKey(deps.orm.em.fork(), principal.organizationId, idempotencyKey, claim.token).catch(() => undefined);
      throw error;
    }
    // The work is done: a store that fails now must not turn its success into an error. The claim then lapses and
    // a retry runs again, where the domain's own key (the routes that start work) still finds what it made.
    await completeIdempotencyKey(em, principal.organizationId, idempotencyKey, claim.token, ctx, r.status ?? 200, text).catch((error: unknown) =>
      deps.logger.warn({ err: error, operation: r.operationId }, 'the response of an idempotent request could not be stored'),
    );
    respond(ctx, r, new JsonText(text));
    // Keys past their day go a batch at a time, now and then, on the request path of a create.
    if (Math.random() < 1 / 64) void purgeIdempotencyKeys(deps.orm.em.fork(), 200).catch(() => undefined);
  });
}

/** Reads the route's inputs (400s name each bad field) and runs its handler. */
async function run(ctx: ParameterizedContext, r: Route, deps: AppDeps, em: Em, principal: Principal, idempotencyKey?: string): Promise<unknown> {
  const params = r.params ? parseInput(r.params, ctx.params, 'path') : {};
  const query = r.query ? parseInput(r.query, { ...ctx.query }, 'query') : {};
  if (r.body && ctx.request.body === undefined) {
    throw new DomainError('VALIDATION_FAILED', 'A JSON request body is required', {
      issues: [{ field: 'body', message: 'send a JSON object with Content-Type: application/json' }],
    });
  }
  const body = r.body ? parseInput(r.body, ctx.request.body, 'body') : undefined;
  const ifMatch = r.ifMatch ? ctx.get('if-match') || undefined : undefined;
  try {
    return await r.handler({ params, query, body, principal, em, deps, ctx, idempotencyKey, ifMatch });
  } catch (error) {
    if (error instanceof DomainError && error.details.issues) error.details.issues = error.details.issues.map((i) => ({ ...i, field: restField(r, i.field) }));
    throw error;
  }
}

/** The top-level field names of an input schema (an object's keys; each option's of a union). */
function topFields(schema: z.ZodType | undefined): Set<string> {
  if (!schema) return new Set();
  const def = (schema as { def?: { type?: string; shape?: object; options?: z.ZodType[]; in?: z.ZodType } }).def;
  if (def?.shape) return new Set(Object.keys(def.shape));
  if (def?.options) return new Set(def.options.flatMap((o) => [...topFields(o)]));
  if (def?.in) return topFields(def.in);
  return new Set();
}

/**
 * Where a field an operation named (neutral: `connection_id`, `stages.0`, or '' for the whole input) is in this
 * route's request: `path.`, `query.` or `body.` before it, by the part whose schema has its first segment. A field
 * named by its part already (`header.if-match`) stays as it is.
 */
function restField(r: Route, field: string): string {
  const first = field.split('.')[0];
  const rest = field.split('.').slice(1);
  const renamed = r.fields?.[first];
  if (renamed) return [renamed, ...rest].join('.');
  // An operation input in the MCP spec's camelCase (agentId) built from the route's snake_case parts (agent_id).
  const snake = first.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (snake !== first && (topFields(r.params).has(snake) || topFields(r.query).has(snake))) {
    return [topFields(r.params).has(snake) ? 'path' : 'query', snake, ...rest].join('.');
  }
  const known = (name: string) => topFields(r.params).has(name) || topFields(r.query).has(name) || topFields(r.body).has(name);
  // Named where REST has it already (`header.if-match`, or `body.x` from code that knows its route).
  if (['header', 'path', 'query', 'body'].includes(first) && !known(first)) return field;
  const part =
    first && topFields(r.params).has(first)
      ? 'path'
      : first && topFields(r.query).has(first)
        ? 'query'
        : r.body || r.rawBody
          ? 'body'
          : r.query
            ? 'query'
            : r.params
              ? 'path'
              : '';
  return [part, field].filter(Boolean).join('.');
}

function respond(ctx: ParameterizedContext, r: Route, result: unknown): void {
  ctx.status = r.status ?? 200;
  if (result instanceof JsonText) {
    // Set the type first: for a string body Koa would otherwise pick text/plain.
    ctx.type = 'json';
    ctx.body = result.text;
  } else {
    ctx.body = result;
  }
}
