import type { Destination } from '../telephony.entity.js';
import type { DestinationView } from '../telephony.schemas.js';

export function toDestinationView(d: Destination): DestinationView {
  return {
    destination_id: d.id,
    kind: d.kind,
    address: d.address,
    agent_id: d.agent ?? null,
    sip_trunk_id: d.trunk ?? null,
    allow_unauthenticated_sip: d.allowUnauthenticatedSip,
    created_at: d.createdAt.toISOString(),
  };
}
