import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import type { AdapterPayload } from 'oidc-provider';
import type { Orm } from '../db/orm.js';
import { PgAdapter } from './adapter.js';

/**
 * The dashboard's sign-in session, stored server-side (model
 * `DashboardSession` in oauth_model) under a random id carried in a signed,
 * httpOnly, SameSite=Lax cookie: signing out deletes the row, so a copied
 * cookie dies with it. Separate from oidc-provider's own session; the login
 * prompt requires both to name the same user (src/oauth/provider.ts).
 */
const SESSION_COOKIE = 'vp_session';
/** A random per-browser value that anchors CSRF tokens before anyone signs in. */
const BROWSER_COOKIE = 'vp_browser';
export const SESSION_TTL_SECONDS = 12 * 3600;

/**
 * Over https (PUBLIC_URL https counts, src/oauth/oauth.routes.ts) the names
 * carry `__Host-`: the browser then accepts them only Secure, for Path=/ and
 * without Domain, so a sibling subdomain or a plain-http page cannot plant
 * or overwrite them (session fixation, CSRF anchor). Over plain http (dev,
 * tests) they keep their plain names, which such a prefix would forbid.
 */
const cookieName = (ctx: ParameterizedContext, name: string) => (ctx.secure ? `__Host-${name}` : name);

export interface DashboardSession {
  id: string;
  userId: string;
  email: string;
}

type Ctx = ParameterizedContext;

function cookieOptions(ctx: Ctx, maxAgeSeconds: number) {
  return { signed: true, httpOnly: true, sameSite: 'lax' as const, secure: ctx.secure, path: '/', maxAge: maxAgeSeconds * 1000, overwrite: true };
}

const store = new WeakMap<Orm, PgAdapter>();
function sessions(orm: Orm): PgAdapter {
  let adapter = store.get(orm);
  if (!adapter) store.set(orm, (adapter = new PgAdapter(orm, 'DashboardSession')));
  return adapter;
}

export async function readSession(ctx: Ctx, orm: Orm): Promise<DashboardSession | undefined> {
  if (ctx.state.dashboardSession !== undefined) return ctx.state.dashboardSession ?? undefined;
  const id = ctx.cookies.get(cookieName(ctx, SESSION_COOKIE), { signed: true });
  const payload = id ? ((await sessions(orm).find(id)) as { userId?: string; email?: string } | undefined) : undefined;
  const session = id && payload?.userId && payload.email ? { id, userId: payload.userId, email: payload.email } : undefined;
  ctx.state.dashboardSession = session ?? null;
  return session;
}

/** A new session id on every sign-in (no fixation), replacing the previous one. */
export async function startSession(ctx: Ctx, orm: Orm, user: { id: string; email: string }): Promise<DashboardSession> {
  const previous = ctx.cookies.get(cookieName(ctx, SESSION_COOKIE), { signed: true });
  if (previous) await sessions(orm).destroy(previous);
  const id = randomBytes(32).toString('base64url');
  await sessions(orm).upsert(id, { userId: user.id, email: user.email } as AdapterPayload, SESSION_TTL_SECONDS);
  ctx.cookies.set(cookieName(ctx, SESSION_COOKIE), id, cookieOptions(ctx, SESSION_TTL_SECONDS));
  const session = { id, userId: user.id, email: user.email };
  ctx.state.dashboardSession = session;
  return session;
}

export async function endSession(ctx: Ctx, orm: Orm): Promise<void> {
  const id = ctx.cookies.get(cookieName(ctx, SESSION_COOKIE), { signed: true });
  if (id) await sessions(orm).destroy(id);
  ctx.cookies.set(cookieName(ctx, SESSION_COOKIE), null, { path: '/', secure: ctx.secure });
  ctx.state.dashboardSession = null;
}

function browserId(ctx: Ctx): string {
  let id = ctx.cookies.get(cookieName(ctx, BROWSER_COOKIE), { signed: true });
  if (!id) {
    id = randomBytes(24).toString('base64url');
    ctx.cookies.set(cookieName(ctx, BROWSER_COOKIE), id, cookieOptions(ctx, 365 * 24 * 3600));
  }
  return id;
}

/**
 * The CSRF token for forms on this page: an HMAC of the browser cookie and,
 * once signed in, the session id, so a token from before sign-in (or from
 * another session) is not accepted after it.
 */
export function csrfToken(ctx: Ctx, keys: string[], session: DashboardSession | undefined): string {
  return tokenFor(keys[0], browserId(ctx), session?.id);
}

function tokenFor(key: string, browser: string, sessionId: string | undefined): string {
  return createHmac('sha256', key)
    .update(`${browser}.${sessionId ?? ''}`)
    .digest('base64url');
}

export function csrfValid(ctx: Ctx, keys: string[], session: DashboardSession | undefined, submitted: unknown): boolean {
  const browser = ctx.cookies.get(cookieName(ctx, BROWSER_COOKIE), { signed: true });
  if (!browser || typeof submitted !== 'string' || !submitted) return false;
  const given = Buffer.from(submitted);
  return keys.some((key) => {
    const expected = Buffer.from(tokenFor(key, browser, session?.id));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
