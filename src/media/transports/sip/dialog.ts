/**
 * Dialog state (RFC 3261 §12): the identifiers, sequence numbers, remote
 * target and route set, and how a request inside the dialog is built and
 * where it goes. Route sets are taken as loose routes (lr), which is what
 * every trunk uses today.
 */
import { isIP } from 'node:net';
import { newBranch, parseUri } from './address.js';
import type { SipHeaderList, SipRequest } from './message.js';
import type { Peer } from './transactions.js';

export interface LocalIdentity {
  /** Host:port for Via and Contact (publicAddress when behind NAT). */
  host: string;
  port: number;
}

export class Dialog {
  constructor(
    readonly callId: string,
    readonly localTag: string,
    public remoteTag: string,
    /** Our From/To value without the tag parameter (a name-addr). */
    readonly localAddr: string,
    readonly remoteAddr: string,
    public remoteTarget: string,
    public routeSet: string[],
    public localSeq: number,
    public remoteSeq: number | undefined,
    readonly local: LocalIdentity,
    /** Where the dialog's first request came from or went to; used when the target is not an IP address. */
    readonly peer: Peer,
  ) {}

  get contact(): string {
    return `<sip:${this.local.host}:${this.local.port};transport=udp>`;
  }

  /** Where requests in this dialog go: the first route, else the remote target. */
  destination(): Peer {
    const next = this.routeSet[0]?.replace(/^.*<([^>]+)>.*$/, '$1') ?? this.remoteTarget;
    const uri = parseUri(next);
    if (!uri || !isIP(uri.host.replace(/^\[|\]$/g, ''))) return this.peer; // we do not resolve names: answer the peer
    return { address: uri.host.replace(/^\[|\]$/g, ''), port: uri.port ?? 5060 };
  }

  via(branch = newBranch()): string {
    return `SIP/2.0/UDP ${this.local.host}:${this.local.port};branch=${branch};rport`;
  }

  /** A new request in the dialog (BYE, re-INVITE); ACK and CANCEL reuse a sequence number and pass `seq`. */
  request(method: string, options: { seq?: number; body?: string; headers?: SipHeaderList } = {}): SipRequest {
    const seq = options.seq ?? ++this.localSeq;
    const headers: SipHeaderList = [
      ['Via', this.via()],
      ['Max-Forwards', '70'],
      ['From', `${this.localAddr};tag=${this.localTag}`],
      ['To', `${this.remoteAddr};tag=${this.remoteTag}`],
      ['Call-ID', this.callId],
      ['CSeq', `${seq} ${method}`],
      ...this.routeSet.map((r): [string, string] => ['Route', r]),
      ['Contact', this.contact],
      ...(options.headers ?? []),
    ];
    return { kind: 'request', method, uri: this.remoteTarget, headers, body: options.body ?? '' };
  }
}
