import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import type { McpToolSyncInput, McpToolSyncOutcome } from './messages.js';

const mcp = proxyActivities<Activities>(presets.mcpSync);

/**
 * One sync of an external MCP server's tools (id mcp-sync/<server id>;
 * concurrent requests join the running one). The work is one activity: a
 * failure to reach the server comes back as a result with the error (and is
 * recorded as the server's last_error), so only database trouble is retried.
 */
export async function mcpToolSync(input: McpToolSyncInput): Promise<McpToolSyncOutcome> {
  return mcp.syncMcpServerTools(input.mcpServerId);
}
