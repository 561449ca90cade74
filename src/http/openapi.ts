import { z } from 'zod';
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import type { Config } from '../config.js';
import { isCreate, type Route } from './route.js';
import { IDEMPOTENCY_KEY_TTL_HOURS } from './idempotency.js';
import { IDEMPOTENCY_KEY_MAX } from '../modules/idempotency-key.js';
import { TokenRequestBody, TokenResponse } from '../modules/org/org.schemas.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../modules/calls/calls.schemas.js';

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
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional().describe('Every offending field, for 400s.'),
  })
  .openapi('Problem');

const problem = (description: string) => ({
  description,
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

export function buildOpenApiDocument(routes: Route[], config: Config) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access token from POST /v1/auth/token.',
  });
  const orgHeader = z.object({
    'X-Organization-Id': z.string().describe('The organization the token belongs to (org_...).'),
  });
  const createHeaders = orgHeader.extend({
    'Idempotency-Key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX).optional().describe(
      'A key of your choice (printable ASCII, no spaces): sending the same request with it again within ' +
      `${IDEMPOTENCY_KEY_TTL_HOURS} hours returns the first response (with Idempotent-Replayed: true) instead of creating again.`),
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/auth/token',
    operationId: 'issueToken',
    tags: ['Authentication'],
    summary: 'Exchange client credentials for an access token',
    description: 'OAuth 2.0 client credentials. Also accepts application/x-www-form-urlencoded with grant_type=client_credentials.',
    request: {
      body: {
        content: {
          'application/json': { schema: TokenRequestBody },
          'application/x-www-form-urlencoded': { schema: TokenRequestBody },
        },
      },
    },
    responses: {
      200: { description: 'A bearer token', content: { 'application/json': { schema: TokenResponse } } },
      400: problem('Malformed body'),
      401: problem('Unknown client, wrong secret, or revoked client (code INVALID_CLIENT)'),
      429: problem('Too many attempts'),
    },
  });

  for (const r of routes) {
    registry.registerPath({
      method: r.method,
      path: r.path,
      operationId: r.operationId,
      tags: [r.tag],
      summary: r.summary,
      description: [r.description, `Requires the permission \`${r.permission}\`.`].filter(Boolean).join('\n\n'),
      security: [{ [bearer.name]: [] }],
      request: {
        headers: isCreate(r) ? createHeaders : orgHeader,
        ...(r.params ? { params: r.params as z.ZodObject } : {}),
        ...(r.query ? { query: r.query as z.ZodObject } : {}),
        ...(r.body ? { body: { content: { 'application/json': { schema: r.body } }, required: true } } : {}),
      },
      responses: {
        [r.status ?? 200]: {
          description: 'Success',
          content: { 'application/json': { schema: r.response } },
          ...(isCreate(r) ? { headers: { 'Idempotent-Replayed': { description: '"true" when this is the stored response of an earlier request with the same Idempotency-Key.', schema: { type: 'string' as const } } } } : {}),
        },
        400: problem('Invalid input: see errors[]'),
        401: problem('Missing, malformed, expired or revoked token'),
        403: problem('X-Organization-Id does not match the token, or the role lacks the permission'),
        ...(r.params ? { 404: problem('Not found (also for another organization\'s resources)') } : {}),
        ...(r.method !== 'get' ? { 409: problem(isCreate(r) ? 'Conflicts with the current state, or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE, see Retry-After)' : 'Conflicts with the current state') } : {}),
        ...(isCreate(r) ? { 422: problem('The Idempotency-Key was used with a different request (IDEMPOTENCY_KEY_REUSED)') } : {}),
        429: problem('Rate limited: see Retry-After'),
      },
    });
  }

  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: { title: 'Voice-Agent Platform API', version: '1.0.0', description: API_DESCRIPTION },
    servers: [{ url: config.http.publicUrl ?? '/' }],
  });
}
