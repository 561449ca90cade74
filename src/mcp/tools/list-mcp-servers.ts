import { McpServerListResponse } from '../../modules/mcp-servers/mcp-servers.schemas.js';
import { listMcpServers } from '../../modules/mcp-servers/list-mcp-servers.js';
import { listAnswer } from '../../modules/paging.js';
import { defineTool } from '../tool.js';

export const listMcpServersTool = defineTool({
  name: 'list_mcp_servers',
  title: 'List external MCP servers',
  description:
    'The external MCP servers the organization registered for its agents: id, name, address, sign-in method, ' +
    'discovery state (tools synced, last error). Sync one with tool_mcp_sync. Pages: pass next_cursor back as ' +
    'cursor.',
  operation: listMcpServers,
  input: {},
  output: McpServerListResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (page, { em, principal }) => listAnswer('mcp_servers', await listMcpServers(em, principal, page)),
});
