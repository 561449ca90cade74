import { z } from 'zod';
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import type { Config } from '../config.js';
import { isCreate, type Route } from './route.js';
import { IDEMPOTENCY_KEY_TTL_HOURS } from './idempotency.js';
import { IDEMPOTENCY_KEY_MAX } from '../modules/idempotency-key.js';
import { TokenRequestBody, TokenResponse } from '../modules/org/org.schemas.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../modules/calls/calls.schemas.js';
import { EVENT_KINDS } from '../modules/triggers/triggers.schemas.js';
import { WEBHOOK_DATA_NAMES, WEBHOOK_EVENT_DATA, webhookEnvelope } from '../modules/triggers/webhook-events.schemas.js';
import { webhookExample } from '../modules/triggers/webhook-examples.js';
import { TAGS } from './tags.js';
import { permissionsOf, type Requirement } from '../modules/org/permissions.js';

extendZodWithOpenApi(z);

/**
 * The OpenAPI 3.1 document, generated from the same route table and zod
 * schemas that validate requests, so it cannot drift from what runs.
 */
const ProblemSchema = z
  .object({
    type: z.string().describe('A URI naming the kind of problem.'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().describe('What went wrong, for a person to read.'),
    code: z.string().describe('Stable machine-readable code, e.g. VALIDATION_FAILED, NOT_FOUND, INVALID_CURSOR.'),
    instance: z.string().optional(),
    request_id: z.string().optional().describe('Quote it when reporting a problem; also in the X-Request-Id header.'),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Every offending field, for 400s.'),
  })
  .openapi('Problem');

/** Every answer carries the request's id (the request-context middleware sets it). */
const REQUEST_ID = {
  'X-Request-Id': {
    description: 'The request id (yours when you sent a sane X-Request-Id, else a new one): quote it when reporting a problem.',
    schema: { type: 'string' as const },
  },
};
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' as const } },
};

const problem = (description: string, headers: Record<string, { description: string; schema: { type: 'string' | 'integer' } }> = {}) => ({
  description,
  headers: { ...REQUEST_ID, ...headers },
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const API_DESCRIPTION = `
REST API of the voice-agent platform, for servers and CI jobs.

**Authentication.** Exchange your client id and secret at \`POST /v1/auth/token\` (JSON, or a standard
form-encoded client-credentials request) for a bearer token, then send on every other request both
\`Authorization: Bearer <access_token>\` and \`X-Organization-Id: <organization_id>\`. A token used with
another organization's id is refused with 403; another organization's resources read as 404.

**Errors** are RFC 9457 problem details (\`application/problem+json\`) with a stable \`code\`, the
\`request_id\`, and for validation failures an \`errors\` array naming each field.

**Pagination.** Listings return \`has_more\` and \`next_cursor\`. Pass \`next_cursor\` as \`cursor\` with the
same filters to get the next page. Cursors are keyset positions: a deep page costs what the first one
does, and a listing never skips or repeats a record when records are added between pages.
\`page_size\` defaults to ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}.

**Idempotency.** Every create (a POST answering 201 or 202) takes an \`Idempotency-Key\` header. The first
request with a key runs; the same request again with that key within ${IDEMPOTENCY_KEY_TTL_HOURS} hours gets the first
response back (\`Idempotent-Replayed: true\`), a different request under it is refused with 422
(\`IDEMPOTENCY_KEY_REUSED\`), and one sent while the first still runs gets 409 (\`IDEMPOTENCY_KEY_IN_USE\`) with
Retry-After. A request that fails stores nothing: retry it with the same key.

**Times** in queries are \`YYYY-MM-DD HH:MM:SS\` in UTC (a \`+\` may stand for the space) or ISO 8601 with a
zone; responses use ISO 8601 UTC. **Money** is integer micros (millionths of the currency unit).

**Rate limits.** Each API client has a token bucket (default 200 requests a second, bursts of 400, per
server process); the token route allows 60 requests a minute per address. Past it: 429 with Retry-After.
`.trim();

const WEBHOOK_DESCRIPTION = `
Sent to the URL of every enabled agent trigger subscribed to this event kind (\`/v1/agent_trigger/create\`), as a
JSON POST signed with the Standard Webhooks headers. Verify \`webhook-signature\` with the signing secret shown when
the trigger was created, reject timestamps more than a few minutes old, and deduplicate on \`webhook-id\`: a
delivery is retried until a 2xx, and a re-send or replay carries the same id.
`.trim();

/** The sentence every operation ends with: the permissions its caller's role must grant. */
function requiresText(requirement: Requirement): string {
  const names = permissionsOf(requirement).map((p) => `\`${p}\``);
  return names.length === 1 ? `Requires the permission ${names[0]}.` : `Requires the permissions ${names.slice(0, -1).join(', ')} and ${names.at(-1)}.`;
}

export function buildOpenApiDocument(routes: Route[], config: Config) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access token from POST /v1/auth/token.',
  });
  registerTokenPath(registry);
  for (const r of routes) registerRoute(registry, r, bearer.name);
  registerWebhooks(registry);
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: { title: 'Voice-Agent Platform API', version: '1.0.0', description: API_DESCRIPTION, license: { name: 'Proprietary' } },
    servers: [{ url: config.http.publicUrl ?? '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
  });
}

