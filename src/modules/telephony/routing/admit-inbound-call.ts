import { BlockList, isIP } from 'node:net';
import type { Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import { decryptSecret } from '../../secrets/secret-box.js';
import type { TelephonySettings } from '../carriers/connections.js';
import { SipTrunk } from '../telephony.entity.js';
import { findInboundDestination } from './route-inbound-call.js';

/** Digest credentials an INVITE may prove it knows (the SIP side challenges and checks them, decision 0053). */
export interface TrunkCredentials {
  trunkId: string;
  username: string;
  password: string;
}

export type InboundAdmission =
  /** `address`: the source is in the trunk's allowed_ips; `open`: the destination allows unauthenticated SIP. */
  | { admitted: true; by: 'address' | 'open'; destinationId: string; trunkId: string | null }
  /** Not by its address; `credentials` when the trunk has them (challenge the caller), else refuse (403). */
  | { admitted: false; reason: string; credentials?: TrunkCredentials };

/**
 * Whether an INVITE from `sourceAddress` (the UDP source, never a header a
 * caller writes) may reach the destination `calledAddress` routes to, read
 * before anything rings, routes to an agent or takes RTP ports. A
 * destination admits the source addresses of its inbound trunk (an IP or a
 * CIDR range of `allowed_ips`); failing that, a caller who proves the
 * trunk's digest credentials (the SIP side challenges with `credentials`);
 * a destination with no inbound trunk admits nobody unless its operator
 * opted in with `allow_unauthenticated_sip`. A number routed nowhere is
 * refused like a forbidden one, so a stranger cannot tell which numbers exist.
 */
export async function admitInboundCall(
  em: Em,
  settings: Pick<TelephonySettings, 'encryptionKey'>,
  calledAddress: string,
  sourceAddress: string,
): Promise<InboundAdmission> {
  let found;
  try {
    found = await findInboundDestination(em, calledAddress);
  } catch (error) {
    if (error instanceof DomainError) return { admitted: false, reason: `${calledAddress} is not a number or SIP address` };
    throw error;
  }
  const { destination, called } = found;
  if (!destination) return { admitted: false, reason: `${called} is not routed to any destination` };
  const trunk = destination.trunk ? await em.findOne(SipTrunk, { id: destination.trunk }) : null;
  const inbound = trunk && trunk.direction !== 'outbound' ? trunk : null;
  if (destination.allowUnauthenticatedSip) return { admitted: true, by: 'open', destinationId: destination.id, trunkId: inbound?.id ?? null };
  if (!inbound) return { admitted: false, reason: `destination ${destination.id} (${called}) has no inbound SIP trunk and does not allow unauthenticated SIP` };
  if (addressAllowed(inbound.allowedIps, sourceAddress)) return { admitted: true, by: 'address', destinationId: destination.id, trunkId: inbound.id };
  const reason = `${sourceAddress} is not in the allowed_ips of SIP trunk ${inbound.id}`;
  if (!inbound.authUsername || !inbound.authPasswordEncrypted) return { admitted: false, reason };
  const password = decryptSecret(settings.encryptionKey, inbound.authPasswordEncrypted, inbound.organization);
  return { admitted: false, reason, credentials: { trunkId: inbound.id, username: inbound.authUsername, password } };
}

/** `address` is one of `entries` (IP literals and CIDR ranges, IPv4 and IPv6; an IPv4-mapped IPv6 source counts as IPv4). */
export function addressAllowed(entries: string[], address: string): boolean {
  const source = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(source);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const [ip, bits] = entry.split('/');
    const kind = isIP(ip);
    if (!kind) continue; // the schema admits only IPs and CIDRs; a stored oddity admits nobody
    const type = kind === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return list.check(source, family === 6 ? 'ipv6' : 'ipv4');
}
