import { describe, it, expect } from '@jest/globals';
import { PortPool, PortPoolExhaustedError } from '../../../src/media/rtp/port-pool.js';

/** Even RTP ports (RTCP on the odd one above) from a configured range, handed out at random. */
describe('PortPool', () => {
  it('hands out every even port whose odd neighbour fits the range, then refuses', () => {
    const pool = new PortPool({ min: 30001, max: 30008 });
    expect(pool.capacity).toBe(3); // 30002/3, 30004/5, 30006/7 (30008 has no 30009)
    const ports = [pool.allocate(), pool.allocate(), pool.allocate()];
    expect([...ports].sort()).toEqual([30002, 30004, 30006]);
    expect(() => pool.allocate()).toThrow(PortPoolExhaustedError);
    expect(() => pool.allocate()).toThrow(/no free RTP port in 30002-30008 \(3 pairs in use\)/);
    pool.release(30004);
    expect(pool.inUse).toBe(2);
    // The only free pair is the one just released: it is handed out rather than refusing the call.
    expect(pool.allocate()).toBe(30004);
  });

  it('does not hand back the port just released while others are free', () => {
    for (let round = 0; round < 50; round++) {
      const pool = new PortPool({ min: 30000, max: 30009 });
      const a = pool.allocate();
      pool.release(a);
      expect(pool.allocate()).not.toBe(a);
    }
  });

  it('picks ports at random: a sequence of allocations is neither in order nor predictable from the last', () => {
    const pool = new PortPool({ min: 20000, max: 29999 });
    const ports = Array.from({ length: 20 }, () => pool.allocate());
    expect(new Set(ports).size).toBe(20);
    for (const p of ports) expect(p % 2 === 0 && p >= 20000 && p + 1 <= 29999).toBe(true);
    // In-order allocation (20000, 20002, ...) makes every step +2; at random, 20 steps of +2 have odds of about 2500^-19.
    const steps = ports.slice(1).map((p, i) => p - ports[i]);
    expect(steps.filter((d) => d === 2).length).toBeLessThan(3);
    expect(ports).not.toEqual([...ports].sort((x, y) => x - y));
    // Two pools make different sequences (an attacker cannot replay one process's order on another).
    const other = new PortPool({ min: 20000, max: 29999 });
    expect(Array.from({ length: 20 }, () => other.allocate())).not.toEqual(ports);
  });

  it('finds the last free pair of a nearly full pool', () => {
    const pool = new PortPool({ min: 30000, max: 30199 });
    const taken = Array.from({ length: pool.capacity }, () => pool.allocate());
    expect(new Set(taken).size).toBe(100);
    pool.release(30100);
    pool.release(30102);
    expect([pool.allocate(), pool.allocate()].sort()).toEqual([30100, 30102]);
    expect(() => pool.allocate()).toThrow(PortPoolExhaustedError);
  });

  it('refuses a range without room for a pair or outside the unprivileged ports', () => {
    expect(() => new PortPool({ min: 30000, max: 30000 })).toThrow(RangeError);
    expect(() => new PortPool({ min: 80, max: 1000 })).toThrow(RangeError);
    expect(() => new PortPool({ min: 65534, max: 70000 })).toThrow(RangeError);
  });
});
