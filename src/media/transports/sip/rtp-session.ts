import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { EventEmitter } from 'node:events';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { PlayQueue } from '../../pipe/play-queue.js';
import { DtmfDecoder, dtmfEventCode, encodeDtmf, type DtmfPacket } from '../../rtp/dtmf.js';
import { decodeG711, encodeG711, SILENCE_BYTE, type G711Codec } from '../../rtp/g711.js';
import { JitterBuffer, type FrameKind, type JitterStats } from '../../rtp/jitter-buffer.js';
import { Pacer, type PacerOptions, type PacerStats } from '../../rtp/pacer.js';
import { type PortPool } from '../../rtp/port-pool.js';
import { buildSenderReport, parseRtcp } from '../../rtp/rtcp.js';
import { parseRtp, serializeRtp } from '../../rtp/rtp-packet.js';

/**
 * One call's RTP/RTCP: a UDP port pair from the pool, G.711 both ways, RFC
 * 4733 digits both ways, and one 20 ms tick (a drift-corrected pacer) that
 * pops one caller frame from the jitter buffer and sends one agent frame,
 * silence when nothing is queued, since a real phone never stops sending.
 * Media is symmetric (RFC 4961): we latch to the source of the
 * first valid packet, send there (NAT) and drop packets from anywhere else.
 * Only the far end's own IPs may be latched to (the SDP's address and the SIP
 * peer's): a NAT may change the port, never the address, and a stranger who
 * sprays our port range must neither receive the call's audio nor displace
 * the caller's (decision 0054). Nothing a peer sends, and no address it names,
 * can throw out of the 20 ms tick or the RTCP timer: sends are guarded.
 */
export interface RtpEndpoint {
  address: string;
  port: number;
}

export interface RtpStartOptions {
  remote: RtpEndpoint;
  payloadType: number;
  codec: G711Codec;
  dtmfPayloadType?: number;
  /** The SIP signalling peer's IP: its packets may be latched to as well as the SDP address's (symmetric RTP through NAT). */
  peerAddress?: string;
}

export interface RtpSessionOptions {
  pool: PortPool;
  host: string;
  /**
   * Jitter buffer prefill in 20 ms frames (default 1: each frame of it is latency before every reply). It grows,
   * up to 3, when the network reorders packets deeper than it (decision 0067).
   */
  jitterDepth?: number;
  rtcpIntervalMs?: number;
  /** No valid RTP for this long emits 'timeout' (0: never). */
  mediaTimeoutMs?: number;
  dtmfDurationMs?: number;
  /** Pause between two sent digits. */
  dtmfGapMs?: number;
  cname?: string;
  pacer?: PacerOptions;
  /** Told once per kind of trouble (a send that failed, the first foreign packet); the counters have the rest. */
  warn?: (message: string, data: object) => void;
}

/** What one tick received and sent, sample-aligned: what the recorder writes. */
export interface RtpTick {
  inbound: Int16Array;
  inboundKind: FrameKind;
  /** The PCM actually sent (silence when nothing was queued or a digit was sent). */
  outbound: Int16Array;
}

export interface RtpSessionStats {
  packetsSent: number;
  octetsSent: number;
  packetsReceived: number;
  malformed: number;
  /** From an allowed IP but not the latched port (or, before the latch, RTCP from elsewhere). */
  wrongSource: number;
  /** From an IP that is neither the SDP's nor the SIP peer's: dropped, never latched to, never answered. */
  foreignPackets: number;
  /** Sends the socket refused (a bad address or port) or reported failed. */
  sendErrors: number;
  unknownPayload: number;
  beforeStart: number;
  /** RFC 3550 interarrival jitter of the caller's stream. */
  jitterMs: number;
  buffer: JitterStats;
  pacer: PacerStats;
  latched: RtpEndpoint | undefined;
  rtcp: { senderReports: number; receiverReports: number; bye: boolean; remoteFractionLost?: number; remoteCumulativeLost?: number; remoteJitterMs?: number };
}

const FRAME = 160;
const sameEndpoint = (a: RtpEndpoint, b: RtpEndpoint) => a.address === b.address && a.port === b.port;
const random32 = () => randomBytes(4).readUInt32BE(0);

