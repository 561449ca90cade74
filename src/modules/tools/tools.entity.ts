import { defineEntity, p } from '@mikro-orm/core';
import { Organization, Project } from '../org/org.entity.js';
import { Agent, type Actor } from '../agents/agents.entity.js';
import type { ToolPermission } from '../engine/tools.js';

/** Where an operation's argument goes when the tool is called. */
export interface HttpToolParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
}

/**
 * One operation of an imported API spec, callable by agents (issue 6, item
 * 4). `urlTemplate` is the server URL plus the spec's path with its
 * `{parameters}`; `inputSchema` is what the model fills in (parameters by
 * name, the JSON request body under `body`). `headersEncrypted` holds the
 * auth headers as encrypted JSON (secret-box, bound to the organization id)
 * and is never returned; `headerNames` says which are set. `permission` is
 * the default an agent tool entry gets when attached: Ask for new tools.
 * Re-importing an operation with the same name in the project replaces it.
 */
const HttpToolSchema = defineEntity({
  name: 'HttpTool',
  tableName: 'http_tool',
  uniques: [{ name: 'http_tool_project_name_unique', properties: ['project', 'name'] }],
  indexes: [{ name: 'http_tool_organization_idx', properties: ['organization', 'id'] }],
  properties: {
    id: p.string().primary().length(40),
    organization: () => p.manyToOne(Organization).mapToPk().deleteRule('cascade'),
    project: () => p.manyToOne(Project).mapToPk().deleteRule('cascade'),
    agent: () => p.manyToOne(Agent).mapToPk().nullable().deleteRule('set null'),
    name: p.string().length(64),
    description: p.text(),
    method: p.string().length(10),
    urlTemplate: p.text(),
    parameters: p.json<HttpToolParameter[]>(),
    hasBody: p.boolean().default(false),
    inputSchema: p.json<Record<string, unknown>>(),
    headersEncrypted: p.text().nullable(),
    headerNames: p.json<string[]>(),
    permission: p.string().length(5).$type<ToolPermission>().default('ask'),
    sourceUrl: p.text().nullable(),
    createdBy: p.json<Actor>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class HttpTool extends HttpToolSchema.class {}
HttpToolSchema.setClass(HttpTool);

export const toolsEntities = [HttpTool];
