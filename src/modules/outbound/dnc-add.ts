import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { actorOf } from '../agents/agent-access.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { DNC_COLUMNS, toDncView } from './outbound-views.js';
import { DncAddBody, type DncEntryView } from './outbound.schemas.js';
import { checkDefaultCountry, normalizePhone } from '../phone.js';

/**
 * Puts a number on the organization's do-not-call list. Idempotent: adding a
 * listed number keeps the first entry (its reason, source and time: the
 * earliest request is the one that matters) and returns it with created
 * false. Concurrent adds meet on the unique (organization, phone) index.
 */
export const dncAdd = operation(
  { needs: 'dnc:manage', input: DncAddBody },
  async (em: Em, principal: Principal, body: z.output<typeof DncAddBody>): Promise<{ entry: DncEntryView; created: boolean }> => {
    const country = checkDefaultCountry(body.default_country, 'default_country');
    const phone = normalizePhone(body.phone, 'phone', country).e164;
    const source = body.source ?? 'api';
    // Twice at most: the second round only runs when a concurrent remove deleted the entry between insert and read.
    for (let round = 0; ; round++) {
      const id = newId('dncEntry');
      const inserted = await em.transactional(async (tx) => {
        const rows = await sql(
          tx,
          `insert into dnc_entry (id, organization_id, phone, reason, source, created_by, created_at)
           values (?, ?, ?, ?, ?, ?::jsonb, now())
           on conflict (organization_id, phone) do nothing
           returning ${DNC_COLUMNS}`,
          [id, principal.organizationId, phone, body.reason || null, source, JSON.stringify(actorOf(principal))],
        );
        if (rows.length === 0) return null;
        recordAudit(tx, principal, { action: 'dnc.add', targetType: 'dnc_entry', targetId: id, data: { phone, source, reason: body.reason || null } });
        await tx.flush();
        return rows[0];
      });
      if (inserted) return { entry: toDncView(inserted), created: true };
      const rows = await sql(em, `select ${DNC_COLUMNS} from dnc_entry where organization_id = ? and phone = ?`, [principal.organizationId, phone]);
      if (rows[0]) return { entry: toDncView(rows[0]), created: false };
      if (round >= 1) throw new DomainError('CONFLICT', `${phone} is being added and removed concurrently; try again`);
    }
  },
);
