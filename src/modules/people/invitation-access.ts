import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import { isId } from '../ids.js';
import type { Principal } from '../org/permissions.js';
import { Invitation, User } from './people.entity.js';
import { invitationStatus } from './invitation-views.js';

/**
 * Reads shared by the invitee's side (the dashboard). An invitation is
 * visible only to the signed-in user whose email it is addressed to; for
 * anyone else it reads as 404, exactly like an id that does not exist.
 */
export async function findInvitationForUser(em: Em, userId: string, invitationId: string): Promise<{ invitation: Invitation; user: User }> {
  const user = await em.findOne(User, { id: userId });
  if (!user || user.disabledAt) throw new DomainError('UNAUTHENTICATED', 'This account no longer exists or is disabled');
  const invitation = isId('invitation', invitationId) ? await em.findOne(Invitation, { id: invitationId, email: user.email }) : null;
  if (!invitation) throw notFound('Invitation', invitationId);
  return { invitation, user };
}

/** Only a pending invitation can be answered; the reason goes to the invitee alone. */
export function requirePending(invitation: Invitation, now: Date): void {
  const status = invitationStatus(invitation, now);
  if (status === 'pending') return;
  const why = {
    accepted: 'You accepted this invitation already.',
    declined: 'You declined this invitation.',
    revoked: 'This invitation was withdrawn.',
    expired: 'This invitation has expired: ask for a new one.',
  }[status];
  throw new DomainError('CONFLICT', why, { invitation_status: status });
}

/** The invitee as the audit log records them, in the inviting organization (they hold no permission there yet). */
export function inviteeActor(user: User, organizationId: string, requestId?: string): Principal {
  return { kind: 'user', id: user.id, name: user.email, organizationId, permissions: new Set(), via: 'dashboard', requestId };
}
