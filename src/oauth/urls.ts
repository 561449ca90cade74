import type { Config } from '../config.js';

/**
 * The addresses of the OAuth server and of the resource it protects. They
 * must be known before the first request (they are the token issuer and
 * audience), so they come from PUBLIC_URL; without it (development, tests
 * that set nothing) from the bind address, as `npm run dev` prints it.
 */
export function oauthBaseUrl(config: Config): string {
  const fallback = `http://${config.http.host === '0.0.0.0' ? '127.0.0.1' : config.http.host}:${config.http.port}`;
  return (config.http.publicUrl ?? fallback).replace(/\/+$/, '');
}

/** The issuer identifier: `<base>/platform` (RFC 8414 metadata lives at `/.well-known/oauth-authorization-server/platform`). */
export const issuerUrl = (baseUrl: string) => `${baseUrl}/platform`;

/** The MCP endpoint: the only resource (RFC 8707 audience) tokens are issued for. */
export const mcpResourceUrl = (baseUrl: string) => `${baseUrl}/platform/mcp`;

/** RFC 9728 metadata of the MCP endpoint. */
export const protectedResourceMetadataUrl = (baseUrl: string) => `${baseUrl}/.well-known/oauth-protected-resource/platform/mcp`;

export const MCP_SCOPE = 'mcp';

/**
 * The `WWW-Authenticate` header of the MCP endpoint (RFC 6750 section 3, RFC
 * 9728 section 5.1): on a 401, where discovery starts and the scope to ask
 * for (MCP clients request what `scope` names); on a 403
 * `insufficient_scope`, the scope the token lacks.
 */
export function wwwAuthenticateHeader(baseUrl: string, error?: { error: 'invalid_token' | 'insufficient_scope'; description: string }): string {
  const metadata = `resource_metadata="${protectedResourceMetadataUrl(baseUrl)}"`;
  const description = error && `error_description="${error.description.replace(/["\\]/g, "'")}"`;
  if (error?.error === 'insufficient_scope') return `Bearer error="insufficient_scope", scope="${MCP_SCOPE}", ${metadata}, ${description}`;
  const parts = [`realm="${mcpResourceUrl(baseUrl)}"`, metadata, `scope="${MCP_SCOPE}"`];
  if (error) parts.push(`error="${error.error}"`, description!);
  return `Bearer ${parts.join(', ')}`;
}

/** Lifetime of MCP access tokens (JWTs, never stored): also how long a superseded signing key must keep verifying. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
