import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { runLiveConversation, type MediaDeps } from './live-call.js';
import type { CallFailure, CallOutcome, OutgoingSipCall } from '../transports/sip/outgoing-call.js';
import { referTarget } from '../transports/sip/call.js';
import { buildOffer, negotiateOrRefuse, parseSdp, type Negotiation } from '../transports/sip/sdp.js';
import { RtpSession } from '../transports/sip/rtp-session.js';
import { RtpCallMedia } from '../transports/sip/rtp-call-media.js';

export interface DialRequest {
  organizationId: string;
  projectId: string;
  agentId: string;
  versionId: string;
  /** The session the call is recorded as (pre-assigned by the caller, so a retried activity finds it). */
  sessionId: string;
  /** The number dialled, E.164. */
  to: string;
  /** Our caller id number, E.164. */
  from: string;
  /** From loadTrunkForDial: endpoints in the order to try, digest credentials for 401/407. */
  trunk: { endpoints: Array<{ host: string; port: number }>; username?: string; password?: string };
  ringTimeoutMs: number;
  variables?: Record<string, string>;
}

export type DialOutcome = 'answered' | CallOutcome;

export interface DialResult {
  outcome: DialOutcome;
  sipStatus?: number;
  reason?: string;
  /** Answered calls only: the rest of the call, settled once the session is recorded (never rejects). */
  conversation?: Promise<void>;
}

type Attempt = { answered: string } | { failed: CallFailure; heardProgress: boolean };

/**
 * Places an outbound call over a SIP trunk and, once answered, runs the
 * agent on it exactly as an inbound call (runLiveConversation). Resolves as
 * soon as the dial outcome is known, so a Temporal activity reports it at
 * once while the call goes on in `conversation`. Failed dials release their
 * RTP ports before resolving. Endpoints are tried in order while one does
 * not answer at all (408 before any provisional response) or fails on its
 * side (5xx); a busy, declined or unknown number is final.
 */
export async function dialOutboundCall(deps: MediaDeps, request: DialRequest, hooks: { onAnswered?: () => void } = {}): Promise<DialResult> {
  const ua = deps.ua;
  if (!ua) throw new Error('dialOutboundCall needs MediaDeps.ua (the media process SIP user agent)');
  const log = deps.logger.child({ session_id: request.sessionId, direction: 'outbound' });
  if (request.trunk.endpoints.length === 0) return { outcome: 'failed', reason: 'the trunk has no endpoint' };
  let session: RtpSession;
  try {
    session = await RtpSession.open({ pool: deps.pool, host: deps.rtpHost, warn: (message, data) => log.warn(data, message) });
  } catch (error) {
    log.warn({ err: (error as Error).message }, 'outbound call: no RTP port');
    return { outcome: 'failed', reason: `media: ${(error as Error).message}` };
  }
  const offer = buildOffer({ address: deps.publicAddress, port: session.port, sessionId: String(Date.now()), version: 1 });
  const credentials = request.trunk.username && request.trunk.password ? { username: request.trunk.username, password: request.trunk.password } : undefined;

  let last: DialResult = { outcome: 'failed', reason: 'not dialled' };
  for (const endpoint of request.trunk.endpoints) {
    let host: string;
    try {
      host = isIP(endpoint.host) ? endpoint.host : (await lookup(endpoint.host, { family: 4 })).address;
    } catch (error) {
      last = { outcome: 'failed', reason: `cannot resolve ${endpoint.host}: ${(error as Error).message}` };
      continue;
    }
    const call = ua.placeCall({
      target: `sip:${request.to}@${host}:${endpoint.port}`,
      from: `sip:${request.from}@${ua.local.host}`,
      sdp: offer,
      credentials,
      ringTimeoutMs: request.ringTimeoutMs,
    });
    const attempt = await settle(call);
    if ('answered' in attempt) return connect(deps, request, hooks, call, session, attempt.answered, host);
    const { status, reason, outcome } = attempt.failed;
    log.info({ endpoint, status, reason, outcome }, 'outbound call not answered');
    const unreachable = status === 408 && !attempt.heardProgress;
    last = { outcome: unreachable ? 'failed' : outcome, sipStatus: status, reason };
    if (!unreachable && status < 500) break;
  }
  await session.close();
  return last;
}

