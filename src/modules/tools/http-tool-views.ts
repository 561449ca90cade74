import type { HttpTool } from './tools.entity.js';
import type { HttpToolView } from './tools.schemas.js';

/** The public view: the stored headers' values are never part of it. */
export function toHttpToolView(t: HttpTool): HttpToolView {
  return {
    id: t.id,
    project_id: t.project,
    agent_id: t.agent ?? null,
    name: t.name,
    description: t.description,
    method: t.method,
    url_template: t.urlTemplate,
    input_schema: t.inputSchema,
    header_names: t.headerNames,
    permission: t.permission,
    source_url: t.sourceUrl ?? null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
