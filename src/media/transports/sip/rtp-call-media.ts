import { type HangupCause, type LiveMedia, type MediaSeen } from '../call-transport.js';
import { LiveMediaBase } from '../live-media-base.js';
import { StereoRecorder } from '../../pipe/recorder.js';
import { type RtpSession, type RtpSessionStats, type RtpTick } from './rtp-session.js';

/**
 * The media half of a SIP call's CallTransport: an RtpSession plus the call
 * recording. The signalling half (the dialog) stays with the SIP layer,
 * which passes `hangup` (send BYE) and calls `end()` when the far end hung
 * up; either way the session closes, its ports go back to the pool, and
 * 'ended' is emitted exactly once.
 */
export interface RtpCallMediaOptions {
  callId: string;
  direction: 'inbound' | 'outbound';
  session: RtpSession;
  /** Sends the BYE (or CANCEL); resolves when the far end confirmed or gave up. */
  hangup: (cause: HangupCause) => Promise<void>;
  /** Record the call (default true). */
  record?: boolean;
}

export class RtpCallMedia extends LiveMediaBase implements LiveMedia {
  readonly callId: string;
  readonly direction: 'inbound' | 'outbound';
  readonly session: RtpSession;
  readonly recorder: StereoRecorder | undefined;
  private readonly hangupDialog: (cause: HangupCause) => Promise<void>;

  constructor(opts: RtpCallMediaOptions) {
    super();
    this.callId = opts.callId;
    this.direction = opts.direction;
    this.session = opts.session;
    this.hangupDialog = opts.hangup;
    this.recorder = opts.record === false ? undefined : new StereoRecorder();
    this.session.on('tick', (t: RtpTick) => this.recorder?.write(t.inbound, t.outbound));
    this.session.on('audio', (frame: Int16Array) => this.emit('audio', frame));
    this.session.on('dtmf', (digit: string) => this.emit('dtmf', digit));
    this.session.on('mark', (mark: string) => this.emit('mark', mark));
    // A far end that stopped sending for the media timeout is gone (a crashed phone sends no BYE).
    this.session.on('timeout', () => void this.hangup('media_timeout').catch(() => {}));
  }

  play(pcm: Int16Array, mark?: string): void {
    if (!this.isEnded) this.session.play(pcm, mark);
  }

  flush(): { droppedMs: number; marks: string[] } {
    return this.session.flush();
  }

  queuedMs(): number {
    return this.session.queuedMs();
  }

  sendDtmf(digits: string): void {
    this.session.sendDtmf(digits);
  }

  protected sendHangup(cause: HangupCause): Promise<void> {
    return this.hangupDialog(cause);
  }

  protected stopMedia(): Promise<void> {
    return this.session.close();
  }

  /** The stereo WAV (caller left, agent right) of the call so far. */
  recording(): Buffer | undefined {
    return this.recorder?.toWav();
  }

  /** What came in from the caller so far: packets taken, those dropped from another port than the one latched, and those from a stranger's IP. */
  seen(): MediaSeen {
    const stats = this.session.stats();
    return {
      received: stats.packetsReceived,
      wrong_source: stats.wrongSource,
      foreign: stats.foreignPackets,
      latched: stats.latched ? `${stats.latched.address}:${stats.latched.port}` : null,
    };
  }

  finalStats(): { rtp: RtpSessionStats } {
    return { rtp: this.session.stats() };
  }
}
