import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { parse as parseQs } from 'node:querystring';
import { DomainError } from '../../modules/errors.js';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../../modules/json-depth.js';

/**
 * Reads JSON and form-encoded request bodies (1 MiB by default) into
 * ctx.request.body. Malformed JSON is a 400 problem naming the body; an
 * oversized body is a 413. Other content types are left unread for the
 * routes that stream them (and for oidc-provider, which parses its own).
 */
export function bodyParser(options: { limit?: number; skip?: (path: string) => boolean } = {}): Middleware {
  const limit = options.limit ?? 1024 * 1024;
  return async (ctx, next) => {
    if (options.skip?.(ctx.path) || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    const type = ctx.request.is('json', 'urlencoded');
    if (!type) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limit) throw new PayloadTooLarge(limit);
    const text = (await readBody(ctx.req, limit)).toString('utf8');
    ctx.request.rawBody = text;
    if (type === 'json') {
      if (text.trim() === '') {
        ctx.request.body = undefined;
      } else {
        // Refused before parsing: nothing downstream (validation, the MCP SDK, PostgreSQL's JSON functions)
        // then ever walks a body nested thousands of levels deep (hardening issue, item 1).
        if (jsonTextTooDeep(text)) {
          throw new DomainError('VALIDATION_FAILED', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`, {
            issues: [{ field: 'body', message: `must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels` }],
          });
        }
        try {
          ctx.request.body = JSON.parse(text);
        } catch (error) {
          throw new DomainError('VALIDATION_FAILED', 'The request body is not valid JSON', {
            issues: [{ field: 'body', message: (error as Error).message }],
          });
        }
      }
    } else {
      ctx.request.body = { ...parseQs(text) };
    }
    return next();
  };
}

/**
 * The request's bytes, up to `limit`. Stream events rather than an async
 * iterator: a small body arrives in one chunk, and the iterator's machinery
 * cost more than the read on every MCP request (issue #3 bench). Past the
 * limit the rest is drained unread, so the 413 can still be sent.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.off('end', onEnd);
      req.resume();
      reject(new PayloadTooLarge(limit));
    };
    const onEnd = () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.once('error', reject);
  });
}

export class PayloadTooLarge extends Error {
  readonly status = 413;
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
  }
}
