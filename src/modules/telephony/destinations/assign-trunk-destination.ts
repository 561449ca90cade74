import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { AssignTrunkDestinationBody, type DestinationView } from '../telephony.schemas.js';
import { findDestination } from './destination-access.js';
import { toDestinationView } from './destination-views.js';
import { findTrunk } from '../trunks/sip-trunk-access.js';

export const assignTrunkDestination = operation(
  { needs: 'numbers:manage', input: AssignTrunkDestinationBody },
  async (em: Em, principal: Principal, body: z.output<typeof AssignTrunkDestinationBody>): Promise<DestinationView> => {
    const trunk = await findTrunk(em, principal, body.sip_trunk_id);
    const destination = await findDestination(em, principal, body.destination_id, 'destination_id');
    destination.trunk = trunk.id;
    recordAudit(em, principal, {
      action: 'sip_trunk.destination.assign',
      targetType: 'destination',
      targetId: destination.id,
      data: { sip_trunk_id: trunk.id },
    });
    await em.flush();
    return toDestinationView(destination);
  },
);
