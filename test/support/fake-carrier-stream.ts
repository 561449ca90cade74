import { randomBytes, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { decodeG711, encodeG711 } from '../../src/media/rtp/g711.js';
import { twilioSignature } from '../../src/modules/telephony/carriers/twilio/twilio-signature.js';

/**
 * The carrier's side of a bidirectional media stream, as Twilio's Media
 * Streams and Telnyx's Media Streaming documentation give it: a WebSocket to
 * the stream's address (Twilio signs the handshake with X-Twilio-Signature,
 * HMAC-SHA1 of the URL with the auth token; Telnyx signs nothing), `connected`
 * then `start`, then one `media` message per 20 ms of the far party's audio
 * (base64 µ-law, silence when nobody talks; Twilio numbers it by `chunk`,
 * Telnyx by `sequence_number` and delivers some out of order, as it warns it
 * may), `dtmf` for a key press, and `stop` when the call ends. What the
 * platform sends back is played out as the carriers do: `media` joins a
 * playback buffer drained at 20 ms a frame, a `mark` is echoed once the audio
 * before it has been played, and `clear` empties the buffer and echoes the
 * marks in it at once.
 */
export interface FakeStreamOptions {
  dialect?: 'twilio' | 'telnyx';
  url: string;
  /** Twilio: the auth token the handshake is signed with. */
  authToken?: string;
  accountSid?: string;
  /** Twilio's CallSid or Telnyx's call_control_id. */
  callSid: string;
  /** Twilio: sign the handshake with this signature instead (null: no header). */
  signature?: string | null;
}

export interface PlayedFrame {
  /** Milliseconds since the stream started. */
  atMs: number;
  pcm: Int16Array;
}

export class FakeCarrierStream {
  readonly streamSid: string;
  private readonly dialect: 'twilio' | 'telnyx';
  /** Media messages held back to be sent after the next one (Telnyx's out-of-order delivery). */
  private held: object | undefined;
  /** How many media messages were delivered out of order. */
  reordered = 0;
  readonly played: PlayedFrame[] = [];
  readonly marksEchoed: string[] = [];
  /** When each `clear` came (ms since start), and how much buffered audio it dropped. */
  readonly clears: { atMs: number; droppedFrames: number }[] = [];
  /** Messages from the platform that were not valid for this stream (wrong streamSid, unknown event). */
  readonly invalid: string[] = [];
  /** How the handshake went: 101, or the HTTP status the platform refused it with. */
  handshake: Promise<number>;
  /** Resolves when the socket closed (either side). */
  readonly closed: Promise<void>;
  private ws: WebSocket;
  private readonly toSay: Int16Array[] = [];
  private readonly buffer: ({ pcm: Int16Array } | { mark: string })[] = [];
  private chunk = 0;
  private sequence = 1;
  private startedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private sent = 0;

  constructor(private readonly opts: FakeStreamOptions) {
    this.dialect = opts.dialect ?? 'twilio';
    this.streamSid = this.dialect === 'twilio' ? `MZ${randomBytes(16).toString('hex')}` : randomUUID();
    const signature = this.dialect === 'telnyx' ? null : opts.signature === undefined ? twilioSignature(opts.authToken ?? '', opts.url, {}) : opts.signature;
    this.ws = new WebSocket(opts.url, { headers: signature === null ? {} : { 'x-twilio-signature': signature } });
    this.handshake = new Promise((resolve) => {
      this.ws.once('open', () => resolve(101));
      this.ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        this.ws.terminate();
      });
      this.ws.once('error', () => resolve(0));
    });
    this.closed = new Promise((resolve) => this.ws.once('close', () => resolve()));
    this.ws.on('error', () => {});
    this.ws.once('open', () => this.begin());
    this.ws.on('message', (data) => this.onMessage(data.toString()));
    this.ws.once('close', () => clearInterval(this.timer));
  }

  /** When the last frame of the latest say() went out, and the first loud agent audio that arrived after it (bench/). */
  speechEndAt = 0;
  replyAt = 0;
  private saying = false;

  /** Queues the far party's speech (8 kHz PCM16): sent in real time behind what is queued. */
  say(pcm: Int16Array): void {
    this.toSay.push(pcm);
    this.saying = true;
    this.speechEndAt = this.replyAt = 0;
  }

  /** Milliseconds since the stream started. */
  now(): number {
    return performance.now() - this.startedAt;
  }

  dtmf(digit: string): void {
    this.send(this.frame('dtmf', { dtmf: { track: 'inbound_track', digit } }));
  }

  /** A message from the carrier in its spelling: the stream's id and the sequence number. */
  private frame(event: string, body: object): object {
    const sequence = String(this.sequence++);
    return this.dialect === 'twilio'
      ? { event, sequenceNumber: sequence, ...body, streamSid: this.streamSid }
      : { event, sequence_number: sequence, ...body, stream_id: this.streamSid };
  }

  /** The call ended at Twilio (the far party hung up, or the call was updated away from the stream): `stop`, then close. */
  stop(): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.send({
      event: 'stop',
      sequenceNumber: String(this.sequence++),
      streamSid: this.streamSid,
      stop: { accountSid: this.opts.accountSid, callSid: this.opts.callSid },
    });
    this.ws.close(1000);
  }

  /** The agent audio played to the far party so far, as one PCM buffer (silence where nothing was buffered). */
  playedAudio(): Int16Array {
    const out = new Int16Array(this.played.length * 160);
    this.played.forEach((f, i) => out.set(f.pcm.subarray(0, 160), i * 160));
    return out;
  }

  private send(message: object): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private begin(): void {
    this.startedAt = performance.now();
    this.send(this.dialect === 'twilio' ? { event: 'connected', protocol: 'Call', version: '1.0.0' } : { event: 'connected', version: '1.0.0' });
    this.send(
      this.frame(
        'start',
        this.dialect === 'twilio'
          ? {
              start: {
                accountSid: this.opts.accountSid,
                streamSid: this.streamSid,
                callSid: this.opts.callSid,
                tracks: ['inbound'],
                mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
                customParameters: {},
              },
            }
          : { start: { call_control_id: this.opts.callSid, media_format: { encoding: 'PCMU', sample_rate: 8000, channels: 1 } } },
      ),
    );
    // The carrier's clock: one frame of the far party's audio out, one frame of the buffer played, every 20 ms.
    const began = performance.now();
    this.timer = setInterval(() => {
      const due = Math.floor((performance.now() - began) / 20);
      while (this.sent < due) this.tick();
    }, 10);
  }

  private tick(): void {
    this.sent++;
    const frame = new Int16Array(160);
    let filled = 0;
    while (filled < 160 && this.toSay.length) {
      const head = this.toSay[0];
      const n = Math.min(160 - filled, head.length);
      frame.set(head.subarray(0, n), filled);
      filled += n;
      if (n === head.length) this.toSay.shift();
      else this.toSay[0] = head.subarray(n);
    }
    if (this.saying && !this.toSay.length) {
      this.saying = false;
      this.speechEndAt = -1; // stamped once the frame is sent, below
    }
    this.chunk++;
    const media = this.frame('media', {
      media: { track: 'inbound', chunk: String(this.chunk), timestamp: String(this.chunk * 20), payload: encodeG711('PCMU', frame).toString('base64') },
    });
    if (this.dialect === 'telnyx' && this.chunk % 25 === 0) {
      // Every 25th frame reaches the platform after the one that follows it.
      this.held = media;
      this.reordered++;
    } else {
      this.send(media);
      if (this.held) this.send(this.held);
      this.held = undefined;
    }
    if (this.speechEndAt === -1) this.speechEndAt = performance.now();
    // Play one buffered frame; echo the marks reached.
    while (this.buffer.length && 'mark' in this.buffer[0]) this.echo((this.buffer.shift() as { mark: string }).mark);
    const next = this.buffer.shift() as { pcm: Int16Array } | undefined;
    this.played.push({ atMs: this.now(), pcm: next?.pcm ?? new Int16Array(160) });
    while (this.buffer.length && 'mark' in this.buffer[0]) this.echo((this.buffer.shift() as { mark: string }).mark);
  }

  private echo(name: string): void {
    this.marksEchoed.push(name);
    this.send(this.frame('mark', { mark: { name } }));
  }

  private onMessage(text: string): void {
    let message: { event?: string; streamSid?: string; stream_id?: string; media?: { payload?: string }; mark?: { name?: string } };
    try {
      message = JSON.parse(text);
    } catch {
      this.invalid.push(text.slice(0, 80));
      return;
    }
    // Twilio wants its streamSid on every message; Telnyx's messages to it carry no stream id.
    if (this.dialect === 'twilio' ? message.streamSid !== this.streamSid : message.streamSid !== undefined || message.stream_id !== undefined) {
      this.invalid.push(text.slice(0, 80));
      return;
    }
    if (message.event === 'media' && message.media?.payload) {
      const pcm = decodeG711('PCMU', Buffer.from(message.media.payload, 'base64'));
      if (this.speechEndAt > 0 && !this.replyAt && pcm.some((v) => v !== 0)) this.replyAt = performance.now();
      for (let at = 0; at < pcm.length; at += 160) this.buffer.push({ pcm: pcm.subarray(at, at + 160) });
    } else if (message.event === 'mark' && message.mark?.name) this.buffer.push({ mark: message.mark.name });
    else if (message.event === 'clear') {
      const droppedFrames = this.buffer.filter((b) => 'pcm' in b).length;
      const marks = this.buffer.flatMap((b) => ('mark' in b ? [b.mark] : []));
      this.buffer.length = 0;
      this.clears.push({ atMs: this.now(), droppedFrames });
      for (const mark of marks) this.echo(mark);
    } else this.invalid.push(text.slice(0, 80));
  }
}