/** The headers of every request: the organization, and on a create the Idempotency-Key. */
const orgHeader = z.object({
  'X-Organization-Id': z.string().describe('The organization the token belongs to (org_...).'),
});
const createHeaders = orgHeader.extend({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX)
    .optional()
    .describe(
      'A key of your choice (printable ASCII, no spaces): sending the same request with it again within ' +
        `${IDEMPOTENCY_KEY_TTL_HOURS} hours returns the first response (with Idempotent-Replayed: true) instead of creating again.`,
    ),
});

/** POST /v1/auth/token: not a declared route (it has no bearer token and takes form bodies too). */
function registerTokenPath(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/v1/auth/token',
    operationId: 'issueToken',
    tags: ['Authentication'],
    summary: 'Exchange client credentials for an access token',
    description: 'OAuth 2.0 client credentials. Also accepts application/x-www-form-urlencoded with grant_type=client_credentials.',
    security: [],
    request: {
      body: {
        content: {
          'application/json': { schema: TokenRequestBody, example: { client_id: 'cli_01JDX3S8Q4M5N6P7R8T9V0W1X2', client_secret: 'sk_...' } },
          'application/x-www-form-urlencoded': { schema: TokenRequestBody },
        },
      },
    },
    responses: {
      200: {
        description: 'A bearer token',
        headers: REQUEST_ID,
        content: {
          'application/json': { schema: TokenResponse, example: { access_token: 'eyJhbGciOiJFUzI1NiIs...', token_type: 'Bearer', expires_in: 3600 } },
        },
      },
      400: problem('Malformed body'),
      401: problem('Unknown client, wrong secret, or revoked client (code INVALID_CLIENT)'),
      413: problem('The body is larger than the route accepts (PAYLOAD_TOO_LARGE)'),
      429: problem('Too many attempts', RETRY_AFTER),
    },
  });
}

/** One declared route: its parameters, body, success and every answer it can give. */
function registerRoute(registry: OpenAPIRegistry, r: Route, bearer: string): void {
  const success = {
    description: 'Success',
    content: { 'application/json': { schema: r.response, ...(r.examples?.response !== undefined ? { example: r.examples.response } : {}) } },
    headers: {
      ...REQUEST_ID,
      ...(isCreate(r)
        ? {
            'Idempotent-Replayed': {
              description: '"true" when this is the stored response of an earlier request with the same Idempotency-Key.',
              schema: { type: 'string' as const },
            },
          }
        : {}),
      ...(r.etag
        ? {
            ETag: {
              description: 'The content hash of the head version, quoted: send it back as If-Match to change what you read.',
              schema: { type: 'string' as const },
            },
          }
        : {}),
    },
  };
  registry.registerPath({
    method: r.method,
    path: r.path,
    operationId: r.operationId,
    tags: [r.tag],
    summary: r.summary,
    description: [r.description, requiresText(r.permission)].filter(Boolean).join('\n\n'),
    security: [{ [bearer]: [] }],
    request: {
      headers: isCreate(r) ? createHeaders : r.ifMatch ? orgHeader.extend({ 'If-Match': z.string().optional().describe(r.ifMatch) }) : orgHeader,
      ...(r.params ? { params: r.params as z.ZodObject } : {}),
      ...(r.query ? { query: r.query as z.ZodObject } : {}),
      ...(r.body
        ? {
            body: {
              content: { 'application/json': { schema: r.body, ...(r.examples?.body !== undefined ? { example: r.examples.body } : {}) } },
              required: true,
            },
          }
        : {}),
      ...(r.rawBody ? { body: { description: r.rawBody.description, content: r.rawBody.content, required: true } } : {}),
    },
    responses: responsesOf(r, success),
  });
}

