import type { Em } from '../../db/orm.js';
import type { AgentConfig } from '../agents/agents.schemas.js';
import type { Tool, ToolContext } from '../engine/tools.js';
import type { EngineSettings } from '../engine/engine-settings.js';
import { searchKnowledgeTool } from '../knowledge/search-knowledge-tool.js';
import { HttpTool } from './tools.entity.js';
import { httpTool } from './http-tool.js';
import { resolveIntegrationTools } from '../integrations/integration-tools.js';

type Entry = AgentConfig['tools'][number];

/**
 * Loads what a version's tools need from the database before the call
 * (collectTools is synchronous): the HTTP tools its `http` entries name by
 * `config.http_tool_id`, in the call's organization only, and the built-in
 * search_knowledge. An entry whose HTTP tool was deleted, or belongs to
 * another organization, has no tool and is not offered. `integration`
 * entries get their connection's tools (modules/integrations).
 */
export async function resolveAgentTools(
  em: Em,
  context: Pick<ToolContext, 'organizationId' | 'config'> & { projectId?: string },
  settings: EngineSettings,
): Promise<(entry: Entry) => Tool | null> {
  const integration = await resolveIntegrationTools(em, context, settings);
  const ids = context.config.tools.flatMap((t) => (t.kind === 'http' && typeof t.config.http_tool_id === 'string' ? [t.config.http_tool_id] : []));
  const rows = ids.length ? await em.find(HttpTool, { id: ids, organization: context.organizationId }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (entry) => {
    if (entry.kind === 'builtin' && entry.name === 'search_knowledge') return searchKnowledgeTool(entry.permission);
    if (entry.kind === 'integration') return integration(entry);
    if (entry.kind !== 'http') return null;
    const row = typeof entry.config.http_tool_id === 'string' ? byId.get(entry.config.http_tool_id) : undefined;
    return row ? httpTool(row, entry.name, entry.permission, settings) : null;
  };
}
