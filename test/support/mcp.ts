import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildMcpServer } from '../../src/mcp/server.js';
import { PERMISSIONS, type Permission, type Principal } from '../../src/modules/org/permissions.js';
import type { TestApp } from './app.js';

export const MCP_BASE_URL = 'https://platform.example.test';

/**
 * A signed-in person as the MCP endpoint would resolve them, built directly:
 * every permission unless `permissions` says otherwise.
 */
export function mcpPrincipal(
  tenant: { organizationId: string },
  options: { projectId?: string; permissions?: readonly Permission[]; id?: string } = {},
): Principal {
  return {
    kind: 'user',
    id: options.id ?? 'usr_test',
    name: 'ana@example.test',
    organizationId: tenant.organizationId,
    projectId: options.projectId,
    permissions: new Set(options.permissions ?? PERMISSIONS),
    via: 'mcp',
  };
}

export interface McpSession {
  client: Client;
  /** tools/call, answered as the client's callTool returns it (structuredContent validated against the listed outputSchema). */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * The official SDK client connected in memory to buildMcpServer for
 * `principal`. Tools are listed once, as a real client does, so the client
 * knows each output schema and validates every structuredContent against it.
 */
export async function connectMcp(t: TestApp, principal: Principal): Promise<McpSession> {
  const server = buildMcpServer(principal, t.deps, { baseUrl: MCP_BASE_URL });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  await client.listTools();
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

function rawText(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** The text of a result's first content item, without the machine-readable `details:` line of an error. */
export function textOf(result: CallToolResult): string {
  return rawText(result).replace(/\ndetails: .*$/s, '');
}

/** The `details:` of an error result (current_hash, conflicts, required_permission, ...), parsed. */
export function detailsOf(result: CallToolResult): Record<string, unknown> | undefined {
  const match = /\ndetails: (.*)$/s.exec(rawText(result));
  return match ? (JSON.parse(match[1]) as Record<string, unknown>) : undefined;
}
