import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { Project } from './org.entity.js';
import type { CreateProjectBody } from './org.schemas.js';
import { toProjectView } from './get-organization.js';
import type { Principal } from './permissions.js';
import { recordAudit } from '../audit/record-audit.js';

export async function createProject(em: Em, actor: Principal, input: CreateProjectBody) {
  const organizationId = actor.organizationId;
  const project = em.create(Project, {
    id: newId('project'),
    organization: organizationId,
    name: input.name,
    description: input.description ?? null,
  });
  recordAudit(em, actor, { action: 'project.create', targetType: 'project', targetId: project.id, projectId: project.id, data: { name: input.name } });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', `A project named "${input.name}" exists already in this organization`, {
        issues: [{ field: 'name', message: 'already used by another project' }],
      });
    }
    throw error;
  }
  return toProjectView(project);
}
