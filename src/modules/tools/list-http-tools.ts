import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { resolveProjectId } from '../org/resolve-project.js';
import { HttpTool } from './tools.entity.js';
import { ListHttpToolsQuery, type HttpToolView } from './tools.schemas.js';
import { toHttpToolView } from './http-tool-views.js';
import { findPage, type PageOf } from '../paging.js';

/** The HTTP tools of a project (optionally those imported for one agent), by name. */
export const listHttpTools = operation(
  { needs: 'tools:manage', input: ListHttpToolsQuery },
  async (em: Em, principal: Principal, query: z.output<typeof ListHttpToolsQuery>): Promise<PageOf<HttpToolView>> => {
    const projectId = await resolveProjectId(em, principal, query.project_id, 'project_id');
    const page = await findPage(
      em,
      HttpTool,
      { organization: principal.organizationId, project: projectId, ...(query.agent_id ? { agent: query.agent_id } : {}) },
      query,
      { list: 'http_tools', order: 'asc', filters: { project: projectId, agent_id: query.agent_id } },
    );
    return { ...page, items: page.items.map(toHttpToolView) };
  },
);
