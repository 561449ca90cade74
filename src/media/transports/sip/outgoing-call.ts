/**
 * A call we place (the UAC side): INVITE, one digest retry on 401/407, ACK
 * for the 2xx (re-sent for each retransmitted 2xx), CANCEL on ring timeout,
 * and the failure outcome the platform records.
 * Events: `progress(status)`, `answered(remoteSdp)`, `failed({status, reason, outcome})`, `bye`, `reinvite`, `ended`.
 */
import { newBranch, parseNameAddr, parseUri, randomToken } from './address.js';
import { SipCall, contactUri, type CallHost } from './call.js';
import { Dialog } from './dialog.js';
import { digestAuthorization, parseDigestChallenge } from './digest.js';
import { headerValue, headerValues, type SipHeaderList, type SipRequest, type SipResponse } from './message.js';
import type { ClientTransaction, Peer } from './transactions.js';

export type CallOutcome = 'busy' | 'declined' | 'no_answer' | 'invalid_number' | 'failed';

export interface CallFailure {
  status: number;
  reason: string;
  outcome: CallOutcome;
}

export interface PlaceCallOptions {
  /** `sip:+15550100@192.0.2.10:5060`; the host must be an IP address (no DNS on trunks here). */
  target: string;
  /** Our identity, `sip:+15550199@example.com` or a name-addr. */
  from: string;
  sdp: string;
  credentials?: { username: string; password: string };
  ringTimeoutMs: number;
  headers?: SipHeaderList;
}

export function outcomeFor(status: number): CallOutcome {
  if (status === 486 || status === 600) return 'busy';
  if (status === 603) return 'declined';
  if (status === 408 || status === 480 || status === 487) return 'no_answer';
  if (status === 404 || status === 484 || status === 410) return 'invalid_number';
  return 'failed';
}

export class OutgoingSipCall extends SipCall {
  readonly direction = 'outbound' as const;
  readonly localTag = randomToken(12);
  private seq = 1;
  private tx?: ClientTransaction;
  private invite?: SipRequest;
  private authTried = false;
  private provisional = false;
  private ringTimer?: NodeJS.Timeout;
  private timedOut = false;
  private ack?: SipRequest;
  private readonly destination: Peer;
  private readonly fromAddr: string;
  private readonly toAddr: string;

  constructor(
    host: CallHost,
    private readonly options: PlaceCallOptions,
  ) {
    super(host, `${randomToken(20)}@${host.local.host}`);
    const target = parseUri(options.target);
    if (!target || target.scheme === 'tel') throw new Error(`not a SIP URI: ${options.target}`);
    this.destination = { address: target.host.replace(/^\[|\]$/g, ''), port: target.port ?? 5060 };
    const from = parseNameAddr(options.from);
    if (!from) throw new Error(`not a SIP address: ${options.from}`);
    this.fromAddr = `<${from.uri}>`;
    this.toAddr = `<${options.target.split(';')[0]}>`;
    this.localSdp = options.sdp;
  }

  /** Sends the INVITE and starts the ring timer. */
  start(): this {
    this.sendInvite([]);
    this.ringTimer = setTimeout(() => this.ringTimeout(), this.options.ringTimeoutMs);
    return this;
  }

  private sendInvite(auth: SipHeaderList): void {
    const headers: SipHeaderList = [
      ['Via', `SIP/2.0/UDP ${this.host.local.host}:${this.host.local.port};branch=${newBranch()};rport`],
      ['Max-Forwards', '70'],
      ['From', `${this.fromAddr};tag=${this.localTag}`],
      ['To', this.toAddr],
      ['Call-ID', this.callId],
      ['CSeq', `${this.seq} INVITE`],
      ['Contact', `<sip:${this.host.local.host}:${this.host.local.port};transport=udp>`],
      ['Allow', 'INVITE, ACK, CANCEL, BYE, OPTIONS'],
      ['Content-Type', 'application/sdp'],
      ...auth,
      ...(this.options.headers ?? []),
    ];
    this.invite = { kind: 'request', method: 'INVITE', uri: this.options.target, headers, body: this.options.sdp };
    this.host.remember(this);
    this.tx = this.host.layer.request(this.invite, this.destination, {
      response: (res) => this.onResponse(res),
      timeout: () => this.fail(408, 'Request Timeout'),
    });
  }

