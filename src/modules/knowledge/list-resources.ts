import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { resolveProjectId } from '../org/resolve-project.js';
import { KnowledgeResource } from './knowledge.entity.js';
import { ListResourcesQuery, type ResourceView } from './knowledge.schemas.js';
import { toResourceView } from './knowledge-views.js';
import { findPage, type PageOf } from '../paging.js';

/** The knowledge resources of a project, newest first (hundreds at most: no paging yet). */
export const listResources = operation(
  { needs: 'knowledge:manage', input: ListResourcesQuery },
  async (em: Em, principal: Principal, query: z.output<typeof ListResourcesQuery>): Promise<PageOf<ResourceView>> => {
    const projectId = await resolveProjectId(em, principal, query.project_id, 'project_id');
    const page = await findPage(em, KnowledgeResource, { organization: principal.organizationId, project: projectId }, query, {
      list: 'knowledge_resources',
      order: 'desc',
      filters: { project: projectId },
    });
    return { ...page, items: page.items.map(toResourceView) };
  },
);
