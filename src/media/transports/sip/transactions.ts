/**
 * RFC 3261 §17 transactions over UDP: the four state machines, their
 * retransmission timers and the matching rules (§17.1.3, §17.2.3). The user
 * agent core above decides what to answer; this layer makes each answer
 * reliable and absorbs retransmissions. 2xx to INVITE are the dialog's to
 * retransmit and acknowledge (§13.3.1.4, §13.2.2.4), not this layer's.
 */
import { newBranch, parseVia } from './address.js';
import { headerValue, headerValues, parseCSeq, type SipHeaderList, type SipRequest, type SipResponse } from './message.js';

export interface SipTimers {
  t1: number;
  t2: number;
  t4: number;
}
export const DEFAULT_TIMERS: SipTimers = { t1: 500, t2: 4000, t4: 5000 };

export interface Peer {
  address: string;
  port: number;
}

/**
 * Bytes we may still send in answer to a request from a source that is not an admitted trunk: what it sent us.
 * A send that would exceed it is dropped, so nobody can use us to reflect more traffic at a spoofed address than
 * they spend themselves (decision 0053).
 */
export interface ByteBudget {
  remaining: number;
}

/** Sends one message; with a budget, only when it fits (then it is debited). False when nothing was sent. */
export type SendFn = (message: SipRequest | SipResponse, to: Peer, budget?: ByteBudget) => boolean;

export const REASONS: Record<number, string> = {
  100: 'Trying',
  180: 'Ringing',
  183: 'Session Progress',
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  480: 'Temporarily Unavailable',
  481: 'Call/Transaction Does Not Exist',
  484: 'Address Incomplete',
  486: 'Busy Here',
  487: 'Request Terminated',
  488: 'Not Acceptable Here',
  491: 'Request Pending',
  500: 'Server Internal Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  513: 'Message Too Large',
  603: 'Decline',
};

/** A response to `request` with its Via, From, To, Call-ID and CSeq (§8.2.6.2); `toTag` is added when To has none. */
export function makeResponse(
  request: SipRequest,
  status: number,
  options: { reason?: string; toTag?: string; headers?: SipHeaderList; body?: string } = {},
): SipResponse {
  let to = headerValue(request.headers, 'To')!;
  if (options.toTag && status > 100 && !/;\s*tag=/i.test(to)) to += `;tag=${options.toTag}`;
  const headers: SipHeaderList = [
    ...headerValues(request.headers, 'Via').map((v): [string, string] => ['Via', v]),
    ['From', headerValue(request.headers, 'From')!],
    ['To', to],
    ['Call-ID', headerValue(request.headers, 'Call-ID')!],
    ['CSeq', headerValue(request.headers, 'CSeq')!],
    ...(options.headers ?? []),
  ];
  return { kind: 'response', status, reason: options.reason ?? REASONS[status] ?? 'Unknown', headers, body: options.body ?? '' };
}

/** §17.2.3: branch + sent-by + method, with ACK matching its INVITE. */
export function serverKey(request: SipRequest): string | undefined {
  const via = parseVia(headerValue(request.headers, 'Via') ?? '');
  const branch = via?.params.branch;
  if (!via || !branch?.startsWith('z9hG4bK')) return undefined;
  const method = request.method === 'ACK' ? 'INVITE' : request.method;
  return `${branch}|${via.host}:${via.port ?? 5060}|${method}`;
}

function clientKey(branch: string, method: string): string {
  return `${branch}|${method}`;
}

export class ServerTransaction {
  state: 'proceeding' | 'accepted' | 'completed' | 'confirmed' | 'terminated' = 'proceeding';
  lastResponse?: SipResponse;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly layer: TransactionLayer,
    readonly key: string,
    readonly request: SipRequest,
    readonly source: Peer,
    /** Set while the source is not an admitted trunk; cleared when the call is admitted. */
    public budget?: ByteBudget,
  ) {}

  get isInvite(): boolean {
    return this.request.method === 'INVITE';
  }

  /** Sends a response; for a non-2xx final to INVITE, retransmits it until ACK (timers G and H). */
  respond(response: SipResponse): void {
    if (this.state !== 'proceeding') return;
    this.lastResponse = response;
    this.layer.send(response, this.source, this.budget);
    if (response.status < 200) return;
    const { t1, t2 } = this.layer.timers;
    if (this.isInvite && response.status >= 300) {
      this.state = 'completed';
      let interval = t1;
      const retransmit = (): void => {
        if (this.state !== 'completed') return;
        this.layer.send(response, this.source, this.budget);
        interval = Math.min(interval * 2, t2);
        this.timers.push(setTimeout(retransmit, interval));
      };
      this.timers.push(setTimeout(retransmit, interval));
      this.timers.push(setTimeout(() => this.terminate(), 64 * t1)); // H: no ACK came
    } else if (this.isInvite) {
      // 2xx: the dialog retransmits it; RFC 6026's Accepted state keeps absorbing INVITE retransmissions (timer L).
      this.state = 'accepted';
      this.timers.push(setTimeout(() => this.terminate(), 64 * t1));
    } else {
      this.state = 'completed';
      this.timers.push(setTimeout(() => this.terminate(), 64 * t1)); // J
    }
  }

  /** A retransmitted request of `size` bytes: replay what we last said (§17.2.1, §17.2.2), within the budget it adds to. */
  retransmission(size = 0): void {
    if (this.budget) this.budget.remaining += size;
    if (this.lastResponse && this.state !== 'confirmed' && this.state !== 'accepted') this.layer.send(this.lastResponse, this.source, this.budget);
  }

  ack(): void {
    if (this.state !== 'completed') return;
    this.state = 'confirmed';
    for (const t of this.timers) clearTimeout(t);
    this.timers = [setTimeout(() => this.terminate(), this.layer.timers.t4)]; // I: absorb ACK retransmissions
  }

  terminate(): void {
    this.state = 'terminated';
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.layer.server.delete(this.key);
  }
}

