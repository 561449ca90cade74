/**
 * The agent's packets as the wire carries them: tcpdump on the loopback interface stamps each packet in the kernel
 * when the media process's send() puts it there, so their spacing is the media process's pacing alone. The callers'
 * own stamps (performance.now() in their socket callbacks) add the delays of the one event loop all the bench's
 * callers share, which no real caller's phone has: the probe prints both.
 *
 * Optional: without tcpdump (Debian's `tcpdump`; scripts/run.sh installs it for `npm run bench`) or without the
 * right to capture, start() says why and the probe judges by the callers' stamps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Histogram } from './media-caller.js';

/** Each agent packet's ethernet + IPv4 + UDP + RTP headers fit in this; the payload is not needed. */
const SNAPLEN = 96;

export interface WireJitter {
  packets: number;
  /** |interval - 20 ms x sequence step| between consecutive packets of each call, on kernel stamps. */
  jitter: Histogram;
  gapsOver100: number;
}

export class WireCapture {
  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
  ) {}

  /** Starts capturing UDP on loopback; resolves once tcpdump listens, or with the reason it cannot. */
  static async start(): Promise<WireCapture | string> {
    const dir = mkdtempSync(join(tmpdir(), 'wire-'));
    const child = spawn('tcpdump', ['-i', 'lo', '-n', '-U', '-s', String(SNAPLEN), '-B', '16384', '-w', join(dir, 'rtp.pcap'), 'udp'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const listening = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      child.once('error', () => resolve(false));
      child.once('exit', () => resolve(false));
      child.stderr!.setEncoding('utf8').on('data', (d: string) => {
        stderr += d;
        if (stderr.includes('listening on')) {
          clearTimeout(timer);
          resolve(true);
        }
      });
    });
    if (!listening) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      return stderr.trim().split('\n')[0] || 'tcpdump is not installed';
    }
    return new WireCapture(child, dir);
  }

  /** Stops the capture and measures the packets sent to `ports` (the callers' RTP ports), flow by flow. */
  async stop(ports: Set<number>): Promise<WireJitter> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGINT');
    await exited;
    try {
      return measure(readFileSync(join(this.dir, 'rtp.pcap')), ports);
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

/** The link-layer header's length for the capture's link type (loopback on Linux: ethernet). */
function linkHeader(linkType: number): number {
  if (linkType === 1) return 14; // EN10MB
  if (linkType === 113) return 16; // LINUX_SLL
  if (linkType === 276) return 20; // LINUX_SLL2
  if (linkType === 101 || linkType === 12) return 0; // RAW
  throw new Error(`pcap link type ${linkType} is not read here`);
}

/** Reads a classic pcap file (tcpdump -w): per destination port, each RTP packet's kernel stamp and sequence number. */
export function measure(pcap: Buffer, ports: Set<number>): WireJitter {
  const magic = pcap.readUInt32LE(0);
  const nanos = magic === 0xa1b23c4d;
  if (magic !== 0xa1b2c3d4 && !nanos) throw new Error('not a little-endian pcap file');
  const link = linkHeader(pcap.readUInt32LE(20) & 0xffff);
  const last = new Map<number, { at: number; seq: number }>();
  const out: WireJitter = { packets: 0, jitter: new Histogram(), gapsOver100: 0 };
  for (let at = 24; at + 16 <= pcap.length;) {
    const seconds = pcap.readUInt32LE(at);
    const fraction = pcap.readUInt32LE(at + 4);
    const length = pcap.readUInt32LE(at + 8);
    const frame = at + 16;
    at = frame + length;
    const ip = frame + link;
    if (length < link + 20 + 8 + 12 || pcap[ip] >> 4 !== 4) continue;
    const udp = ip + (pcap[ip] & 0x0f) * 4;
    const dstPort = pcap.readUInt16BE(udp + 2);
    if (!ports.has(dstPort) || udp + 8 + 12 > frame + length) continue;
    const rtp = udp + 8;
    if (pcap[rtp] >> 6 !== 2) continue;
    const ms = seconds * 1000 + fraction / (nanos ? 1e6 : 1e3);
    const seq = pcap.readUInt16BE(rtp + 2);
    const previous = last.get(dstPort);
    last.set(dstPort, { at: ms, seq });
    if (!previous) continue;
    const step = (seq - previous.seq) & 0xffff;
    // A packet out of order or repeated (never on loopback) is not a spacing.
    if (step === 0 || step > 0x8000) continue;
    const interval = ms - previous.at;
    out.packets++;
    if (interval > 100) out.gapsOver100++;
    out.jitter.add(Math.abs(interval - 20 * step));
  }
  return out;
}
