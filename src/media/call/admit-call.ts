import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { admitInboundCall } from '../../modules/telephony/routing/admit-inbound-call.js';
import { defaultEngineSettings } from '../../modules/engine/engine-settings.js';
import { DigestGuard } from '../transports/sip/digest.js';
import type { IncomingSipCall } from '../transports/sip/incoming-call.js';
import type { MediaDeps } from './live-call.js';

const guards = new WeakMap<Buffer, DigestGuard>();

/**
 * The digest guard of the platform's key: nonces are signed with a key derived from it, so every media process can
 * check a retry that another one challenged. The realm is the address callers reach us on.
 */
function guardFor(key: Buffer, realm: string): DigestGuard {
  let guard = guards.get(key);
  if (!guard || guard.realm !== realm) {
    guard = new DigestGuard(createHmac('sha256', key).update('sip digest nonce').digest(), realm);
    guards.set(key, guard);
  }
  return guard;
}

/**
 * Admits an inbound INVITE before anything rings, routes or takes RTP ports
 * (decision 0053): by its UDP source address in the dialled destination's
 * trunk's allowed_ips, by the destination's opt-in to unauthenticated SIP, or
 * by that trunk's digest credentials (401 with a stateless nonce, then the
 * retried INVITE's Authorization is checked). Anything else is answered 403.
 * True when the call may go on; the call is then admitted on the SIP side.
 */
export async function admitSipCall(deps: MediaDeps, call: IncomingSipCall, called: string, log: Logger): Promise<boolean> {
  const settings = deps.engine.settings ?? defaultEngineSettings();
  const source = call.source.address;
  const admission = await admitInboundCall(deps.orm.em.fork(), settings, called, source);
  if (admission.admitted) {
    call.admit();
    log.debug({ source, by: admission.by, sip_trunk_id: admission.trunkId }, 'inbound call admitted');
    return true;
  }
  let reason = admission.reason;
  if (admission.credentials) {
    const guard = guardFor(settings.encryptionKey, deps.publicAddress);
    const verdict = guard.verify(call.authorization, { method: 'INVITE', uri: call.requestUri }, source, admission.credentials);
    if (verdict === 'ok') {
      call.admit();
      log.info({ source, by: 'digest', sip_trunk_id: admission.credentials.trunkId }, 'inbound call admitted');
      return true;
    }
    if (verdict !== 'wrong') {
      call.reject(401, 'Unauthorized', [['WWW-Authenticate', guard.challenge(source, verdict === 'stale')]]);
      log.info({ source, called, verdict, sip_trunk_id: admission.credentials.trunkId }, 'inbound call challenged');
      return false;
    }
    reason = `wrong digest credentials for SIP trunk ${admission.credentials.trunkId} from ${source}`;
  }
  call.reject(403, 'Forbidden');
  log.info({ status: 403, reason, source, called }, 'inbound call refused');
  return false;
}
