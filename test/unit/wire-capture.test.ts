import { describe, it, expect } from '@jest/globals';
import { measure } from '../../bench/wire-capture.js';

/**
 * The conversation bench's wire reading (bench/wire-capture.ts): tcpdump's pcap file of the loopback interface,
 * read back into the spacing of the agent's RTP packets per call. A file written here the way tcpdump writes one
 * (ethernet framing on `lo`, microsecond stamps) must give the spacings it was written with.
 */
function pcap(packets: { ms: number; dstPort: number; seq: number; version?: number }[], linkType = 1): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(96, 16);
  header.writeUInt32LE(linkType, 20);
  const records = packets.map(({ ms, dstPort, seq, version = 2 }) => {
    const link = Buffer.alloc(linkType === 1 ? 14 : 0);
    const ip = Buffer.alloc(20);
    ip[0] = 0x45;
    const udp = Buffer.alloc(8);
    udp.writeUInt16BE(40000, 0);
    udp.writeUInt16BE(dstPort, 2);
    const rtp = Buffer.alloc(12 + 20);
    rtp[0] = version << 6;
    rtp.writeUInt16BE(seq, 2);
    const frame = Buffer.concat([link, ip, udp, rtp]);
    const record = Buffer.alloc(16);
    const micros = Math.round(ms * 1000);
    record.writeUInt32LE(Math.floor(micros / 1e6), 0);
    record.writeUInt32LE(micros % 1e6, 4);
    record.writeUInt32LE(frame.length, 8);
    record.writeUInt32LE(frame.length, 12);
    return Buffer.concat([record, frame]);
  });
  return Buffer.concat([header, ...records]);
}

describe("the wire's record of the agent's packets", () => {
  it('gives each call its own spacing, counts a lost packet as a step, and a gap over 100 ms as a gap', () => {
    const file = pcap([
      // Call A (port 5000): 20 ms, 23 ms (3 late), a packet lost (step 2 over 40 ms: on time), then 130 ms.
      { ms: 1_000_000, dstPort: 5000, seq: 65535 },
      { ms: 1_000_020, dstPort: 5000, seq: 0 },
      { ms: 1_000_043, dstPort: 5000, seq: 1 },
      { ms: 1_000_083, dstPort: 5000, seq: 3 },
      { ms: 1_000_213, dstPort: 5000, seq: 4 },
      // Call B (port 6000), interleaved: exactly 20 ms apart.
      { ms: 1_000_005, dstPort: 6000, seq: 10 },
      { ms: 1_000_025, dstPort: 6000, seq: 11 },
      // The caller's own packets (to the media process's port) and RTCP-like traffic are not the agent's audio.
      { ms: 1_000_030, dstPort: 7000, seq: 1 },
      { ms: 1_000_031, dstPort: 6000, seq: 12, version: 0 },
    ]);
    const wire = measure(file, new Set([5000, 6000]));
    expect(wire.packets).toBe(5);
    expect(wire.gapsOver100).toBe(1);
    expect(wire.jitter.max).toBeCloseTo(110, 3);
    // Deviations: A 0, 3, 0, 110; B 0.
    expect(wire.jitter.percentile(50)).toBeCloseTo(0, 3);
    expect(wire.jitter.percentile(70)).toBeCloseTo(3, 3);
  });

  it('reads raw IP captures as well, and refuses a file that is not pcap', () => {
    const raw = pcap(
      [
        { ms: 10, dstPort: 5000, seq: 1 },
        { ms: 35, dstPort: 5000, seq: 2 },
      ],
      101,
    );
    expect(measure(raw, new Set([5000])).jitter.percentile(99)).toBeCloseTo(5, 3);
    expect(() => measure(Buffer.alloc(24), new Set([5000]))).toThrow('not a little-endian pcap file');
  });
});
