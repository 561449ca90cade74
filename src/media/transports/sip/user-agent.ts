/**
 * The SIP user agent for trunks over UDP: one socket, the transaction layer,
 * and the core that routes each message to a transaction, a dialog or a new
 * call. Nothing a peer sends may throw out of the socket handler: garbage is
 * dropped, malformed requests get 400 when they can be addressed, and floods
 * of new requests (any method) are limited per source address. A source that
 * is not an admitted trunk is never sent more bytes than it sent us (a
 * ByteBudget per transaction), so we cannot be used to amplify a reflection
 * attack; an INVITE's 100 Trying waits for its admission (IncomingSipCall.admit,
 * which the application calls once it trusts the caller). Emits `invite(call)`.
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { EventEmitter } from 'node:events';
import { parseNameAddr, parseVia } from './address.js';
import { ALLOW, refusedMediaWarning, type CallHost, type SipCall, type SipLogger } from './call.js';
import type { LocalIdentity } from './dialog.js';
import { IncomingSipCall } from './incoming-call.js';
import {
  headerValue,
  MAX_DATAGRAM,
  parseSipMessage,
  serializeSipMessage,
  SipParseError,
  type SipHeaderList,
  type SipRequest,
  type SipResponse,
} from './message.js';
import { OutgoingSipCall, type PlaceCallOptions } from './outgoing-call.js';
import { DEFAULT_RATE_LIMIT, SourceRateLimiter, type RateLimitOptions } from './rate-limit.js';
import { negotiateOrRefuse, parseSdp, type NegotiateOptions } from './sdp.js';
import { DEFAULT_TIMERS, makeResponse, TransactionLayer, type ByteBudget, type Peer, type SipTimers } from './transactions.js';

export interface SipUserAgentOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The address peers reach us on (Via, Contact) when it differs from the bound host. */
  publicAddress?: string;
  logger?: SipLogger;
  /** Shorter timers make timeout paths testable; production keeps RFC 3261's defaults. */
  timers?: Partial<SipTimers>;
  rateLimit?: Partial<RateLimitOptions>;
  /** Sees every datagram in and out (debugging, tests). */
  trace?: (direction: 'in' | 'out', data: Buffer, peer: Peer) => void;
}

/** Methods we recognise but do not serve out of dialog: 405 with Allow, rather than 501. */
const KNOWN_METHODS = new Set(['REGISTER', 'SUBSCRIBE', 'NOTIFY', 'MESSAGE', 'REFER', 'INFO', 'UPDATE', 'PRACK', 'PUBLISH']);
/** How long a source stays admitted after its last admitted call, and how many such sources are kept. */
const ADMITTED_FOR_MS = 10 * 60_000;
const MAX_ADMITTED = 10_000;

export class SipUserAgent extends EventEmitter implements CallHost {
  readonly layer: TransactionLayer;
  readonly timers: SipTimers;
  readonly local: LocalIdentity;
  readonly logger?: SipLogger;
  /** RTP is bound on our host too: an SDP address of the other family is refused. */
  readonly mediaOptions: Pick<NegotiateOptions, 'family'>;
  private readonly calls = new Map<string, SipCall>();
  /** INVITEs not yet answered, by server transaction key, so a CANCEL finds its call. */
  private readonly pending = new Map<string, IncomingSipCall>();
  private readonly limiter: SourceRateLimiter;
  /** Sources whose calls were admitted (trunks), until when: they are answered without a byte budget. */
  private readonly admitted = new Map<string, number>();
  private closed = false;
  private draining = false;

  private constructor(
    private readonly socket: Socket,
    private readonly options: SipUserAgentOptions,
  ) {
    super();
    this.timers = { ...DEFAULT_TIMERS, ...options.timers };
    this.layer = new TransactionLayer(this.send, this.timers);
    this.logger = options.logger;
    this.mediaOptions = { family: options.host.includes(':') ? 'IPv6' : 'IPv4' };
    this.limiter = new SourceRateLimiter({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit });
    const bound = socket.address();
    this.local = { host: options.publicAddress ?? options.host, port: bound.port };
    socket.on('message', (data, rinfo) => this.onDatagram(data, rinfo));
    socket.on('error', (err) => this.logger?.warn({ err: err.message }, 'sip: socket error'));
  }

