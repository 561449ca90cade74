import { performance } from 'node:perf_hooks';
import dgram from 'node:dgram';
import { describe, it, expect } from '@jest/globals';
import { Pacer } from '../../../src/media/rtp/pacer.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Blocks the event loop, as a slow synchronous step in a call would. */
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** The 20 ms clock: scheduled from its start time, so it neither drifts nor loses ticks to a blocked loop. */
describe('Pacer', () => {
  it('ticks every 20 ms on average over 3 s, as many times as the elapsed time allows', async () => {
    const times: number[] = [];
    const pacer = new Pacer(() => times.push(performance.now()));
    const start = performance.now();
    pacer.start();
    await sleep(3000);
    pacer.stop();
    const elapsed = performance.now() - start;
    const mean = (times[times.length - 1] - times[0]) / (times.length - 1);
    expect(mean).toBeGreaterThan(19.5);
    expect(mean).toBeLessThan(20.5);
    // Tick n is due at start + 20n: the count follows the clock, not the sum of timer delays.
    expect(Math.abs(times.length - (Math.floor(elapsed / 20) + 1))).toBeLessThanOrEqual(2);
    // No tick runs a whole interval late on average: the schedule does not drift.
    const drift = times.map((t, n) => t - (times[0] + n * 20));
    expect(Math.abs(drift[drift.length - 1])).toBeLessThan(20);
    const count = times.length;
    await sleep(60);
    expect(times.length).toBe(count); // stopped means stopped
  });

  it('catches up the ticks missed while the loop was blocked, and counts them late', async () => {
    let ticks = 0;
    // Room to catch up well beyond the 90 ms block: a loaded machine adds its own delay to it (a CI run saw 6 ticks
    // due, one over the default 5, and a skip); skipping is the next test's subject.
    const pacer = new Pacer(
      () => {
        ticks++;
        if (ticks === 5) block(90);
      },
      { maxCatchUp: 20 },
    );
    const start = performance.now();
    pacer.start();
    await sleep(400);
    pacer.stop();
    const elapsed = performance.now() - start;
    expect(Math.abs(ticks - (Math.floor(elapsed / 20) + 1))).toBeLessThanOrEqual(2);
    const s = pacer.stats();
    expect(s.lateTicks).toBeGreaterThanOrEqual(3);
    expect(s.maxLatenessMs).toBeGreaterThanOrEqual(60);
    expect(s.skippedTicks).toBe(0);
  });

  it('skips rather than bursts beyond maxCatchUp, and survives a throwing tick', async () => {
    let ticks = 0;
    const errors: unknown[] = [];
    const pacer = new Pacer(
      () => {
        ticks++;
        if (ticks === 2) block(300);
        if (ticks === 3) throw new Error('a listener failed');
      },
      { maxCatchUp: 3, onError: (e) => errors.push(e) },
    );
    pacer.start();
    await sleep(500);
    pacer.stop();
    const s = pacer.stats();
    expect(s.skippedTicks).toBeGreaterThanOrEqual(10);
    expect(s.skippedTicks).toBeLessThanOrEqual(16);
    expect(errors).toHaveLength(1);
    expect(ticks).toBeGreaterThan(8); // still ticking after the throw
    expect(ticks + s.skippedTicks).toBeGreaterThan(20); // 500 ms of schedule, minus the skipped ticks
  });

  it('calls onSkip once per skipped tick, before the ticks still due', async () => {
    const order: string[] = [];
    let ticks = 0;
    const pacer = new Pacer(
      () => {
        ticks++;
        order.push('tick');
        if (ticks === 2) block(300);
      },
      { maxCatchUp: 3, onSkip: () => order.push('skip') },
    );
    pacer.start();
    await sleep(450);
    pacer.stop();
    const skipped = pacer.stats().skippedTicks;
    expect(skipped).toBeGreaterThanOrEqual(8);
    expect(order.filter((o) => o === 'skip')).toHaveLength(skipped);
    // After the block: the skipped ticks' calls, then the catch-up ticks.
    expect(order.slice(2, 2 + skipped + 3)).toEqual([...Array<string>(skipped).fill('skip'), 'tick', 'tick', 'tick']);
  });

  it('runs the ticks catching up a blocked loop after the datagrams that arrived meanwhile were read', async () => {
    const seenByTick = await ticksSeeingDatagrams(200, (tick, send) => {
      if (tick === 3) {
        // While the loop is blocked, four packets arrive (a caller's 80 ms).
        send(4);
        block(90);
      }
    });
    // The first tick after the block already saw all four (read in the poll phase before the catch-up).
    expect(seenByTick[2]).toBe(0);
    expect(seenByTick[3]).toBe(4);
  });

  it('lets the poll phase read the sockets between catch-up ticks when one of them blocks', async () => {
    const seenByTick = await ticksSeeingDatagrams(300, (tick, send) => {
      if (tick === 3) block(90); // the next run has four or five ticks to catch up
      if (tick === 4) {
        // The first of them is slow itself, and packets arrive meanwhile.
        send(3);
        block(30);
      }
    });
    expect(seenByTick[3]).toBe(0);
    expect(seenByTick[4]).toBe(3); // the second catch-up tick ran after they were read
  });
});

/**
 * A pacer running for `ms` beside a UDP socket on loopback: each tick calls `step(tick, send)` (send(n) sends n
 * datagrams to the socket) and records how many datagrams the socket had read by then.
 */
async function ticksSeeingDatagrams(ms: number, step: (tick: number, send: (n: number) => void) => void): Promise<number[]> {
  const rx = dgram.createSocket('udp4');
  const tx = dgram.createSocket('udp4');
  await new Promise<void>((r) => rx.bind(0, '127.0.0.1', () => r()));
  const port = rx.address().port;
  let received = 0;
  rx.on('message', () => received++);
  const send = (n: number) => {
    for (let i = 0; i < n; i++) tx.send(Buffer.alloc(172), port, '127.0.0.1');
  };
  const seenByTick: number[] = [];
  let ticks = 0;
  const pacer = new Pacer(() => {
    seenByTick.push(received);
    step(++ticks, send);
  });
  pacer.start();
  await sleep(ms);
  pacer.stop();
  rx.close();
  tx.close();
  return seenByTick;
}
