import { errors as joseErrors, jwtVerify } from 'jose';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../modules/errors.js';
import { findActiveConnection, touchConnection } from './connections/find-connection.js';
import { verificationKeySet } from './signing-keys.js';
import { issuerUrl, MCP_SCOPE, mcpResourceUrl, oauthBaseUrl } from './urls.js';

export { protectedResourceMetadataUrl, wwwAuthenticateHeader } from './urls.js';

/** Who an MCP request acts as: the user, in the organization and project chosen at consent. */
export interface McpAccess {
  userId: string;
  organizationId: string;
  projectId: string;
  grantId: string;
  clientId: string;
  connectionId: string;
}

const refuse = (reason: string, message: string) => new DomainError('UNAUTHENTICATED', message, { reason });

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function readBearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Checks an access token presented to the MCP endpoint, on every request:
 * signature (the authorization server's keys), issuer, audience exactly the
 * MCP URL, expiry, scope; then that its grant's connection is still in force,
 * which is what makes Disconnect (and refresh-token reuse, which revokes the
 * grant) take effect on the next request although JWTs are never stored.
 * Records use at most once a minute. Refusals are UNAUTHENTICATED with a
 * message saying what to do.
 */
export async function verifyMcpAccessToken(deps: Pick<AppDeps, 'config' | 'orm'>, token: string | undefined): Promise<McpAccess> {
  const claims = await verifyMcpTokenClaims(deps, token);
  await assertConnectionActive(deps, claims);
  return claims;
}

/**
 * The first half of verifyMcpAccessToken: the token itself (signature,
 * issuer, audience, expiry, scope), without the database. The MCP endpoint
 * runs the second half (assertConnectionActive) in parallel with loading the
 * person's roles, and uses the principal only when both succeed.
 */
export async function verifyMcpTokenClaims(deps: Pick<AppDeps, 'config' | 'orm'>, token: string | undefined): Promise<McpAccess> {
  if (!token) throw refuse('missing', 'An access token is required: send Authorization: Bearer <token> (sign in through OAuth discovery)');
  const cached = verifiedTokens.get(token);
  if (cached && cached.exp * 1000 > Date.now()) return { ...cached.claims };
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) throw refuse('malformed', 'The access token is malformed');
  const baseUrl = oauthBaseUrl(deps.config);
  const audience = mcpResourceUrl(baseUrl);
  const options = {
    issuer: issuerUrl(baseUrl),
    audience,
    algorithms: ['RS256'],
    typ: 'at+jwt',
    requiredClaims: ['exp', 'sub', 'client_id', 'gid', 'org_id', 'project_id'],
  };
  let payload;
  try {
    ({ payload } = await jwtVerify(token, await verificationKeySet(deps.orm), options).catch(async (error: unknown) => {
      // A key rotated in another process moments ago: re-read the keys (rate limited) and try once more.
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      return jwtVerify(token, await verificationKeySet(deps.orm, { unknownKid: true }), options);
    }));
  } catch (error) {
    throw tokenError(error);
  }
  // jose accepts an audience list containing ours; these tokens are for the MCP endpoint alone.
  if (payload.aud !== audience) throw refuse('wrong_audience', `The access token is not for ${audience}`);
  if (
    !String(payload.scope ?? '')
      .split(' ')
      .includes(MCP_SCOPE)
  )
    throw refuse('insufficient_scope', `The access token lacks the ${MCP_SCOPE} scope`);
  const claims: McpAccess = {
    userId: String(payload.sub),
    organizationId: String(payload.org_id),
    projectId: String(payload.project_id),
    grantId: String(payload.gid),
    clientId: String(payload.client_id),
    connectionId: '',
  };
  remember(token, claims, Number(payload.exp));
  return { ...claims };
}

/**
 * Tokens whose signature, issuer, audience and scope were checked, until they
 * expire: an assistant sends the same token on every call for an hour, and
 * the RSA verification was a tenth of the CPU of an MCP request. Only the
 * token's own checks are cached; whether its grant is still connected is
 * asked on every request (assertConnectionActive). Bounded: the oldest entry
 * goes first.
 */
const verifiedTokens = new Map<string, { claims: McpAccess; exp: number }>();
const MAX_VERIFIED_TOKENS = 10_000;

function remember(token: string, claims: McpAccess, exp: number) {
  if (!Number.isFinite(exp)) return;
  if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(token, { claims, exp });
}

/**
 * The second half: the grant's connection is still in force and matches the
 * token (user, client, organization, project): what makes Disconnect (and
 * refresh-token reuse, which revokes the grant) take effect on the next
 * request although JWTs are never stored. Records use at most once a minute.
 */
export async function assertConnectionActive(deps: Pick<AppDeps, 'orm'>, claims: McpAccess): Promise<void> {
  const connection = await findActiveConnection(deps.orm, claims.grantId);
  if (
    !connection ||
    connection.userId !== claims.userId ||
    connection.clientId !== claims.clientId ||
    connection.organizationId !== claims.organizationId ||
    connection.projectId !== claims.projectId
  ) {
    throw refuse('revoked', 'This connection was disconnected or has expired: connect the assistant again');
  }
  claims.connectionId = connection.connectionId;
  if (connection.stale) await touchConnection(deps.orm, connection.connectionId);
}

function tokenError(error: unknown): DomainError {
  if (error instanceof joseErrors.JWTExpired) return refuse('expired', 'The access token has expired: refresh it');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return refuse('wrong_audience', 'The access token was issued for another resource');
    if (error.claim === 'iss') return refuse('wrong_issuer', 'The access token was issued by another server');
    return refuse('invalid_claims', `The access token is not valid: ${error.message}`);
  }
  if (error instanceof joseErrors.JOSEError) return refuse('invalid_signature', 'The access token is not valid (signature or format)');
  throw error;
}
