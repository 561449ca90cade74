import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { fetch as undiciFetch } from 'undici';
import { dispatcherFor, type EngineSettings } from '../engine/engine-settings.js';
import { checkUrlHost, OutboundRequestError } from '../outbound-http.js';
import { decryptSecret } from '../secrets/secret-box.js';
import type { Em } from '../../db/orm.js';
import type { McpServer } from './mcp-servers.entity.js';
import { oauthProviderFor } from './mcp-oauth.js';

/** One MCP request (initialize, one page of tools/list, one tools/call): it holds up a sync or a live call. */
export const MCP_REQUEST_TIMEOUT_MS = 15_000;

/**
 * fetch for the MCP SDK's transport that goes through the guarded dispatcher
 * (as every outbound connection to a user-supplied address does): http(s) only, no
 * credentials in the URL, forbidden IP literals refused here and names after
 * DNS in the dispatcher's lookup. Redirects are refused outright: a redirect
 * to an IP literal would skip the literal check, and an MCP endpoint has no
 * reason to redirect its POSTs. Uses undici's own fetch, since the guarded
 * dispatcher is an undici 8 Agent that Node's bundled fetch may not accept.
 */
export function guardedFetch(settings: EngineSettings): FetchLike {
  const dispatcher = dispatcherFor(settings);
  return async (input, init) => {
    const url = new URL(String(input));
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      throw new OutboundRequestError('invalid_url', 'MCP server addresses must be http(s) without credentials');
    }
    checkUrlHost(url, settings.allowedHosts);
    const response = await undiciFetch(url, { ...(init as object), redirect: 'error', dispatcher } as Parameters<typeof undiciFetch>[1]);
    return response as unknown as Response;
  };
}

/**
 * A connected MCP client for the server, with its stored headers (decrypted
 * only here) or its OAuth token on every request. The caller closes it. Connection, HTTP and
 * protocol failures throw; callers record them.
 */
export async function connectMcpServer(server: McpServer, settings: EngineSettings, em: Em): Promise<Client> {
  const headers: Record<string, string> = server.headersEncrypted
    ? JSON.parse(decryptSecret(settings.encryptionKey, server.headersEncrypted, server.organization))
    : {};
  // OAuth: the provider sends the stored token and refreshes it on a 401 (em saves the rotated pair).
  const authProvider = server.signInMethod === 'oauth' ? oauthProviderFor(em, server, settings) : undefined;
  const transport = new StreamableHTTPClientTransport(new URL(server.address), { requestInit: { headers }, fetch: guardedFetch(settings), authProvider });
  const client = new Client({ name: 'voice-agent-platform', version: '0.1.0' });
  await client.connect(transport, { timeout: MCP_REQUEST_TIMEOUT_MS });
  return client;
}

/** What a failure says, for last_error and failed tool calls: the message, with the cause when fetch wrapped it. */
export function describeMcpError(error: unknown): string {
  const e = error as Error & { cause?: { message?: string }; code?: unknown };
  // The SDK's StreamableHTTPError carries the HTTP status as `code` but leaves it out of the message; JSON-RPC codes are negative.
  const status = typeof e?.code === 'number' && e.code >= 100 && e.code < 600 ? `HTTP ${e.code}: ` : '';
  const text = status + (e?.message ?? String(error));
  return (e?.cause?.message && !text.includes(e.cause.message) ? `${text}: ${e.cause.message}` : text).slice(0, 1000);
}
