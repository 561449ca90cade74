/**
 * What both call directions share once a dialog exists: reliable 2xx to
 * INVITE until ACK (§13.3.1.4), requests inside the dialog (BYE, re-INVITE
 * for hold/unhold, OPTIONS), and hanging up with BYE.
 */
import { EventEmitter } from 'node:events';
import type { Dialog, LocalIdentity } from './dialog.js';
import { headerValue, parseCSeq, type SipRequest, type SipResponse } from './message.js';
import { negotiate, parseSdp, redescribe, type Negotiated, type SessionDescription } from './sdp.js';
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
  /** Indexes the call by its dialog so requests inside it find it. */
  remember(call: SipCall): void;
  forget(call: SipCall): void;
}

export type SipEndReason = 'remote_bye' | 'local_bye' | 'cancelled' | 'rejected' | 'failed' | 'no_ack';

/** Returns the SDP answer to a re-INVITE's offer; undefined lets the UA mirror the direction on our last SDP. */
export type ReinviteHandler = (offer: SessionDescription, negotiated: Negotiated) => string | undefined;

export const UNSUPPORTED_MEDIA_WARNING = '305 - "Incompatible media format: only PCMU/PCMA audio"';

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
      let negotiated: Negotiated | undefined;
      try {
        offer = parseSdp(request.body);
        negotiated = negotiate(offer);
      } catch {
        negotiated = undefined;
        offer = undefined as never;
      }
      if (!negotiated) {
        tx.respond(makeResponse(request, 488, { headers: [['Warning', UNSUPPORTED_MEDIA_WARNING]] }));
        return;
      }
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
      headers: [['Contact', dialog.contact], ['Content-Type', 'application/sdp']],
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

export function contactUri(message: SipRequest | SipResponse): string | undefined {
  const contact = headerValue(message.headers, 'Contact');
  const m = contact ? /<([^>]+)>/.exec(contact) : null;
  return m ? m[1] : contact?.split(';')[0].trim();
}
