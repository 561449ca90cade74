import type { Em } from '../../db/orm.js';
import type { Tool, ToolContext, ToolOutcome } from '../engine/tools.js';
import type { EngineSettings } from '../engine/engine-settings.js';
import { AgentMcpServer, McpServer, McpServerTool } from './mcp-servers.entity.js';
import { connectMcpServer, describeMcpError, MCP_REQUEST_TIMEOUT_MS } from './mcp-client.js';

/** Results recorded on the tool call (and sent to the model) are cut here. */
const MAX_RECORDED_CHARS = 8000;

/**
 * The tools of the MCP servers assigned to the call's agent, loaded before
 * the call: each server's active tools that its last sync still listed, with
 * the permission set on the server. Blocked ones are returned too (the engine
 * refuses a call to them by name) and filtered out of what the model is
 * offered. Names are made safe for model APIs (letters, digits, _ and -, at
 * most 64); the server is called with the tool's own name.
 */
export async function resolveMcpTools(em: Em, context: Pick<ToolContext, 'organizationId' | 'agentId'>, settings: EngineSettings): Promise<Tool[]> {
  const assigned = await em.find(AgentMcpServer, { agent: context.agentId, organization: context.organizationId }, { orderBy: { id: 'asc' } });
  if (!assigned.length) return [];
  const servers = await em.find(McpServer, { id: assigned.map((a) => a.server), organization: context.organizationId });
  const rows = await em.find(McpServerTool, { server: servers.map((s) => s.id), active: true, removedAt: null }, { orderBy: { name: 'asc' } });
  const byId = new Map(servers.map((s) => [s.id, s]));
  return rows.flatMap((row) => {
    const server = byId.get(row.server);
    return server ? [mcpTool(server, row, settings)] : [];
  });
}

function mcpTool(server: McpServer, row: McpServerTool, settings: EngineSettings): Tool {
  return {
    name: row.name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64),
    description: row.description,
    inputSchema: row.inputSchema,
    permission: row.permission,
    invoke: (args, context) => callMcpTool(server, row.name, args, settings, context.em),
  };
}

/**
 * tools/call on the server, over a connection of its own (a call uses few
 * tools; a pooled session per call is a later optimisation). The request and
 * the response are recorded; a protocol error, a refusal or `isError` from
 * the tool is a failed tool call, never an exception.
 */
async function callMcpTool(server: McpServer, name: string, args: Record<string, unknown>, settings: EngineSettings, em: Em): Promise<ToolOutcome> {
  const request = { mcp_server_id: server.id, tool: name, arguments: args };
  let client;
  try {
    client = await connectMcpServer(server, settings, em);
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: MCP_REQUEST_TIMEOUT_MS });
    const response = {
      content: result.content,
      ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
      isError: result.isError === true,
    };
    const text = JSON.stringify(response);
    const recorded = text.length <= MAX_RECORDED_CHARS ? response : { truncated: text.slice(0, MAX_RECORDED_CHARS) };
    if (result.isError) return { status: 'failed', result: { error: 'tool_error', message: 'The MCP tool reported an error', request, response: recorded } };
    return { status: 'succeeded', result: { request, response: recorded } };
  } catch (error) {
    return { status: 'failed', result: { error: 'mcp_error', message: describeMcpError(error), request } };
  } finally {
    await client?.close().catch(() => undefined);
  }
}
