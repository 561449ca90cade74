import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';

/**
 * How an outbound call leaves the platform: through the telephony connection
 * of its caller-id number (a carrier's REST API, or the simulated carrier),
 * or through a SIP trunk, when the caller-id number's destination is assigned
 * an outbound-capable trunk (sip_trunk/destination/assign): then a media
 * process places it over SIP/RTP and the agent talks on it for real.
 */
export type OutboundRoute = { via: 'carrier' } | { via: 'sip'; trunkId: string };

export async function outboundCallRoute(em: Em, outboundCallId: string): Promise<OutboundRoute> {
  const [row] = await sql<{ trunk_id: string | null }>(
    em,
    `select t.id as trunk_id
       from outbound_call c
       join phone_number n on n.number = c.from_number and n.organization_id = c.organization_id
       join destination d on d.id = n.destination_id
       join sip_trunk t on t.id = d.trunk_id and t.direction <> 'inbound'
      where c.id = ?`,
    [outboundCallId],
  );
  return row?.trunk_id ? { via: 'sip', trunkId: row.trunk_id } : { via: 'carrier' };
}
