import { describe, it, expect } from '@jest/globals';
import { MediaClock } from '../../../src/media/rtp/media-clock.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One 20 ms clock for every call of the process: each tick sends for all calls first, then processes for all. */
describe('MediaClock', () => {
  it('runs every member’s send phase before any member’s processing, in the same order every tick', async () => {
    const clock = new MediaClock();
    const log: string[] = [];
    const member = (name: string) => ({ send: () => log.push(`send ${name}`), deliver: () => log.push(`deliver ${name}`), onError: () => {} });
    const a = clock.join(member('a'));
    const b = clock.join(member('b'));
    const c = clock.join(member('c'));
    await sleep(110);
    a.leave();
    b.leave();
    c.leave();
    const ticks = log.length / 6;
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(Number.isInteger(ticks)).toBe(true);
    for (let t = 0; t < ticks; t++) {
      expect(log.slice(t * 6, t * 6 + 6)).toEqual(['send a', 'send b', 'send c', 'deliver a', 'deliver b', 'deliver c']);
    }
    expect(a.stats().ticks).toBe(ticks);
    expect(clock.size).toBe(0);
  });

  it('keeps ticking for the others when one member throws, and stops when the last one leaves', async () => {
    const clock = new MediaClock();
    const errors: unknown[] = [];
    let good = 0;
    const bad = clock.join({
      send: () => {
        throw new Error('send broke');
      },
      deliver: () => {
        throw new Error('deliver broke');
      },
      onError: (err) => errors.push(err),
    });
    const ok = clock.join({ send: () => good++, deliver: () => {}, onError: () => {} });
    await sleep(70);
    expect(good).toBeGreaterThanOrEqual(2);
    expect(errors.length).toBe(2 * bad.stats().ticks);
    // A member that joins late counts its own ticks; one that left keeps its figures.
    const late = clock.join({ send: () => {}, deliver: () => {}, onError: () => {} });
    await sleep(50);
    bad.leave();
    const frozen = bad.stats().ticks;
    await sleep(50);
    expect(bad.stats().ticks).toBe(frozen);
    expect(late.stats().ticks).toBeLessThan(ok.stats().ticks);
    ok.leave();
    late.leave();
    const after = good;
    await sleep(50);
    expect(good).toBe(after); // nobody on the clock: it stopped
  });

  it('lets a member leave inside its own phase without skipping the others', async () => {
    const clock = new MediaClock();
    const sent: string[] = [];
    const first = clock.join({ send: () => (sent.push('first'), first.leave()), deliver: () => sent.push('first delivered'), onError: () => {} });
    const second = clock.join({ send: () => sent.push('second'), deliver: () => {}, onError: () => {} });
    await sleep(50);
    second.leave();
    expect(sent.slice(0, 3)).toEqual(['first', 'second', 'second']);
    expect(sent).not.toContain('first delivered');
  });
});
