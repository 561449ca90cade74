import type { Em } from '../../db/orm.js';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { ORG_ROLES, ORG_ROLE_NAMES, isPermission, requireCanGrant, type Permission, type Principal } from '../org/permissions.js';
import { CustomRole } from './people.entity.js';
import type { CreateRoleBody, RoleView } from './people.schemas.js';
import { pageInMemory, type Page, type PageOf } from '../paging.js';

/** The permissions of an organization role: a built-in name or a custom role of that organization. */
export async function resolveRole(em: Em, organizationId: string, role: string): Promise<{ name: string; permissions: Permission[] }> {
  if ((ORG_ROLE_NAMES as string[]).includes(role)) return { name: role, permissions: [...ORG_ROLES[role as keyof typeof ORG_ROLES]] };
  if (role.startsWith('rol_')) {
    const custom = await em.findOne(CustomRole, { id: role, organization: organizationId });
    if (custom) return { name: custom.id, permissions: custom.permissions.filter(isPermission) };
  }
  throw new DomainError('VALIDATION_FAILED', `Unknown role ${role}`, {
    issues: [{ field: 'role', message: `must be one of ${ORG_ROLE_NAMES.join(', ')} or a custom role id of this organization` }],
  });
}

export async function createCustomRole(em: Em, actor: Principal, input: CreateRoleBody): Promise<RoleView> {
  const permissions = [...new Set(input.permissions)];
  requireCanGrant(actor, { name: input.name, permissions });
  const role = em.create(CustomRole, {
    id: newId('customRole'),
    organization: actor.organizationId,
    name: input.name,
    description: input.description ?? null,
    permissions,
  });
  recordAudit(em, actor, { action: 'role.create', targetType: 'role', targetId: role.id, data: { name: input.name, permissions } });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', `A role named "${input.name}" exists already`, { issues: [{ field: 'name', message: 'already used' }] });
    }
    throw error;
  }
  return toRoleView(role);
}

export function toRoleView(role: CustomRole): RoleView {
  return { role_id: role.id, name: role.name, built_in: false, description: role.description ?? null, permissions: role.permissions };
}

/** The built-in roles, then the organization's own by name, a page at a time. */
export async function listRoles(em: Em, organizationId: string, query: Page): Promise<PageOf<RoleView>> {
  const builtIn = ORG_ROLE_NAMES.map((name, i) => ({
    key: `0:${String(i).padStart(4, '0')}`,
    role: { role_id: null, name, built_in: true, description: null, permissions: [...ORG_ROLES[name]] } as RoleView,
  }));
  const custom = (await em.find(CustomRole, { organization: organizationId }))
    .map((r) => ({ key: `1:${r.name}\u0000${r.id}`, role: toRoleView(r) }))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  const page = pageInMemory([...builtIn, ...custom], (r) => r.key, query, { list: 'roles' });
  return { ...page, items: page.items.map((r) => r.role) };
}