export interface ClientHandlers {
  response(response: SipResponse): void;
  /** Timer B or F fired: no final response. */
  timeout(): void;
}

export class ClientTransaction {
  state: 'calling' | 'proceeding' | 'completed' | 'terminated' = 'calling';
  private timers: NodeJS.Timeout[] = [];
  readonly branch: string;
  private ackFor?: SipRequest;

  constructor(
    private readonly layer: TransactionLayer,
    readonly request: SipRequest,
    readonly destination: Peer,
    private readonly handlers: ClientHandlers,
  ) {
    const via = parseVia(headerValue(request.headers, 'Via')!)!;
    this.branch = via.params.branch;
  }

  get key(): string {
    return clientKey(this.branch, this.request.method);
  }

  start(): void {
    this.layer.client.set(this.key, this);
    this.layer.send(this.request, this.destination);
    const { t1, t2 } = this.layer.timers;
    let interval = t1;
    const invite = this.request.method === 'INVITE';
    const retransmit = (): void => {
      if (this.state === 'completed' || this.state === 'terminated') return;
      if (invite && this.state !== 'calling') return; // A stops on a provisional
      this.layer.send(this.request, this.destination);
      interval = invite ? interval * 2 : this.state === 'proceeding' ? t2 : Math.min(interval * 2, t2);
      this.timers.push(setTimeout(retransmit, interval));
    };
    this.timers.push(setTimeout(retransmit, interval));
    this.timers.push(
      setTimeout(() => {
        if (this.state === 'calling' || this.state === 'proceeding') {
          this.terminate();
          this.handlers.timeout();
        }
      }, 64 * t1),
    );
  }

  receive(response: SipResponse): void {
    if (this.state === 'terminated') return;
    if (this.state === 'completed') {
      // A retransmitted final: INVITE re-sends its ACK (§17.1.1.2); non-INVITE absorbs it.
      if (this.ackFor) this.layer.send(this.ackFor, this.destination);
      return;
    }
    if (response.status < 200) {
      this.state = 'proceeding';
      this.handlers.response(response);
      return;
    }
    const invite = this.request.method === 'INVITE';
    if (invite && response.status < 300) {
      this.terminate();
      this.handlers.response(response);
      return;
    }
    this.state = 'completed';
    for (const t of this.timers) clearTimeout(t);
    const { t1, t4 } = this.layer.timers;
    if (invite) {
      this.ackFor = this.nonSuccessAck(response);
      this.layer.send(this.ackFor, this.destination);
    }
    this.timers = [setTimeout(() => this.terminate(), invite ? 64 * t1 : t4)]; // D or K
    this.handlers.response(response);
  }

  /** §17.1.1.3: same branch, Request-URI, From, Call-ID, Route; To from the response; CSeq method ACK. */
  private nonSuccessAck(response: SipResponse): SipRequest {
    const seq = parseCSeq(headerValue(this.request.headers, 'CSeq')!)!.seq;
    const headers: SipHeaderList = [
      ['Via', headerValue(this.request.headers, 'Via')!],
      ['Max-Forwards', '70'],
      ['From', headerValue(this.request.headers, 'From')!],
      ['To', headerValue(response.headers, 'To')!],
      ['Call-ID', headerValue(this.request.headers, 'Call-ID')!],
      ['CSeq', `${seq} ACK`],
      ...headerValues(this.request.headers, 'Route').map((r): [string, string] => ['Route', r]),
    ];
    return { kind: 'request', method: 'ACK', uri: this.request.uri, headers, body: '' };
  }

  terminate(): void {
    this.state = 'terminated';
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.layer.client.delete(this.key);
  }
}

export class TransactionLayer {
  readonly server = new Map<string, ServerTransaction>();
  readonly client = new Map<string, ClientTransaction>();

  constructor(
    readonly send: SendFn,
    readonly timers: SipTimers,
  ) {}

  /** The transaction a request belongs to, if any (retransmission, ACK for a non-2xx, CANCEL's target). */
  findServer(request: SipRequest, method?: string): ServerTransaction | undefined {
    const key = serverKey(method ? { ...request, method } : request);
    return key ? this.server.get(key) : undefined;
  }

  createServer(request: SipRequest, source: Peer, budget?: ByteBudget): ServerTransaction {
    // Requests without an RFC 3261 branch get a unique key: they still get answered, only not de-duplicated.
    const key = serverKey(request) ?? `legacy|${newBranch()}`;
    const tx = new ServerTransaction(this, key, request, source, budget);
    this.server.set(key, tx);
    return tx;
  }

  /** The client transaction a response belongs to: top Via branch + CSeq method (§17.1.3). */
  matchResponse(response: SipResponse): ClientTransaction | undefined {
    const via = parseVia(headerValue(response.headers, 'Via') ?? '');
    const cseq = parseCSeq(headerValue(response.headers, 'CSeq') ?? '');
    if (!via?.params.branch || !cseq) return undefined;
    return this.client.get(clientKey(via.params.branch, cseq.method));
  }

  request(request: SipRequest, destination: Peer, handlers: ClientHandlers): ClientTransaction {
    const tx = new ClientTransaction(this, request, destination, handlers);
    tx.start();
    return tx;
  }

  close(): void {
    for (const tx of [...this.server.values()]) tx.terminate();
    for (const tx of [...this.client.values()]) tx.terminate();
  }
}