/** The first of answered / failed for one INVITE. */
function settle(call: OutgoingSipCall): Promise<Attempt> {
  return new Promise((resolve) => {
    let heardProgress = false;
    call.on('progress', () => (heardProgress = true));
    call.once('answered', (sdp: string) => resolve({ answered: sdp }));
    call.once('failed', (failed: CallFailure) => resolve({ failed, heardProgress }));
    // A call that ends without either (closed user agent) must not leave the dial waiting.
    call.once('ended', (why: string, detail?: string) => resolve({ failed: { status: 0, reason: detail ?? why, outcome: 'failed' }, heardProgress }));
  });
}

/** The far end answered: media from its SDP answer, then the agent's conversation in the background. */
async function connect(
  deps: MediaDeps,
  request: DialRequest,
  hooks: { onAnswered?: () => void },
  call: OutgoingSipCall,
  session: RtpSession,
  answer: string,
  /** The trunk endpoint's IP the INVITE went to: the SIP peer whose address RTP may come from. */
  peer: string,
): Promise<DialResult> {
  const log = deps.logger.child({ session_id: request.sessionId, sip_call_id: call.callId, direction: 'outbound' });
  const media = new RtpCallMedia({ callId: request.sessionId, direction: 'outbound', session, hangup: () => call.hangup() });
  // The callee's answer is checked as an offer we receive is (address, ports, codecs): a bad one must not reach RTP.
  let negotiation: Negotiation;
  try {
    negotiation = negotiateOrRefuse(parseSdp(answer), { family: session.host.includes(':') ? 'IPv6' : 'IPv4', peer });
  } catch (error) {
    negotiation = { refused: `malformed SDP (${(error as Error).message})` };
  }
  const endedBefore = call.ended;
  if (endedBefore || 'refused' in negotiation) {
    // Answered after our CANCEL crossed it (the SIP layer already hung up), or with media we cannot use: the 2xx was
    // ACKed (outgoing-call.ts), and hanging up sends the BYE and gives the RTP ports back.
    const reason = endedBefore || !('refused' in negotiation) ? 'answered after the ring timeout' : `the answer's SDP was refused: ${negotiation.refused}`;
    log.warn({ reason }, 'outbound call: answered but not connected');
    await media.hangup('error');
    return { outcome: endedBefore ? 'no_answer' : 'failed', sipStatus: 200, reason };
  }
  const negotiated = negotiation.negotiated;
  call.on('ended', (why: string) => {
    void media.end(why === 'remote_bye' ? 'caller_hangup' : why === 'local_bye' ? 'agent_hangup' : 'error', why);
  });
  session.start({
    remote: { address: negotiated.remoteAddress, port: negotiated.remotePort },
    payloadType: negotiated.codec.payloadType,
    codec: negotiated.codec.name,
    dtmfPayloadType: negotiated.telephoneEvent,
    peerAddress: peer,
  });
  hooks.onAnswered?.();
  const conversation = runLiveConversation(deps, {
    organizationId: request.organizationId,
    projectId: request.projectId,
    agentId: request.agentId,
    versionId: request.versionId,
    direction: 'outbound',
    phoneNumber: request.from,
    sessionId: request.sessionId,
    media,
    caller: request.to,
    startedAt: new Date(),
    log,
    variables: request.variables,
    transfer: (address) => call.refer(referTarget(address, call.dialog!.remoteTarget)),
  }).catch(async (error: unknown) => {
    log.error({ err: error }, 'outbound call: the conversation failed');
    await media.hangup('error').catch(() => {});
  });
  return { outcome: 'answered', sipStatus: 200, conversation };
}