  static listen(options: SipUserAgentOptions): Promise<SipUserAgent> {
    const socket = createSocket(options.host.includes(':') ? 'udp6' : 'udp4');
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(options.port, options.host, () => {
        socket.off('error', reject);
        resolve(new SipUserAgent(socket, options));
      });
    });
  }

  get address(): Peer {
    return { address: this.options.host, port: this.local.port };
  }

  /** Subscribes to new calls: `invite(call)`. */
  onInvite(listener: (call: IncomingSipCall) => void): this {
    return this.on('invite', listener);
  }

  placeCall(options: PlaceCallOptions): OutgoingSipCall {
    return new OutgoingSipCall(this, options).start();
  }

  readonly send = (message: SipRequest | SipResponse, to: Peer, budget?: ByteBudget): boolean => {
    if (this.closed) return false; // timers of calls still winding down may fire after close()
    const data = serializeSipMessage(message);
    if (budget) {
      if (data.length > budget.remaining) {
        this.logger?.debug?.({ to, bytes: data.length, budget: budget.remaining }, 'sip: answer to an unadmitted source over its byte budget, dropped');
        return false;
      }
      budget.remaining -= data.length;
    }
    this.options.trace?.('out', data, to);
    try {
      this.socket.send(data, to.port, to.address, (err) => {
        if (err) this.logger?.warn({ err: err.message, to }, 'sip: send failed');
      });
    } catch (err) {
      // A bad port or address (a Via or Contact a peer made up) throws at once; a send runs in timers, so never rethrow.
      this.logger?.warn({ err: (err as Error).message, to }, 'sip: send refused');
      return false;
    }
    return true;
  };

  /** Answers from now on go to `address` without a byte budget: a call from it was admitted. */
  admitSource(address: string): void {
    this.admitted.delete(address);
    if (this.admitted.size >= MAX_ADMITTED) this.admitted.delete(this.admitted.keys().next().value!);
    this.admitted.set(address, Date.now() + ADMITTED_FOR_MS);
  }

  /** No budget for an admitted source; else as many bytes as the request had. */
  budgetFor(source: Peer, size: number): ByteBudget | undefined {
    const until = this.admitted.get(source.address);
    if (until !== undefined && until > Date.now()) return undefined;
    if (until !== undefined) this.admitted.delete(source.address);
    return { remaining: size };
  }

  remember(call: SipCall): void {
    this.calls.set(callKey(call.callId, (call as IncomingSipCall | OutgoingSipCall).localTag), call);
  }

  forget(call: SipCall): void {
    // Keep the dialog reachable briefly so late retransmissions (BYE, 2xx) still find it.
    const key = callKey(call.callId, (call as IncomingSipCall | OutgoingSipCall).localTag);
    setTimeout(() => this.calls.get(key) === call && this.calls.delete(key), 64 * this.timers.t1).unref();
  }

  /**
   * Takes no new calls: an INVITE from now on is answered 503 with Retry-After (a proxy or carrier tries another
   * process), while the calls in progress go on (their in-dialog requests are still served) until close().
   */
  drain(): void {
    this.draining = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.layer.close();
    for (const call of this.calls.values()) call.removeAllListeners();
    this.calls.clear();
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  private onDatagram(data: Buffer, rinfo: RemoteInfo): void {
    const source: Peer = { address: rinfo.address, port: rinfo.port };
    try {
      this.options.trace?.('in', data, source);
      // Keep-alives (CRLF pings, RFC 5626) and stray bytes are not SIP; nor is more than a UDP trunk sends: not read.
      if (data.length < 16) return;
      if (data.length > MAX_DATAGRAM) return this.logger?.debug?.({ source, bytes: data.length }, 'sip: datagram too large, dropped');
      const message = parseSipMessage(data);
      if (message.kind === 'request') this.onRequest(message, source, data.length);
      else this.onResponse(message);
    } catch (err) {
      if (err instanceof SipParseError) this.badRequest(err, source, data.length);
      else this.logger?.warn({ err: (err as Error).message, source }, 'sip: message handling failed');
    }
  }

  /**
   * 400 (or 513 past our limits) to a malformed request we can still address; anything else is dropped. The answer
   * is minimal (the request's first Via, From, To, Call-ID and CSeq, and why in a short reason), counts against the source's rate limit and fits its byte budget.
   */
  private badRequest(err: SipParseError, source: Peer, size: number): void {
    const partial = err.partial;
    this.logger?.debug?.({ source, why: err.message }, 'sip: malformed message');
    if (!partial || partial.method === 'ACK') return;
    const need = ['Via', 'From', 'To', 'Call-ID', 'CSeq'];
    if (!need.every((n) => headerValue(partial.headers, n))) return;
    if (this.limiter.take(source.address) !== 'accept') return;
    const headers = need.map((n): [string, string] => [n, headerValue(partial.headers, n)!]);
    const request: SipRequest = { kind: 'request', method: partial.method, uri: '', headers, body: '' };
    const reason = `${err.status === 513 ? 'Message Too Large' : 'Bad Request'} (${err.message})`.replace(/[\r\n]/g, ' ');
    this.send(makeResponse(request, err.status, { reason }), source, this.budgetFor(source, size));
  }

  private onRequest(request: SipRequest, source: Peer, size: number): void {
    markReceived(request, source);
    const existing = this.layer.findServer(request);
    if (request.method === 'ACK') {
      if (existing && existing.state === 'completed') return existing.ack();
      return this.dialogOf(request)?.handleAck(request);
    }
    if (existing) return existing.retransmission(size);
    const inDialog = /;\s*tag=/i.test(headerValue(request.headers, 'To')!);
    const call = inDialog ? this.dialogOf(request) : undefined;
    // Requests inside one of our dialogs, and CANCELs of our pending INVITEs, belong to calls already admitted or placed.
    if (call?.dialog && !call.ended) return call.handleInDialog(request, this.layer.createServer(request, source), source);
    if (request.method === 'CANCEL' && this.layer.findServer(request, 'INVITE')) return this.onCancel(request, source, size);
    // Anything else is new work anyone can ask for: limited per source, whatever the method.
    const decision = this.limiter.take(source.address);
    if (decision !== 'accept') this.logger?.debug?.({ source, method: request.method, decision }, 'sip: rate limit');
    if (decision === 'drop') return;
    if (decision === 'reject') {
      return this.respondStateless(request, source, size, 503, [['Retry-After', '5']], 'Service Unavailable (rate limited)');
    }
    if (request.method === 'CANCEL' || inDialog) return this.respondStateless(request, source, size, 481);
    switch (request.method) {
      case 'INVITE':
        return this.handleInvite(request, source, size);
      case 'OPTIONS':
        return this.respondStateless(request, source, size, 200, [
          ['Allow', ALLOW],
          ['Accept', 'application/sdp'],
        ]);
      case 'BYE':
        return this.respondStateless(request, source, size, 481);
      default:
        if (KNOWN_METHODS.has(request.method)) return this.respondStateless(request, source, size, 405, [['Allow', ALLOW]]);
        return this.respondStateless(request, source, size, 501);
    }
  }

  /** A final answer outside any call; to an unadmitted source without the extra headers when only that fits its budget. */
  private respondStateless(request: SipRequest, source: Peer, size: number, status: number, headers: SipHeaderList = [], reason?: string): void {
    const budget = this.budgetFor(source, size);
    const toTag = 'x' + Date.now().toString(36);
    let response = makeResponse(request, status, { headers, reason, toTag });
    if (budget && headers.length && serializeSipMessage(response).length > budget.remaining) response = makeResponse(request, status, { toTag });
    this.layer.createServer(request, source, budget).respond(response);
  }

  private onCancel(request: SipRequest, source: Peer, size: number): void {
    const invite = this.layer.findServer(request, 'INVITE')!;
    this.respondStateless(request, source, size, 200);
    this.pending.get(invite.key)?.handleCancel();
  }

  private handleInvite(request: SipRequest, source: Peer, size: number): void {
    if (this.draining) return this.respondStateless(request, source, size, 503, [['Retry-After', '30']], 'Service Unavailable (shutting down)');
    const tx = this.layer.createServer(request, source, this.budgetFor(source, size));
    // At once to an admitted trunk, so it stops retransmitting (§17.2.1); to anyone else once the call is admitted.
    if (!tx.budget) tx.respond(makeResponse(request, 100));
    const refuse = (status: number, headers: SipHeaderList, reason?: string): void =>
      tx.respond(makeResponse(request, status, { headers, reason, toTag: 'r' + Date.now().toString(36) }));
    const require = headerValue(request.headers, 'Require');
    if (require) return refuse(420, [['Unsupported', require]], 'Bad Extension');
    const type = headerValue(request.headers, 'Content-Type')?.split(';')[0].trim().toLowerCase();
    if (!request.body.trim()) {
      return refuse(488, [['Warning', '399 - "INVITE without SDP: late offer is not supported"']]);
    }
    if (type !== 'application/sdp') return refuse(415, [['Accept', 'application/sdp']]);
    let offer;
    try {
      offer = parseSdp(request.body);
    } catch (err) {
      return refuse(400, [], `Bad Request (malformed SDP: ${(err as Error).message})`);
    }
    const negotiation = negotiateOrRefuse(offer, { ...this.mediaOptions, peer: source.address });
    if ('refused' in negotiation) return refuse(488, [['Warning', refusedMediaWarning(negotiation.refused)]]);
    const negotiated = negotiation.negotiated;
    if (!parseNameAddr(headerValue(request.headers, 'From')!) || !parseNameAddr(headerValue(request.headers, 'To')!)) {
      return refuse(400, [], 'Bad Request (malformed From or To)');
    }
    const call = new IncomingSipCall(this, request, tx, source, offer, negotiated);
    this.pending.set(tx.key, call);
    call.once('ended', () => this.pending.delete(tx.key));
    if (this.listenerCount('invite') === 0) return call.reject(480, 'No Handler');
    this.emit('invite', call);
  }

  private onResponse(response: SipResponse): void {
    const tx = this.layer.matchResponse(response);
    if (tx) return tx.receive(response);
    // A 2xx retransmitted after the INVITE transaction ended belongs to the dialog (§13.2.2.4).
    const cseq = headerValue(response.headers, 'CSeq') ?? '';
    if (response.status >= 200 && response.status < 300 && /INVITE$/i.test(cseq)) {
      const fromTag = parseNameAddr(headerValue(response.headers, 'From')!)?.params.tag ?? '';
      const call = this.calls.get(callKey(headerValue(response.headers, 'Call-ID')!, fromTag));
      if (call instanceof OutgoingSipCall) call.handleRetransmitted2xx(response);
    }
  }

  /** The call a request inside a dialog belongs to: Call-ID plus our tag (the request's To tag). */
  private dialogOf(request: SipRequest): SipCall | undefined {
    const toTag = parseNameAddr(headerValue(request.headers, 'To')!)?.params.tag;
    return toTag ? this.calls.get(callKey(headerValue(request.headers, 'Call-ID')!, toTag)) : undefined;
  }
}

function callKey(callId: string, localTag: string): string {
  return `${callId}|${localTag}`;
}

/** §18.2.1 and RFC 3581: note the source address on the top Via so responses record where they go. */
function markReceived(request: SipRequest, source: Peer): void {
  const index = request.headers.findIndex(([n]) => n === 'Via');
  const via = parseVia(request.headers[index][1]);
  if (!via) return;
  let value = request.headers[index][1];
  if (via.host !== source.address && via.params.received === undefined) value += `;received=${source.address}`;
  value = value.replace(/;rport(?=;|$)/, `;rport=${source.port}`);
  request.headers[index] = ['Via', value];
}
