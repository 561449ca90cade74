import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { DNC_COLUMNS, toDncView } from './outbound-views.js';
import { DncRemoveBody, type DncEntryView } from './outbound.schemas.js';
import { checkDefaultCountry, normalizePhone } from '../phone.js';

/**
 * Takes a number off the list; the removed entry is returned (and kept in the
 * audit log with its reason). Removing an unlisted number is not an error:
 * removed is false, so retries are safe.
 */
export const dncRemove = operation(
  { needs: 'dnc:manage', input: DncRemoveBody },
  async (em: Em, principal: Principal, body: z.output<typeof DncRemoveBody>): Promise<{ removed: boolean; entry: DncEntryView | null }> => {
    const country = checkDefaultCountry(body.default_country, 'default_country');
    const phone = normalizePhone(body.phone, 'phone', country).e164;
    return em.transactional(async (tx) => {
      const rows = await sql(tx, `delete from dnc_entry where organization_id = ? and phone = ? returning ${DNC_COLUMNS}`, [principal.organizationId, phone]);
      if (!rows[0]) return { removed: false, entry: null };
      const entry = toDncView(rows[0]);
      recordAudit(tx, principal, {
        action: 'dnc.remove',
        targetType: 'dnc_entry',
        targetId: entry.dnc_entry_id,
        data: { phone, reason: entry.reason, source: entry.source },
      });
      await tx.flush();
      return { removed: true, entry };
    });
  },
);
