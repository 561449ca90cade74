import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { findDestination } from './destination-access.js';

export async function deleteDestination(em: Em, principal: Principal, id: string): Promise<{ deleted: true; destination_id: string }> {
  requirePermission(principal, 'numbers:manage');
  const destination = await findDestination(em, principal, id, 'path.destination_id');
  em.remove(destination);
  recordAudit(em, principal, { action: 'destination.delete', targetType: 'destination', targetId: id, data: { address: destination.address } });
  await em.flush();
  return { deleted: true, destination_id: id };
}
