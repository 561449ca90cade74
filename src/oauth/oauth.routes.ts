import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.js';
import { limitStore, RateLimiter } from '../edge/limits.js';
import { createOAuthProvider, type OAuthProvider } from './provider.js';
import { loadSigningKeys } from './signing-keys.js';
import { oauthBaseUrl } from './urls.js';
import { registerWellKnownRoutes } from './well-known.routes.js';
import { registerSignInRoutes } from './sign-in.routes.js';

/** Paths oidc-provider answers (it parses their bodies itself). */
export const isOAuthPath = (path: string) => path === '/platform/oauth' || path.startsWith('/platform/oauth/');

/**
 * The OAuth server's part of the host app. The provider needs its signing
 * keys from the database, so it is created on the first request that needs
 * it (createApp stays synchronous); a failure is retried by the next request.
 * The keys are re-read at most once a minute (src/oauth/signing-keys.ts):
 * when they changed (a rotation, a retired key dropped), the next request
 * gets a new provider with them. Everything the provider keeps lives in
 * PostgreSQL, so the swap loses nothing (as a restart loses nothing).
 * Registration is open to anyone (RFC 7591), so it is rate limited per address.
 */
export function createOAuthRoutes(deps: AppDeps) {
  let current: { kids: string; provider: Promise<OAuthProvider> } | undefined;
  const oauth = async () => {
    const keys = await loadSigningKeys(deps.orm, deps.config.secrets.encryptionKey);
    const kids = keys.map((k) => k.kid).join(' ');
    if (current?.kids !== kids) {
      const entry = { kids, provider: createOAuthProvider(deps, keys) };
      current = entry;
      entry.provider.catch(() => {
        if (current === entry) current = undefined;
      });
    }
    return current.provider;
  };
  const registrations = new RateLimiter(limitStore(deps), 'registrations', deps.config.limits.tokenPerMinute / 60, deps.config.limits.tokenPerMinute);
  // Served over https (PUBLIC_URL), TLS ends at a proxy in front: requests count as secure whatever the
  // last hop, so cookies are Secure (and `__Host-`) even when the proxy's X-Forwarded-Proto is not trusted.
  const https = new URL(oauthBaseUrl(deps.config)).protocol === 'https:';

  const middleware: Middleware = async (ctx, next) => {
    if (https && !ctx.request.secure) Object.defineProperty(ctx.request, 'secure', { value: true });
    if (!isOAuthPath(ctx.path)) return next();
    if (ctx.path === '/platform/oauth/register' && ctx.method === 'POST') await registrations.take(`register:${ctx.ip}`);
    return (await oauth()).middleware(ctx, next);
  };

  return {
    oauth,
    middleware,
    /** Its metadata, and the dashboard's sign-in and consent pages; errors under /dashboard render as pages except under `jsonUnder`. */
    register(router: Router, jsonUnder: string) {
      registerWellKnownRoutes(router, oauth);
      registerSignInRoutes(router, deps, oauth, jsonUnder);
    },
  };
}
