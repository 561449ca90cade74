import { AssignMcpServerResponse } from '../../modules/mcp-servers/mcp-servers.schemas.js';
import { assignMcpServer } from '../../modules/mcp-servers/assign-mcp-server.js';
import { defineTool } from '../tool.js';

export const mcpServerAssign = defineTool({
  name: 'mcp_server_assign',
  title: "Give an agent an external MCP server's tools",
  description:
    "The agent (list_agents) can call the server's (list_mcp_servers) activated tools from its next call, each " +
    'with the permission set on the server. Assigning twice changes nothing (assigned false).',
  operation: assignMcpServer,
  input: {},
  output: AssignMcpServerResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => assignMcpServer(em, principal, input),
});