  private onResponse(res: SipResponse): void {
    if (this.ended) return;
    if (res.status < 200) {
      this.provisional = true;
      this.emit('progress', res.status);
      if (this.timedOut) this.cancel(); // the ring timer fired before any provisional: CANCEL now (§9.1)
      return;
    }
    if (res.status < 300) return this.on2xx(res);
    if ((res.status === 401 || res.status === 407) && this.options.credentials && !this.authTried && !this.timedOut) {
      const challengeHeader = headerValue(res.headers, res.status === 401 ? 'WWW-Authenticate' : 'Proxy-Authenticate');
      const challenge = challengeHeader ? parseDigestChallenge(challengeHeader) : undefined;
      const authorization = challenge ? digestAuthorization({ challenge, method: 'INVITE', uri: this.options.target, ...this.options.credentials }) : undefined;
      if (authorization) {
        this.authTried = true;
        this.seq++;
        this.sendInvite([[res.status === 401 ? 'Authorization' : 'Proxy-Authorization', authorization]]);
        return;
      }
    }
    this.fail(res.status, res.reason);
  }

  private on2xx(res: SipResponse): void {
    clearTimeout(this.ringTimer);
    const to = parseNameAddr(headerValue(res.headers, 'To') ?? '');
    if (!this.dialog) {
      this.dialog = new Dialog(
        this.callId,
        this.localTag,
        to?.params.tag ?? '',
        this.fromAddr,
        this.toAddr,
        contactUri(res) ?? this.options.target,
        headerValues(res.headers, 'Record-Route').reverse(), // §12.1.2: the UAC reverses the route set
        this.seq,
        undefined,
        this.host.local,
        this.destination,
      );
      this.ack = this.dialog.request('ACK', { seq: this.seq });
      this.host.remember(this);
    }
    this.host.send(this.ack!, this.dialog.destination());
    if (this.remoteSdp === undefined) {
      this.remoteSdp = res.body;
      this.emit('answered', res.body);
      if (this.timedOut) void this.hangup(); // answered while our CANCEL crossed it: end it properly
    }
  }

  /** A 2xx retransmitted after the INVITE transaction ended: ACK it again (§13.2.2.4). */
  handleRetransmitted2xx(res: SipResponse): void {
    if (this.ack && this.dialog) this.host.send(this.ack, this.dialog.destination());
    void res;
  }

  private ringTimeout(): void {
    if (this.ended || this.dialog) return;
    this.timedOut = true;
    if (this.provisional) this.cancel();
    // Without a provisional we may not CANCEL yet; one is sent as soon as a provisional arrives, and timer B ends it otherwise.
  }

  /** CANCEL mirrors the INVITE's Request-URI, Call-ID, From, To, CSeq number and top Via (§9.1). */
  private cancel(): void {
    const invite = this.invite!;
    const pick = (name: string): string => headerValue(invite.headers, name)!;
    const headers: SipHeaderList = [
      ['Via', pick('Via')],
      ['Max-Forwards', '70'],
      ['From', pick('From')],
      ['To', pick('To')],
      ['Call-ID', this.callId],
      ['CSeq', `${this.seq} CANCEL`],
      ...headerValues(invite.headers, 'Route').map((r): [string, string] => ['Route', r]),
    ];
    this.host.layer.request({ kind: 'request', method: 'CANCEL', uri: invite.uri, headers, body: '' }, this.destination, {
      response: () => {},
      timeout: () => this.fail(408, 'Request Timeout'),
    });
  }

  private fail(status: number, reason: string): void {
    if (this.ended) return;
    clearTimeout(this.ringTimer);
    const outcome = this.timedOut ? 'no_answer' : outcomeFor(status);
    const failure: CallFailure = { status, reason, outcome };
    this.emit('failed', failure);
    this.end('failed', `${status} ${reason}`);
  }

  /** BYE once answered; before that, CANCEL (the 487 then reports the failure). */
  override hangup(): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (!this.dialog) {
      clearTimeout(this.ringTimer);
      if (this.provisional) this.cancel();
      else this.tx?.terminate();
      this.fail(487, 'Request Terminated');
      return Promise.resolve();
    }
    return super.hangup();
  }

  protected override end(...args: Parameters<SipCall['end']>): void {
    clearTimeout(this.ringTimer);
    super.end(...args);
  }
}
