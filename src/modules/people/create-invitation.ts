import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { requireCanGrant, type Principal } from '../org/permissions.js';
import { Invitation } from './people.entity.js';
import type { CreateInvitationBody, InvitationView } from './people.schemas.js';
import { resolveRole } from './roles.js';
import { OPEN, toInvitationView } from './invitation-views.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Invites the person with `email` to the organization with a role. It never
 * looks at users or memberships: the answer (and the time it takes) is the
 * same whether or not an account with the email exists, or is a member
 * already, so no organization learns anything about other tenants' people.
 * The person joins only by accepting, signed in (accept-invitation.ts).
 * Nobody invites with a role they could not grant (as for every role change).
 * A new invitation replaces an unanswered one to the same email.
 */
export async function createInvitation(em: Em, actor: Principal, input: CreateInvitationBody): Promise<InvitationView> {
  const email = input.email.trim().toLowerCase();
  const role = await resolveRole(em, actor.organizationId, input.role);
  requireCanGrant(actor, role);
  const now = new Date();
  try {
    return await em.transactional(async (tx) => {
      const replaced = (await tx.find(Invitation, { organization: actor.organizationId, email, ...OPEN }, { fields: ['id'] })).map((i) => i.id);
      // Before the insert: the partial unique index allows one open invitation per email.
      if (replaced.length) await tx.nativeUpdate(Invitation, { id: { $in: replaced }, ...OPEN }, { revokedAt: now });
      const invitation = tx.create(Invitation, {
        id: newId('invitation'),
        organization: actor.organizationId,
        email,
        role: role.name,
        invitedBy: { type: actor.kind, id: actor.kind === 'system' ? null : actor.id, name: actor.name ?? null },
        expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
        createdAt: now,
      });
      recordAudit(tx, actor, {
        action: 'invitation.create',
        targetType: 'invitation',
        targetId: invitation.id,
        data: { email, role: role.name, expires_at: invitation.expiresAt.toISOString(), replaces: replaced },
      });
      await tx.flush();
      return toInvitationView(invitation, now);
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', 'Another invitation to this email was created at the same moment: list the invitations');
    }
    throw error;
  }
}
