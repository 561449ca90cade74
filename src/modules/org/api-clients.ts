import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { ApiClient, Organization } from './org.entity.js';
import { announceClientChange } from './client-changes.js';
import { ORG_ROLE_NAMES, permissionsOfRole, type Permission, type Principal } from './permissions.js';
import type { TokenRequestBody, TokenResponse } from './org.schemas.js';

/**
 * REST API clients and their bearer tokens (OAuth 2.0 client credentials).
 * Tokens are HS256 JWTs naming the client and its organization, so a request
 * is authenticated without a database round trip; the client row (revoked?
 * role?) is re-read at most every CLIENT_CACHE_MS, so revoking a client or
 * changing its role takes effect within that time (docs/decisions/0004).
 */
const TOKEN_ISSUER = 'voice-agent-platform';
const TOKEN_AUDIENCE = 'rest-api';
export const CLIENT_CACHE_MS = 5_000;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export async function createApiClient(em: Em, input: { organizationId: string; name: string; role?: string }) {
  const role = input.role ?? 'admin';
  if (!(ORG_ROLE_NAMES as string[]).includes(role)) {
    throw new DomainError('VALIDATION_FAILED', `Unknown role ${role}`, {
      issues: [{ field: 'role', message: `must be one of ${ORG_ROLE_NAMES.join(', ')}` }],
    });
  }
  if (!(await em.count(Organization, { id: input.organizationId }))) {
    throw new DomainError('NOT_FOUND', `Organization ${input.organizationId} was not found`);
  }
  const secret = `sk_${randomBytes(32).toString('base64url')}`;
  const client = em.create(ApiClient, {
    id: newId('apiClient'),
    organization: input.organizationId,
    name: input.name,
    secretHash: hashSecret(secret),
    role,
  });
  await em.flush();
  return { client, clientId: client.id, clientSecret: secret, organizationId: input.organizationId, role };
}

export async function revokeApiClient(em: Em, clientId: string) {
  const client = await em.findOne(ApiClient, { id: clientId });
  if (!client) throw new DomainError('NOT_FOUND', `API client ${clientId} was not found`);
  client.revokedAt = new Date();
  await em.flush();
  clientCache.delete(clientId);
  await announceClientChange(em, clientId);
}

const invalidClient = () =>
  new DomainError('INVALID_CLIENT', 'Client authentication failed: unknown client or wrong secret', {
    error: 'invalid_client',
  });

export async function issueToken(em: Em, auth: { tokenSecret: string; tokenTtlSeconds: number }, input: TokenRequestBody): Promise<TokenResponse> {
  const client = await em.findOne(ApiClient, { id: input.client_id });
  // Compare hashes in constant time, and hash even for an unknown client, so
  // timing does not tell whether a client id exists.
  const given = Buffer.from(hashSecret(input.client_secret), 'hex');
  const stored = Buffer.from(client?.secretHash ?? hashSecret(randomBytes(16).toString('hex')), 'hex');
  if (!client || client.revokedAt || !timingSafeEqual(given, stored)) throw invalidClient();
  client.lastUsedAt = new Date();
  await em.flush();
  const token = await new SignJWT({ org: client.organization, typ: 'client' })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(client.id)
    .setIssuedAt()
    .setJti(randomBytes(12).toString('base64url'))
    .setExpirationTime(`${auth.tokenTtlSeconds}s`)
    .sign(keyOf(auth.tokenSecret));
  return { access_token: token, token_type: 'Bearer', expires_in: auth.tokenTtlSeconds };
}

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

interface CachedClient {
  organizationId: string;
  name: string;
  role: string;
  /** The role's permissions, resolved once per load rather than per request. */
  permissions: ReadonlySet<Permission>;
  revoked: boolean;
  loadedAt: number;
}
const clientCache = new Map<string, CachedClient>();

async function loadClient(em: Em, clientId: string): Promise<CachedClient | undefined> {
  const cached = clientCache.get(clientId);
  if (cached && Date.now() - cached.loadedAt < CLIENT_CACHE_MS) return cached;
  const client = await em.findOne(ApiClient, { id: clientId }, { fields: ['organization', 'name', 'role', 'revokedAt'] });
  if (!client) {
    clientCache.delete(clientId);
    return undefined;
  }
  const entry = {
    organizationId: client.organization,
    name: client.name,
    role: client.role,
    permissions: permissionsOfRole(client.role),
    revoked: !!client.revokedAt,
    loadedAt: Date.now(),
  };
  if (clientCache.size > 10_000) clientCache.clear();
  clientCache.set(clientId, entry);
  return entry;
}

