import 'koa';

declare module 'koa' {
  interface Request {
    /** Set by http/middleware/body.ts for JSON and form bodies. */
    body?: unknown;
    rawBody?: string;
  }
}
