import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { AssignTrunkDestinationBody, type DestinationView } from './telephony.schemas.js';
import { findDestination } from './destination-access.js';
import { toDestinationView } from './destination-views.js';
import { findTrunk } from './sip-trunk-access.js';

export async function assignTrunkDestination(em: Em, principal: Principal, input: AssignTrunkDestinationBody): Promise<DestinationView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(AssignTrunkDestinationBody, input, 'body');
  const trunk = await findTrunk(em, principal, body.sip_trunk_id);
  const destination = await findDestination(em, principal, body.destination_id, 'body.destination_id');
  destination.trunk = trunk.id;
  recordAudit(em, principal, {
    action: 'sip_trunk.destination.assign',
    targetType: 'destination',
    targetId: destination.id,
    data: { sip_trunk_id: trunk.id },
  });
  await em.flush();
  return toDestinationView(destination);
}
