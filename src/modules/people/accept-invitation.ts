import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { Organization } from '../org/org.entity.js';
import { Invitation, Membership } from './people.entity.js';
import { resolveRole } from './roles.js';
import { statusCondition } from './invitation-views.js';
import { findInvitationForUser, inviteeActor, requirePending } from './invitation-access.js';

export interface AcceptedInvitation {
  organizationId: string;
  organizationName: string;
  /** The role the user holds now: the invited one, or their existing role if they were a member already. */
  role: string;
  alreadyMember: boolean;
}

/**
 * The invitee, signed in, accepts: they become a member with the invited
 * role. Single use: only the request that moves the invitation out of
 * pending (conditional update) goes on, so a concurrent second accept, a
 * decline or a revocation cannot also win. Someone who is a member already
 * keeps their role (a role change is updateMemberRole's business).
 */
export async function acceptInvitation(em: Em, input: { userId: string; invitationId: string; requestId?: string }): Promise<AcceptedInvitation> {
  const now = new Date();
  const { invitation, user } = await findInvitationForUser(em, input.userId, input.invitationId);
  requirePending(invitation, now);
  const role = await resolveRole(em, invitation.organization, invitation.role);
  const organization = await em.findOneOrFail(Organization, { id: invitation.organization });
  try {
    return await em.transactional(async (tx) => {
      const claimed = await tx.nativeUpdate(Invitation, { id: invitation.id, ...statusCondition('pending', now) }, { acceptedAt: now, acceptedBy: user.id });
      if (!claimed) throw new DomainError('CONFLICT', 'This invitation was answered or withdrawn a moment ago: reload the page');
      const existing = await tx.findOne(Membership, { organization: organization.id, user: user.id });
      if (!existing) tx.create(Membership, { id: newId('membership'), organization: organization.id, user: user.id, role: role.name });
      recordAudit(tx, inviteeActor(user, organization.id, input.requestId), {
        action: 'invitation.accept',
        targetType: 'invitation',
        targetId: invitation.id,
        data: {
          user_id: user.id,
          email: user.email,
          role: existing?.role ?? role.name,
          invited_role: role.name,
          already_member: Boolean(existing),
          invited_by: invitation.invitedBy,
        },
      });
      return { organizationId: organization.id, organizationName: organization.name, role: existing?.role ?? role.name, alreadyMember: Boolean(existing) };
    });
  } catch (error) {
    // A membership made at the same moment by other means (the CLI): the transaction rolled back, the invitation is still pending.
    if (error instanceof UniqueConstraintViolationException)
      throw new DomainError('CONFLICT', `You became a member of ${organization.name} a moment ago: reload the page`);
    throw error;
  }
}
