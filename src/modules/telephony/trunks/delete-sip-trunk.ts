import type { Em } from '../../../db/orm.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { findTrunk } from './sip-trunk-access.js';

export const deleteSipTrunk = operation(
  { needs: 'numbers:manage' },
  async (em: Em, principal: Principal, id: string): Promise<{ deleted: true; sip_trunk_id: string }> => {
    const trunk = await findTrunk(em, principal, id, 'sip_trunk_id');
    em.remove(trunk);
    recordAudit(em, principal, { action: 'sip_trunk.delete', targetType: 'sip_trunk', targetId: id, data: { name: trunk.name } });
    await em.flush();
    return { deleted: true, sip_trunk_id: id };
  },
);
