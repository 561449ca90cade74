import { McpServerDeleteParams, McpServerDeletedResponse } from '../../modules/deletes.schemas.js';
import { deleteMcpServer } from '../../modules/mcp-servers/delete-mcp-server.js';
import { defineTool } from '../tool.js';

export const mcpServerDelete = defineTool({
  name: 'mcp_server_delete',
  title: 'Delete an external MCP server',
  description:
    'Deletes an external MCP server (list_mcp_servers) with its synced tools. Refused while it is assigned to an ' +
    'agent: the error names the agents (in_use_by).',
  operation: deleteMcpServer,
  input: McpServerDeleteParams.shape,
  output: McpServerDeletedResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler: ({ mcp_server_id }, { em, principal }) => deleteMcpServer(em, principal, mcp_server_id),
});
