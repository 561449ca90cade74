import type { FilterObject } from '@mikro-orm/core';
import type { Invitation } from './people.entity.js';
import type { InvitationStatus, InvitationView } from './people.schemas.js';

/** The state of an invitation now: an answer first, then a revocation, then the expiry. */
export function invitationStatus(invitation: Invitation, now = new Date()): InvitationStatus {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.declinedAt) return 'declined';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt <= now ? 'expired' : 'pending';
}

/** Not answered and not revoked (expired or not): what the invitation_open_unique index holds once per email. */
export const OPEN = { acceptedAt: null, declinedAt: null, revokedAt: null } as const;

/** The rows in `status` now, as invitationStatus decides it; used for listings and for single-use updates. */
export function statusCondition(status: InvitationStatus, now = new Date()): FilterObject<Invitation> {
  switch (status) {
    case 'pending':
      return { ...OPEN, expiresAt: { $gt: now } };
    case 'expired':
      return { ...OPEN, expiresAt: { $lte: now } };
    case 'accepted':
      return { acceptedAt: { $ne: null } };
    case 'declined':
      return { declinedAt: { $ne: null } };
    case 'revoked':
      return { acceptedAt: null, declinedAt: null, revokedAt: { $ne: null } };
  }
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export function toInvitationView(invitation: Invitation, now = new Date()): InvitationView {
  return {
    invitation_id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status: invitationStatus(invitation, now),
    invited_by: invitation.invitedBy,
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
    accepted_at: iso(invitation.acceptedAt),
    accepted_by: invitation.acceptedBy ?? null,
    declined_at: iso(invitation.declinedAt),
    revoked_at: iso(invitation.revokedAt),
  };
}
