import { describe, it, expect } from '@jest/globals';
import { PortPool, PortPoolExhaustedError } from '../../../src/media/rtp/port-pool.js';

/** Even RTP ports (RTCP on the odd one above) from a configured range. */
describe('PortPool', () => {
  it('hands out even ports whose odd neighbour fits the range, round the range', () => {
    const pool = new PortPool({ min: 30001, max: 30008 });
    expect(pool.capacity).toBe(3); // 30002/3, 30004/5, 30006/7 (30008 has no 30009)
    const ports = [pool.allocate(), pool.allocate(), pool.allocate()];
    expect(ports).toEqual([30002, 30004, 30006]);
    expect(() => pool.allocate()).toThrow(PortPoolExhaustedError);
    expect(() => pool.allocate()).toThrow(/no free RTP port in 30002-30008 \(3 pairs in use\)/);
    pool.release(30004);
    expect(pool.inUse).toBe(2);
    expect(pool.allocate()).toBe(30004);
  });

  it('does not hand back the port just released while others are free', () => {
    const pool = new PortPool({ min: 30000, max: 30009 });
    const a = pool.allocate();
    pool.release(a);
    expect(pool.allocate()).not.toBe(a);
  });

  it('refuses a range without room for a pair or outside the unprivileged ports', () => {
    expect(() => new PortPool({ min: 30000, max: 30000 })).toThrow(RangeError);
    expect(() => new PortPool({ min: 80, max: 1000 })).toThrow(RangeError);
    expect(() => new PortPool({ min: 65534, max: 70000 })).toThrow(RangeError);
  });
});
