import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { findTrunk } from './sip-trunk-access.js';

export async function deleteSipTrunk(em: Em, principal: Principal, id: string): Promise<{ deleted: true; sip_trunk_id: string }> {
  requirePermission(principal, 'numbers:manage');
  const trunk = await findTrunk(em, principal, id, 'path.sip_trunk_id');
  em.remove(trunk);
  recordAudit(em, principal, { action: 'sip_trunk.delete', targetType: 'sip_trunk', targetId: id, data: { name: trunk.name } });
  await em.flush();
  return { deleted: true, sip_trunk_id: id };
}
