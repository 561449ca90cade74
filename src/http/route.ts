import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import type { Em } from '../db/orm.js';
import type { Permission, Principal } from '../modules/org/permissions.js';
import type { AppDeps } from './deps.js';

/**
 * A REST route, declared once: path, inputs, permission, response schema and
 * one call into modules/. The same declaration mounts the route, validates its
 * inputs and generates its OpenAPI operation (CONVENTIONS rule 7).
 */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  principal: Principal;
  em: Em;
  deps: AppDeps;
  ctx: ParameterizedContext;
  /** The request's Idempotency-Key (creates only; checked, and held by this request while it runs: src/http/idempotency.ts). */
  idempotencyKey?: string;
}

export interface Route<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** OpenAPI-style path with {braces}; converted for the router. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  permission: Permission;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: number;
  /** The response body; a JsonText is the same body already serialized. */
  handler: (input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<z.input<R> | JsonText>;
}

/**
 * A response body that is already JSON text (built by PostgreSQL, say): the
 * route sends it as is instead of parsing and re-serializing it in Node. It
 * must be what the route's response schema describes.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A create: a POST that answers 201 (made) or 202 (started). Every create
 * honours Idempotency-Key, and the OpenAPI document says so: this is the one
 * place that decides which routes do.
 */
export function isCreate(r: Pick<Route, 'method' | 'status'>): boolean {
  return r.method === 'post' && (r.status === 201 || r.status === 202);
}

/** Keeps the generic types of each route while collecting them in one table. */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  r: Route<P, Q, B, R>,
): Route {
  return r as unknown as Route;
}
