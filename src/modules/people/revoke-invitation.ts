import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { requireCanGrant, type Principal } from '../org/permissions.js';
import { Invitation } from './people.entity.js';
import type { InvitationView } from './people.schemas.js';
import { resolveRole } from './roles.js';
import { OPEN, invitationStatus, toInvitationView } from './invitation-views.js';

/**
 * Withdraws an invitation before it is answered (expired ones too). Another
 * organization's invitation reads as 404. Withdrawing one is a role decision
 * like granting it: the same requireCanGrant. Revoking twice is a no-op.
 */
export async function revokeInvitation(em: Em, actor: Principal, invitationId: string): Promise<InvitationView> {
  const invitation = await em.findOne(Invitation, { id: invitationId, organization: actor.organizationId });
  if (!invitation) throw notFound('Invitation', invitationId);
  requireCanGrant(actor, await resolveRole(em, actor.organizationId, invitation.role));
  const answered = () =>
    new DomainError('CONFLICT', `This invitation was ${invitationStatus(invitation)} already${invitation.acceptedAt ? ': remove the member instead' : ''}`);
  if (invitation.acceptedAt || invitation.declinedAt) throw answered();
  if (invitation.revokedAt) return toInvitationView(invitation);
  const now = new Date();
  await em.transactional(async (tx) => {
    // Conditional, so a revocation and an acceptance at the same moment cannot both win.
    const revoked = await tx.nativeUpdate(Invitation, { id: invitation.id, ...OPEN }, { revokedAt: now });
    if (!revoked) return;
    recordAudit(tx, actor, {
      action: 'invitation.revoke',
      targetType: 'invitation',
      targetId: invitation.id,
      data: { email: invitation.email, role: invitation.role },
    });
  });
  await em.refresh(invitation);
  if (invitation.acceptedAt || invitation.declinedAt) throw answered();
  return toInvitationView(invitation);
}
