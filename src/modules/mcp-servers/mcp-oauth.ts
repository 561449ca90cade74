import { randomBytes } from 'node:crypto';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import type { EngineSettings } from '../engine/engine-settings.js';
import { decryptSecret, encryptSecret } from '../secrets/secret-box.js';
import { McpServer } from './mcp-servers.entity.js';
import { describeMcpError, guardedFetch } from './mcp-client.js';
import { findMcpServer } from './mcp-server-access.js';
import { toMcpServerView } from './mcp-server-views.js';
import type { McpServerView } from './mcp-servers.schemas.js';

/** The platform's callback, under its public address; the operator's browser lands there after consenting. */
export const MCP_OAUTH_CALLBACK_PATH = '/v1/mcp/server/oauth/callback';

interface OAuthState {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  verifier?: string;
  /** The callback address the client was registered with (the same on every later refresh). */
  redirectUrl?: string;
}

/**
 * The SDK's OAuthClientProvider over the server's row: the registered client
 * (RFC 7591), the PKCE verifier, the tokens and the callback address are
 * kept as encrypted JSON (bound to the organization) and written at once, so
 * a refreshed (rotated) token survives the process. The SDK does the
 * protocol: protected-resource (RFC 9728) and authorization-server discovery,
 * registration, PKCE S256, the `resource` parameter (RFC 8707) on authorize
 * and token requests, refresh on a 401. `redirectToAuthorization` only
 * records the URL: the operator opens it (the authorize route returns it).
 */
class StoredOAuthProvider implements OAuthClientProvider {
  authorizationUrl?: URL;
  private stored: OAuthState;

  /** `connect`: use and refresh tokens only; a sign-in (registration, authorization) is the operator's step, never started here. */
  constructor(
    private readonly em: Em,
    private readonly server: McpServer,
    private readonly settings: EngineSettings,
    private readonly mode: 'sign-in' | 'connect' = 'sign-in',
  ) {
    this.stored = server.oauthEncrypted ? JSON.parse(decryptSecret(settings.encryptionKey, server.oauthEncrypted, server.organization)) : {};
  }

  get redirectUrl(): string {
    return this.stored.redirectUrl ?? '';
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: `Voice agent platform (${this.server.name})`.slice(0, 100),
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  async save(change: Partial<OAuthState>): Promise<void> {
    this.stored = { ...this.stored, ...change };
    const encrypted = encryptSecret(this.settings.encryptionKey, JSON.stringify(this.stored), this.server.organization);
    this.server.oauthEncrypted = encrypted;
    await this.em.fork().nativeUpdate(McpServer, { id: this.server.id }, { oauthEncrypted: encrypted });
  }

  get hasTokens(): boolean {
    return !!this.stored.tokens?.access_token;
  }

  private refuseInConnectMode(): void {
    if (this.mode === 'connect') throw new Error('The MCP server needs an OAuth sign-in: start it with POST /v1/mcp/server/{id}/oauth/authorize');
  }

  async state(): Promise<string> {
    this.refuseInConnectMode();
    const value = randomBytes(24).toString('base64url');
    await this.em.fork().nativeUpdate(McpServer, { id: this.server.id }, { oauthState: value });
    return value;
  }
  clientInformation() {
    return this.stored.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.refuseInConnectMode();
    return this.save({ client });
  }
  tokens() {
    return this.stored.tokens;
  }
  saveTokens(tokens: OAuthTokens) {
    return this.save({ tokens });
  }
  redirectToAuthorization(url: URL) {
    this.refuseInConnectMode();
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    return this.save({ verifier });
  }
  codeVerifier() {
    if (!this.stored.verifier) throw new Error('No sign-in is in progress for this MCP server');
    return this.stored.verifier;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'discovery') return;
    if (scope === 'all') return this.save({ client: undefined, tokens: undefined, verifier: undefined });
    return this.save({ [scope === 'client' ? 'client' : scope]: undefined });
  }
}

/**
 * A provider for connecting (sync, tool calls): sends the stored access
 * token and refreshes it on a 401 (saving the rotated pair). It never starts
 * a sign-in: without tokens, or when the refresh is refused, connecting
 * fails with the reason, recorded like any other failure.
 */
export function oauthProviderFor(em: Em, server: McpServer, settings: EngineSettings): OAuthClientProvider {
  const provider = new StoredOAuthProvider(em, server, settings, 'connect');
  if (!provider.hasTokens) throw new Error('The MCP server needs an OAuth sign-in first: start it with POST /v1/mcp/server/{id}/oauth/authorize');
  return provider;
}

async function runAuth(provider: StoredOAuthProvider, server: McpServer, settings: EngineSettings, authorizationCode?: string) {
  try {
    return await auth(provider, { serverUrl: server.address, authorizationCode, fetchFn: guardedFetch(settings) });
  } catch (error) {
    throw new DomainError('BAD_GATEWAY', `The MCP server's sign-in failed: ${describeMcpError(error)}`);
  }
}

/**
 * Starts (or renews) the OAuth sign-in of a server with sign-in method
 * oauth: discovery and registration happen now; the answer is the address
 * the operator opens to consent. With valid stored tokens nothing is needed
 * and `authorization_url` is null.
 */
export const startMcpOAuth = operation(
  { needs: 'tools:manage' },
  async (em: Em, principal: Principal, serverId: string, settings: EngineSettings, publicUrl: string): Promise<{ authorization_url: string | null }> => {
    const server = await findMcpServer(em, principal, serverId);
    if (server.signInMethod !== 'oauth') throw new DomainError('CONFLICT', 'This MCP server signs in with headers, not OAuth');
    const provider = new StoredOAuthProvider(em, server, settings);
    const redirectUrl = `${publicUrl}${MCP_OAUTH_CALLBACK_PATH}`;
    // A new callback address (PUBLIC_URL changed) needs a new registration.
    if (provider.redirectUrl !== redirectUrl) await provider.save({ client: undefined, tokens: undefined, verifier: undefined, redirectUrl });
    const result = await runAuth(provider, server, settings);
    return { authorization_url: result === 'REDIRECT' ? provider.authorizationUrl!.href : null };
  },
);

/** The callback: exchanges the code (with the stored verifier) for tokens; the server is found by the `state` the authorization carried. */
export async function completeMcpOAuth(em: Em, query: { code?: unknown; state?: unknown }, settings: EngineSettings): Promise<McpServerView> {
  if (typeof query.code !== 'string' || typeof query.state !== 'string' || !query.code || !query.state || query.state.length > 64) {
    throw new DomainError('VALIDATION_FAILED', 'The callback needs code and state', { issues: [{ field: '', message: 'code and state are required' }] });
  }
  const server = await em.findOne(McpServer, { oauthState: query.state });
  if (!server) throw notFound('MCP sign-in', 'for this state');
  await runAuth(new StoredOAuthProvider(em, server, settings), server, settings, query.code);
  await em.fork().nativeUpdate(McpServer, { id: server.id }, { oauthState: null, oauthEncrypted: server.oauthEncrypted });
  return toMcpServerView(server);
}
