import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { DNC_COLUMNS, toDncView } from './outbound-views.js';
import type { DncEntryView } from './outbound.schemas.js';
import { normalizePhone } from '../phone.js';

/**
 * Whether a number may be dialled. It runs right before every dial, so it is
 * one equality lookup on the unique (organization_id, phone) index. Takes
 * the organization rather than a principal: dialling workflows call it as
 * the system; the REST and MCP faces check outbound:call before calling it.
 * `phone` may be in any form libphonenumber reads; a number that is not
 * valid throws VALIDATION_FAILED naming `field`.
 */
export async function dncCheck(
  em: Em,
  organizationId: string,
  phone: string,
  options: { defaultCountry?: string; field?: string } = {},
): Promise<{ phone: string; blocked: boolean; entry: DncEntryView | null }> {
  const e164 = normalizePhone(phone, options.field ?? 'phone', options.defaultCountry).e164;
  const rows = await sql(em, `select ${DNC_COLUMNS} from dnc_entry where organization_id = ? and phone = ?`, [organizationId, e164]);
  return rows[0] ? { phone: e164, blocked: true, entry: toDncView(rows[0]) } : { phone: e164, blocked: false, entry: null };
}
