import type { Em } from '../../db/orm.js';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { DomainError, notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { PROJECT_ROLES, requireCanGrant, type Principal, type ProjectRole } from '../org/permissions.js';
import { Project } from '../org/org.entity.js';
import { Membership, ProjectMember, User } from './people.entity.js';
import type { AddMemberBody, MemberView, SetProjectRoleBody } from './people.schemas.js';
import { resolveRole } from './roles.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/**
 * Organization membership. The rules: nobody grants (or takes away) a role
 * holding permissions they do not have themselves; only owners make or unmake
 * owners; the last owner can be neither demoted nor removed.
 */
async function ownerCount(em: Em, organizationId: string): Promise<number> {
  return em.count(Membership, { organization: organizationId, role: 'owner' });
}

async function requireMembership(em: Em, organizationId: string, userId: string): Promise<Membership> {
  const membership = await em.findOne(Membership, { organization: organizationId, user: userId });
  if (!membership) throw notFound('Member', userId);
  return membership;
}

export async function addMember(em: Em, actor: Principal, input: AddMemberBody): Promise<MemberView> {
  const user = await em.findOne(User, { email: input.email.trim().toLowerCase() });
  if (!user) {
    throw new DomainError('NOT_FOUND', `No user has the email ${input.email}; create the user first (npm run cli -- user create)`, {
      issues: [{ field: 'email', message: 'no such user' }],
    });
  }
  const role = await resolveRole(em, actor.organizationId, input.role);
  requireCanGrant(actor, role);
  const membership = em.create(Membership, { id: newId('membership'), organization: actor.organizationId, user: user.id, role: role.name });
  recordAudit(em, actor, { action: 'member.add', targetType: 'user', targetId: user.id, data: { email: user.email, role: role.name } });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new DomainError('CONFLICT', `${user.email} is a member already`);
    throw error;
  }
  return memberView(em, membership, user);
}

export async function updateMemberRole(em: Em, actor: Principal, userId: string, newRole: string): Promise<MemberView> {
  const membership = await requireMembership(em, actor.organizationId, userId);
  const current = await resolveRole(em, actor.organizationId, membership.role);
  const next = await resolveRole(em, actor.organizationId, newRole);
  requireCanGrant(actor, current);
  requireCanGrant(actor, next);
  if (current.name === 'owner' && next.name !== 'owner' && (await ownerCount(em, actor.organizationId)) <= 1) {
    throw new DomainError('CONFLICT', 'This is the last owner of the organization: make another member owner first');
  }
  membership.role = next.name;
  recordAudit(em, actor, { action: 'member.update_role', targetType: 'user', targetId: userId, data: { from: current.name, to: next.name } });
  await em.flush();
  return memberView(em, membership, await em.findOneOrFail(User, { id: userId }));
}

export async function removeMember(em: Em, actor: Principal, userId: string): Promise<void> {
  const membership = await requireMembership(em, actor.organizationId, userId);
  const current = await resolveRole(em, actor.organizationId, membership.role);
  requireCanGrant(actor, current);
  if (current.name === 'owner' && (await ownerCount(em, actor.organizationId)) <= 1) {
    throw new DomainError('CONFLICT', 'The last owner cannot be removed: make another member owner first');
  }
  await em.nativeDelete(ProjectMember, { organization: actor.organizationId, user: userId });
  em.remove(membership);
  recordAudit(em, actor, { action: 'member.remove', targetType: 'user', targetId: userId, data: { role: current.name } });
  await em.flush();
}

export async function setProjectRole(em: Em, actor: Principal, input: SetProjectRoleBody): Promise<MemberView> {
  const project = await em.findOne(Project, { id: input.project_id, organization: actor.organizationId });
  if (!project) throw notFound('Project', input.project_id);
  const membership = await requireMembership(em, actor.organizationId, input.user_id);
  const existing = await em.findOne(ProjectMember, { project: project.id, user: input.user_id });
  if (existing) requireCanGrant(actor, { name: `project ${existing.role}`, permissions: PROJECT_ROLES[existing.role as ProjectRole] ?? [] });
  if (input.role) {
    requireCanGrant(actor, { name: `project ${input.role}`, permissions: PROJECT_ROLES[input.role as ProjectRole] });
    if (existing) existing.role = input.role;
    else
      em.create(ProjectMember, { id: newId('projectMember'), organization: actor.organizationId, project: project.id, user: input.user_id, role: input.role });
  } else if (existing) {
    em.remove(existing);
  }
  recordAudit(em, actor, {
    action: 'member.set_project_role',
    targetType: 'user',
    targetId: input.user_id,
    projectId: project.id,
    data: { project_id: project.id, from: existing?.role ?? null, to: input.role },
  });
  await em.flush();
  return memberView(em, membership, await em.findOneOrFail(User, { id: input.user_id }));
}

/** The organization's members, in the order they joined (ids are time-ordered), a page at a time. */
export async function listMembers(em: Em, organizationId: string, query: Page): Promise<PageOf<MemberView>> {
  const page = await findPage(em, Membership, { organization: organizationId }, query, { list: 'members', order: 'asc' });
  const memberships = page.items;
  const users = await em.find(User, { id: { $in: memberships.map((m) => m.user) } });
  const byId = new Map(users.map((u) => [u.id, u]));
  return { ...page, items: await Promise.all(memberships.map((m) => memberView(em, m, byId.get(m.user)!))) };
}

async function memberView(em: Em, membership: Membership, user: User): Promise<MemberView> {
  const role = await resolveRole(em, membership.organization, membership.role);
  const projectRoles = await em.find(ProjectMember, { organization: membership.organization, user: user.id }, { orderBy: { project: 'asc' } });
  return {
    user_id: user.id,
    email: user.email,
    name: user.name,
    role: role.name,
    permissions: role.permissions,
    project_roles: projectRoles.map((p) => ({ project_id: p.project, role: p.role })),
    joined_at: membership.createdAt.toISOString(),
  };
}
