import { z } from 'zod';
import { SyncMcpToolsResponse, SyncWaitSeconds } from '../../modules/mcp-servers/mcp-servers.schemas.js';
import { startMcpSync } from '../../modules/mcp-servers/start-mcp-sync.js';
import { temporalAccess } from '../../modules/temporal-access.js';
import { defineTool } from '../tool.js';

export const toolMcpSync = defineTool({
  name: 'tool_mcp_sync',
  title: 'Sync the tools of an external MCP server',
  description:
    "Connects to a connected external MCP server with its stored sign-in, lists its tools and updates the platform's " +
    'copy: new tools are added with permission ask (the caller confirms before they run), tools the server no longer ' +
    'lists are marked removed, and every other tool keeps its permission. With wait (default true) the answer carries ' +
    "the result (tool_count, added and removed names, or ok false with the error, also recorded as the server's " +
    'last_error) and the synced tools with their permissions. A sync still running after wait_seconds answers status ' +
    'running with timed_out true; it goes on, and calling again joins it.',
  input: {
    mcp_server_id: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[A-Za-z0-9_-]+$/)
      .describe('The MCP server id (mcp_...).'),
    wait: z.boolean().default(true).describe('Wait for the sync to finish and return its result (default true).'),
    wait_seconds: SyncWaitSeconds.optional(),
  },
  output: SyncMcpToolsResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  operation: startMcpSync,
  // Its own arguments: the tool waits by default (the REST route does not).
  takes: false,
  handler: (input, { em, principal, deps, progress }) =>
    startMcpSync(em, principal, input.mcp_server_id, { wait: input.wait, wait_seconds: input.wait_seconds }, temporalAccess(deps), {}, progress),
});
