/**
 * One live call's media, whatever carries it: SIP/RTP now, carrier WebSocket
 * streams (Twilio, Telnyx) and the browser next, all on this interface,
 * so each is replaceable. Audio crosses it as 8 kHz mono PCM16 in 20 ms frames
 * (160 samples): the transport owns codecs, pacing and jitter; everything
 * above it (turn detection, speech, the conversation engine) sees only PCM,
 * digits and marks.
 */
export const FRAME_SAMPLES = 160;
export const SAMPLE_RATE = 8000;

export type HangupCause = 'caller_hangup' | 'agent_hangup' | 'transfer' | 'media_timeout' | 'error';

export interface CallTransportEvents {
  /** A 20 ms frame of the caller's audio (silence is concealed, never skipped): exactly one per 20 ms of call time. */
  audio: (frame: Int16Array) => void;
  /** An RFC 4733 digit (or the carrier's equivalent), once per key press. */
  dtmf: (digit: string) => void;
  /** The last sample of a played chunk that carried `mark` went out on the wire. */
  mark: (mark: string) => void;
  /** The call ended; no events follow. */
  ended: (cause: HangupCause, detail?: string) => void;
}

export interface CallTransport {
  readonly callId: string;
  readonly direction: 'inbound' | 'outbound';
  /** Queues agent audio (8 kHz PCM16) behind what is queued; `mark` is reported when its last sample is sent. */
  play(pcm: Int16Array, mark?: string): void;
  /** Drops everything queued (barge-in): returns the milliseconds dropped and the marks that will never be reached. */
  flush(): { droppedMs: number; marks: string[] };
  /** Milliseconds of agent audio queued and not yet sent. */
  queuedMs(): number;
  sendDtmf(digits: string): void;
  /** Ends the call from our side (SIP BYE); resolves when the far end confirmed or gave up. */
  hangup(cause: HangupCause): Promise<void>;
  on<E extends keyof CallTransportEvents>(event: E, listener: CallTransportEvents[E]): this;
  off<E extends keyof CallTransportEvents>(event: E, listener: CallTransportEvents[E]): this;
}

/** What came in from the caller so far (logged when a call stays silent: one-way audio). */
export interface MediaSeen {
  received: number;
  /** RTP only: packets dropped because they came from another source than the one latched. */
  wrong_source: number;
  /** RTP only: packets from an IP that is neither the SDP's nor the SIP peer's (dropped; someone spraying our ports). */
  foreign?: number;
  latched: string | null;
}

/**
 * A connected call's media as the live conversation uses it (call/live-call.ts):
 * the transport, plus its end, its stereo recording and its figures. SIP/RTP
 * (RtpCallMedia) and the WebSocket streams (StreamCallMedia) both provide it.
 */
export interface LiveMedia extends CallTransport {
  readonly isEnded: boolean;
  /** The recording's length so far (undefined when the call is not recorded). */
  readonly recorder: { readonly durationMs: number } | undefined;
  /** The stereo WAV (caller left, agent right) of the call so far. */
  recording(): Buffer | undefined;
  seen(): MediaSeen;
  /** The transport's own figures for the call report (bench/ and tests read them). */
  finalStats(): object;
  /** Why the far end's media broke the call, when it did (a stream closed for frames that break its protocol). */
  readonly fault?: string;
}
