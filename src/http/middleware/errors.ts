import type { Middleware } from 'koa';
import { httpProblem, toProblem, type Problem } from '../../edge/problem.js';
import { PayloadTooLarge } from './body.js';
import { DomainError } from '../../modules/errors.js';
import { isTemporalUnavailable } from '../../temporal/connect.js';
import { temporalUnavailable } from '../../modules/temporal-access.js';

/** Seconds a client is told to wait before retrying a 503 (a dependency that is down or restarting). */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * Turns every error into an RFC 9457 problem (application/problem+json) with
 * the request id. Domain errors keep their status and detail; anything else is
 * logged with its stack and answered with a bare 500.
 */
export function problemResponses(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && !ctx.headerSent) {
        sendProblem(ctx, httpProblem(404, 'Not Found', `No route matches ${ctx.method} ${ctx.path}`, 'ROUTE_NOT_FOUND'));
      }
    } catch (error) {
      let problem: Problem;
      if (error instanceof DomainError) {
        problem = toProblem(error);
      } else if (error instanceof PayloadTooLarge) {
        problem = httpProblem(413, 'Content Too Large', error.message, 'PAYLOAD_TOO_LARGE');
      } else if (isTemporalUnavailable(error)) {
        // Temporal down or restarting: the request can be retried, so 503 with Retry-After, never a 500.
        ctx.state.log?.warn({ err: error }, 'the workflow service is unreachable');
        problem = toProblem(temporalUnavailable());
      } else if (isHttpError(error) && error.status < 500) {
        problem = httpProblem(error.status, error.message, error.message, `HTTP_${error.status}`);
      } else {
        ctx.state.log?.error({ err: error }, 'unhandled error');
        problem = toProblem(error);
      }
      if (problem.status === 401) {
        ctx.set('WWW-Authenticate', ctx.path.startsWith('/v1') ? 'Bearer realm="v1"' : 'Bearer');
      }
      if (error instanceof DomainError && typeof error.details.retry_after === 'number') {
        ctx.set('Retry-After', String(error.details.retry_after));
      }
      if (problem.status === 503) ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      sendProblem(ctx, problem);
    }
  };
}

function isHttpError(e: unknown): e is { status: number; message: string } {
  return typeof e === 'object' && e !== null && typeof (e as { status?: unknown }).status === 'number';
}

export function sendProblem(ctx: Parameters<Middleware>[0], problem: Problem) {
  ctx.status = problem.status;
  ctx.type = 'application/problem+json';
  ctx.body = { ...problem, instance: ctx.path, request_id: ctx.state.requestId };
}
