import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { decodeCursor, filterFingerprint } from '../cursor.js';
import { slicePage } from '../paging.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { CONTACT_COLUMNS, toContactView } from './outbound-views.js';
import { ListContactsQuery, type ContactView } from './outbound.schemas.js';

/**
 * Contacts newest first, keyset-paginated by id (ids are time-ordered, and
 * an import's rows get increasing ids), so pages never skip or repeat a
 * contact even while others are added.
 */
export const listContacts = operation(
  { needs: 'calls:read', input: ListContactsQuery },
  async (
    em: Em,
    principal: Principal,
    query: z.output<typeof ListContactsQuery>,
  ): Promise<{ contacts: ContactView[]; has_more: boolean; next_cursor: string | null }> => {
    const fingerprint = filterFingerprint({ list: 'contacts' });
    const after = query.cursor ? decodeCursor(query.cursor, fingerprint) : undefined;
    const rows = await sql(
      em,
      `select ${CONTACT_COLUMNS} from contact where organization_id = ? ${after ? 'and id < ?' : ''} order by id desc limit ?`,
      after ? [principal.organizationId, after.id, query.page_size + 1] : [principal.organizationId, query.page_size + 1],
    );
    const page = slicePage(rows, query.page_size, (row) => row.id as string, fingerprint);
    return { contacts: page.items.map(toContactView), has_more: page.has_more, next_cursor: page.next_cursor };
  },
);
