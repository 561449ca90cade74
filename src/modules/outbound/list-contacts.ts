import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { encodeCursor, filterFingerprint } from '../cursor.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { decodeIdCursor } from '../agents/agent-access.js';
import { CONTACT_COLUMNS, toContactView } from './outbound-views.js';
import type { ContactView, ListContactsQuery } from './outbound.schemas.js';

/**
 * Contacts newest first, keyset-paginated by id (ids are time-ordered, and
 * an import's rows get increasing ids), so pages never skip or repeat a
 * contact even while others are added.
 */
export async function listContacts(
  em: Em,
  principal: Principal,
  query: ListContactsQuery,
): Promise<{ contacts: ContactView[]; has_more: boolean; next_cursor: string | null }> {
  requirePermission(principal, 'calls:read');
  const fingerprint = filterFingerprint({ list: 'contacts' });
  const after = query.cursor ? decodeIdCursor(query.cursor, fingerprint, 'contact') : undefined;
  const rows = await sql(
    em,
    `select ${CONTACT_COLUMNS} from contact where organization_id = ? ${after ? 'and id < ?' : ''} order by id desc limit ?`,
    after ? [principal.organizationId, after.id, query.page_size + 1] : [principal.organizationId, query.page_size + 1],
  );
  const hasMore = rows.length > query.page_size;
  const page = hasMore ? rows.slice(0, query.page_size) : rows;
  const last = page.at(-1);
  return {
    contacts: page.map(toContactView),
    has_more: hasMore,
    // The cursor format carries a timestamp; only the id orders this listing.
    next_cursor: hasMore && last ? encodeCursor({ t: last.created_key as string, id: last.id as string }, fingerprint) : null,
  };
}
