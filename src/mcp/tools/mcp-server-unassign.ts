import { UnassignMcpServerResponse } from '../../modules/mcp-servers/mcp-servers.schemas.js';
import { unassignMcpServer } from '../../modules/mcp-servers/unassign-mcp-server.js';
import { defineTool } from '../tool.js';

export const mcpServerUnassign = defineTool({
  name: 'mcp_server_unassign',
  title: "Take an external MCP server's tools away from an agent",
  description:
    "From the agent's next call its tools no longer include the server's. A server no agent has can be deleted " +
    '(mcp_server_delete). Unassigning what is not assigned changes nothing (unassigned false).',
  operation: unassignMcpServer,
  input: {},
  output: UnassignMcpServerResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { em, principal }) => unassignMcpServer(em, principal, input),
});
