import type { Em } from '../../db/orm.js';
import { encodeCursor, filterFingerprint } from '../cursor.js';
import { decodeIdCursor } from '../agents/agent-access.js';
import { Invitation } from './people.entity.js';
import type { InvitationView, ListInvitationsQuery } from './people.schemas.js';
import { statusCondition, toInvitationView } from './invitation-views.js';

/** The organization's invitations newest first, keyset-paginated by id (ids are time-ordered). */
export async function listInvitations(
  em: Em,
  organizationId: string,
  query: ListInvitationsQuery,
): Promise<{ invitations: InvitationView[]; has_more: boolean; next_cursor: string | null }> {
  const fingerprint = filterFingerprint({ status: query.status });
  const after = query.cursor ? decodeIdCursor(query.cursor, fingerprint, 'invitation') : undefined;
  const now = new Date();
  const rows = await em.find(
    Invitation,
    {
      $and: [{ organization: organizationId }, query.status ? statusCondition(query.status, now) : {}, after ? { id: { $lt: after.id } } : {}],
    },
    { orderBy: { id: 'desc' }, limit: query.page_size + 1 },
  );
  const hasMore = rows.length > query.page_size;
  const page = hasMore ? rows.slice(0, query.page_size) : rows;
  const last = page.at(-1);
  return {
    invitations: page.map((i) => toInvitationView(i, now)),
    has_more: hasMore,
    // The cursor format carries a timestamp; only the id orders this listing.
    next_cursor: hasMore && last ? encodeCursor({ t: last.createdAt.toISOString(), id: last.id }, fingerprint) : null,
  };
}
