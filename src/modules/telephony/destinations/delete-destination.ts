import type { Em } from '../../../db/orm.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { findDestination } from './destination-access.js';

export const deleteDestination = operation(
  { needs: 'numbers:manage' },
  async (em: Em, principal: Principal, id: string): Promise<{ deleted: true; destination_id: string }> => {
    const destination = await findDestination(em, principal, id, 'destination_id');
    em.remove(destination);
    recordAudit(em, principal, { action: 'destination.delete', targetType: 'destination', targetId: id, data: { address: destination.address } });
    await em.flush();
    return { deleted: true, destination_id: id };
  },
);
