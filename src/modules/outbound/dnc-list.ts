import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { encodeCursor, filterFingerprint } from '../cursor.js';
import { decodeIdCursor } from '../agents/agent-access.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { DNC_COLUMNS, toDncView } from './outbound-views.js';
import { ListDncQuery, type DncEntryView } from './outbound.schemas.js';

/** The do-not-call list, newest first, keyset-paginated by (created_at, id). */
export const dncList = operation(
  { needs: 'dnc:manage', input: ListDncQuery },
  async (
    em: Em,
    principal: Principal,
    query: z.output<typeof ListDncQuery>,
  ): Promise<{ entries: DncEntryView[]; has_more: boolean; next_cursor: string | null }> => {
    const fingerprint = filterFingerprint({ list: 'dnc' });
    const after = query.cursor ? decodeIdCursor(query.cursor, fingerprint, 'dncEntry') : undefined;
    const rows = await sql(
      em,
      `select ${DNC_COLUMNS} from dnc_entry where organization_id = ?
         ${after ? 'and (created_at, id) < (?::timestamptz, ?)' : ''}
        order by created_at desc, id desc limit ?`,
      after ? [principal.organizationId, after.t, after.id, query.page_size + 1] : [principal.organizationId, query.page_size + 1],
    );
    const hasMore = rows.length > query.page_size;
    const page = hasMore ? rows.slice(0, query.page_size) : rows;
    const last = page.at(-1);
    return {
      entries: page.map(toDncView),
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor({ t: last.created_key as string, id: last.id as string }, fingerprint) : null,
    };
  },
);
