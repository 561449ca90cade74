import type { Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { PhoneNumber } from '../telephony.entity.js';
import { providerFor, type TelephonySettings } from '../carriers/connections.js';

/**
 * Removes the number from the platform (inbound calls to it stop routing).
 * It is not released at the provider: that costs the number for good, and
 * is done in the provider's console on purpose. Its calls are routed at the
 * carrier as they were before the platform took it (voiceRoutingBefore),
 * first: a carrier that cannot be reached leaves the number here (503) to be
 * removed again.
 */
export const deletePhoneNumber = operation(
  { needs: 'numbers:manage' },
  async (em: Em, principal: Principal, id: string, settings?: TelephonySettings): Promise<{ deleted: true; phone_number_id: string }> => {
    const row = await em.findOne(PhoneNumber, { id, organization: principal.organizationId });
    if (!row) throw new DomainError('NOT_FOUND', `Phone number ${id} was not found`, { resource: 'Phone number', id });
    if (row.voiceRoutingBefore && row.connection && row.providerNumberId && settings) {
      const { provider } = await providerFor(em, principal.organizationId, row.connection, settings);
      await provider.restoreNumber?.(row.providerNumberId, row.voiceRoutingBefore);
    }
    em.remove(row);
    recordAudit(em, principal, { action: 'phone_number.delete', targetType: 'phone_number', targetId: id, data: { number: row.number } });
    await em.flush();
    return { deleted: true, phone_number_id: id };
  },
);
