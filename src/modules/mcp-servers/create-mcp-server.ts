import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { recordAudit } from '../audit/record-audit.js';
import { actorOf } from '../agents/agent-access.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { assertPublicUrl } from '../outbound-http.js';
import { encryptSecret } from '../secrets/secret-box.js';
import { McpServer } from './mcp-servers.entity.js';
import { CreateMcpServerBody, type McpServerView } from './mcp-servers.schemas.js';
import { toMcpServerView } from './mcp-server-views.js';

export interface McpServerSettings {
  encryptionKey: Buffer;
  allowedHosts: readonly string[];
}

/**
 * Connects an external MCP server (spec 2.7). The address must be a public
 * one (a private literal or localhost is refused now with 400; a name that
 * resolves privately is refused on every connection). Headers are stored
 * encrypted, bound to the organization (with OAuth they are sent too, beside
 * the token). OAuth: the operator then starts the sign-in (startMcpOAuth)
 * and consents in the browser. Tools arrive with the first sync.
 */
export const createMcpServer = operation(
  { needs: 'tools:manage', input: CreateMcpServerBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateMcpServerBody>, settings: McpServerSettings): Promise<McpServerView> => {
    assertPublicUrl(body.address, 'address', settings.allowedHosts);
    const headers = Object.fromEntries(Object.entries(body.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const headerNames = Object.keys(headers).sort();
    const server = em.create(McpServer, {
      id: newId('mcpServer'),
      organization: principal.organizationId,
      name: body.name,
      address: body.address,
      signInMethod: body.sign_in_method,
      headersEncrypted: headerNames.length ? encryptSecret(settings.encryptionKey, JSON.stringify(headers), principal.organizationId) : null,
      headerNames,
      oauthEncrypted: null,
      oauthState: null,
      lastSyncedAt: null,
      lastAttemptAt: null,
      toolCount: 0,
      lastError: null,
      createdBy: actorOf(principal),
    });
    recordAudit(em, principal, {
      action: 'mcp_server.create',
      targetType: 'mcp_server',
      targetId: server.id,
      data: { name: body.name, address: body.address, header_names: headerNames },
    });
    await em.flush();
    return toMcpServerView(server);
  },
);
