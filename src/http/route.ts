import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import type { Em } from '../db/orm.js';
import type { Principal, Requirement } from '../modules/org/permissions.js';
import type { Operation, OperationFn } from '../modules/operation.js';
import type { AppDeps } from '../deps.js';
import type { Tag } from './tags.js';

/**
 * A REST route, declared once: path, inputs, permission, response schema and
 * one call into modules/. The same declaration mounts the route, validates its
 * inputs and generates its OpenAPI operation.
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
  /** The request's If-Match, as sent (routes that declare `ifMatch` only); undefined when absent or empty. */
  ifMatch?: string;
}

export interface Route<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** OpenAPI-style path with {braces}; converted for the router. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** One of the document's described tags (tags.ts): the type holds every route to the list. */
  tag: Tag;
  /** What the route needs (all of them when several): its operation's `needs` (route() reads it from there). */
  permission: Requirement;
  /** The domain operation the route calls: its declaration gives the permission (and, with `takes`, the input). */
  operation?: AnyOperation;
  /**
   * Where the fields of the operation's input are in this request when the route builds that input from other
   * parts (its path ids): `{ sourceBranchId: 'path.branch_id' }`. A field the operation names in an error is shown
   * at its REST place.
   */
  fields?: Record<string, string>;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: number;
  /**
   * A POST that may create although it answers 200 (integration/connection/connect: a new connection, or a
   * reconnect with connection_id): it honours Idempotency-Key as the 201s and 202s do (isCreate).
   */
  creates?: true;
  /**
   * Statuses this route answers beyond those every route can (openapi.ts lists the common ones), each with when:
   * 412 (If-Match did not match), 422 (well-formed, refused by a rule), 502 (an upstream provider failed),
   * 503 (Temporal or a provider unreachable, with Retry-After). The OpenAPI document shows them.
   */
  answers?: Partial<Record<412 | 422 | 502 | 503, string>>;
  /**
   * The route reads If-Match (an ETag it answered with), described by this text: the handler is handed the header
   * as `ifMatch`, and the document declares the header and the 412.
   */
  ifMatch?: string;
  /** The route answers with an ETag header (the document declares it). */
  etag?: boolean;
  /** A body the route reads itself, not as JSON through `body` (the contact import's CSV): its media types for the document. */
  rawBody?: { description: string; content: Record<string, { schema: z.ZodType }> };
  /** Examples for the document: a request body and the success answer; a test parses each with the route's schemas. */
  examples?: { body?: unknown; response?: unknown };
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
 * A create: a POST that answers 201 (made) or 202 (started), or that says it
 * `creates` although it answers 200. Every create honours Idempotency-Key,
 * and the OpenAPI document says so: this is the one place that decides which
 * routes do. POSTs that add without being creates are idempotent by nature
 * (dnc/add, contact/import: decision 0036) and say so in their description.
 */
export function isCreate(r: Pick<Route, 'method' | 'status' | 'creates'>): boolean {
  return r.method === 'post' && (r.status === 201 || r.status === 202 || r.creates === true);
}

type AnyOperation = Operation;
/** An operation that takes an input: a route may take it as its body or query. */
type OperationWithInput = Operation<OperationFn, z.ZodType>;

/** A route's fields as a declaration writes them: route() adds the permission. */
type Declared<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = Omit<Route<P, Q, B, R>, 'permission' | 'operation'>;

/**
 * A route as declared: it names the operation it calls, whose declaration gives the permission, or (a route
 * that is not one operation: a read that combines several) its permission itself.
 */
export type RouteDeclaration<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = Declared<P, Q, B, R> &
  ({ operation: AnyOperation; permission?: never } | { operation?: never; permission: Requirement });

/**
 * A route whose body (`takes: 'body'`) or query (`takes: 'query'`) is its operation's input, the very schema:
 * route() takes it from the operation. A route whose body or query differs (the input built with path ids, an
 * idempotency key taken as a header) declares its own `body` or `query` instead.
 */
type TakesBody<O extends OperationWithInput, P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType> = Omit<Declared<P, Q, O['input'], R>, 'body'> & {
  operation: O;
  takes: 'body';
  permission?: never;
};
type TakesQuery<O extends OperationWithInput, P extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = Omit<Declared<P, O['input'], B, R>, 'query'> & {
  operation: O;
  takes: 'query';
  permission?: never;
};

/**
 * Keeps the generic types of each route while collecting them in one table; the permission comes from its
 * operation, and so does its body or query when the route `takes` the operation's input there.
 */
export function route<O extends OperationWithInput, P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(r: TakesBody<O, P, Q, R>): Route;
export function route<O extends OperationWithInput, P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(r: TakesQuery<O, P, B, R>): Route;
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(r: RouteDeclaration<P, Q, B, R>): Route;
export function route(r: RouteDeclaration<z.ZodType, z.ZodType, z.ZodType, z.ZodType> & { takes?: 'body' | 'query' }): Route {
  const { takes, ...declared } = r;
  const permission = r.operation ? r.operation.needs : r.permission!;
  return { ...declared, ...(takes ? { [takes]: r.operation!.input } : {}), permission } as unknown as Route;
}
