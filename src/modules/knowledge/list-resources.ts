import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { resolveProjectId } from '../org/resolve-project.js';
import { parseInput } from '../validation.js';
import { KnowledgeResource } from './knowledge.entity.js';
import { ListResourcesQuery, type ResourceView } from './knowledge.schemas.js';
import { toResourceView } from './knowledge-views.js';
import { findPage, type PageOf } from '../paging.js';

/** The knowledge resources of a project, newest first (hundreds at most: no paging yet). */
export async function listResources(em: Em, principal: Principal, input: unknown): Promise<PageOf<ResourceView>> {
  requirePermission(principal, 'knowledge:manage');
  const query = parseInput(ListResourcesQuery, input, 'query');
  const projectId = await resolveProjectId(em, principal, query.project_id, 'query.project_id');
  const page = await findPage(em, KnowledgeResource, { organization: principal.organizationId, project: projectId }, query, {
    list: 'knowledge_resources',
    order: 'desc',
    filters: { project: projectId },
  });
  return { ...page, items: page.items.map(toResourceView) };
}
