/**
 * The permission vocabulary and the built-in roles. One check,
 * `requirePermission`, is used by every REST route and every MCP tool.
 */
import { DomainError } from '../errors.js';

export const PERMISSIONS = [
  'org:read',
  'org:manage',
  'members:manage',
  'calls:read',
  'recordings:read',
  'analytics:read',
  'billing:read',
  'agents:read',
  'agents:write',
  'agents:publish',
  'tests:run',
  'outbound:call',
  'outbound:launch',
  'dnc:manage',
  'numbers:manage',
  'tools:manage',
  'knowledge:manage',
  'integrations:manage',
  'triggers:manage',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ['org:read', 'calls:read', 'recordings:read', 'analytics:read', 'agents:read'];
const WRITE: Permission[] = [...READ, 'agents:write', 'tests:run', 'outbound:call', 'knowledge:manage', 'tools:manage', 'triggers:manage'];

export const ORG_ROLES = {
  owner: [...PERMISSIONS],
  // Owners and admins hold every permission; what sets owners apart (owning
  // the organization, removing owners) is checked by rank, not by permission.
  admin: [...PERMISSIONS],
  member: [...WRITE, 'agents:publish', 'outbound:launch', 'dnc:manage', 'numbers:manage', 'integrations:manage'],
  viewer: [...READ],
} satisfies Record<string, Permission[]>;
export type OrgRole = keyof typeof ORG_ROLES;
export const ORG_ROLE_NAMES = Object.keys(ORG_ROLES) as OrgRole[];

/** Permissions that apply within one project; the others apply to the whole organization. */
export const PROJECT_SCOPED: ReadonlySet<Permission> = new Set<Permission>([
  'calls:read',
  'recordings:read',
  'analytics:read',
  'agents:read',
  'agents:write',
  'agents:publish',
  'tests:run',
  'outbound:call',
  'outbound:launch',
  'numbers:manage',
  'tools:manage',
  'knowledge:manage',
  'triggers:manage',
]);

export const PROJECT_ROLES = {
  admin: [...PROJECT_SCOPED],
  editor: [
    'calls:read',
    'recordings:read',
    'analytics:read',
    'agents:read',
    'agents:write',
    'tests:run',
    'outbound:call',
    'knowledge:manage',
    'tools:manage',
    'triggers:manage',
  ],
  viewer: ['calls:read', 'recordings:read', 'analytics:read', 'agents:read'],
} satisfies Record<string, Permission[]>;
export type ProjectRole = keyof typeof PROJECT_ROLES;
export const PROJECT_ROLE_NAMES = Object.keys(PROJECT_ROLES) as ProjectRole[];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function permissionsOfRole(role: string): ReadonlySet<Permission> {
  return new Set((ORG_ROLES as Record<string, Permission[]>)[role] ?? []);
}

export type Channel = 'rest' | 'mcp' | 'dashboard' | 'cli' | 'system';

export interface Principal {
  kind: 'api_client' | 'user' | 'system';
  id: string;
  /** Email of a user, name of a client: recorded in the audit log. */
  name?: string;
  organizationId: string;
  /** Set when the principal acts within one project (assistant sign-ins): tools scope their data to it. */
  projectId?: string;
  /** The organization role: a built-in name or a custom role id. */
  orgRole?: string;
  permissions: ReadonlySet<Permission>;
  via: Channel;
  requestId?: string;
}

/** What an operation needs: one permission, or several that must all be held (starting a release publishes and writes). */
export type Requirement = Permission | readonly Permission[];

export const permissionsOf = (requirement: Requirement): readonly Permission[] => (typeof requirement === 'string' ? [requirement] : requirement);

/** Every permission of `requirement`, each refused with its own name (the edges check a route's or tool's declaration with it). */
export function requireAll(principal: Principal, requirement: Requirement): void {
  for (const permission of permissionsOf(requirement)) requirePermission(principal, permission);
}

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!principal.permissions.has(permission)) {
    throw new DomainError('FORBIDDEN', `This action needs the permission ${permission}, which your role does not grant`, {
      required_permission: permission,
    });
  }
}

/**
 * Nobody grants more than they hold: a role (a set of permissions) may be
 * given only by a principal holding every permission in it, and the owner
 * role only by an owner.
 */
export function requireCanGrant(principal: Principal, role: { name: string; permissions: Iterable<Permission> }): void {
  if (role.name === 'owner' && principal.orgRole !== 'owner' && principal.kind !== 'system') {
    throw new DomainError('FORBIDDEN', 'Only an owner can make someone an owner');
  }
  const missing = [...role.permissions].filter((p) => !principal.permissions.has(p));
  if (missing.length && principal.kind !== 'system') {
    throw new DomainError('FORBIDDEN', `You cannot grant the role ${role.name}: it holds permissions you do not have (${missing.join(', ')})`, {
      missing_permissions: missing,
    });
  }
}

/** The CLI and start-up act as the system: every permission, recorded as such. */
export function systemPrincipal(organizationId: string, via: Channel = 'cli'): Principal {
  return { kind: 'system', id: 'system', name: via, organizationId, orgRole: 'owner', permissions: new Set(PERMISSIONS), via };
}