/** The IPs the far end may send from: the SDP's address (unless it is the hold address 0.0.0.0) and the SIP peer's. */
function allowedSources(media: RtpStartOptions): Set<string> {
  const ips = [media.remote.address, media.peerAddress].filter((ip): ip is string => !!ip && isIP(ip) !== 0 && ip !== '0.0.0.0' && ip !== '::');
  // A dual-stack socket reports an IPv4 source as ::ffff:a.b.c.d: both spellings are the same peer.
  return new Set(ips.flatMap((ip) => (isIP(ip) === 4 ? [ip, `::ffff:${ip}`] : [ip, ip.replace(/^::ffff:(?=\d+\.)/i, '')])));
}

/** An IP literal of the socket's family and a port it can send to. */
function sendable(to: RtpEndpoint, family: 4 | 6): boolean {
  return Number.isInteger(to.port) && to.port > 0 && to.port <= 65535 && isIP(to.address) === family;
}

function bindSocket(host: string, port: number): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/**
 * Shared, never written: the agent frame of a tick with nothing to send, and
 * each codec's silence payload (serializeRtp copies it into the packet). Fewer
 * allocations per 20 ms and call keep the garbage collector's pauses short
 * (bench/media.bench.ts).
 */
const SILENT_FRAME = new Int16Array(FRAME);
const SILENCE_PAYLOADS = new Map<string, Buffer>();
function silencePayload(codec: keyof typeof SILENCE_BYTE): Buffer {
  let payload = SILENCE_PAYLOADS.get(codec);
  if (!payload) SILENCE_PAYLOADS.set(codec, (payload = Buffer.alloc(FRAME, SILENCE_BYTE[codec])));
  return payload;
}

export class RtpSession extends EventEmitter {
  /** Binds an RTP/RTCP pair on a port from the pool, skipping ports another process holds. */
  static async open(opts: RtpSessionOptions): Promise<RtpSession> {
    const attempts = Math.min(opts.pool.capacity, 16);
    let lastError: unknown;
    for (let i = 0; i < attempts; i++) {
      const port = opts.pool.allocate(); // throws PortPoolExhaustedError
      let rtp: dgram.Socket | undefined;
      try {
        rtp = await bindSocket(opts.host, port);
        const rtcp = await bindSocket(opts.host, port + 1);
        return new RtpSession(opts, port, rtp, rtcp);
      } catch (err) {
        rtp?.close();
        opts.pool.release(port);
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
        lastError = err;
      }
    }
    throw new Error(`no bindable RTP port pair after ${attempts} attempts`, { cause: lastError });
  }

  private readonly pacer: Pacer;
  private readonly jitter: JitterBuffer;
  private readonly queue = new PlayQueue();
  private dtmfIn = new DtmfDecoder();
  private media: RtpStartOptions | undefined;
  private sendTo: RtpEndpoint | undefined;
  private latched: RtpEndpoint | undefined;
  private rtcpRemote: RtpEndpoint | undefined;
  private remoteSsrc: number | undefined;
  private readonly ssrc = random32();
  private readonly seqBase = random32() & 0xffff;
  private readonly tsBase = random32();
  private ticks = 0;
  private sent = 0;
  private talking = false;
  private readonly dtmfQueue: string[] = [];
  private dtmfActive: { packets: DtmfPacket[]; timestamp: number } | undefined;
  private dtmfGapTicks = 0;
  private jitterTs = 0; // RFC 3550 J, in timestamp units
  private lastArrival: { at: number; timestamp: number } | undefined;
  private lastReceivedAt = 0;
  private timedOut = false;
  private rtcpTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly counters = {
    octetsSent: 0,
    packetsReceived: 0,
    malformed: 0,
    wrongSource: 0,
    foreignPackets: 0,
    sendErrors: 0,
    unknownPayload: 0,
    beforeStart: 0,
  };
  /** The IPs a packet may come from: the SDP's connection address and the SIP peer's. */
  private allowed = new Set<string>();
  private readonly warned = new Set<string>();
  private readonly rtcpStats: RtpSessionStats['rtcp'] = { senderReports: 0, receiverReports: 0, bye: false };

