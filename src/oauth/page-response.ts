import type { Middleware, ParameterizedContext } from 'koa';
import { errors } from 'oidc-provider';
import { DomainError } from '../modules/errors.js';
import { statusOf } from '../edge/problem.js';
import { csrfValid, type DashboardSession } from './dashboard-session.js';
import { messagePage, PAGE_CSP } from './pages.js';

/**
 * How the server-rendered pages answer (sign-in, consent and their
 * messages: every other page is the console's): every page refuses framing; every form carries
 * a CSRF token tied to the browser and the session. Errors render as pages,
 * never as JSON.
 */
export type Ctx = ParameterizedContext;

/**
 * Where a signed-in person lands when nothing else is asked for: the
 * console (src/dashboard/console-app.ts, CONSOLE_APP_PATH; written out here
 * because the OAuth server's pages do not depend on the dashboard's code).
 */
export const HOME = '/dashboard/app';

export function page(ctx: Ctx, html: string, status = 200, csp = PAGE_CSP) {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', csp);
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
  ctx.body = html;
}

export function see(ctx: Ctx, location: string) {
  ctx.status = 303;
  ctx.redirect(location);
}

/** Only our own pages are return targets (no open redirect). */
export function returnTarget(value: unknown): string {
  return typeof value === 'string' && /^\/dashboard\/[\w/-]*$/.test(value) ? value : HOME;
}

export const field = (ctx: Ctx, name: string): string => {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

class CsrfRefused extends Error {}

/** Refuses a form whose CSRF token is missing or not this browser's and session's (a page, 403, by htmlErrors). */
export function requireCsrf(ctx: Ctx, keys: string[], session: DashboardSession | undefined) {
  if (!csrfValid(ctx, keys, session, field(ctx, 'csrf'))) throw new CsrfRefused();
}

/**
 * Maps failures to pages: domain errors and oidc-provider's (expired
 * interaction, ...) with their status. Paths under `jsonUnder` (the
 * console's API, which answers problem+json as /v1 does) pass through.
 */
export function htmlErrors(jsonUnder: string): Middleware {
  return async (ctx, next) => {
    if (ctx.path.startsWith(`${jsonUnder}/`)) return next();
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
}
