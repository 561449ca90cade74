import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { Organization, Project } from '../org/org.entity.js';
import { sql } from '../../db/orm.js';
import { toJson } from '../../db/values.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { ORG_ROLES, PROJECT_ROLES, isPermission, type Channel, type Permission, type Principal, type ProjectRole } from '../org/permissions.js';
import { Membership } from './people.entity.js';

interface PrincipalFacts {
  email: string | null;
  disabled: boolean | null;
  role: string | null;
  custom_permissions: unknown;
  project_exists: boolean;
  project_role: string | null;
  connection: unknown;
}

/**
 * Everything a request needs to know about a person, in one statement: $1
 * grant id and $2 client id of an assistant connection (null: none), $3
 * organization, $4 project (null: none), $5 user.
 */
const PRINCIPAL_FACTS = `select u.email, u.disabled_at is not null as disabled, m.role,
        (select json_build_object('id', c.id, 'stale', c.last_used_at is null or c.last_used_at < now() - interval '1 minute')
           from oauth_connection c
          where $1::text is not null and c.grant_id = $1 and c.client_id = $2 and c.user_id = u.id
            and c.organization_id = $3 and c.project_id is not distinct from $4::text and c.revoked_at is null
            and exists (select 1 from oauth_model g where g.model = 'Grant' and g.id = c.grant_id
                         and (g.expires_at is null or g.expires_at > now()))) as connection,
        (select r.permissions from custom_role r where r.id = m.role and r.organization_id = m.organization_id) as custom_permissions,
        exists (select 1 from project p where p.id = $4::text and p.organization_id = $3) as project_exists,
        (select pm.role from project_member pm where pm.project_id = $4::text and pm.user_id = u.id) as project_role
   from (select 1) one
   left join app_user u on u.id = $5
   left join membership m on m.user_id = u.id and m.organization_id = $3`;
/** The parameters in the order their placeholders appear, for sql() (which takes ? in order). */
const PRINCIPAL_FACTS_ORDER = [...PRINCIPAL_FACTS.matchAll(/\$(\d)/g)].map((m) => Number(m[1]));

/**
 * The principal of a signed-in person acting in one organization (and
 * optionally one project), from their roles as they are now: read on every
 * request, so a role change or a removal takes effect on the next call.
 */
export async function resolveUserPrincipal(
  em: Em,
  input: {
    userId: string;
    organizationId: string;
    projectId?: string;
    via: Channel;
    requestId?: string;
    /**
     * An assistant's OAuth connection (MCP): the same query then also checks
     * that it is still in force (not disconnected, its grant not revoked or
     * expired), so an MCP request costs one round trip for its whole identity.
     */
    connection?: { grantId: string; clientId: string; onStale?: (connectionId: string) => Promise<void> };
  },
): Promise<Principal> {
  // One round trip for everything a request needs to know about the person:
  // this runs on every MCP request, so it must cost one query, not five.
  const params = [input.connection?.grantId ?? null, input.connection?.clientId ?? null, input.organizationId, input.projectId ?? null, input.userId];
  // A prepared statement outside a transaction (the MCP endpoint): planning these sub-selects cost more than running them.
  const [facts] = em.getTransactionContext()
    ? await sql<PrincipalFacts>(
        em,
        PRINCIPAL_FACTS.replace(/\$(\d)/g, '?'),
        PRINCIPAL_FACTS_ORDER.map((i) => params[i - 1]),
      )
    : await preparedQuery<PrincipalFacts>(em, 'principal_facts', PRINCIPAL_FACTS, params);
  if (input.connection) {
    // A disconnected assistant must sign in again, whatever else changed: checked first.
    const connection = toJson<{ id: string; stale: boolean } | null>(facts?.connection ?? null);
    if (!connection) {
      throw new DomainError('UNAUTHENTICATED', 'This connection was disconnected or has expired: connect the assistant again', { reason: 'revoked' });
    }
    if (connection.stale) await input.connection.onStale?.(connection.id);
  }
  if (!facts?.email || facts.disabled) throw new DomainError('UNAUTHENTICATED', 'This account no longer exists or is disabled');
  if (!facts.role) throw new DomainError('FORBIDDEN', 'You are no longer a member of this organization');
  const permissions = new Set<Permission>(rolePermissions(facts.role, toJson<string[] | null>(facts.custom_permissions)));
  permissions.add('org:read');
  if (input.projectId) {
    if (!facts.project_exists) throw new DomainError('FORBIDDEN', 'The project this sign-in was made for no longer exists');
    for (const p of facts.project_role ? (PROJECT_ROLES[facts.project_role as ProjectRole] ?? []) : []) permissions.add(p);
  }
  return {
    kind: 'user',
    id: input.userId,
    name: facts.email,
    organizationId: input.organizationId,
    projectId: input.projectId,
    orgRole: facts.role,
    permissions,
    via: input.via,
    requestId: input.requestId,
  };
}

/** Permissions of a membership role: a built-in role, or the stored list of a custom one (unknown names dropped). */
function rolePermissions(role: string, custom: string[] | null): Permission[] {
  if (role in ORG_ROLES) return [...ORG_ROLES[role as keyof typeof ORG_ROLES]];
  return (custom ?? []).filter(isPermission);
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
