import { describe, it, expect } from '@jest/globals';
import { planStatsReads } from '../../src/modules/analytics/stats-source.js';

const at = (s: string) => new Date(s);
const plan = (from: string, to: string, cuts: string[] = []) =>
  planStatsReads({ from: at(from), to: at(to) }, cuts.map(at)).map((r) => [r.grain / 1000, new Date(r.from).toISOString(), new Date(r.to).toISOString()]);

describe('planStatsReads', () => {
  it('covers a range with UTC days inside, hours and quarters beside them, and sessions at the ragged ends', () => {
    expect(plan('2026-10-01T09:07:30Z', '2026-10-03T10:20:00Z')).toEqual([
      [0, '2026-10-01T09:07:30.000Z', '2026-10-01T09:15:00.000Z'],
      [0, '2026-10-03T10:15:00.000Z', '2026-10-03T10:20:00.000Z'],
      [900, '2026-10-01T09:15:00.000Z', '2026-10-01T10:00:00.000Z'],
      [900, '2026-10-03T10:00:00.000Z', '2026-10-03T10:15:00.000Z'],
      [3600, '2026-10-01T10:00:00.000Z', '2026-10-02T00:00:00.000Z'],
      [3600, '2026-10-03T00:00:00.000Z', '2026-10-03T10:00:00.000Z'],
      [86400, '2026-10-02T00:00:00.000Z', '2026-10-03T00:00:00.000Z'],
    ]);
  });

  it('keeps every read inside one period: New York days are read in hours, merged into one read', () => {
    const cuts = ['2026-10-01T04:00:00Z', '2026-10-02T04:00:00Z', '2026-10-03T04:00:00Z', '2026-10-04T04:00:00Z'];
    expect(plan('2026-10-01T04:00:00Z', '2026-10-04T04:00:00Z', cuts)).toEqual([[3600, '2026-10-01T04:00:00.000Z', '2026-10-04T04:00:00.000Z']]);
  });

  it('reads quarters where periods start off the hour (Kathmandu, +5:45), and days inside long periods', () => {
    expect(plan('2026-09-30T18:15:00Z', '2026-11-30T18:15:00Z', ['2026-10-31T18:15:00Z'])).toEqual([
      [900, '2026-09-30T18:15:00.000Z', '2026-09-30T19:00:00.000Z'],
      [900, '2026-10-31T18:00:00.000Z', '2026-10-31T19:00:00.000Z'],
      [900, '2026-11-30T18:00:00.000Z', '2026-11-30T18:15:00.000Z'],
      [3600, '2026-09-30T19:00:00.000Z', '2026-10-01T00:00:00.000Z'],
      [3600, '2026-10-31T00:00:00.000Z', '2026-10-31T18:00:00.000Z'],
      [3600, '2026-10-31T19:00:00.000Z', '2026-11-01T00:00:00.000Z'],
      [3600, '2026-11-30T00:00:00.000Z', '2026-11-30T18:00:00.000Z'],
      [86400, '2026-10-01T00:00:00.000Z', '2026-10-31T00:00:00.000Z'],
      [86400, '2026-11-01T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    ]);
  });

  it('ignores cuts outside the range, and reads only sessions for a range inside one quarter', () => {
    expect(plan('2026-10-01T09:01:00Z', '2026-10-01T09:14:00Z', ['2026-09-01T00:00:00Z', '2026-10-01T09:00:00Z', '2026-12-01T00:00:00Z'])).toEqual([
      [0, '2026-10-01T09:01:00.000Z', '2026-10-01T09:14:00.000Z'],
    ]);
  });
});
