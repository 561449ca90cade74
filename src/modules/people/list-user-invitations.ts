import type { Em } from '../../db/orm.js';
import { Organization } from '../org/org.entity.js';
import { CustomRole, Invitation, User } from './people.entity.js';
import { statusCondition } from './invitation-views.js';

export interface UserInvitation {
  invitationId: string;
  organizationName: string;
  /** A built-in role name, or the name of the organization's custom role. */
  roleName: string;
  invitedBy: string | null;
  expiresAt: string;
}

/** Pending invitations addressed to the user's email, newest first: what the dashboard's Invitations page lists. */
export async function listUserInvitations(em: Em, userId: string): Promise<UserInvitation[]> {
  const user = await em.findOne(User, { id: userId, disabledAt: null });
  if (!user) return [];
  const invitations = await em.find(Invitation, { email: user.email, ...statusCondition('pending') }, { orderBy: { id: 'desc' } });
  const organizations = await em.find(Organization, { id: { $in: invitations.map((i) => i.organization) } });
  const customRoles = await em.find(CustomRole, { id: { $in: invitations.map((i) => i.role).filter((r) => r.startsWith('rol_')) } });
  const orgName = new Map(organizations.map((o) => [o.id, o.name]));
  const roleName = new Map(customRoles.map((r) => [r.id, r.name]));
  return invitations.map((i) => ({
    invitationId: i.id,
    organizationName: orgName.get(i.organization) ?? i.organization,
    roleName: roleName.get(i.role) ?? i.role,
    invitedBy: i.invitedBy.name,
    expiresAt: i.expiresAt.toISOString(),
  }));
}
