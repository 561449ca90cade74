import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { Organization, Project } from '../org/org.entity.js';
import { PROJECT_ROLES, type Channel, type Permission, type Principal, type ProjectRole } from '../org/permissions.js';
import { Membership, ProjectMember, User } from './people.entity.js';
import { resolveRole } from './roles.js';

/**
 * The principal of a signed-in person acting in one organization (and
 * optionally one project), from their roles as they are now: read on every
 * request, so a role change or a removal takes effect on the next call.
 */
export async function resolveUserPrincipal(
  em: Em,
  input: { userId: string; organizationId: string; projectId?: string; via: Channel; requestId?: string },
): Promise<Principal> {
  const [user, membership] = await Promise.all([
    em.findOne(User, { id: input.userId }),
    em.findOne(Membership, { organization: input.organizationId, user: input.userId }),
  ]);
  if (!user || user.disabledAt) throw new DomainError('UNAUTHENTICATED', 'This account no longer exists or is disabled');
  if (!membership) throw new DomainError('FORBIDDEN', 'You are no longer a member of this organization');
  const role = await resolveRole(em, input.organizationId, membership.role);
  const permissions = new Set<Permission>(role.permissions);
  permissions.add('org:read');
  if (input.projectId) {
    const project = await em.findOne(Project, { id: input.projectId, organization: input.organizationId });
    if (!project) throw new DomainError('FORBIDDEN', 'The project this sign-in was made for no longer exists');
    const projectRole = await em.findOne(ProjectMember, { project: input.projectId, user: input.userId });
    for (const p of projectRole ? PROJECT_ROLES[projectRole.role as ProjectRole] ?? [] : []) permissions.add(p);
  }
  return {
    kind: 'user',
    id: user.id,
    name: user.email,
    organizationId: input.organizationId,
    projectId: input.projectId,
    orgRole: role.name,
    permissions,
    via: input.via,
    requestId: input.requestId,
  };
}

/** Organizations a user belongs to, each with its projects: what the consent page offers. */
export async function listUserWorkspaces(em: Em, userId: string) {
  const memberships = await em.find(Membership, { user: userId }, { orderBy: { createdAt: 'asc' } });
  const orgs = await em.find(Organization, { id: { $in: memberships.map((m) => m.organization) } });
  const projects = await em.find(Project, { organization: { $in: orgs.map((o) => o.id) } }, { orderBy: { id: 'asc' } });
  return orgs.map((org) => ({
    organizationId: org.id,
    organizationName: org.name,
    role: memberships.find((m) => m.organization === org.id)!.role,
    projects: projects.filter((p) => p.organization === org.id).map((p) => ({ projectId: p.id, name: p.name })),
  }));
}
