import { DomainError } from '../../modules/errors.js';
import { newId } from '../../modules/ids.js';
import { routeInboundCall, type InboundRoute } from '../../modules/telephony/routing/route-inbound-call.js';
import { tryNormalizePhone } from '../../modules/phone.js';
import { parseUri } from '../transports/sip/address.js';
import { buildAnswer } from '../transports/sip/sdp.js';
import { referTarget } from '../transports/sip/call.js';
import type { IncomingSipCall } from '../transports/sip/incoming-call.js';
import { RtpSession } from '../transports/sip/rtp-session.js';
import { RtpCallMedia } from '../transports/sip/rtp-call-media.js';
import { PortPoolExhaustedError } from '../rtp/port-pool.js';
import { admitSipCall } from './admit-call.js';
import { runLiveConversation, type MediaDeps } from './live-call.js';

/** Why a call could not be taken, as a SIP answer (logged with the reason). */
function refusal(error: unknown): { status: number; reason: string } {
  if (error instanceof DomainError) {
    if (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED') return { status: 404, reason: 'Not Found' };
    if (error.code === 'CONFLICT') return { status: 480, reason: 'Temporarily Unavailable' };
  }
  if (error instanceof PortPoolExhaustedError) return { status: 503, reason: 'Service Unavailable' };
  return { status: 500, reason: 'Server Internal Error' };
}

/** The dialled number as E.164 where it is one (trunks send it with or without the +). */
function calledAddress(call: IncomingSipCall): string {
  const user = call.dialled ?? '';
  return asE164(user) ?? asE164(`+${user}`) ?? user;
}

function asE164(raw: string): string | undefined {
  const parsed = tryNormalizePhone(raw);
  return parsed.ok ? parsed.phone.e164 : undefined;
}

/**
 * One inbound SIP call, from INVITE to the recorded session: admit the caller
 * (admit-call.ts: the trunk's addresses or digest, else 401/403), route the
 * dialled number (480 when its destination has no agent), ring, open RTP, answer with our SDP, then run the agent's
 * version through the conversation engine with the live caller (LiveParty).
 * When the conversation ends the agent hangs up (after its last words are
 * played) unless the caller already did; a transfer first REFERs the caller's
 * trunk to the destination (then BYE, whether or not the trunk took it); the session is written with the
 * real durations and the stereo recording.
 */
export async function answerInboundCall(deps: MediaDeps, call: IncomingSipCall): Promise<void> {
  const log = deps.logger.child({ sip_call_id: call.callId });
  const callerAddress = parseUri(call.from)?.user ?? call.from;
  const caller = asE164(callerAddress) ?? callerAddress.slice(0, 64);
  let route: InboundRoute;
  let session: RtpSession;
  try {
    if (!(await admitSipCall(deps, call, calledAddress(call), log))) return;
    if (deps.atCapacity?.()) {
      // Beyond its capacity every call would lose audio: a trunk or proxy retries another process, a caller hears busy.
      log.warn({ max_calls: deps.maxCalls }, 'inbound call refused: the media process is at its capacity of talking calls');
      call.reject(503, 'Service Unavailable (at capacity)', [['Retry-After', '5']]);
      return;
    }
    route = await routeInboundCall(deps.orm.em.fork(), calledAddress(call), caller);
    call.ringing();
    session = await RtpSession.open({ pool: deps.pool, host: deps.rtpHost, warn: (message, data) => log.warn(data, message) });
  } catch (error) {
    const { status, reason } = refusal(error);
    log.info({ status, reason: (error as Error).message }, 'inbound call refused');
    if (status === 500) log.error({ err: error }, 'inbound call failed before answer');
    call.reject(status, reason);
    return;
  }

  const sessionId = newId('session');
  const media = new RtpCallMedia({ callId: sessionId, direction: 'inbound', session, hangup: () => call.hangup() });
  call.on('ended', (reason: string) => void media.end(reason === 'remote_bye' ? 'caller_hangup' : 'error', reason));
  const sdp = buildAnswer(call.offer, call.negotiated, {
    address: deps.publicAddress,
    port: session.port,
    sessionId: String(Date.now()),
    version: 1,
  });
  try {
    await call.answer(sdp);
  } catch (error) {
    log.warn({ err: (error as Error).message }, 'inbound call: no ACK for our answer');
    await media.end('error', 'no ACK');
    return;
  }
  log.info({ session_id: sessionId, agent_id: route.agentId }, 'inbound call answered');
  const negotiated = call.negotiated;
  session.start({
    remote: { address: negotiated.remoteAddress, port: negotiated.remotePort },
    payloadType: negotiated.codec.payloadType,
    codec: negotiated.codec.name,
    dtmfPayloadType: negotiated.telephoneEvent,
    // Symmetric RTP may come from the trunk's own address rather than the SDP's; no other address is latched to.
    peerAddress: call.source.address,
  });
  const startedAt = new Date();
  const { organizationId, projectId, agentId, versionId } = route;
  try {
    await runLiveConversation(deps, {
      organizationId,
      projectId,
      agentId,
      versionId,
      direction: 'inbound',
      phoneNumber: route.calledAddress,
      sessionId,
      media,
      caller,
      startedAt,
      log,
      // The trunk that sent the call takes it on to the transfer destination (blind transfer, RFC 3515).
      transfer: (address) => call.refer(referTarget(address, call.dialog!.remoteTarget)),
    });
  } catch (error) {
    // Answered, then something failed before or after the conversation (the database, the speech set-up): the
    // caller is not left on an open line with nobody on it, and the RTP ports go back to the pool.
    log.error({ err: error }, 'inbound call: failed after the answer; hanging up');
    await media.hangup('error').catch(() => {});
  }
}
