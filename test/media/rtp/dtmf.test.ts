import { describe, it, expect } from '@jest/globals';
import { DtmfDecoder, encodeDtmf, parseDtmfPayload } from '../../../src/media/rtp/dtmf.js';

/** RFC 4733 telephone-events: one digit per key press, however many packets carried it. */
describe('DTMF (RFC 4733)', () => {
  it('encodes a 100 ms press as growing updates then three end packets, marker on the first', () => {
    const packets = encodeDtmf('#', { durationMs: 100 });
    const parsed = packets.map((p) => ({ marker: p.marker, ...parseDtmfPayload(p.payload)! }));
    expect(parsed.map((p) => p.duration)).toEqual([160, 320, 480, 640, 800, 800, 800]);
    expect(parsed.map((p) => p.end)).toEqual([false, false, false, false, true, true, true]);
    expect(parsed.map((p) => p.marker)).toEqual([true, false, false, false, false, false, false]);
    expect(new Set(parsed.map((p) => p.event))).toEqual(new Set([11]));
    expect(parsed[0].volume).toBe(10);
  });

  it('refuses what is not a digit', () => {
    expect(() => encodeDtmf('x')).toThrow(/not a DTMF digit/);
    expect(() => encodeDtmf('12')).toThrow(/not a DTMF digit/);
  });

  it('decodes each press once, by timestamp, including the repeated end packets and a repeated digit', () => {
    const decoder = new DtmfDecoder();
    const digits: string[] = [];
    const press = (digit: string, timestamp: number) => {
      for (const p of encodeDtmf(digit)) {
        const d = decoder.push(timestamp, p.payload);
        if (d) digits.push(d);
      }
    };
    press('1', 1000);
    press('#', 2600);
    press('#', 4200); // the same key again is a new press: a new timestamp
    press('A', 0xfffffff0);
    // A late end packet of the first press, after the others: not a new press.
    const late = decoder.push(1000, encodeDtmf('1')[6].payload);
    expect(late).toBeUndefined();
    expect(digits).toEqual(['1', '#', '#', 'A']);
  });

  it('reports a press whose first packets were lost, and ignores short or non-digit payloads', () => {
    const decoder = new DtmfDecoder();
    const onlyEnd = encodeDtmf('7').slice(4);
    expect(decoder.push(500, onlyEnd[0].payload)).toBe('7');
    expect(decoder.push(500, onlyEnd[1].payload)).toBeUndefined();
    expect(decoder.push(900, Buffer.from([1, 2]))).toBeUndefined();
    expect(decoder.push(900, Buffer.from([16, 0x8a, 0, 160]))).toBeUndefined(); // event 16: flash
  });
});
