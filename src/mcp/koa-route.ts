import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../modules/errors.js';
import { resolveUserPrincipal } from '../modules/people/resolve-principal.js';
import { readBearerToken, verifyMcpTokenClaims } from '../oauth/verify-access-token.js';
import { touchConnection } from '../oauth/connections/find-connection.js';
import { mcpResourceUrl, oauthBaseUrl, wwwAuthenticateHeader } from '../oauth/urls.js';
import { buildMcpServer } from './server.js';
import { JsonExchangeTransport, wantsProgress } from './json-exchange-transport.js';
import { PassThrough } from 'node:stream';

/**
 * POST /platform/mcp: Streamable HTTP in stateless mode. Every request is
 * checked on its own: the Host and Origin (DNS-rebinding protection), the
 * bearer token (signature, issuer, audience, expiry, and that its grant is
 * still connected), then the person's roles as they are now. A fresh server
 * and transport serve the one request, so nothing is shared between callers.
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function allowedHosts(baseUrl: string, extra: string[]): Set<string> {
  const url = new URL(baseUrl);
  const hosts = new Set([url.host, ...extra]);
  // A loopback service answers on every loopback name at the same port.
  if (LOOPBACK.has(url.hostname)) for (const name of LOOPBACK) hosts.add(url.port ? `${name}:${url.port}` : name);
  return hosts;
}

function jsonRpcError(ctx: ParameterizedContext, status: number, message: string, code = -32001) {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = { jsonrpc: '2.0', error: { code, message }, id: null };
}

export function registerMcpRoute(router: Router, deps: AppDeps) {
  const baseUrl = oauthBaseUrl(deps.config);
  const hosts = allowedHosts(baseUrl, deps.config.mcp.allowedHosts);
  const origins = new Set([new URL(baseUrl).origin, ...deps.config.mcp.allowedOrigins]);

  const guard = async (ctx: ParameterizedContext, next: () => Promise<unknown>) => {
    if (!hosts.has(ctx.get('host'))) return jsonRpcError(ctx, 403, `Host ${ctx.get('host') || '(none)'} is not allowed`);
    const origin = ctx.get('origin');
    if (origin && !origins.has(origin)) return jsonRpcError(ctx, 403, `Origin ${origin} is not allowed`);
    return next();
  };

  router.post('/platform/mcp', guard, async (ctx) => {
    const token = readBearerToken(ctx.get('authorization') || undefined);
    let principal;
    try {
      const claims = await verifyMcpTokenClaims(deps, token);
      // One query: the connection is still in force, and the person's roles as they are now.
      principal = await resolveUserPrincipal(deps.orm.em.fork(), {
        userId: claims.userId,
        organizationId: claims.organizationId,
        projectId: claims.projectId,
        via: 'mcp',
        requestId: ctx.state.requestId,
        connection: { grantId: claims.grantId, clientId: claims.clientId, onStale: (id) => touchConnection(deps.orm, id) },
      });
    } catch (error) {
      // A valid token without the `mcp` scope is not a sign-in problem: 403 names the scope to ask for (RFC 6750 3.1).
      if (error instanceof DomainError && error.code === 'UNAUTHENTICATED' && error.details.reason === 'insufficient_scope') {
        ctx.set('WWW-Authenticate', wwwAuthenticateHeader(baseUrl, { error: 'insufficient_scope', description: error.message }));
        return jsonRpcError(ctx, 403, error.message);
      }
      if (error instanceof DomainError && error.code === 'UNAUTHENTICATED') {
        ctx.set('WWW-Authenticate', wwwAuthenticateHeader(baseUrl, token ? { error: 'invalid_token', description: error.message } : undefined));
        return jsonRpcError(ctx, 401, error.message);
      }
      if (error instanceof DomainError && error.code === 'FORBIDDEN') return jsonRpcError(ctx, 403, error.message);
      throw error;
    }
    const server = buildMcpServer(principal, deps, { baseUrl });
    const transport = new JsonExchangeTransport();
    await server.connect(transport);
    const headers = ctx.req.headers;
    const extra = { requestInfo: { headers, url: new URL(ctx.originalUrl, baseUrl) } };
    if (wantsProgress(ctx.request.body) && !transport.check(headers, ctx.request.body)) {
      // An SSE answer (Streamable HTTP): progress notifications as they come, then the response, then the end.
      // Koa sends it once this handler returns, so the exchange runs on while the stream is open.
      const stream = new PassThrough();
      const event = (message: unknown) => stream.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
      ctx.status = 200;
      ctx.type = 'text/event-stream';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = stream;
      void transport
        .exchange(headers, ctx.request.body, extra, event)
        .then((result) => {
          if (result.status === 200) for (const message of Array.isArray(result.body) ? result.body : [result.body]) event(message);
        })
        .catch((error: unknown) => ctx.state.log?.error({ err: error }, 'MCP exchange failed'))
        .finally(() => stream.end());
      return;
    }
    const result = await transport.exchange(headers, ctx.request.body, extra);
    // Not closed: by now every request of the exchange is answered, nothing is pending, and the server and its
    // transport are referenced only by this request, so they go with it. Closing walks the SDK's teardown
    // (abort controllers, pending-response errors) for nothing: a sixth of the route's time in the profile.
    if (result.status === 202) {
      // No body at all (Koa would otherwise send its status text).
      ctx.body = '';
      ctx.status = 202;
    } else {
      ctx.status = result.status;
      ctx.type = 'application/json';
      ctx.body = result.body;
    }
  });

  // Stateless: no server-to-client stream and no sessions to end.
  const notAllowed = async (ctx: ParameterizedContext) => {
    ctx.set('Allow', 'POST');
    jsonRpcError(ctx, 405, `This MCP endpoint is stateless: use POST ${mcpResourceUrl(baseUrl)}`, -32000);
  };
  router.get('/platform/mcp', guard, notAllowed);
  router.delete('/platform/mcp', guard, notAllowed);
}
