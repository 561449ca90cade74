import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import type { Principal } from './permissions.js';
import { Project } from './org.entity.js';

/**
 * The project a request acts in: the sign-in's when it acts in one (asking
 * for another is refused), else `requested` (which must be the
 * organization's), else the organization's first project. The same rule as
 * createAgent, for modules that hold project-scoped rows (tools, knowledge).
 */
export async function resolveProjectId(em: Em, principal: Principal, requested: string | undefined, field = 'project_id'): Promise<string> {
  if (principal.projectId) {
    if (requested !== undefined && requested !== principal.projectId) {
      throw new DomainError('FORBIDDEN', `This sign-in acts in project ${principal.projectId} only`, {
        issues: [{ field, message: `must be ${principal.projectId}, or left out` }],
      });
    }
    return principal.projectId;
  }
  if (requested !== undefined) {
    const project = await em.findOne(Project, { id: requested, organization: principal.organizationId });
    if (!project) {
      throw new DomainError('NOT_FOUND', `Project ${requested} was not found`, {
        resource: 'Project',
        id: requested,
        issues: [{ field, message: 'no such project in this organization' }],
      });
    }
    return project.id;
  }
  const first = await em.findOne(Project, { organization: principal.organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  if (!first) throw new DomainError('UNPROCESSABLE', 'The organization has no project: create one first');
  return first.id;
}
