import type { Em } from '../../db/orm.js';
import { resolveAgentTools } from '../tools/resolve-agent-tools.js';
import { resolveMcpTools } from '../mcp-servers/mcp-agent-tools.js';
import type { EngineSettings } from './engine-settings.js';
import { collectTools, type Tool, type ToolContext } from './tools.js';

/**
 * Every tool of a call (blocked ones included): the version's own and
 * built-ins, HTTP tools, search_knowledge, then the agent's MCP servers'.
 * The engine loads them before the call; the permissionRequest workflow's
 * activity loads the same set to run the one the caller confirmed.
 */
export async function loadCallTools(em: Em, context: ToolContext, settings: EngineSettings): Promise<Tool[]> {
  return collectTools(context.config, {
    direction: context.direction,
    external: await resolveAgentTools(em, context, settings),
    extra: await resolveMcpTools(em, context, settings),
  });
}
