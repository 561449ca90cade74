/**
 * Minimal RTCP (RFC 3550 §6): we send a sender report with a CNAME (the
 * smallest valid compound packet) so the far end's statistics and its
 * liveness checks work, and we read SR, RR and BYE for our own statistics.
 * Parsing never throws; unknown packet types are skipped.
 */
export interface RtcpReportBlock {
  ssrc: number;
  fractionLost: number; // 0-1
  cumulativeLost: number;
  highestSeq: number;
  jitter: number; // in timestamp units
}

export interface RtcpInfo {
  senderReports: { ssrc: number; packets: number; octets: number; rtpTimestamp: number }[];
  reports: RtcpReportBlock[];
  bye: number[];
}

const NTP_EPOCH_OFFSET = 2208988800; // seconds from 1900 to 1970

export function buildSenderReport(p: { ssrc: number; rtpTimestamp: number; packets: number; octets: number; cname: string; nowMs?: number }): Buffer {
  const sr = Buffer.alloc(28);
  sr[0] = 0x80; // V=2, no report blocks
  sr[1] = 200;
  sr.writeUInt16BE(6, 2); // length in 32-bit words minus one
  sr.writeUInt32BE(p.ssrc >>> 0, 4);
  const now = p.nowMs ?? Date.now();
  sr.writeUInt32BE((Math.floor(now / 1000) + NTP_EPOCH_OFFSET) >>> 0, 8);
  sr.writeUInt32BE(Math.floor(((now % 1000) / 1000) * 0x100000000) >>> 0, 12);
  sr.writeUInt32BE(p.rtpTimestamp >>> 0, 16);
  sr.writeUInt32BE(p.packets >>> 0, 20);
  sr.writeUInt32BE(p.octets >>> 0, 24);

  const cname = Buffer.from(p.cname.slice(0, 255));
  const itemLen = 2 + cname.length + 1; // type, length, text, end-of-list
  const chunkLen = 4 + itemLen;
  const padded = Math.ceil(chunkLen / 4) * 4;
  const sdes = Buffer.alloc(4 + padded);
  sdes[0] = 0x81; // V=2, one chunk
  sdes[1] = 202;
  sdes.writeUInt16BE(padded / 4, 2);
  sdes.writeUInt32BE(p.ssrc >>> 0, 4);
  sdes[8] = 1; // CNAME
  sdes[9] = cname.length;
  cname.copy(sdes, 10);
  return Buffer.concat([sr, sdes]);
}

function reportBlocks(buf: Buffer, offset: number, count: number, end: number): RtcpReportBlock[] {
  const blocks: RtcpReportBlock[] = [];
  for (let i = 0; i < count && offset + 24 <= end; i++, offset += 24) {
    const lost = buf.readUIntBE(offset + 5, 3);
    blocks.push({
      ssrc: buf.readUInt32BE(offset),
      fractionLost: buf[offset + 4] / 256,
      cumulativeLost: lost & 0x800000 ? lost - 0x1000000 : lost,
      highestSeq: buf.readUInt32BE(offset + 8),
      jitter: buf.readUInt32BE(offset + 12),
    });
  }
  return blocks;
}

export function parseRtcp(buf: Buffer): RtcpInfo | undefined {
  const info: RtcpInfo = { senderReports: [], reports: [], bye: [] };
  let offset = 0;
  while (offset + 4 <= buf.length) {
    if (buf[offset] >> 6 !== 2) return undefined;
    const count = buf[offset] & 0x1f;
    const type = buf[offset + 1];
    const end = offset + (buf.readUInt16BE(offset + 2) + 1) * 4;
    if (end > buf.length) return undefined;
    if (type === 200 && end - offset >= 28) {
      info.senderReports.push({
        ssrc: buf.readUInt32BE(offset + 4),
        rtpTimestamp: buf.readUInt32BE(offset + 16),
        packets: buf.readUInt32BE(offset + 20),
        octets: buf.readUInt32BE(offset + 24),
      });
      info.reports.push(...reportBlocks(buf, offset + 28, count, end));
    } else if (type === 201 && end - offset >= 8) {
      info.reports.push(...reportBlocks(buf, offset + 8, count, end));
    } else if (type === 203) {
      for (let i = 0; i < count && offset + 8 + i * 4 <= end; i++) info.bye.push(buf.readUInt32BE(offset + 4 + i * 4));
    } else if (type < 200 || type > 206) {
      return undefined;
    }
    offset = end;
  }
  return offset === buf.length && offset > 0 ? info : undefined;
}