  private constructor(
    private readonly opts: RtpSessionOptions,
    /** The local RTP port (RTCP is port + 1): what the SDP offers. */
    readonly port: number,
    private readonly rtp: dgram.Socket,
    private readonly rtcp: dgram.Socket,
  ) {
    super();
    this.jitter = new JitterBuffer({ depth: opts.jitterDepth ?? 1, maxDepth: Math.max(opts.jitterDepth ?? 1, 3) });
    this.pacer = new Pacer(() => this.tick(), {
      ...opts.pacer,
      onError: (err) => this.listenerCount('error') > 0 && this.emit('error', err),
      onSkip: () => this.skippedTick(),
    });
    // Socket errors (ICMP unreachable, a failed send) must not crash the process or the call.
    rtp.on('error', (err) => this.sendFailed('rtp', err));
    rtcp.on('error', (err) => this.sendFailed('rtcp', err));
    rtp.on('message', (msg, rinfo) => this.onRtp(msg, { address: rinfo.address, port: rinfo.port }));
    rtcp.on('message', (msg, rinfo) => this.onRtcp(msg, { address: rinfo.address, port: rinfo.port }));
  }

  get host(): string {
    return this.opts.host;
  }

  /** Starts the clock: from now on one packet goes out every 20 ms and one frame is emitted. */
  start(media: RtpStartOptions): void {
    if (this.closed) throw new Error('RTP session is closed');
    if (this.media) return this.setRemote(media.remote);
    this.media = media;
    this.sendTo = media.remote;
    this.allowed = allowedSources(media);
    this.lastReceivedAt = performance.now();
    this.pacer.start();
    this.rtcpTimer = setInterval(() => this.sendRtcp(), this.opts.rtcpIntervalMs ?? 5000);
  }

  /** A re-INVITE moved the far end: send there and latch afresh. */
  setRemote(remote: RtpEndpoint, peerAddress?: string): void {
    if (!this.media) throw new Error('RTP session not started');
    this.media = { ...this.media, remote, peerAddress: peerAddress ?? this.media.peerAddress };
    this.sendTo = remote;
    this.allowed = allowedSources(this.media);
    this.latched = this.rtcpRemote = undefined;
  }

  play(pcm: Int16Array, mark?: string): void {
    this.queue.push(pcm, mark);
  }

  flush(): { droppedMs: number; marks: string[] } {
    return this.queue.flush();
  }

  queuedMs(): number {
    return this.queue.queuedMs();
  }

  /** Queues RFC 4733 digits; they replace the audio packets of the ticks they take. */
  sendDtmf(digits: string): void {
    if (this.media && this.media.dtmfPayloadType === undefined) throw new Error('the far end did not accept telephone-event');
    for (const d of digits) if (dtmfEventCode(d) === undefined) throw new Error(`not a DTMF digit: ${JSON.stringify(d)}`);
    this.dtmfQueue.push(...digits);
  }

