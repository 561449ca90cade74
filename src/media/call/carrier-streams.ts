import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { DomainError } from '../../modules/errors.js';
import { newId } from '../../modules/ids.js';
import { streamedCall, type StreamedCall } from '../../modules/telephony/calls/streamed-call.js';
import { recordRefusedStream } from '../../modules/telephony/calls/refused-stream.js';
import { providerFor } from '../../modules/telephony/carriers/connections.js';
import { authenticateTwilioStream, TWILIO_STREAM_PATH } from '../../modules/telephony/carriers/twilio/twilio-stream.js';
import { authenticateTelnyxStream, TELNYX_STREAM_PATH } from '../../modules/telephony/carriers/telnyx/telnyx-stream.js';
import { defaultEngineSettings, type EngineSettings } from '../../modules/engine/engine-settings.js';
import type { ReferResult } from '../transports/sip/call.js';
import { serveCarrierStream, type StreamDialect } from '../transports/stream/carrier-stream.js';
import { runLiveConversation, type LiveCall, type MediaDeps } from './live-call.js';
import { admitWebCall, verifyWebCall, WEB_STREAM_PATH } from '../../modules/calls/web-call.js';
import { normalizeAddress, routeCall } from '../../modules/agents/route-call.js';

export interface CarrierStreams {
  /** Takes the HTTP upgrade when its path is a carrier's media stream (true); anything else is left to the caller. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Refuses new streams (503) from now on: the process drains. */
  drain(): void;
  close(): void;
}

/** What the stream handlers share: the media runtime, its settings, the WebSocket server, and the tracker of calls. */
interface Streams {
  deps: MediaDeps;
  settings: EngineSettings;
  wss: WebSocketServer;
  track: (call: Promise<void>) => void;
}

/**
 * The media runtime's end of the carriers' WebSocket media streams (issue 15,
 * decision 0050): Twilio opens /carriers/twilio/stream/{call_log_id}, signed
 * with X-Twilio-Signature over that wss:// address with the account's auth
 * token; Telnyx opens /carriers/telnyx/stream/{call_log_id}/{token}, the
 * token being the platform's HMAC of the row; the carrier log row says which call it is (an outbound call of ours,
 * found by its dial key, or an inbound call routed by its number), and once
 * the stream starts the agent converses on it exactly as on a SIP call
 * (runLiveConversation: held durably, recorded, hangable through REST).
 * `track` is given each call's whole life, so a draining process waits for it.
 */
