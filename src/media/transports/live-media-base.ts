import { EventEmitter } from 'node:events';
import type { CallTransportEvents, HangupCause } from './call-transport.js';

/**
 * What every live call's media (RtpCallMedia, StreamCallMedia) does the same
 * way: typed events, and the end of the call. Hanging up from our side sends
 * the transport's own goodbye once however often it is asked, then ends;
 * ending stops the transport's media and emits 'ended' exactly once,
 * whichever side ended first.
 */
export abstract class LiveMediaBase extends EventEmitter {
  private ended = false;
  private hangingUp: Promise<void> | undefined;

  /** Sends the goodbye of the transport (a SIP BYE, a carrier's hang-up); resolves when it was answered or given up. */
  protected abstract sendHangup(cause: HangupCause): Promise<void>;
  /** Stops the transport's media (the RTP session, the pacer's clock). */
  protected abstract stopMedia(): void | Promise<void>;

  override on<E extends keyof CallTransportEvents>(event: E, listener: CallTransportEvents[E]): this {
    return super.on(event, listener);
  }

  override off<E extends keyof CallTransportEvents>(event: E, listener: CallTransportEvents[E]): this {
    return super.off(event, listener);
  }

  /** True once the call ended (either side), after which nothing is sent. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** Ends the call from our side: the goodbye, then the media stops. */
  hangup(cause: HangupCause): Promise<void> {
    if (this.ended) return Promise.resolve();
    this.hangingUp ??= (async () => {
      try {
        await this.sendHangup(cause);
      } finally {
        await this.end(cause);
      }
    })();
    return this.hangingUp;
  }

  /** The call ended (the far end hung up, the media stopped, a failure): stops the media and says so, once. */
  end(cause: HangupCause, detail?: string): Promise<void> {
    if (this.ended) return Promise.resolve();
    this.ended = true;
    const stopped = this.stopMedia();
    const announce = () => void this.emit('ended', cause, detail);
    // A transport that stops at once says so at once (a caller's next line already sees the call ended).
    if (!stopped) {
      announce();
      return Promise.resolve();
    }
    return stopped.then(announce);
  }
}
