import { Pacer, type PacerStats } from './pacer.js';

/**
 * One 20 ms clock for every call of a media process (issue 31, item 5; decision 0065). Each tick runs in two
 * phases: first every call sends its frame (a jitter-buffer pop, a play-queue take, a G.711 encode, one UDP send:
 * microseconds each), then every call hands its frames on (voice detection, the recorder, the recognizer's pipe).
 * With a timer per call, a call's packet left behind whatever the calls whose timers fell just before it were
 * processing, so its spacing varied with the others' work; on one clock every packet leaves before any processing of
 * that tick, in the same order every tick. The schedule is the drift-corrected Pacer's (missed ticks caught up, a
 * long block skipped).
 *
 * A member's stats are the clock's since it joined: ticks, how late they ran, ticks skipped.
 */
export interface ClockMember {
  /** The wire side of a tick: send this frame. Must be quick; it runs before any member's processing. */
  send(): void;
  /** The processing side of the tick: hand the frames on. */
  deliver(): void;
  /** A phase that threw: the call's error, never the clock's (nor another call's). */
  onError(err: unknown): void;
}

export interface ClockMembership {
  stats(): PacerStats;
  leave(): void;
}

interface Joined {
  member: ClockMember;
  stats: PacerStats;
  skippedAtJoin: number;
  /** The clock's skipped ticks when the member left; undefined while on the clock. */
  skippedAtLeave?: number;
}

export class MediaClock {
  private static process: MediaClock | undefined;
  private readonly members: Joined[] = [];
  private readonly pacer: Pacer;
  private running = false;

  /** The process's clock: every call of a media process ticks on it. */
  static shared(): MediaClock {
    return (MediaClock.process ??= new MediaClock());
  }

  private readonly intervalMs: number;

  constructor(opts: { intervalMs?: number; maxCatchUp?: number } = {}) {
    this.intervalMs = opts.intervalMs ?? 20;
    this.pacer = new Pacer((lateness) => this.tick(lateness), opts);
  }

  /** Members on the clock now. */
  get size(): number {
    return this.members.length;
  }

  /** Joins the clock: the member's first tick is the clock's next one. */
  join(member: ClockMember): ClockMembership {
    const joined: Joined = { member, stats: { ticks: 0, lateTicks: 0, maxLatenessMs: 0, skippedTicks: 0 }, skippedAtJoin: this.skipped() };
    this.members.push(joined);
    if (!this.running) {
      // Started on the next turn of the event loop, not inside join(): a member's first tick is never run
      // synchronously by its own set-up, and members joining together share the clock's first tick.
      this.running = true;
      setImmediate(() => {
        if (this.running) this.pacer.start();
      });
    }
    return {
      stats: () => ({ ...joined.stats, skippedTicks: (joined.skippedAtLeave ?? this.skipped()) - joined.skippedAtJoin }),
      leave: () => {
        if (joined.skippedAtLeave !== undefined) return;
        joined.skippedAtLeave = this.skipped();
        const at = this.members.indexOf(joined);
        if (at >= 0) this.members.splice(at, 1);
        if (this.members.length === 0) {
          this.running = false;
          this.pacer.stop();
        }
      },
    };
  }

  private skipped(): number {
    return this.pacer.stats().skippedTicks;
  }

  private tick(latenessMs: number): void {
    // A copy: a member may leave (its call hangs up) inside its own phase.
    const members = this.members.slice();
    for (const joined of members) {
      if (joined.skippedAtLeave !== undefined) continue;
      const s = joined.stats;
      s.ticks++;
      if (latenessMs > this.intervalMs / 2) s.lateTicks++;
      if (latenessMs > s.maxLatenessMs) s.maxLatenessMs = latenessMs;
      try {
        joined.member.send();
      } catch (err) {
        joined.member.onError(err);
      }
    }
    for (const joined of members) {
      if (joined.skippedAtLeave !== undefined) continue;
      try {
        joined.member.deliver();
      } catch (err) {
        joined.member.onError(err);
      }
    }
  }
}
