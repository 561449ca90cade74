/**
 * The media benchmark's far end: one phone call placed with the platform's
 * own SIP user agent (the real wire: INVITE, ACK, BYE, retransmissions) and a
 * minimal RTP endpoint in this process. It sends PCMU every 20 ms from a
 * drift-corrected pacer like a phone (µ-law silence, or a phrase once the
 * agent's greeting is over) and timestamps every packet it receives, so the
 * figures are taken where a caller hears them: the reply's first packet after
 * the end of the caller's speech, and the spacing of the agent's packets.
 * Timestamps are this process's (performance.now() in the socket callback):
 * its own event-loop delay is measured beside them (media.bench.ts).
 */
import dgram from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { SipUserAgent } from '../src/media/transports/sip/user-agent.js';
import type { OutgoingSipCall } from '../src/media/transports/sip/outgoing-call.js';
import { buildOffer, parseSdp } from '../src/media/transports/sip/sdp.js';
import { parseRtp, seqDiff, serializeRtp } from '../src/media/rtp/rtp-packet.js';
import { Pacer } from '../src/media/rtp/pacer.js';

const FRAME = 160;
/** µ-law has two zeros (0xFF, 0x7F): a packet of only these is digital silence. */
const isSilent = (payload: Buffer) => payload.every((b) => b === 0xff || b === 0x7f);

/** Deviations in ms, binned at 10 µs up to 100 ms: all packets of all calls at a fixed, small cost. */
export class Histogram {
  private readonly bins = new Uint32Array(10_001);
  count = 0;
  max = 0;
  add(ms: number): void {
    this.bins[Math.min(10_000, Math.round(ms * 100))]++;
    this.count++;
    if (ms > this.max) this.max = ms;
  }
  percentile(p: number): number {
    if (this.count === 0) return NaN;
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let i = 0; i < this.bins.length; i++) if ((seen += this.bins[i]) >= rank) return i / 100;
    return this.max;
  }
}

/** What the agent's packets looked like at the caller while `counting()` said so. */
export interface PacingStats {
  jitter: Histogram;
  packets: number;
  /** Sequence numbers skipped (a packet never sent or lost). */
  seqGaps: number;
  /** Arrivals more than 40 ms after the previous one: a far-end jitter buffer of two frames runs dry. */
  longGaps: number;
  /** Arrivals more than 100 ms after the previous one: a gap a caller hears. */
  gapsOver100: number;
}

export const newPacingStats = (): PacingStats => ({ jitter: new Histogram(), packets: 0, seqGaps: 0, longGaps: 0, gapsOver100: 0 });

/** Audio the caller says (say()): headerless PCMU and the 20 ms frames where its speech begins and ends. */
export interface CallerClip {
  audio: Buffer;
  firstVoicedFrame: number;
  lastVoicedFrame: number;
}

/** When a clip's first and last voiced frames went out (performance.now()). */
export interface Said {
  speechStartAt: number;
  speechEndAt: number;
}

export interface CallerOptions {
  ua: SipUserAgent;
  /** sip:<number>@<media host>:<port> */
  target: string;
  /** The address the RTP socket binds (the UA's). */
  host: string;
  /** Headerless PCMU spoken once the agent's greeting has ended, and the index of its last voiced 20 ms frame. */
  phrase?: { audio: Buffer; lastVoicedFrame: number };
  /** Agent packet spacing: `window` while counting() says so, `all` over the whole call (set-up included). */
  pacing?: { window: PacingStats; all: PacingStats; counting: () => boolean };
  /** Every agent packet as it arrives: its arrival time and whether it is digital silence. */
  onAgentPacket?: (at: number, silent: boolean) => void;
}

export class Caller {
  private socket: dgram.Socket | undefined;
  private call: OutgoingSipCall | undefined;
  private pacer: Pacer | undefined;
  private readonly ssrc = randomBytes(4).readUInt32BE(0);
  private sent = 0;
  private remote: { address: string; port: number } | undefined;
  private last: { at: number; seq: number } | undefined;
  private silentRun = 0;
  private phraseFrame = -1; // -1: not started; then the next frame of the phrase to send
  private readonly clips: { clip: CallerClip; frame: number; said: Said; done: (said: Said) => void }[] = [];
  ended = false;
  /** The RTP socket's port (the agent's packets are sent there), once dialling started. */
  port = 0;
  answeredAt = 0;
  /** The agent's first audible packet (its greeting). */
  firstAudioAt = 0;
  /** When the packet holding the phrase's last voiced frame went out: the end of the caller's speech. */
  speechEndAt = 0;
  /** The first packet of the reply (RTP marker: the start of a talkspurt) and its first audible one, after speechEndAt. */
  replyPacketAt = 0;
  replyAudioAt = 0;

  constructor(private readonly opts: CallerOptions) {}

