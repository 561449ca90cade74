import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppDeps } from '../http/deps.js';
import { RateLimiter } from '../http/middleware/rate-limit.js';
import { createOAuthProvider, type OAuthProvider } from './provider.js';
import { registerWellKnownRoutes } from './well-known.routes.js';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.js';

/** Paths oidc-provider answers (it parses their bodies itself). */
export const isOAuthPath = (path: string) => path === '/platform/oauth' || path.startsWith('/platform/oauth/');

/**
 * The OAuth server's part of the host app. The provider needs its signing
 * keys from the database, so it is created on the first request that needs
 * it (createApp stays synchronous); a failure is retried by the next request.
 * Registration is open to anyone (RFC 7591), so it is rate limited per address.
 */
export function createOAuthRoutes(deps: AppDeps) {
  let pending: Promise<OAuthProvider> | undefined;
  const oauth = () =>
    (pending ??= createOAuthProvider(deps).catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  const registrations = new RateLimiter(deps.config.limits.tokenPerMinute / 60, deps.config.limits.tokenPerMinute);

  const middleware: Middleware = async (ctx, next) => {
    if (!isOAuthPath(ctx.path)) return next();
    if (ctx.path === '/platform/oauth/register' && ctx.method === 'POST') registrations.take(`register:${ctx.ip}`);
    return (await oauth()).middleware(ctx, next);
  };

  return {
    oauth,
    middleware,
    register(router: Router) {
      registerWellKnownRoutes(router, oauth);
      registerDashboardRoutes(router, deps, oauth);
    },
  };
}
