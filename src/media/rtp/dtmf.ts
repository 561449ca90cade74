/**
 * RFC 4733 telephone-event payloads (4 bytes: event, E|R|volume, duration).
 * One key press is one event: every packet of it, the updates and the three
 * redundant end packets, carries the same RTP timestamp (the event's start),
 * which is what the decoder dedupes on.
 */
const DIGITS = '0123456789*#ABCD';

export function dtmfEventCode(digit: string): number | undefined {
  const i = DIGITS.indexOf(digit.toUpperCase());
  return digit.length === 1 && i >= 0 ? i : undefined;
}

export interface DtmfPayload {
  event: number;
  end: boolean;
  volume: number;
  duration: number;
}

export function parseDtmfPayload(payload: Uint8Array): DtmfPayload | undefined {
  if (payload.length < 4) return undefined;
  return {
    event: payload[0],
    end: (payload[1] & 0x80) !== 0,
    volume: payload[1] & 0x3f,
    duration: (payload[2] << 8) | payload[3],
  };
}

/**
 * Turns incoming telephone-event packets into one digit per key press. The
 * digit is reported on the first packet seen of an event (marker or not, in
 * case the first was lost), so the caller's digit is not delayed to the key's
 * release. Recent event timestamps are kept so the late end packets of a
 * previous event, arriving after the next one started, are not a new press.
 */
export class DtmfDecoder {
  private readonly seen: number[] = [];

  /** Returns the digit when this packet starts a new event, else undefined. */
  push(timestamp: number, payload: Uint8Array): string | undefined {
    const ev = parseDtmfPayload(payload);
    if (!ev || ev.event >= DIGITS.length) return undefined; // flash and tones are not caller input
    if (this.seen.includes(timestamp)) return undefined;
    this.seen.push(timestamp);
    if (this.seen.length > 8) this.seen.shift();
    return DIGITS[ev.event];
  }
}

export interface DtmfPacket {
  /** Set on the first packet of the event only; every packet carries the event's start timestamp. */
  marker: boolean;
  payload: Buffer;
}

export interface DtmfEncodeOptions {
  /** Length of the key press. */
  durationMs?: number;
  /** Samples per packet (one packet per 20 ms tick at 8 kHz). */
  packetSamples?: number;
  /** Power level in -dBm0 (RFC 4733 §2.5.2.2), 0-63. */
  volume?: number;
}

/**
 * The packets of one key press, one per tick: updates with growing duration
 * (marker on the first), then the final duration with the E bit three times
 * (RFC 4733 §2.5.1.4: the end is repeated because it may be lost).
 */
export function encodeDtmf(digit: string, opts: DtmfEncodeOptions = {}): DtmfPacket[] {
  const event = dtmfEventCode(digit);
  if (event === undefined) throw new Error(`not a DTMF digit: ${JSON.stringify(digit)}`);
  const step = opts.packetSamples ?? 160;
  const total = Math.max(step, Math.round(((opts.durationMs ?? 100) * 8000) / 1000));
  const volume = Math.min(63, Math.max(0, opts.volume ?? 10));
  const packet = (duration: number, end: boolean, marker: boolean): DtmfPacket => {
    const payload = Buffer.alloc(4);
    payload[0] = event;
    payload[1] = (end ? 0x80 : 0) | volume;
    payload.writeUInt16BE(Math.min(duration, 0xffff), 2);
    return { marker, payload };
  };
  const packets: DtmfPacket[] = [];
  for (let d = step; d < total; d += step) packets.push(packet(d, false, packets.length === 0));
  for (let i = 0; i < 3; i++) packets.push(packet(total, true, packets.length === 0));
  return packets;
}
