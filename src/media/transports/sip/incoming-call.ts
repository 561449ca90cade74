/**
 * An INVITE we received (the UAS side): the application looks at who called
 * and what was dialled, then rings, answers with its SDP, or rejects.
 * Events: `cancel`, `bye`, `reinvite(offer, answerSdp)`, `ended(reason, detail)`.
 */
import { parseNameAddr, parseUri, randomToken } from './address.js';
import { SipCall, contactUri, type CallHost } from './call.js';
import { Dialog } from './dialog.js';
import { headerValue, headerValues, parseCSeq, type SipRequest } from './message.js';
import type { Negotiated, SessionDescription } from './sdp.js';
import { makeResponse, type Peer, type ServerTransaction } from './transactions.js';

export class IncomingSipCall extends SipCall {
  readonly direction = 'inbound' as const;
  readonly from: string;
  readonly to: string;
  readonly requestUri: string;
  /** The dialled number: the Request-URI's user part, else the To URI's. */
  readonly dialled: string | undefined;
  readonly localTag = randomToken(12);
  private answering?: Promise<void>;

  constructor(
    host: CallHost,
    readonly invite: SipRequest,
    readonly tx: ServerTransaction,
    readonly source: Peer,
    readonly offer: SessionDescription,
    readonly negotiated: Negotiated,
  ) {
    super(host, headerValue(invite.headers, 'Call-ID')!);
    const from = parseNameAddr(headerValue(invite.headers, 'From')!);
    const to = parseNameAddr(headerValue(invite.headers, 'To')!);
    this.from = from?.uri ?? '';
    this.to = to?.uri ?? '';
    this.requestUri = invite.uri;
    this.dialled = parseUri(invite.uri)?.user ?? (to ? parseUri(to.uri)?.user : undefined);
    this.remoteSdp = invite.body;
    const toValue = headerValue(invite.headers, 'To')!.replace(/;\s*tag=[^;]*/i, '');
    const fromValue = headerValue(invite.headers, 'From')!;
    this.dialog = new Dialog(
      this.callId,
      this.localTag,
      from?.params.tag ?? '',
      toValue,
      fromValue.replace(/;\s*tag=[^;]*/i, ''),
      contactUri(invite) ?? this.from,
      headerValues(invite.headers, 'Record-Route'),
      Math.floor(Math.random() * 10000),
      parseCSeq(headerValue(invite.headers, 'CSeq')!)!.seq,
      host.local,
      source,
    );
  }

  get state(): 'offered' | 'answering' | 'confirmed' | 'ended' {
    if (this.ended) return 'ended';
    if (this.tx.state === 'proceeding' && !this.answering) return 'offered';
    return this.answering ? 'answering' : 'confirmed';
  }

  private respond(status: number, extra: { reason?: string; headers?: Array<[string, string]>; body?: string } = {}): void {
    const dialog = this.dialog!;
    const headers: Array<[string, string]> = status < 300 ? [['Contact', dialog.contact], ...(extra.headers ?? [])] : (extra.headers ?? []);
    this.tx.respond(makeResponse(this.invite, status, { ...extra, headers, toTag: this.localTag }));
  }

  /** The Authorization header the INVITE carried (a retry after our 401), if any. */
  get authorization(): string | undefined {
    return headerValue(this.invite.headers, 'Authorization');
  }

  /**
   * The application trusts this caller (its address or its digest credentials): answers to it are no longer held
   * to what it sent, and the 100 Trying that waited for this goes out now.
   */
  admit(): void {
    this.tx.budget = undefined;
    this.host.admitSource(this.source.address);
    if (!this.tx.lastResponse && this.tx.state === 'proceeding') this.tx.respond(makeResponse(this.invite, 100));
  }

  /** Rings (180); ringing or answering a caller admits it. */
  ringing(): void {
    if (this.tx.state !== 'proceeding' || this.answering || this.ended) return;
    this.admit();
    this.respond(180);
  }

  /** Sends 200 with our SDP; resolves on the ACK, rejects (and ends the call with BYE) when none comes in 64*T1. */
  answer(localSdp: string): Promise<void> {
    if (this.answering) return this.answering;
    if (this.ended || this.tx.state !== 'proceeding') return Promise.reject(new Error('the INVITE is no longer pending'));
    this.admit();
    this.localSdp = localSdp;
    const response = makeResponse(this.invite, 200, {
      toTag: this.localTag,
      headers: [
        ['Contact', this.dialog!.contact],
        ['Content-Type', 'application/sdp'],
        ['Allow', 'INVITE, ACK, CANCEL, BYE, OPTIONS'],
      ],
      body: localSdp,
    });
    this.tx.respond(response); // sends it once and ends the transaction (§17.2.1)
    this.host.remember(this);
    this.answering = this.sendReliable2xx(response, this.source).catch(async (err: Error) => {
      // §13.3.1.4: a UAS that never gets the ACK should end the dialog with BYE.
      const dialog = this.dialog!;
      this.end('no_ack', err.message);
      this.host.layer.request(dialog.request('BYE'), dialog.destination(), { response: () => {}, timeout: () => {} });
      throw err;
    });
    return this.answering;
  }

  reject(status: number, reason?: string, headers?: Array<[string, string]>): void {
    if (status < 300 || status > 699) throw new RangeError('reject needs a 3xx-6xx status');
    if (this.ended || this.answering || this.tx.state !== 'proceeding') return;
    this.respond(status, { reason, headers });
    this.end('rejected', `${status}`);
  }

  /** CANCEL for this INVITE: 487 to the INVITE (the CANCEL's 200 was sent by the UA). */
  handleCancel(): void {
    if (this.ended || this.answering || this.tx.state !== 'proceeding') return;
    this.respond(487);
    this.emit('cancel');
    this.end('cancelled');
  }

  /** Hangs up: BYE once answered, else 480 to the pending INVITE. */
  override hangup(): Promise<void> {
    if (!this.answering && !this.ended) {
      this.reject(480);
      return Promise.resolve();
    }
    return super.hangup();
  }
}
