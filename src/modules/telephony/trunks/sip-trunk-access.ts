import type { Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import type { Principal } from '../../org/permissions.js';
import { SipTrunk, SipTrunkEndpoint } from '../telephony.entity.js';
import type { SipTrunkView } from '../telephony.schemas.js';

export async function findTrunk(em: Em, principal: Principal, id: string, field = 'sip_trunk_id'): Promise<SipTrunk> {
  const trunk = await em.findOne(SipTrunk, { id, organization: principal.organizationId });
  if (!trunk) {
    throw new DomainError('NOT_FOUND', `SIP trunk ${id} was not found`, {
      resource: 'SIP trunk',
      id,
      issues: [{ field, message: 'no such SIP trunk in this organization' }],
    });
  }
  return trunk;
}

export async function getSipTrunkView(em: Em, trunk: SipTrunk): Promise<SipTrunkView> {
  const endpoints = await em.find(SipTrunkEndpoint, { trunk: trunk.id }, { orderBy: { priority: 'asc', id: 'asc' } });
  return toSipTrunkView(trunk, endpoints);
}

export function toSipTrunkView(t: SipTrunk, endpoints: SipTrunkEndpoint[]): SipTrunkView {
  return {
    sip_trunk_id: t.id,
    name: t.name,
    direction: t.direction,
    connection_id: t.connection ?? null,
    auth_username: t.authUsername ?? null,
    has_password: Boolean(t.authPasswordEncrypted),
    allowed_ips: t.allowedIps,
    endpoints: endpoints.map((e) => ({ sip_trunk_endpoint_id: e.id, uri: e.uri, priority: e.priority, weight: e.weight })),
    created_at: t.createdAt.toISOString(),
  };
}
