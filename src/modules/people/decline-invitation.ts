import type { Em } from '../../db/orm.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { Invitation } from './people.entity.js';
import { statusCondition } from './invitation-views.js';
import { findInvitationForUser, inviteeActor, requirePending } from './invitation-access.js';

/** The invitee, signed in, declines: the invitation can no longer be accepted (the organization may invite again). */
export async function declineInvitation(em: Em, input: { userId: string; invitationId: string; requestId?: string }): Promise<void> {
  const now = new Date();
  const { invitation, user } = await findInvitationForUser(em, input.userId, input.invitationId);
  requirePending(invitation, now);
  await em.transactional(async (tx) => {
    const declined = await tx.nativeUpdate(Invitation, { id: invitation.id, ...statusCondition('pending', now) }, { declinedAt: now });
    if (!declined) throw new DomainError('CONFLICT', 'This invitation was answered or withdrawn a moment ago: reload the page');
    recordAudit(tx, inviteeActor(user, invitation.organization, input.requestId), {
      action: 'invitation.decline',
      targetType: 'invitation',
      targetId: invitation.id,
      data: { user_id: user.id, email: user.email, role: invitation.role },
    });
  });
}