/** The answers of a route besides its success: by what it declares (a body, If-Match, a create, its own answers). */
function responsesOf(r: Route, success: object) {
  const hasBody = Boolean(r.body || r.rawBody);
  return {
    [r.status ?? 200]: success,
    400: problem('Invalid input: see errors[]'),
    401: problem('Missing, malformed, expired or revoked token'),
    403: problem('X-Organization-Id does not match the token, or the role lacks the permission'),
    ...(r.params ? { 404: problem("Not found (also for another organization's resources)") } : {}),
    ...(r.method !== 'get'
      ? {
          409: problem(
            isCreate(r)
              ? 'Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After)'
              : 'Conflicts with the current state',
            isCreate(r) ? RETRY_AFTER : {},
          ),
        }
      : {}),
    ...(r.ifMatch ? { 412: problem(r.answers?.[412] ?? 'If-Match does not match the current ETag (PRECONDITION_FAILED): read again and retry') } : {}),
    ...(hasBody ? { 413: problem('The body is larger than the route accepts (PAYLOAD_TOO_LARGE)') } : {}),
    ...(isCreate(r) || r.answers?.[422]
      ? {
          422: problem(
            [r.answers?.[422], isCreate(r) ? 'The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED)' : undefined]
              .filter(Boolean)
              .join('; '),
          ),
        }
      : {}),
    429: problem('Rate limited: see Retry-After', RETRY_AFTER),
    ...(r.answers?.[502] ? { 502: problem(r.answers[502]) } : {}),
    ...(r.answers?.[503] ? { 503: problem(r.answers[503], RETRY_AFTER) } : {}),
  };
}

/** The webhook events, as a trigger subscribed to them receives them. */
function registerWebhooks(registry: OpenAPIRegistry): void {
  for (const kind of EVENT_KINDS) {
    // Registered by name, so the document has them as components (a schema reached only from webhooks is not collected).
    const data = registry.register(WEBHOOK_DATA_NAMES[kind], WEBHOOK_EVENT_DATA[kind]);
    registry.registerWebhook({
      method: 'post',
      path: kind,
      operationId: `webhook_${kind.replace('.', '_')}`,
      tags: ['Agent triggers'],
      summary: `The ${kind} event, as a trigger subscribed to it receives it`,
      description: WEBHOOK_DESCRIPTION,
      // Signed with the trigger's secret (webhook-signature), not sent with a bearer token.
      security: [],
      request: {
        headers: z.object({
          'webhook-id': z.string().describe('The event id: the same on every attempt (deduplicate on it).'),
          'webhook-timestamp': z.string().describe('Unix seconds when this attempt was signed.'),
          'webhook-signature': z
            .string()
            .describe('v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the trigger\'s signing secret (Standard Webhooks).'),
        }),
        body: { content: { 'application/json': { schema: webhookEnvelope(kind, data), example: webhookExample(kind) } }, required: true },
      },
      responses: {
        200: {
          description:
            "Any 2xx: delivered. A 410 disables the trigger; 429 and 503 with Retry-After are retried then; anything else is retried on the trigger's schedule.",
        },
      },
    });
  }
}