/** Forget one cached client row, or all of them (a change announced by another process, tests). */
export function clearClientCache(clientId?: string) {
  if (clientId === undefined) clientCache.clear();
  else clientCache.delete(clientId);
}

const hmacKeys = new Map<string, KeyObject>();
function hmacKeyOf(secret: string): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    hmacKeys.set(secret, key);
  }
  return key;
}

const invalidToken = () => new DomainError('UNAUTHENTICATED', 'The access token is not valid');

function decodeJsonPart(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidToken();
  return value as Record<string, unknown>;
}

/**
 * Verifies one of our access tokens (issueToken) and returns its claims.
 * Synchronous HMAC-SHA256 with node:crypto instead of jose's jwtVerify: jose
 * goes through WebCrypto's promise-based verify, which cost about 60 µs per
 * request here, as much as serving a whole constant route, and every /v1
 * request pays it; this costs a few µs. The checks are
 * jwtVerify's for our options: a three-part compact JWS whose header names
 * alg HS256 (and no `crit` extensions), a signature compared in constant time,
 * a JSON object payload with our issuer and audience (a string, or an array
 * holding it), not expired (`exp`, required: every token we issue has one),
 * and not before `nbf` when present, in whole seconds as jose counts them.
 */
export function verifyAccessToken(token: string, secret: string): { sub: string; org: string } {
  const parts = token.split('.');
  if (parts.length !== 3) throw invalidToken();
  const [header64, payload64, signature64] = parts;
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decodeJsonPart(header64);
    if (header.alg !== 'HS256' || header.crit !== undefined) throw invalidToken();
    // Compared as canonical base64url text, so no other encoding of the same bytes passes.
    const expected = Buffer.from(createHmac('sha256', hmacKeyOf(secret)).update(`${header64}.${payload64}`).digest('base64url'));
    const given = Buffer.from(signature64);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidToken();
    // The payload is only parsed once its signature holds.
    claims = decodeJsonPart(payload64);
  } catch {
    throw invalidToken();
  }
  const now = Math.floor(Date.now() / 1000);
  const audience = claims.aud;
  if (claims.iss !== TOKEN_ISSUER) throw invalidToken();
  if (audience !== TOKEN_AUDIENCE && !(Array.isArray(audience) && audience.includes(TOKEN_AUDIENCE))) throw invalidToken();
  if (typeof claims.exp !== 'number') throw invalidToken();
  if (claims.exp <= now) {
    throw new DomainError('UNAUTHENTICATED', 'The access token has expired: request a new one from POST /v1/auth/token');
  }
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) throw invalidToken();
  if (claims.iat !== undefined && typeof claims.iat !== 'number') throw invalidToken();
  if (typeof claims.sub !== 'string' || typeof claims.org !== 'string') throw invalidToken();
  return { sub: claims.sub, org: claims.org };
}

/**
 * Resolves the principal of a REST request from its Authorization and
 * X-Organization-Id headers. 401 for a missing, malformed, expired or revoked
 * token; 400 for a missing organization header; 403 when the header names an
 * organization the token does not belong to.
 */
export async function authenticateRequest(
  em: Em,
  tokenSecret: string,
  authorization: string | undefined,
  organizationHeader: string | undefined,
): Promise<Principal> {
  if (!authorization) {
    throw new DomainError('UNAUTHENTICATED', 'Missing Authorization header: send "Authorization: Bearer <access_token>" from POST /v1/auth/token');
  }
  const match = /^Bearer\s+([A-Za-z0-9\-_.]+)$/i.exec(authorization.trim());
  if (!match) throw new DomainError('UNAUTHENTICATED', 'Malformed Authorization header: expected "Bearer <access_token>"');
  const claims = verifyAccessToken(match[1], tokenSecret);
  const client = await loadClient(em, claims.sub);
  if (!client || client.revoked) throw new DomainError('UNAUTHENTICATED', 'The API client of this token has been revoked');
  if (!organizationHeader) {
    throw new DomainError('VALIDATION_FAILED', 'Missing X-Organization-Id header', {
      issues: [{ field: 'header.x-organization-id', message: 'required on every /v1 request except /v1/auth/token' }],
    });
  }
  if (organizationHeader !== client.organizationId) {
    throw new DomainError('ORGANIZATION_MISMATCH', 'The token does not belong to the organization named in X-Organization-Id');
  }
  return {
    kind: 'api_client',
    id: claims.sub,
    name: client.name,
    organizationId: client.organizationId,
    orgRole: client.role,
    permissions: client.permissions,
    via: 'rest',
  };
}
