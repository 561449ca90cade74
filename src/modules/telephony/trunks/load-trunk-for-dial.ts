import type { Em } from '../../../db/orm.js';
import { DomainError } from '../../errors.js';
import { decryptSecret } from '../../secrets/secret-box.js';
import type { TelephonySettings } from '../carriers/connections.js';
import { SipTrunk, SipTrunkEndpoint } from '../telephony.entity.js';

/** Where and how the media runtime dials over a SIP trunk (src/media/call/dial-call.ts). */
export interface TrunkForDial {
  /** In the order to try: priority ascending, then the larger weight first. */
  endpoints: Array<{ host: string; port: number }>;
  username?: string;
  password?: string;
}

/**
 * Reads an outbound-capable trunk of the organization with its endpoints and
 * its digest password decrypted (bound to the organization id when it was
 * stored, create-sip-trunk.ts). The media runtime speaks SIP over UDP only, so
 * `sips:` endpoints are left out; a trunk with nothing left to dial is
 * UNPROCESSABLE rather than a call that fails later for no visible reason.
 */
export async function loadTrunkForDial(
  em: Em,
  settings: Pick<TelephonySettings, 'encryptionKey'>,
  organizationId: string,
  trunkId: string,
): Promise<TrunkForDial> {
  const trunk = await em.findOne(SipTrunk, { id: trunkId, organization: organizationId });
  if (!trunk) throw new DomainError('NOT_FOUND', `SIP trunk ${trunkId} was not found`, { resource: 'SIP trunk', id: trunkId });
  if (trunk.direction === 'inbound') {
    throw new DomainError('UNPROCESSABLE', `SIP trunk ${trunkId} takes inbound calls only`, { sip_trunk_id: trunkId });
  }
  const rows = await em.find(SipTrunkEndpoint, { trunk: trunk.id }, { orderBy: { priority: 'asc', weight: 'desc', id: 'asc' } });
  const endpoints = rows.flatMap((row) => {
    const endpoint = udpEndpoint(row.uri);
    return endpoint ? [endpoint] : [];
  });
  if (endpoints.length === 0) {
    throw new DomainError('UNPROCESSABLE', `SIP trunk ${trunkId} has no sip: endpoint to dial (add one with sip_trunk/endpoint/create)`, {
      sip_trunk_id: trunkId,
    });
  }
  return {
    endpoints,
    ...(trunk.authUsername ? { username: trunk.authUsername } : {}),
    ...(trunk.authPasswordEncrypted ? { password: decryptSecret(settings.encryptionKey, trunk.authPasswordEncrypted, organizationId) } : {}),
  };
}

/** `sip:[user@]host[:port][;params]` (as CreateSipTrunkEndpointBody admits) → host and port; undefined for sips:. */
function udpEndpoint(uri: string): { host: string; port: number } | undefined {
  const m = /^sip:(?:[^@]+@)?([^:;]+)(?::(\d{1,5}))?(?:;.*)?$/i.exec(uri.trim());
  if (!m) return undefined;
  return { host: m[1].toLowerCase(), port: m[2] ? Number(m[2]) : 5060 };
}
