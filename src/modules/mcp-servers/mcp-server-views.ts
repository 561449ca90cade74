import type { McpServer, McpServerTool } from './mcp-servers.entity.js';
import type { McpServerView, McpToolView } from './mcp-servers.schemas.js';

/** The API's view of a server: stored header values never appear, only their names. */
export function toMcpServerView(server: McpServer, tools?: McpServerTool[]): McpServerView {
  return {
    id: server.id,
    name: server.name,
    address: server.address,
    sign_in_method: server.signInMethod,
    header_names: server.headerNames,
    discovery: {
      last_synced_at: server.lastSyncedAt?.toISOString() ?? null,
      last_attempt_at: server.lastAttemptAt?.toISOString() ?? null,
      tool_count: server.toolCount,
      last_error: server.lastError ?? null,
    },
    created_at: server.createdAt.toISOString(),
    ...(tools ? { tools: tools.map(toMcpToolView) } : {}),
  };
}

export function toMcpToolView(tool: McpServerTool): McpToolView {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
    permission: tool.permission,
    active: tool.active,
    removed_at: tool.removedAt?.toISOString() ?? null,
  };
}