  /** Places the call; resolves once answered (media flowing both ways), rejects on a failure answer. */
  async dial(): Promise<void> {
    const socket = dgram.createSocket('udp4');
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, this.opts.host, () => resolve());
    });
    socket.on('error', () => {});
    this.port = socket.address().port;
    socket.on('message', (msg) => this.onPacket(msg, performance.now()));
    const sdp = buildOffer({ address: this.opts.host, port: socket.address().port, sessionId: String(Date.now()), version: 1 });
    const call = this.opts.ua.placeCall({ target: this.opts.target, from: `sip:+15550001@${this.opts.host}`, sdp, ringTimeoutMs: 15_000 });
    this.call = call;
    call.on('ended', () => this.stop());
    const answer = await new Promise<string>((resolve, reject) => {
      call.once('answered', (body: string) => resolve(body));
      call.once('failed', (f: { status: number; reason: string }) => reject(new Error(`call failed: ${f.status} ${f.reason}`)));
    });
    const offer = parseSdp(answer);
    const audio = offer.media.find((m) => m.type === 'audio' && m.port > 0);
    if (!audio) throw new Error('the answer has no audio stream');
    this.remote = { address: audio.connection ?? offer.connection ?? this.opts.host, port: audio.port };
    this.answeredAt = performance.now();
    this.pacer = new Pacer(() => this.tick());
    this.pacer.start();
  }

  /** Says `clip` from the next 20 ms tick on (after any clip still being said); resolves once it was all sent. */
  say(clip: CallerClip): Promise<Said> {
    return new Promise((done) => this.clips.push({ clip, frame: 0, said: { speechStartAt: 0, speechEndAt: 0 }, done }));
  }

  async hangup(): Promise<void> {
    if (this.call && !this.call.ended) await this.call.hangup().catch(() => {});
    this.stop();
  }

  private stop(): void {
    if (this.ended) return;
    this.ended = true;
    this.pacer?.stop();
    this.socket?.close();
    // A call that ended mid-sentence: what was not said never will be (the script goes on to its end).
    for (const c of this.clips.splice(0)) c.done(c.said);
  }

  /** One 20 ms packet: the phrase's next frame once it started, else silence. */
  private tick(): void {
    if (this.ended || !this.remote) return;
    let payload: Buffer;
    const phrase = this.opts.phrase;
    if (phrase && this.phraseFrame >= 0 && this.phraseFrame * FRAME < phrase.audio.length) {
      payload = Buffer.alloc(FRAME, 0xff);
      phrase.audio.copy(payload, 0, this.phraseFrame * FRAME, (this.phraseFrame + 1) * FRAME);
      if (this.phraseFrame === phrase.lastVoicedFrame) this.speechEndAt = -1; // stamped once sent, below
      this.phraseFrame++;
    } else {
      payload = Buffer.alloc(FRAME, 0xff);
      const current = this.clips[0];
      if (current) {
        current.clip.audio.copy(payload, 0, current.frame * FRAME, (current.frame + 1) * FRAME);
        if (current.frame === current.clip.firstVoicedFrame) current.said.speechStartAt = -1;
        if (current.frame === current.clip.lastVoicedFrame) current.said.speechEndAt = -1;
        current.frame++;
      }
    }
    const packet = serializeRtp({
      marker: this.sent === 0,
      payloadType: 0,
      sequence: this.sent & 0xffff,
      timestamp: (this.sent * FRAME) >>> 0,
      ssrc: this.ssrc,
      payload,
    });
    this.sent++;
    this.socket!.send(packet, this.remote.port, this.remote.address);
    if (this.speechEndAt === -1) this.speechEndAt = performance.now();
    const current = this.clips[0];
    if (current) {
      if (current.said.speechStartAt === -1) current.said.speechStartAt = performance.now();
      if (current.said.speechEndAt === -1) current.said.speechEndAt = performance.now();
      if (current.frame * FRAME >= current.clip.audio.length) {
        this.clips.shift();
        current.done(current.said);
      }
    }
  }

  private onPacket(msg: Buffer, at: number): void {
    const pkt = parseRtp(msg);
    if (!pkt || pkt.payloadType !== 0) return;
    const silent = isSilent(pkt.payload);
    this.measurePacing(pkt.sequence, at);
    this.opts.onAgentPacket?.(at, silent);
    if (!silent && !this.firstAudioAt) this.firstAudioAt = at;
    // The phrase starts once the greeting was heard and 500 ms of silence followed it (no barge-in).
    this.silentRun = silent ? this.silentRun + 1 : 0;
    if (this.opts.phrase && this.phraseFrame < 0 && this.firstAudioAt && this.silentRun >= 25) this.phraseFrame = 0;
    if (this.speechEndAt > 0) {
      if (!this.replyPacketAt && pkt.marker) this.replyPacketAt = at;
      if (!this.replyAudioAt && !silent) this.replyAudioAt = at;
    }
  }

  private measurePacing(seq: number, at: number): void {
    const pacing = this.opts.pacing;
    const previous = this.last;
    this.last = { at, seq };
    if (!pacing || !previous) return;
    const step = seqDiff(seq, previous.seq);
    const interval = at - previous.at;
    for (const stats of pacing.counting() ? [pacing.all, pacing.window] : [pacing.all]) {
      stats.packets++;
      if (step !== 1) stats.seqGaps++;
      if (interval > 40) stats.longGaps++;
      if (interval > 100) stats.gapsOver100++;
      stats.jitter.add(Math.abs(interval - 20 * Math.max(1, step)));
    }
  }
}
