import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { newId } from '../ids.js';
import { validationFailed } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { CONTACT_COLUMNS, toContactView } from './outbound-views.js';
import { ResolveContactBody, type ContactView } from './outbound.schemas.js';
import { checkDefaultCountry, normalizePhone } from '../phone.js';
import { timeZoneOf } from './phone.js';

/**
 * Finds the organization's contact with this phone (E.164) or, failing that,
 * this email; else creates it. Safe under concurrency: the insert is
 * `ON CONFLICT DO NOTHING` against the partial unique indexes, and a lost
 * race reads the winner's row, so 20 simultaneous calls for one number make
 * exactly one contact. An existing contact is returned as it is (name and
 * attributes are only set on creation; CSV import is the way to update).
 */
export const contactResolveOrCreate = operation(
  { needs: 'outbound:call', input: ResolveContactBody },
  async (em: Em, principal: Principal, body: z.output<typeof ResolveContactBody>): Promise<{ contact: ContactView; created: boolean }> => {
    if (body.phone === undefined && body.email === undefined) {
      throw validationFailed([{ field: 'phone', message: 'send a phone or an email (or both)' }]);
    }
    const country = checkDefaultCountry(body.default_country, 'default_country');
    const phone = body.phone !== undefined ? normalizePhone(body.phone, 'phone', country) : null;
    const email = body.email?.toLowerCase() ?? null;
    const organizationId = principal.organizationId;

    const found = await findContact(em, organizationId, phone?.e164 ?? null, email);
    if (found) return { contact: toContactView(found), created: false };

    const id = newId('contact');
    const created = await em.transactional(async (tx) => {
      const rows = await sql(
        tx,
        `insert into contact (id, organization_id, name, phone, email, country, time_zone, attributes, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, now(), now())
         on conflict do nothing
         returning ${CONTACT_COLUMNS}`,
        [
          id,
          organizationId,
          body.name ?? null,
          phone?.e164 ?? null,
          email,
          phone?.country ?? null,
          phone ? timeZoneOf(phone) : null,
          JSON.stringify(body.attributes ?? {}),
        ],
      );
      if (rows.length === 0) return null;
      recordAudit(tx, principal, { action: 'contact.create', targetType: 'contact', targetId: id, data: { phone: phone?.e164 ?? null, email } });
      await tx.flush();
      return rows[0];
    });
    if (created) return { contact: toContactView(created), created: true };
    // Another request inserted the same phone or email first: its row is committed now.
    const winner = await findContact(em, organizationId, phone?.e164 ?? null, email);
    if (!winner) {
      // Only possible if the winner was deleted in between: report it rather than loop.
      throw validationFailed([{ field: 'phone', message: 'the contact changed while it was being created; try again' }]);
    }
    return { contact: toContactView(winner), created: false };
  },
);

/** By phone first (the number is what is dialled), then by email. */
async function findContact(em: Em, organizationId: string, phone: string | null, email: string | null) {
  const rows = await sql(
    em,
    `select ${CONTACT_COLUMNS} from contact
      where organization_id = ? and (phone = ? or email = ?)
      order by (phone is not distinct from ?) desc limit 1`,
    [organizationId, phone, email, phone],
  );
  return rows[0];
}
