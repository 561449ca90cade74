/**
 * What both call directions share once a dialog exists: reliable 2xx to
 * INVITE until ACK (§13.3.1.4), requests inside the dialog (BYE, re-INVITE
 * for hold/unhold, OPTIONS, NOTIFY), a blind transfer with REFER (RFC 3515),
 * and hanging up with BYE.
 */
import { EventEmitter } from 'node:events';
import { parseUri } from './address.js';
import type { Dialog, LocalIdentity } from './dialog.js';
import { headerValue, parseCSeq, type SipRequest, type SipResponse } from './message.js';
import { negotiateOrRefuse, parseSdp, redescribe, type NegotiateOptions, type Negotiated, type SessionDescription } from './sdp.js';
import { makeResponse, type Peer, type SendFn, type ServerTransaction, type SipTimers, type TransactionLayer } from './transactions.js';

export interface SipLogger {
  debug?(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface CallHost {
  readonly layer: TransactionLayer;
  readonly timers: SipTimers;
  readonly send: SendFn;
  readonly local: LocalIdentity;
  readonly logger?: SipLogger;
  /** What an SDP offer inside a dialog is checked against (our RTP socket's address family). */
  readonly mediaOptions?: Pick<NegotiateOptions, 'family'>;
  /** Indexes the call by its dialog so requests inside it find it. */
  remember(call: SipCall): void;
  /** Trusts `address` as a trunk: answers to it carry no byte budget from now on. */
  admitSource(address: string): void;
  forget(call: SipCall): void;
}

export type SipEndReason = 'remote_bye' | 'local_bye' | 'cancelled' | 'rejected' | 'failed' | 'no_ack';

/** Returns the SDP answer to a re-INVITE's offer; undefined lets the UA mirror the direction on our last SDP. */
export type ReinviteHandler = (offer: SessionDescription, negotiated: Negotiated) => string | undefined;

/** How a REFER went: the final response to it, and the last sipfrag status its NOTIFYs reported. */
export interface ReferResult {
  accepted: boolean;
  /** The REFER's final status (202 when accepted); 408 when none came, 481 when there is no dialog. */
  status: number;
  /** The status line in the last NOTIFY's message/sipfrag body (100, 180, 200, 486...), if one came. */
  notified?: number;
  /** How the transfer went, in the transfer leg's words, when it did not go by SIP REFER (a carrier's API). */
  note?: string;
}

/** A NOTIFY inside the dialog, as far as a REFER cares (RFC 3515 §2.4.5). */
export interface NotifyEvent {
  event: string;
  /** The sipfrag status line's code, when the body is message/sipfrag. */
  status?: number;
  terminated: boolean;
}

/** How long refer() waits for the NOTIFY that reports the transfer's final status. */
export const REFER_NOTIFY_WAIT_MS = 5000;

export const UNSUPPORTED_MEDIA_WARNING = '305 - "Incompatible media format: only PCMU/PCMA audio"';

/** The Warning of a 488 for an offer negotiateOrRefuse() refused: 305 for the codecs, 399 (miscellaneous) for addresses and ports. */
export function refusedMediaWarning(refused: string): string {
  return refused === 'only PCMU/PCMA audio' ? UNSUPPORTED_MEDIA_WARNING : `399 - "Not acceptable: ${refused}"`;
}

export abstract class SipCall extends EventEmitter {
  dialog?: Dialog;
  ended = false;
  localSdp?: string;
  remoteSdp?: string;
  reinviteHandler?: ReinviteHandler;
  private readonly awaitingAck = new Map<number, { stop(): void; acked(): void }>();
  private reinviting = false;

  constructor(
    protected readonly host: CallHost,
    readonly callId: string,
  ) {
    super();
  }

  /** Sends a 2xx to INVITE and repeats it (T1 doubling, capped at T2) until the ACK with its CSeq; gives up at 64*T1. */
  protected sendReliable2xx(response: SipResponse, to: Peer): Promise<void> {
    const seq = parseCSeq(headerValue(response.headers, 'CSeq')!)!.seq;
    const { t1, t2 } = this.host.timers;
    return new Promise((resolve, reject) => {
      let interval = t1;
      let timer: NodeJS.Timeout;
      const send = (): void => {
        this.host.send(response, to);
        timer = setTimeout(send, interval);
        interval = Math.min(interval * 2, t2);
      };
      const giveUp = setTimeout(() => {
        clearTimeout(timer);
        this.awaitingAck.delete(seq);
        reject(new Error(`no ACK for the ${response.status} within ${64 * t1} ms`));
      }, 64 * t1);
      const stop = (): void => {
        clearTimeout(timer);
        clearTimeout(giveUp);
        this.awaitingAck.delete(seq);
      };
      this.awaitingAck.set(seq, { stop, acked: () => (stop(), resolve()) });
      send();
    });
  }

  /** An ACK inside the dialog: it confirms the 2xx with the same CSeq number. */
  handleAck(request: SipRequest): void {
    const seq = parseCSeq(headerValue(request.headers, 'CSeq')!)!.seq;
    this.awaitingAck.get(seq)?.acked();
  }

  /** Requests inside the dialog; ACK and CANCEL never reach here. */
  handleInDialog(request: SipRequest, tx: ServerTransaction, source: Peer): void {
    const dialog = this.dialog!;
    const seq = parseCSeq(headerValue(request.headers, 'CSeq')!)!.seq;
    if (dialog.remoteSeq !== undefined && seq <= dialog.remoteSeq) {
      tx.respond(makeResponse(request, 500, { reason: 'Out Of Order CSeq' })); // §12.2.2
      return;
    }
    dialog.remoteSeq = seq;
    switch (request.method) {
      case 'BYE':
        tx.respond(makeResponse(request, 200));
        this.emit('bye');
        this.end('remote_bye');
        return;
      case 'INVITE':
        this.reinvite(request, tx, source);
        return;
      case 'NOTIFY':
        // Any in-dialog NOTIFY is acknowledged (RFC 6665 §4.1.3); those for a REFER carry its progress.
        tx.respond(makeResponse(request, 200, { headers: [['Contact', dialog.contact]] }));
        this.emit('notify', notifyEvent(request));
        return;
      case 'OPTIONS':
      case 'INFO':
      case 'UPDATE':
        // INFO and UPDATE carry nothing we act on (DTMF goes over RTP); accept so the dialog lives on.
        tx.respond(makeResponse(request, 200, { headers: [['Contact', dialog.contact]] }));
        return;
      default:
        tx.respond(makeResponse(request, 405, { headers: [['Allow', ALLOW]] }));
    }
  }

  private reinvite(request: SipRequest, tx: ServerTransaction, source: Peer): void {
    const dialog = this.dialog!;
    if (this.reinviting) {
      tx.respond(makeResponse(request, 491));
      return;
    }
    let answer: string | undefined;
    if (request.body.trim()) {
      let offer: SessionDescription;
      try {
        offer = parseSdp(request.body);
      } catch (err) {
        tx.respond(makeResponse(request, 488, { headers: [['Warning', refusedMediaWarning(`malformed SDP (${(err as Error).message})`)]] }));
        return;
      }
      // The same checks as the INVITE that set the call up: a refused offer leaves the call as it was (RFC 3261 §14.2).
      const result = negotiateOrRefuse(offer, { ...this.host.mediaOptions, peer: source.address });
      if ('refused' in result) {
        this.host.logger?.warn({ callId: this.callId, refused: result.refused }, 'sip: re-INVITE offer refused');
        tx.respond(makeResponse(request, 488, { headers: [['Warning', refusedMediaWarning(result.refused)]] }));
        return;
      }
      const negotiated: Negotiated = result.negotiated;
      answer = this.reinviteHandler?.(offer, negotiated) ?? redescribe(this.localSdp ?? '', negotiated.localDirection);
      this.remoteSdp = request.body;
      this.emit('reinvite', offer, answer);
    } else {
      // An offerless re-INVITE: offer our current description again (the answer comes in the ACK).
      answer = redescribe(this.localSdp ?? '', 'sendrecv');
    }
    this.localSdp = answer;
    if (headerValue(request.headers, 'Contact')) dialog.remoteTarget = contactUri(request) ?? dialog.remoteTarget;
    const response = makeResponse(request, 200, {
      headers: [
        ['Contact', dialog.contact],
        ['Content-Type', 'application/sdp'],
      ],
      body: answer,
    });
    tx.respond(response);
    this.reinviting = true;
    this.sendReliable2xx(response, source).then(
      () => (this.reinviting = false),
      (err: Error) => {
        this.reinviting = false;
        this.host.logger?.warn({ callId: this.callId, err: err.message }, 'sip: re-INVITE not acknowledged, hanging up');
        void this.hangup();
      },
    );
  }

  /**
   * Asks the far end to take the caller to `target` (a SIP URI) with an
   * in-dialog REFER, and resolves with its final response and, when it was
   * accepted, the status the NOTIFYs reported: a final one (>= 200), a
   * terminated subscription, or whatever came within `notifyWaitMs`. Never
   * rejects; the dialog stays up (the caller of refer() sends BYE).
   */
  refer(target: string, options: { notifyWaitMs?: number } = {}): Promise<ReferResult> {
    const dialog = this.dialog;
    if (this.ended || !dialog) return Promise.resolve({ accepted: false, status: 481 });
    return new Promise((resolve) => {
      let status: number | undefined;
      let notified: number | undefined;
      let done = false;
      let wait: NodeJS.Timeout | undefined;
      const finish = (): void => {
        if (done) return;
        done = true;
        clearTimeout(wait);
        this.off('notify', onNotify);
        this.off('ended', finish);
        resolve({ accepted: status !== undefined && status < 300, status: status ?? 408, ...(notified !== undefined ? { notified } : {}) });
      };
      // A NOTIFY may overtake the 202 on UDP: listen from the start.
      let final = false;
      const onNotify = (notify: NotifyEvent): void => {
        if (!/^refer\b/i.test(notify.event)) return;
        if (notify.status !== undefined) notified = notify.status;
        final ||= notify.terminated || (notify.status ?? 0) >= 200;
        if (final && status !== undefined) finish();
      };
      this.on('notify', onNotify);
      this.once('ended', finish);
      const request = dialog.request('REFER', {
        headers: [
          ['Refer-To', `<${target}>`],
          ['Referred-By', dialog.localAddr],
        ],
      });
      this.host.layer.request(request, dialog.destination(), {
        response: (res) => {
          if (res.status < 200 || status !== undefined) return;
          status = res.status;
          if (status >= 300 || final) return finish();
          wait = setTimeout(finish, options.notifyWaitMs ?? REFER_NOTIFY_WAIT_MS);
        },
        timeout: finish,
      });
    });
  }

  /** Sends BYE and resolves on its final response or the transaction timeout (64*T1). */
  hangup(): Promise<void> {
    if (this.ended || !this.dialog) return Promise.resolve();
    const dialog = this.dialog;
    for (const pending of this.awaitingAck.values()) pending.stop();
    this.end('local_bye');
    return new Promise((resolve) => {
      this.host.layer.request(dialog.request('BYE'), dialog.destination(), {
        response: (res) => res.status >= 200 && resolve(),
        timeout: () => resolve(),
      });
    });
  }

  protected end(reason: SipEndReason, detail?: string): void {
    if (this.ended) return;
    this.ended = true;
    for (const pending of this.awaitingAck.values()) pending.stop();
    this.host.forget(this);
    this.emit('ended', reason, detail);
  }
}

export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS';

/** A NOTIFY's event package, its sipfrag status line (RFC 3420) and whether the subscription ended. */
export function notifyEvent(request: SipRequest): NotifyEvent {
  const event = (headerValue(request.headers, 'Event') ?? '').trim();
  const type = headerValue(request.headers, 'Content-Type')?.split(';')[0].trim().toLowerCase();
  const frag = type === 'message/sipfrag' ? /^SIP\/2\.0\s+([1-6]\d\d)\b/.exec(request.body.trimStart()) : null;
  const state = (headerValue(request.headers, 'Subscription-State') ?? '').trim().toLowerCase();
  return { event, ...(frag ? { status: Number(frag[1]) } : {}), terminated: state.startsWith('terminated') };
}

/**
 * The Refer-To URI for a transfer destination: a SIP address as it is; a
 * phone number (E.164 or tel:) as that number at the far end's host, since
 * the trunk that sent us the call is the one that can dial it.
 */
export function referTarget(address: string, remoteTarget: string): string {
  if (/^sips?:/i.test(address)) return address;
  const number = address.replace(/^tel:/i, '').split(';')[0];
  const uri = parseUri(remoteTarget);
  const host = uri?.host ?? '';
  return `sip:${number}@${host}${uri?.port ? `:${uri.port}` : ''}`;
}

export function contactUri(message: SipRequest | SipResponse): string | undefined {
  const contact = headerValue(message.headers, 'Contact');
  const m = contact ? /<([^>]+)>/.exec(contact) : null;
  return m ? m[1] : contact?.split(';')[0].trim();
}
