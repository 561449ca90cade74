import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { recordAudit } from '../audit/record-audit.js';
import { KnowledgeResource } from './knowledge.entity.js';

/**
 * Deletes a knowledge resource and its chunks: retrieval stops finding it at
 * once. Nothing refers to one resource (agents search their project's
 * knowledge), so it is never in use.
 */
export const deleteResource = operation(
  { needs: 'knowledge:manage' },
  async (em: Em, principal: Principal, id: string): Promise<{ resource_id: string; deleted: true }> => {
    const resource = await em.findOne(KnowledgeResource, {
      id,
      organization: principal.organizationId,
      ...(principal.projectId ? { project: principal.projectId } : {}),
    });
    if (!resource) throw notFound('Knowledge resource', id);
    await em.nativeDelete(KnowledgeResource, { id: resource.id });
    recordAudit(em, principal, { action: 'knowledge_resource.delete', targetType: 'knowledge_resource', targetId: resource.id, data: { name: resource.name } });
    await em.flush();
    return { resource_id: resource.id, deleted: true };
  },
);
