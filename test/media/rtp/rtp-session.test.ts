import dgram from 'node:dgram';
import { performance } from 'node:perf_hooks';
import { randomInt } from 'node:crypto';
import { describe, it, expect, afterAll } from '@jest/globals';
import { DtmfDecoder, encodeDtmf } from '../../../src/media/rtp/dtmf.js';
import { decodeG711 } from '../../../src/media/rtp/g711.js';
import { PortPool } from '../../../src/media/rtp/port-pool.js';
import { parseRtp, serializeRtp, seqDiff, type RtpPacket } from '../../../src/media/rtp/rtp-packet.js';
import { RtpSession, type RtpTick } from '../../../src/media/transports/sip/rtp-session.js';
import { RtpCallMedia } from '../../../src/media/transports/sip/rtp-call-media.js';
import { parseRtcp } from '../../../src/media/rtp/rtcp.js';

/**
 * RtpSession over real UDP on 127.0.0.1 against a plain dgram peer (which
 * can reorder, drop and spoof) and against another RtpSession. Sequence
 * numbers and timestamps are asserted exactly, arrival intervals loosely.
 */
const base = 20000 + 2 * randomInt(0, 9000);
const pool = new PortPool({ min: base, max: base + 99 });
const sockets: dgram.Socket[] = [];
const sessions: RtpSession[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(sessions.map((s) => s.close()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const open = async (opts: { jitterDepth?: number } = {}) => {
  const s = await RtpSession.open({ pool, host: '127.0.0.1', ...opts });
  sessions.push(s);
  return s;
};

interface Received extends RtpPacket {
  at: number;
}
/** A plain UDP party; `host` 127.0.0.2 is another machine as far as the session can tell (Linux routes all of 127/8 on lo). */
async function peer(host = '127.0.0.1') {
  const socket = dgram.createSocket('udp4');
  sockets.push(socket);
  const received: Received[] = [];
  socket.on('message', (msg) => {
    const p = parseRtp(msg);
    if (p) received.push({ ...p, payload: Buffer.from(p.payload), at: performance.now() });
  });
  await new Promise<void>((r) => socket.bind(0, host, () => r()));
  const port = socket.address().port;
  const send = (to: number, buf: Buffer) => socket.send(buf, to, '127.0.0.1');
  return { socket, port, received, send };
}

/** Sends each datagram at start + 20 ms × slot, whatever the timers do. */
async function sendPaced(slots: (() => void)[]) {
  const start = performance.now();
  for (let i = 0; i < slots.length; i++) {
    const wait = start + i * 20 - performance.now();
    if (wait > 0) await sleep(wait);
    slots[i]();
  }
}

const tone = (ms: number) => Int16Array.from({ length: ms * 8 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 1000 * i) / 8000) + 3));
const isSilence = (p: RtpPacket) => p.payload.every((b) => b === 0xff);

describe('RtpSession over UDP', () => {
  it('sends a paced stream: exact sequence numbers and timestamps, 20 ms apart, marks, flush and digits', async () => {
    const far = await peer();
    const session = await open();
    expect(session.port % 2).toBe(0);
    let sentAtMark = -1;
    const marks: string[] = [];
    session.on('mark', (m: string) => {
      marks.push(m);
      if (m === 'greeting') sentAtMark = session.stats().packetsSent;
    });
    session.start({ remote: { address: '127.0.0.1', port: far.port }, payloadType: 0, codec: 'PCMU', dtmfPayloadType: 101 });
    await sleep(200);
    session.play(tone(300), 'greeting');
    expect(session.queuedMs()).toBe(300);
    await sleep(500);
    expect(marks).toEqual(['greeting']);
    session.play(tone(2000), 'long');
    await sleep(200);
    const sentAtFlush = session.stats().packetsSent;
    const flushed = session.flush();
    expect(flushed.marks).toEqual(['long']);
    expect(flushed.droppedMs).toBeGreaterThan(1600);
    expect(flushed.droppedMs).toBeLessThanOrEqual(1820);
    expect(session.queuedMs()).toBe(0);
    await sleep(200);
    session.sendDtmf('1#');
    await sleep(700);
    await session.close();
    await sleep(50);

    const got = far.received;
    expect(got.length).toBeGreaterThan(80);
    expect(new Set(got.map((p) => p.ssrc)).size).toBe(1);
    // Every packet steps the sequence by exactly one; audio timestamps step by exactly 160 per packet.
    const [first] = got;
    got.forEach((p, i) => {
      expect(seqDiff(p.sequence, first.sequence)).toBe(i);
      if (p.payloadType === 0) expect((p.timestamp - first.timestamp) >>> 0).toBe(160 * i);
    });
    expect(first.marker).toBe(true);
    const meanInterval = (got[got.length - 1].at - first.at) / (got.length - 1);
    expect(meanInterval).toBeGreaterThan(19);
    expect(meanInterval).toBeLessThan(21);

    // The greeting: 15 packets of tone, marker on the first, its mark reported once the last was sent.
    const audio = got.map((p, i) => ({ p, i })).filter(({ p }) => p.payloadType === 0);
    const toneIdx = audio.filter(({ p }) => !isSilence(p)).map(({ i }) => i);
    const greeting = toneIdx.slice(0, 15);
    expect(greeting[14] - greeting[0]).toBe(14);
    expect(got[greeting[0]].marker).toBe(true);
    expect(got.slice(greeting[0] + 1, greeting[14] + 1).some((p) => p.marker)).toBe(false);
    expect(sentAtMark).toBe(greeting[14] + 1);
    // The long one: cut by the flush; at most one frame (20 ms) of it after the flush.
    const long = toneIdx.slice(15);
    expect(long.length).toBeGreaterThan(5);
    expect(got[long[0]].marker).toBe(true);
    expect(long.filter((i) => i >= sentAtFlush).length).toBeLessThanOrEqual(1);
    expect(long[long.length - 1] - long[0]).toBe(long.length - 1);

    // Digits: RFC 4733 events, each with one timestamp, marker on its first packet, three end packets.
    const dtmf = got.filter((p) => p.payloadType === 101);
    expect(dtmf).toHaveLength(14);
    const decoder = new DtmfDecoder();
    const digits = dtmf.map((p) => decoder.push(p.timestamp, p.payload)).filter(Boolean);
    expect(digits).toEqual(['1', '#']);
    for (const event of [dtmf.slice(0, 7), dtmf.slice(7)]) {
      expect(new Set(event.map((p) => p.timestamp)).size).toBe(1);
      expect(event.map((p) => p.marker)).toEqual([true, false, false, false, false, false, false]);
      expect(event.filter((p) => p.payload[1] & 0x80)).toHaveLength(3);
      // The event's timestamp is the media time of its first packet.
      const idx = got.indexOf(event[0]);
      expect((event[0].timestamp - first.timestamp) >>> 0).toBe(160 * idx);
    }
    expect(pool.inUse).toBe(0);
  }, 15000);

  it('receives through the jitter buffer: reorders, conceals a loss, latches to the source, drops spoofed and garbage packets, reads digits', async () => {
    const far = await peer();
    const decoy = await peer(); // where the SDP said to send, not where the packets come from (NAT)
    const spoofer = await peer();
    // Three frames deep from the start: a packet that comes 20 ms after the next one still plays (a session's
    // default starts one frame deep and grows when that happens; the buffer's own tests cover that).
    const session = await open({ jitterDepth: 3 });
    expect(session.stats().buffer.depth).toBe(3);
    const byDefault = await open();
    expect(byDefault.stats().buffer.depth).toBe(1);
    await byDefault.close();
    const ticks: RtpTick[] = [];
    const digits: string[] = [];
    session.on('tick', (t: RtpTick) => ticks.push(t));
    session.on('dtmf', (d: string) => digits.push(d));
    session.start({ remote: { address: '127.0.0.1', port: decoy.port }, payloadType: 0, codec: 'PCMU', dtmfPayloadType: 101 });

    const ssrc = 0x1234abcd;
    let seq = 65500; // wraps during the call
    let ts = 4294960000;
    const code = (i: number) => 0x80 + i; // distinct positive µ-law levels, decreasing
    const level = (i: number) => decodeG711('PCMU', Uint8Array.of(code(i)))[0];
    const audioPacket = (i: number) => {
      const p = serializeRtp({ marker: i === 0, payloadType: 0, sequence: seq & 0xffff, timestamp: ts >>> 0, ssrc, payload: Buffer.alloc(160, code(i)) });
      seq++;
      ts += 160;
      return p;
    };
    const packets = Array.from({ length: 60 }, (_, i) => audioPacket(i));
    const slots: (() => void)[] = [];
    for (let i = 0; i < 60; i++) {
      if (i === 10) slots.push(() => far.send(session.port, packets[11]));
      else if (i === 11) slots.push(() => far.send(session.port, packets[10]));
      else if (i === 20)
        slots.push(() => {}); // lost on the way
      else if (i === 30) slots.push(() => (far.send(session.port, packets[30]), far.send(session.port, packets[30])));
      else if (i === 40) {
        // A spoofer injects the next sequence number with a loud level, and garbage arrives.
        const spoofed = serializeRtp({ marker: false, payloadType: 0, sequence: (65500 + 41) & 0xffff, timestamp: 0, ssrc, payload: Buffer.alloc(160, 0x00) });
        slots.push(() => {
          far.send(session.port, packets[40]);
          for (let k = 0; k < 5; k++) spoofer.send(session.port, spoofed);
          far.send(session.port, Buffer.from('not rtp at all'));
          far.send(session.port, Buffer.alloc(3));
        });
      } else slots.push(() => far.send(session.port, packets[i]));
    }
    // Digits '1' then '#' share the sequence space, with audio between and after.
    const dtmfSlots = (digit: string) => {
      const start = ts;
      return encodeDtmf(digit).map((d) => {
        const p = serializeRtp({ marker: d.marker, payloadType: 101, sequence: seq++ & 0xffff, timestamp: start >>> 0, ssrc, payload: d.payload });
        ts += 160;
        return () => far.send(session.port, p);
      });
    };
    slots.push(...dtmfSlots('1'));
    for (let i = 60; i < 63; i++) {
      const p = audioPacket(i);
      slots.push(() => far.send(session.port, p));
    }
    slots.push(...dtmfSlots('#'));
    for (let i = 63; i < 70; i++) {
      const p = audioPacket(i);
      slots.push(() => far.send(session.port, p));
    }
    await sendPaced(slots);
    await sleep(200);
    const stats = session.stats();
    await session.close();

    // Played in order, the lost one concealed, nothing of the spoofer's.
    const played = ticks.filter((t) => t.inboundKind === 'audio').map((t) => t.inbound[0]);
    const expected = Array.from({ length: 70 }, (_, i) => i)
      .filter((i) => i !== 20)
      .map(level);
    expect(played).toEqual(expected);
    const after19 = ticks.findIndex((t) => t.inboundKind === 'audio' && t.inbound[0] === level(19)) + 1;
    expect(ticks[after19].inboundKind).toBe('concealed');
    expect(ticks[after19].inbound[0]).toBe(Math.round(level(19) * 0.5));
    expect(ticks.every((t) => t.inbound.length === 160 && t.outbound.length === 160)).toBe(true);
    expect(digits).toEqual(['1', '#']);

    expect(stats.latched).toEqual({ address: '127.0.0.1', port: far.port });
    expect(stats.wrongSource).toBe(5);
    expect(stats.malformed).toBe(2);
    expect(stats.buffer).toMatchObject({ lost: 1, duplicates: 1, late: 0 });
    expect(stats.buffer.reordered).toBeGreaterThanOrEqual(1);
    expect(stats.packetsReceived).toBe(69 + 1 + 14); // audio, its duplicate, the digits' packets
    // Symmetric RTP: after the first packet, ours went to where the far end's came from.
    expect(decoy.received.length).toBeGreaterThan(0);
    expect(decoy.received.length).toBeLessThan(10);
    expect(far.received.length).toBeGreaterThan(60);
    expect(stats.jitterMs).toBeLessThan(20);
  }, 15000);

  it('carries a call between two sessions (A-law), recorded in stereo, ended once, ports released', async () => {
    const a = await open();
    const b = await open();
    const hangups: string[] = [];
    const media = new RtpCallMedia({
      callId: 'call-1',
      direction: 'inbound',
      session: b,
      hangup: async (cause) => void hangups.push(cause),
    });
    const ended: string[] = [];
    const marks: string[] = [];
    media.on('ended', (cause) => ended.push(cause));
    media.on('mark', (m) => marks.push(m));
    let frames = 0;
    media.on('audio', () => frames++);
    a.start({ remote: { address: '127.0.0.1', port: b.port }, payloadType: 8, codec: 'PCMA' });
    b.start({ remote: { address: '127.0.0.1', port: a.port }, payloadType: 8, codec: 'PCMA' });
    a.play(tone(400));
    media.play(tone(200), 'hello');
    await sleep(900);
    expect(marks).toEqual(['hello']);
    const wav = media.recording()!;
    const framesAtRecording = frames;
    await Promise.all([media.hangup('agent_hangup'), media.hangup('agent_hangup')]);
    await a.close();
    expect(hangups).toEqual(['agent_hangup']);
    expect(ended).toEqual(['agent_hangup']);
    expect(() => media.play(tone(20))).not.toThrow();

    // One frame per tick on both channels; the caller's tone on the left, ours on the right.
    const samples = (wav.length - 44) / 4;
    expect(wav.readUInt32LE(40)).toBe(samples * 4);
    expect(samples).toBe(framesAtRecording * 160);
    const energy = (channel: 0 | 1) => {
      let e = 0;
      for (let i = 0; i < samples; i++) e += Math.abs(wav.readInt16LE(44 + i * 4 + channel * 2));
      return e / samples;
    };
    // 400 ms of tone on the left, 200 ms on the right, within about 900 ms.
    expect(energy(0)).toBeGreaterThan(1000);
    expect(energy(1)).toBeGreaterThan(500);
    expect(energy(0)).toBeGreaterThan(energy(1));
    expect(pool.inUse).toBe(0);
  }, 15000);

  it("sends sender reports on RTCP (port + 1) and reads the far end's receiver report and BYE", async () => {
    const rtpPort = base + 200; // outside the pool's range
    const farRtp = dgram.createSocket('udp4');
    const farRtcp = dgram.createSocket('udp4');
    sockets.push(farRtp, farRtcp);
    await new Promise<void>((r) => farRtp.bind(rtpPort, '127.0.0.1', () => r()));
    await new Promise<void>((r) => farRtcp.bind(rtpPort + 1, '127.0.0.1', () => r()));
    const reports: Buffer[] = [];
    farRtcp.on('message', (m) => reports.push(m));
    const session = await RtpSession.open({ pool, host: '127.0.0.1', rtcpIntervalMs: 150 });
    sessions.push(session);
    let bye = 0;
    session.on('bye', () => bye++);
    session.start({ remote: { address: '127.0.0.1', port: rtpPort }, payloadType: 0, codec: 'PCMU' });
    await sleep(400);
    expect(reports.length).toBeGreaterThanOrEqual(1);
    const sr = parseRtcp(reports[reports.length - 1])!;
    expect(sr.senderReports).toHaveLength(1);
    expect(sr.senderReports[0].packets).toBeGreaterThan(5);
    expect(sr.senderReports[0].octets).toBe(sr.senderReports[0].packets * 160);
    expect(reports[reports.length - 1].includes(Buffer.from('rtp@127.0.0.1'))).toBe(true);

    // The far end's RR about our stream (25 % lost, 80 jitter units), then a BYE, as one compound packet.
    const ourSsrc = sr.senderReports[0].ssrc;
    const rr = Buffer.alloc(32);
    rr[0] = 0x81;
    rr[1] = 201;
    rr.writeUInt16BE(7, 2);
    rr.writeUInt32BE(0x99, 4);
    rr.writeUInt32BE(ourSsrc, 8);
    rr[12] = 64;
    rr.writeUIntBE(3, 13, 3);
    rr.writeUInt32BE(80, 20);
    const byePacket = Buffer.from([0x81, 203, 0, 1, 0, 0, 0, 0x99]);
    farRtcp.send(Buffer.concat([rr, byePacket]), session.port + 1, '127.0.0.1');
    farRtcp.send(Buffer.from('garbage'), session.port + 1, '127.0.0.1');
    await sleep(100);
    const stats = session.stats();
    expect(stats.rtcp).toMatchObject({ receiverReports: 1, bye: true, remoteFractionLost: 0.25, remoteCumulativeLost: 3, remoteJitterMs: 10 });
    expect(stats.malformed).toBe(1);
    expect(bye).toBe(1);
    await session.close();
  });

  it("latches only to the far end's IPs: a stranger spraying the port gets nothing, is counted, and the caller's audio still plays", async () => {
    const far = await peer();
    const stranger = await peer('127.0.0.2');
    const strangerRtcp: Buffer[] = [];
    stranger.socket.on('message', (msg) => strangerRtcp.push(msg));
    const session = await RtpSession.open({ pool, host: '127.0.0.1', rtcpIntervalMs: 100 });
    sessions.push(session);
    const ticks: RtpTick[] = [];
    session.on('tick', (t: RtpTick) => ticks.push(t));
    // The SDP and the SIP peer both say 127.0.0.1; the caller's packets come from another port of it (NAT).
    session.start({ remote: { address: '127.0.0.1', port: far.port + 1 }, payloadType: 0, codec: 'PCMU', peerAddress: '127.0.0.1' });
    const loud = (seq: number, ssrc: number, code: number) =>
      serializeRtp({ marker: false, payloadType: 0, sequence: seq, timestamp: seq * 160, ssrc, payload: Buffer.alloc(160, code) });
    // The stranger sprays first: before the fix its first valid packet took the latch.
    for (let i = 0; i < 10; i++) {
      stranger.send(session.port, loud(i, 0xbad, 0x00));
      stranger.send(session.port + 1, Buffer.from('80c90001deadbeef', 'hex')); // an RTCP receiver report
    }
    await sleep(60);
    await sendPaced(
      Array.from({ length: 25 }, (_, i) => () => {
        far.send(session.port, loud(100 + i, 0x600d, 0x90));
        stranger.send(session.port, loud(200 + i, 0xbad, 0x00));
      }),
    );
    await sleep(200);
    const stats = session.stats();
    await session.close();

    expect(stats.latched).toEqual({ address: '127.0.0.1', port: far.port });
    expect(stats.foreignPackets).toBe(10 + 10 + 25);
    expect(stranger.received).toHaveLength(0);
    expect(strangerRtcp).toHaveLength(0);
    expect(far.received.length).toBeGreaterThan(20);
    // Every frame played is the caller's level; none is the stranger's.
    const played = ticks.filter((t) => t.inboundKind === 'audio').map((t) => t.inbound[0]);
    expect(played.length).toBeGreaterThanOrEqual(20);
    expect(new Set(played)).toEqual(new Set([decodeG711('PCMU', Uint8Array.of(0x90))[0]]));
  }, 15000);

  it("latches to the SIP peer's IP when the SDP named another address (symmetric RTP through NAT)", async () => {
    const far = await peer('127.0.0.2');
    const session = await open();
    // The SDP names a private address behind the caller's NAT; the packets come from the address SIP came from.
    session.start({ remote: { address: '127.0.0.3', port: 9 }, payloadType: 0, codec: 'PCMU', peerAddress: '127.0.0.2' });
    await sendPaced(
      Array.from(
        { length: 10 },
        (_, i) => () =>
          far.send(session.port, serializeRtp({ marker: false, payloadType: 0, sequence: i, timestamp: i * 160, ssrc: 7, payload: Buffer.alloc(160, 0xff) })),
      ),
    );
    await sleep(100);
    const stats = session.stats();
    await session.close();
    expect(stats.latched).toEqual({ address: '127.0.0.2', port: far.port });
    expect(stats.foreignPackets).toBe(0);
    expect(far.received.length).toBeGreaterThan(0);
  }, 15000);

  it('never throws from its timers whatever address it was given: sends to a bad port or address are counted', async () => {
    const errors: unknown[] = [];
    const onUncaught = (err: unknown) => errors.push(err);
    process.on('uncaughtException', onUncaught);
    const warnings: string[] = [];
    try {
      for (const remote of [
        { address: '127.0.0.1', port: 65535 }, // RTCP would go to 65536
        { address: '127.0.0.1', port: 70000 },
        { address: '127.0.0.1\0', port: 4000 },
        { address: 'example.invalid', port: 4000 },
        { address: '::1', port: 4000 }, // IPv6 on an IPv4 socket
      ]) {
        const session = await RtpSession.open({ pool, host: '127.0.0.1', rtcpIntervalMs: 50, warn: (m) => warnings.push(m) });
        sessions.push(session);
        session.start({ remote, payloadType: 0, codec: 'PCMU', dtmfPayloadType: 101 });
        session.sendDtmf('1');
        await sleep(180);
        const stats = session.stats();
        await session.close();
        expect([remote, stats.sendErrors > 0, stats.pacer.ticks > 5]).toEqual([remote, true, true]);
      }
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(errors).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
  }, 15000);

  it('skips a port another process holds, and fails clearly when the range is used up', async () => {
    const small = new PortPool({ min: base + 300, max: base + 303 }); // two pairs
    const squatter = dgram.createSocket('udp4');
    sockets.push(squatter);
    await new Promise<void>((r) => squatter.bind(base + 300, '127.0.0.1', () => r()));
    const s1 = await RtpSession.open({ pool: small, host: '127.0.0.1' });
    sessions.push(s1);
    expect(s1.port).toBe(base + 302);
    await expect(RtpSession.open({ pool: small, host: '127.0.0.1' })).rejects.toThrow(/no free RTP port|no bindable/);
    await s1.close();
    expect(small.inUse).toBe(0);
  });
});
