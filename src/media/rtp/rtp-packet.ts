/**
 * RTP fixed header (RFC 3550 §5.1). Parsing never throws: anything arriving on
 * a media port may be garbage (a scanner, a stale call, a wrong protocol), so
 * a bad datagram yields `undefined` and the caller counts and drops it.
 */
export interface RtpPacket {
  marker: boolean;
  payloadType: number;
  /** 16-bit sequence number. */
  sequence: number;
  /** 32-bit media timestamp (unsigned). */
  timestamp: number;
  /** 32-bit synchronization source (unsigned). */
  ssrc: number;
  /** The payload, padding and header extension removed (a view on the datagram). */
  payload: Buffer;
}

const FIXED_HEADER = 12;

export function parseRtp(buf: Buffer): RtpPacket | undefined {
  if (buf.length < FIXED_HEADER) return undefined;
  const b0 = buf[0];
  if (b0 >> 6 !== 2) return undefined;
  const padding = (b0 & 0x20) !== 0;
  const extension = (b0 & 0x10) !== 0;
  const csrcCount = b0 & 0x0f;
  const b1 = buf[1];
  const payloadType = b1 & 0x7f;
  // 72-76 are RTCP packet types (SR, RR, SDES, BYE, APP) muxed on this port: not RTP (RFC 5761 §4).
  if (payloadType >= 72 && payloadType <= 76) return undefined;
  let offset = FIXED_HEADER + csrcCount * 4;
  if (extension) {
    if (buf.length < offset + 4) return undefined;
    offset += 4 + buf.readUInt16BE(offset + 2) * 4;
  }
  let end = buf.length;
  if (padding) {
    const pad = buf[buf.length - 1];
    if (pad === 0) return undefined;
    end -= pad;
  }
  if (end < offset) return undefined;
  return {
    marker: (b1 & 0x80) !== 0,
    payloadType,
    sequence: buf.readUInt16BE(2),
    timestamp: buf.readUInt32BE(4),
    ssrc: buf.readUInt32BE(8),
    payload: buf.subarray(offset, end),
  };
}

/** Writes a header without CSRCs, extension or padding: all we ever send. */
export function serializeRtp(p: RtpPacket): Buffer {
  const buf = Buffer.allocUnsafe(FIXED_HEADER + p.payload.length);
  buf[0] = 0x80;
  buf[1] = (p.marker ? 0x80 : 0) | (p.payloadType & 0x7f);
  buf.writeUInt16BE(p.sequence & 0xffff, 2);
  buf.writeUInt32BE(p.timestamp >>> 0, 4);
  buf.writeUInt32BE(p.ssrc >>> 0, 8);
  p.payload.copy(buf, FIXED_HEADER);
  return buf;
}

/** Signed distance from b to a in 16-bit sequence space (positive when a is after b). */
export function seqDiff(a: number, b: number): number {
  return ((a - b + 0x8000) & 0xffff) - 0x8000;
}
