// Types only: the workflow and its callers share these (beside the workflow).
export interface McpToolSyncInput {
  mcpServerId: string;
}
export type { McpSyncResult as McpToolSyncOutcome } from '../../src/modules/mcp-servers/mcp-servers.schemas.js';