  stats(): RtpSessionStats {
    return {
      packetsSent: this.sent,
      ...this.counters,
      jitterMs: this.jitterTs / 8,
      buffer: this.jitter.stats(),
      pacer: this.pacer.stats(),
      latched: this.latched,
      rtcp: { ...this.rtcpStats },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.pacer.stop();
    clearInterval(this.rtcpTimer);
    await Promise.all([new Promise<void>((r) => this.rtp.close(() => r())), new Promise<void>((r) => this.rtcp.close(() => r()))]);
    this.opts.pool.release(this.port);
    this.emit('close');
  }

  private onRtp(msg: Buffer, from: RtpEndpoint): void {
    const pkt = parseRtp(msg);
    if (!pkt) return void this.counters.malformed++;
    const media = this.media;
    if (!media) return void this.counters.beforeStart++;
    if (!this.allowed.has(from.address)) return this.foreign(from);
    if (this.latched && !sameEndpoint(from, this.latched)) return void this.counters.wrongSource++;
    const isAudio = pkt.payloadType === media.payloadType;
    const isDtmf = media.dtmfPayloadType !== undefined && pkt.payloadType === media.dtmfPayloadType;
    if (!isAudio && !isDtmf) {
      // Comfort noise and others: not played, but their sequence numbers are no loss.
      this.counters.unknownPayload++;
      if (this.latched && pkt.ssrc === this.remoteSsrc) this.jitter.skip(pkt.sequence);
      return;
    }
    if (!this.latched) {
      this.latched = from;
      this.sendTo = from;
    }
    if (this.remoteSsrc !== pkt.ssrc) {
      if (this.remoteSsrc !== undefined) {
        this.jitter.reset();
        this.dtmfIn = new DtmfDecoder();
        this.lastArrival = undefined;
      }
      this.remoteSsrc = pkt.ssrc;
    }
    this.counters.packetsReceived++;
    this.lastReceivedAt = performance.now();
    if (isDtmf) {
      this.jitter.skip(pkt.sequence);
      const digit = this.dtmfIn.push(pkt.timestamp, pkt.payload);
      if (digit) this.emit('dtmf', digit);
      return;
    }
    if (pkt.payload.length === 0) return;
    this.updateJitter(pkt.timestamp);
    this.jitter.push(pkt.sequence, decodeG711(media.codec, pkt.payload));
  }

  /** RFC 3550 §6.4.1: J += (|D| - J) / 16, D the change in transit time between two packets. */
  private updateJitter(timestamp: number): void {
    const at = performance.now() * 8;
    if (this.lastArrival) {
      const d = at - this.lastArrival.at - ((timestamp - this.lastArrival.timestamp) | 0);
      this.jitterTs += (Math.abs(d) - this.jitterTs) / 16;
    }
    this.lastArrival = { at, timestamp };
  }

  private onRtcp(msg: Buffer, from: RtpEndpoint): void {
    const info = parseRtcp(msg);
    if (!info) return void this.counters.malformed++;
    if (!this.media) return void this.counters.beforeStart++;
    if (!this.allowed.has(from.address)) return this.foreign(from);
    const expected = this.latched ?? this.sendTo;
    if (expected && from.address !== expected.address) return void this.counters.wrongSource++;
    this.rtcpRemote ??= from;
    this.rtcpStats.senderReports += info.senderReports.length;
    if (info.senderReports.length === 0) this.rtcpStats.receiverReports++;
    const aboutUs = info.reports.find((r) => r.ssrc === this.ssrc);
    if (aboutUs) {
      this.rtcpStats.remoteFractionLost = aboutUs.fractionLost;
      this.rtcpStats.remoteCumulativeLost = aboutUs.cumulativeLost;
      this.rtcpStats.remoteJitterMs = aboutUs.jitter / 8;
    }
    if (info.bye.length > 0 && !this.rtcpStats.bye) {
      this.rtcpStats.bye = true;
      this.emit('bye');
    }
  }

  private sendRtcp(): void {
    const to = this.rtcpRemote ?? (this.sendTo && { address: this.sendTo.address, port: this.sendTo.port + 1 });
    if (!to || this.closed) return;
    const sr = buildSenderReport({
      ssrc: this.ssrc,
      rtpTimestamp: this.tsBase + this.ticks * FRAME,
      packets: this.sent,
      octets: this.counters.octetsSent,
      cname: this.opts.cname ?? `rtp@${this.opts.host}`,
    });
    this.guardedSend(this.rtcp, 'rtcp', sr, to);
  }

  private send(payloadType: number, marker: boolean, timestamp: number, payload: Buffer): void {
    const to = this.sendTo!;
    const packet = serializeRtp({ marker, payloadType, sequence: (this.seqBase + this.sent) & 0xffff, timestamp: timestamp >>> 0, ssrc: this.ssrc, payload });
    this.sent++;
    this.counters.octetsSent += payload.length;
    this.guardedSend(this.rtp, 'rtp', packet, to);
  }

  /** dgram.send throws at once for a port or address it cannot use: counted and told once, never thrown into a timer. */
  private guardedSend(socket: dgram.Socket, kind: 'rtp' | 'rtcp', packet: Buffer, to: RtpEndpoint): void {
    // Old-style hold (c=0.0.0.0): nothing to send to (Linux would deliver it to this host).
    if (to.address === '0.0.0.0' || to.address === '::') return;
    if (!sendable(to, this.opts.host.includes(':') ? 6 : 4)) return this.sendFailed(kind, new Error('not an address or port of our socket'), to);
    try {
      socket.send(packet, to.port, to.address);
    } catch (err) {
      this.sendFailed(kind, err as Error, to);
    }
  }

  private sendFailed(kind: 'rtp' | 'rtcp', err: Error, to?: RtpEndpoint): void {
    this.counters.sendErrors++;
    this.warnOnce(`send-${kind}`, `rtp: ${kind} send failed`, { err: err.message, to });
  }

  private foreign(from: RtpEndpoint): void {
    this.counters.foreignPackets++;
    this.warnOnce('foreign', "rtp: packets from an address that is not the call's dropped", { from });
  }

  private warnOnce(key: string, message: string, data: object): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    try {
      this.opts.warn?.(message, { port: this.port, ...data });
    } catch {
      // A logger that throws must not stop the call either.
    }
  }

