import type { z } from 'zod';
import type { Em } from '../../../db/orm.js';
import { newId } from '../../ids.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { operation } from '../../operation.js';
import { SipTrunkEndpoint } from '../telephony.entity.js';
import { CreateSipTrunkEndpointBody, type SipTrunkView } from '../telephony.schemas.js';
import { findTrunk, getSipTrunkView } from './sip-trunk-access.js';

export const createSipTrunkEndpoint = operation(
  { needs: 'numbers:manage', input: CreateSipTrunkEndpointBody },
  async (em: Em, principal: Principal, body: z.output<typeof CreateSipTrunkEndpointBody>): Promise<SipTrunkView> => {
    const trunk = await findTrunk(em, principal, body.sip_trunk_id);
    const id = newId('sipTrunkEndpoint');
    em.create(SipTrunkEndpoint, {
      id,
      organization: principal.organizationId,
      trunk: trunk.id,
      uri: body.uri,
      priority: body.priority,
      weight: body.weight,
    });
    recordAudit(em, principal, {
      action: 'sip_trunk_endpoint.create',
      targetType: 'sip_trunk',
      targetId: trunk.id,
      data: { endpoint_id: id, uri: body.uri },
    });
    await em.flush();
    return getSipTrunkView(em, trunk);
  },
);
