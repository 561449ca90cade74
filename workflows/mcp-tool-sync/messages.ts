// Types only: the workflow and its callers share these (CONVENTIONS rule 2).
export interface McpToolSyncInput {
  mcpServerId: string;
}
export type { McpSyncResult as McpToolSyncOutcome } from '../../src/modules/mcp-servers/mcp-servers.schemas.js';
