import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** Health polls: a load balancer's or orchestrator's every few seconds; logged only when they fail. */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** A request id (taken from X-Request-Id when sane), a child logger, one log line per request (health polls at debug). */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[A-Za-z0-9._-]{8,80}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const log = logger.child({ request_id: requestId });
    ctx.state.log = log;
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const level = ctx.status >= 500 ? 'error' : HEALTH_PATHS.has(ctx.path) && ctx.status < 400 ? 'debug' : 'info';
      if (logger.isLevelEnabled(level)) {
        log[level]({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}

/** Headers every response carries; pages set their own CSP. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (!ctx.response.get('X-Frame-Options')) ctx.set('X-Frame-Options', 'DENY');
  };
}