  private tick(): void {
    if (this.closed || !this.media) return;
    const media = this.media;
    const timestamp = (this.tsBase + this.ticks * FRAME) >>> 0;
    const { frame: inbound, kind: inboundKind } = this.jitter.pop();
    let outbound: Int16Array = SILENT_FRAME;
    let marks: string[] = [];

    if (!this.dtmfActive && this.dtmfGapTicks === 0 && this.dtmfQueue.length > 0 && media.dtmfPayloadType !== undefined) {
      this.dtmfActive = { packets: encodeDtmf(this.dtmfQueue.shift()!, { durationMs: this.opts.dtmfDurationMs }), timestamp };
    }
    if (this.dtmfActive) {
      const p = this.dtmfActive.packets.shift()!;
      this.send(media.dtmfPayloadType!, p.marker, this.dtmfActive.timestamp, p.payload);
      if (this.dtmfActive.packets.length === 0) {
        this.dtmfActive = undefined;
        this.dtmfGapTicks = Math.round((this.opts.dtmfGapMs ?? 60) / 20);
      }
      this.talking = false;
    } else {
      if (this.dtmfGapTicks > 0) this.dtmfGapTicks--;
      const taken = this.queue.take(FRAME);
      // Marker on the first packet of the stream and of each talkspurt (RFC 3551 §4.1).
      const marker = this.sent === 0 || (taken !== undefined && !this.talking);
      if (taken) {
        outbound = taken.frame;
        marks = taken.marks;
        this.send(media.payloadType, marker, timestamp, encodeG711(media.codec, outbound));
      } else {
        this.send(media.payloadType, marker, timestamp, silencePayload(media.codec));
      }
      this.talking = taken !== undefined;
    }
    this.ticks++;
    this.emit('audio', inbound);
    this.emit('tick', { inbound, inboundKind, outbound } satisfies RtpTick);
    for (const mark of marks) this.emit('mark', mark);
    this.checkTimeout();
  }

  /**
   * A tick the blocked event loop skipped: no packet goes out for it (a burst would flood the far end), but the
   * caller's frame of that time is taken from the jitter buffer and handed on as usual, so no speech is dropped
   * and the buffer does not grow. The recording has the agent's side silent there, as the wire had it.
   */
  private skippedTick(): void {
    if (this.closed || !this.media) return;
    const { frame: inbound, kind: inboundKind } = this.jitter.pop();
    this.emit('audio', inbound);
    this.emit('tick', { inbound, inboundKind, outbound: SILENT_FRAME } satisfies RtpTick);
  }

  private checkTimeout(): void {
    const limit = this.opts.mediaTimeoutMs ?? 30000;
    if (limit <= 0 || this.timedOut || this.ticks % 25 !== 0) return;
    if (performance.now() - this.lastReceivedAt > limit) {
      this.timedOut = true;
      this.emit('timeout');
    }
  }
}
