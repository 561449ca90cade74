import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { parseInput } from '../validation.js';
import { OutboundCall } from './campaigns.entity.js';
import { GetOutboundCallInput, type OutboundCallView } from './campaigns.schemas.js';
import { toOutboundCallView } from './outbound-call-views.js';

/** One outbound call from the read state the workflow's activities write (status follows the call). */
export const getOutboundCall = operation({ needs: 'agents:read' }, async (em: Em, principal: Principal, outboundCallId: string): Promise<OutboundCallView> => {
  const { outbound_call_id: id } = parseInput(GetOutboundCallInput, { outbound_call_id: outboundCallId }, '');
  const call = await em.findOne(OutboundCall, {
    id,
    organization: principal.organizationId,
    ...(principal.projectId ? { project: principal.projectId } : {}),
  });
  if (!call) throw notFound('Outbound call', id);
  return toOutboundCallView(call);
});
