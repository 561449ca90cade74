import { describe, it, expect } from '@jest/globals';
import { parseRtp, serializeRtp, seqDiff } from '../../../src/media/rtp/rtp-packet.js';

/** The RTP header codec: garbage yields undefined (never a throw), CSRCs, extensions and padding are skipped. */
describe('RTP packet', () => {
  const base = { marker: true, payloadType: 8, sequence: 65535, timestamp: 0xfffffff0, ssrc: 0xdeadbeef, payload: Buffer.from([1, 2, 3, 4]) };

  it('round-trips every header field, unsigned', () => {
    const buf = serializeRtp(base);
    expect(buf.length).toBe(16);
    expect(buf[0]).toBe(0x80);
    expect(buf[1]).toBe(0x88);
    expect(parseRtp(buf)).toEqual(base);
  });

  it('skips the CSRC list, the header extension and the padding', () => {
    const head = Buffer.from([0x80 | 0x20 | 0x10 | 2, 0x00, 0x00, 0x07, 0, 0, 0, 160, 0, 0, 0, 1]);
    const csrcs = Buffer.alloc(8, 0xaa);
    const ext = Buffer.from([0xbe, 0xde, 0x00, 0x01, 9, 9, 9, 9]);
    const payload = Buffer.from([0x11, 0x22, 0x33]);
    const padding = Buffer.from([0, 0, 3]);
    const p = parseRtp(Buffer.concat([head, csrcs, ext, payload, padding]));
    expect(p).toMatchObject({ marker: false, payloadType: 0, sequence: 7, timestamp: 160, ssrc: 1 });
    expect([...p!.payload]).toEqual([0x11, 0x22, 0x33]);
  });

  it('refuses garbage without throwing', () => {
    const cases = [
      Buffer.alloc(0),
      Buffer.from('INVITE sip:x SIP/2.0\r\n'),
      Buffer.alloc(11, 0x80), // shorter than the fixed header
      Buffer.from([0x40, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]), // version 1
      Buffer.from([0x8f, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]), // 15 CSRCs announced, none there
      Buffer.from([0x90, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0xbe, 0xde, 0, 9]), // extension longer than the packet
      Buffer.from([0xa0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 200]), // padding longer than the packet
      Buffer.from([0xa0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0]), // padding count 0
      Buffer.from([0x80, 200, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]), // an RTCP sender report
    ];
    for (const c of cases) expect(parseRtp(c)).toBeUndefined();
    for (let i = 0; i < 2000; i++) {
      const junk = Buffer.from(Array.from({ length: i % 40 }, (_, j) => (i * 31 + j * 17) & 0xff));
      expect(() => parseRtp(junk)).not.toThrow();
    }
  });

  it('compares sequence numbers across the 16-bit wrap', () => {
    expect(seqDiff(0, 65535)).toBe(1);
    expect(seqDiff(65535, 0)).toBe(-1);
    expect(seqDiff(5, 3)).toBe(2);
    expect(seqDiff(100, 40000)).toBe(100 - 40000 + 65536);
  });
});
