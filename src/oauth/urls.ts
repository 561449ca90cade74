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

/** The header of a 401 from the MCP endpoint: tells the client where discovery starts. */
export function wwwAuthenticateHeader(baseUrl: string, error?: { error: 'invalid_token'; description: string }): string {
  const parts = [`realm="${mcpResourceUrl(baseUrl)}"`, `resource_metadata="${protectedResourceMetadataUrl(baseUrl)}"`];
  if (error) parts.push(`error="${error.error}"`, `error_description="${error.description.replace(/["\\]/g, "'")}"`);
  return `Bearer ${parts.join(', ')}`;
}

export const MCP_SCOPE = 'mcp';
