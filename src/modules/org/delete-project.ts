import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { Agent } from '../agents/agents.entity.js';
import { HttpTool } from '../tools/tools.entity.js';
import { KnowledgeResource } from '../knowledge/knowledge.entity.js';
import { IntegrationConnection } from '../integrations/integrations.entity.js';
import { Project } from './org.entity.js';
import type { Principal } from './permissions.js';
import { operation } from '../operation.js';

/** What a project holds, as a 409 names it. */
export interface ProjectContent {
  kind: 'agent' | 'http_tool' | 'knowledge_resource' | 'integration_connection';
  id: string;
  label: string;
}

/**
 * Deletes an empty project (its member roles go with it). A project that holds agents (archived ones too: their
 * calls are records), HTTP tools, knowledge resources or integration connections is refused with 409 naming them
 * (`in_use_by`, at most 20 of each kind): a delete never takes stored work with it. The organization's last project
 * is refused too, since requests without a project_id act in the first one.
 */
export const deleteProject = operation(
  { needs: 'org:manage' },
  async (em: Em, principal: Principal, projectId: string): Promise<{ project_id: string; deleted: true }> => {
    return em.transactional(async (tx) => {
      const project = await tx.findOne(Project, { id: projectId, organization: principal.organizationId });
      if (!project) throw notFound('Project', projectId);
      const limit = 20;
      const where = { organization: principal.organizationId, project: project.id };
      const [agents, tools, resources, connections, others] = await Promise.all([
        tx.find(Agent, where, { orderBy: { id: 'asc' }, limit, fields: ['id', 'name'] }),
        tx.find(HttpTool, where, { orderBy: { id: 'asc' }, limit, fields: ['id', 'name'] }),
        tx.find(KnowledgeResource, where, { orderBy: { id: 'asc' }, limit, fields: ['id', 'name'] }),
        tx.find(IntegrationConnection, where, { orderBy: { id: 'asc' }, limit, fields: ['id', 'name'] }),
        tx.count(Project, { organization: principal.organizationId, id: { $ne: project.id } }),
      ]);
      if (!others) {
        throw new DomainError('CONFLICT', `Project ${project.id} is the organization's only project: create another one first`, { project_id: project.id });
      }
      const contents: ProjectContent[] = [
        ...agents.map((a) => ({ kind: 'agent' as const, id: a.id, label: a.name })),
        ...tools.map((t) => ({ kind: 'http_tool' as const, id: t.id, label: t.name })),
        ...resources.map((r) => ({ kind: 'knowledge_resource' as const, id: r.id, label: r.name })),
        ...connections.map((c) => ({ kind: 'integration_connection' as const, id: c.id, label: c.name })),
      ];
      if (contents.length) {
        const kinds = [...new Set(contents.map((c) => c.kind))].map((k) => `${contents.filter((c) => c.kind === k).length} ${k.replace('_', ' ')}(s)`);
        throw new DomainError(
          'CONFLICT',
          `Project ${project.id} is not empty: it holds ${kinds.join(', ')} (in_use_by names them). Delete the tools, resources and connections first; a project with agents, archived ones too, keeps their calls and cannot be deleted`,
          {
            project_id: project.id,
            in_use_by: contents,
          },
        );
      }
      tx.remove(project);
      recordAudit(tx, principal, { action: 'project.delete', targetType: 'project', targetId: project.id, data: { name: project.name } });
      await tx.flush();
      return { project_id: project.id, deleted: true as const };
    });
  },
);
