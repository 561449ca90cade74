/**
 * The permission vocabulary and the built-in roles. One check,
 * `requirePermission`, is used by every REST route and every MCP tool.
 */
import { DomainError } from '../errors.js';

export const PERMISSIONS = [
  'org:read', 'org:manage', 'members:manage', 'calls:read', 'recordings:read', 'analytics:read',
  'billing:read', 'agents:read', 'agents:write', 'agents:publish', 'tests:run', 'outbound:call',
  'outbound:launch', 'dnc:manage', 'numbers:manage', 'tools:manage', 'knowledge:manage',
  'integrations:manage', 'triggers:manage', 'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ['org:read', 'calls:read', 'recordings:read', 'analytics:read', 'agents:read'];
const WRITE: Permission[] = [
  ...READ, 'agents:write', 'tests:run', 'outbound:call', 'knowledge:manage', 'tools:manage', 'triggers:manage',
];

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

export function permissionsOfRole(role: string): ReadonlySet<Permission> {
  return new Set((ORG_ROLES as Record<string, Permission[]>)[role] ?? []);
}

export interface Principal {
  kind: 'api_client' | 'user';
  id: string;
  organizationId: string;
  /** Set when the principal is confined to one project (assistant sign-ins). */
  projectId?: string;
  permissions: ReadonlySet<Permission>;
}

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!principal.permissions.has(permission)) {
    throw new DomainError('FORBIDDEN', `This action needs the permission ${permission}, which your role does not grant`, {
      required_permission: permission,
    });
  }
}