export function createCarrierStreams(deps: MediaDeps, track: (call: Promise<void>) => void): CarrierStreams {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const streams: Streams = { deps, settings: deps.engine.settings ?? defaultEngineSettings(), wss, track };
  let draining = false;

  return {
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? '').split('?')[0];
      const web = WEB_STREAM_PATH.exec(path);
      if (web) {
        socket.on('error', () => socket.destroy());
        if (draining) answer(socket, 503, 'Service Unavailable');
        else
          acceptWeb(streams, req, socket, head, web[1]).catch((error: unknown) => {
            deps.logger.error({ err: error, carrier: 'web' }, 'browser stream: the upgrade failed');
            if (!socket.destroyed) answer(socket, 500, 'Internal Server Error');
          });
        return true;
      }
      const twilio = TWILIO_STREAM_PATH.exec(path);
      const telnyx = twilio ? null : TELNYX_STREAM_PATH.exec(path);
      if (!twilio && !telnyx) return false;
      // Until the WebSocket takes it, the socket is ours: a peer that resets it (a health check, a carrier giving up)
      // must not be an unhandled 'error' that ends the process.
      socket.on('error', () => socket.destroy());
      if (draining) {
        answer(socket, 503, 'Service Unavailable');
        return true;
      }
      const dialect: StreamDialect = twilio ? 'twilio' : 'telnyx';
      accept(streams, req, socket, head, dialect, (twilio ?? telnyx)![1], telnyx?.[2]).catch((error: unknown) => {
        deps.logger.error({ err: error, carrier: dialect }, 'carrier stream: the upgrade failed');
        if (!socket.destroyed) answer(socket, 500, 'Internal Server Error');
      });
      return true;
    },
    drain() {
      draining = true;
    },
    close() {
      draining = true;
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/** Refuses an upgrade with a bare HTTP answer. */
function answer(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Checks who opens the stream before it is accepted: Twilio's X-Twilio-Signature over the wss:// address (its Media
 * Streams security guide: the address, no parameters, the account's auth token), or for Telnyx, which signs no
 * handshake, the row's token in the address the platform gave it.
 */
async function authenticate(
  { deps, settings }: Streams,
  req: IncomingMessage,
  dialect: StreamDialect,
  callLogId: string,
  token: string | undefined,
): Promise<number> {
  const em = deps.orm.em.fork();
  if (dialect === 'telnyx') return authenticateTelnyxStream(em, settings.encryptionKey, callLogId, token);
  const signature = req.headers['x-twilio-signature'];
  return authenticateTwilioStream(em, settings.encryptionKey, callLogId, {
    publicUrl: settings.publicUrl,
    host: req.headers.host,
    path: req.url,
    signature: typeof signature === 'string' ? signature : undefined,
  });
}

async function accept(
  streams: Streams,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  dialect: StreamDialect,
  callLogId: string,
  token?: string,
): Promise<void> {
  const { deps } = streams;
  const refused = await authenticate(streams, req, dialect, callLogId, token);
  if (refused) {
    deps.logger.warn({ call_log_id: callLogId, carrier: dialect, status: refused }, 'carrier stream refused: unknown call or bad credentials');
    return answer(socket, refused, refused === 404 ? 'Not Found' : 'Forbidden');
  }
  let streamed: StreamedCall;
  try {
    streamed = await streamedCall(deps.orm.em.fork(), callLogId);
  } catch (error) {
    deps.logger.info({ call_log_id: callLogId, carrier: dialect, reason: (error as Error).message }, 'carrier stream refused: the call cannot be taken');
    const notFound = error instanceof DomainError && error.code === 'NOT_FOUND';
    return answer(socket, notFound ? 404 : 409, notFound ? 'Not Found' : 'Conflict');
  }
  connect(streams, req, socket, head, dialect, streamed, { call_log_id: callLogId });
}

/**
 * A browser call from the dashboard: its grant names the agent and the person; the agent's traffic split picks the
 * version. A grant opens one call (admitWebCall: its nonce claimed, the membership and the agent read again).
 */
async function acceptWeb(streams: Streams, req: IncomingMessage, socket: Duplex, head: Buffer, token: string): Promise<void> {
  const { deps, settings } = streams;
  const grant = verifyWebCall(settings.encryptionKey, token);
  if (!grant) {
    deps.logger.warn({ carrier: 'web' }, 'browser stream refused: a bad or expired grant');
    return answer(socket, 403, 'Forbidden');
  }
  const admitted = await admitWebCall(deps.orm.em.fork(), grant);
  if (!('agent' in admitted)) {
    deps.logger.warn({ carrier: 'web', user_id: grant.userId, agent_id: grant.agentId, reason: admitted.reason }, 'browser stream refused');
    return answer(socket, admitted.status, admitted.status === 403 ? 'Forbidden' : 'Not Found');
  }
  const { agent } = admitted;
  const streamed: StreamedCall = {
    organizationId: grant.organizationId,
    projectId: agent.project,
    agentId: agent.id,
    versionId: routeCall(agent, normalizeAddress(`web:${grant.userId}`)),
    direction: 'web',
    sessionId: newId('session'),
    phoneNumber: null,
    caller: grant.email,
    connectionId: null,
    providerCallId: null,
  };
  connect(streams, req, socket, head, 'web', streamed, { user_id: grant.userId });
}

/** Takes the WebSocket and, once its stream starts, runs the agent on it to the call's recorded end. */
function connect(
  { deps, settings, wss, track }: Streams,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  dialect: StreamDialect,
  streamed: StreamedCall,
  logged: object,
): void {
  const name = dialect === 'twilio' ? 'Twilio' : 'Telnyx';
  const log = deps.logger.child({ session_id: streamed.sessionId, ...logged, direction: streamed.direction, carrier: dialect });
  const provider = async () => (await providerFor(deps.orm.em.fork(), streamed.organizationId, streamed.connectionId, settings)).provider;
  let carrierCallId = streamed.providerCallId;
  const openedAt = new Date();
  const hangupCall = async () => {
    if (!carrierCallId || !streamed.connectionId) return;
    await (await provider()).hangUp(carrierCallId).catch((error: unknown) => log.warn({ err: (error as Error).message }, `${dialect}: hang-up refused`));
  };
  if (deps.atCapacity?.(1)) {
    // As a full trunk answers 503: the carrier's call is hung up (a busy line) and recorded, the browser told so.
    log.warn({ max_calls: deps.maxCalls }, 'carrier stream refused: the media process is at its capacity of talking calls');
    answer(socket, 503, 'Service Unavailable');
    if (streamed.connectionId) {
      track(
        (async () => {
          await hangupCall();
          await recordRefusedStream(deps.orm.em.fork(), streamed, `this media process was at its capacity of ${deps.maxCalls} talking calls`, openedAt, 'busy');
        })().catch((error: unknown) => log.error({ err: error }, 'carrier stream refused as busy: the call could not be hung up or recorded')),
      );
    }
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    serveCarrierStream(ws, {
      dialect,
      sessionId: streamed.sessionId,
      direction: streamed.direction,
      expectedCallId: streamed.providerCallId,
      warn: (message, data) => log.warn(data ?? {}, message),
      hangupCall,
      // The call is known and was answered: the caller is not left on a line nobody serves, and the call is recorded.
      onRefused: (reason) =>
        track(
          (async () => {
            await hangupCall();
            await recordRefusedStream(deps.orm.em.fork(), streamed, reason, openedAt);
            log.info({ reason }, 'carrier stream refused: the call was hung up and recorded');
          })().catch((error: unknown) => log.error({ err: error, reason }, 'carrier stream refused: the call could not be hung up or recorded')),
        ),
      onStart: (media, start) => {
        carrierCallId = start.callId;
        log.info({ carrier_call_id: start.callId, stream_id: start.streamId, codec: start.codec }, 'carrier stream started');
        const live: LiveCall = {
          ...streamed,
          media,
          startedAt: new Date(),
          log,
          // A browser call has nobody to hand over to: the agent's transfer ends it.
          transfer: !streamed.connectionId ? undefined : (address) => transferAtCarrier(provider, start.callId, address, { name, dialect, log }),
        };
        track(
          runLiveConversation(deps, live).catch(async (error: unknown) => {
            log.error({ err: error }, 'carrier stream: the call failed; hanging up');
            await media.hangup('error').catch(() => {});
          }),
        );
      },
    });
  });
}

type Carrier = Awaited<ReturnType<typeof providerFor>>['provider'];

/** The agent's transfer on a carrier's call: the carrier is asked to take the caller on to `address`, as a REFER would. */
async function transferAtCarrier(
  provider: () => Promise<Carrier>,
  callId: string,
  address: string,
  { name, dialect, log }: { name: string; dialect: StreamDialect; log: LiveCall['log'] },
): Promise<ReferResult> {
  const carrier = await provider();
  if (!carrier.transferCall) return { accepted: false, status: 501, note: `${name} cannot transfer to ${address} here.` };
  try {
    await carrier.transferCall(callId, address);
    return { accepted: true, status: 200, note: `${name} was asked to transfer the call to ${address} (200).` };
  } catch (error) {
    log.warn({ err: (error as Error).message }, `${dialect}: transfer refused`);
    const status = error instanceof DomainError && error.code === 'NOT_FOUND' ? 404 : 502;
    return { accepted: false, status, note: `${name} refused the transfer to ${address} (${(error as Error).message}).` };
  }
}
