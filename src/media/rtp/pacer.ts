import { performance } from 'node:perf_hooks';

/**
 * A drift-corrected tick source for 20 ms media frames. Tick n is due at
 * start + n × interval on a monotonic clock, never at "previous tick +
 * interval", so timer lateness does not accumulate over a long call (a
 * setInterval pacer drifts and jitters under load). When the event
 * loop was blocked, the missed ticks run back to back, up to `maxCatchUp`;
 * beyond that the schedule is moved forward (the frames are skipped, counted)
 * rather than bursting seconds of audio at the far end's jitter buffer. A
 * skipped tick still calls `onSkip`: nothing is sent for it, but the frame
 * the caller sent in that time is there and must be taken, or the receive
 * buffer grows by a frame per skipped tick until it drops real speech.
 */
export interface PacerOptions {
  intervalMs?: number;
  maxCatchUp?: number;
  /** Milliseconds on a monotonic clock; injectable so the schedule can be tested. */
  now?: () => number;
  /** A tick that throws must not stop the call's clock (a timer callback would crash the process). */
  onError?: (err: unknown) => void;
  /** Called once per skipped tick, oldest first, before the ticks still due run. */
  onSkip?: () => void;
}

export interface PacerStats {
  ticks: number;
  /** Ticks that ran more than half an interval after their due time. */
  lateTicks: number;
  maxLatenessMs: number;
  /** Ticks dropped because the loop was blocked longer than maxCatchUp intervals. */
  skippedTicks: number;
}

export class Pacer {
  private readonly intervalMs: number;
  private readonly maxCatchUp: number;
  private readonly now: () => number;
  private readonly onError: (err: unknown) => void;
  private readonly onSkip: (() => void) | undefined;
  private startAt = 0;
  private next = 0; // index of the next tick due
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private running = false;
  private readonly s: PacerStats = { ticks: 0, lateTicks: 0, maxLatenessMs: 0, skippedTicks: 0 };

  constructor(
    private readonly onTick: () => void,
    opts: PacerOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 20;
    this.maxCatchUp = opts.maxCatchUp ?? 5;
    this.now = opts.now ?? (() => performance.now());
    this.onError = opts.onError ?? (() => {});
    this.onSkip = opts.onSkip;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startAt = this.now();
    this.next = 0;
    this.run();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = this.immediate = undefined;
  }

  stats(): PacerStats {
    return { ...this.s };
  }

  private run = (): void => {
    this.immediate = undefined;
    if (!this.running) return;
    const now = this.now();
    // Node timers may fire up to about a millisecond early: count such a tick as due.
    let due = Math.floor((now + 1 - this.startAt) / this.intervalMs) + 1 - this.next;
    if (due > this.maxCatchUp) {
      const skip = due - this.maxCatchUp;
      this.s.skippedTicks += skip;
      this.startAt += skip * this.intervalMs;
      due = this.maxCatchUp;
      for (let i = 0; i < skip && this.onSkip && this.running; i++) {
        try {
          this.onSkip();
        } catch (err) {
          this.onError(err);
        }
      }
    }
    for (let i = 0; i < due && this.running; i++) {
      // A tick that itself blocked the loop (a slow listener): the rest of the catch-up waits for the next check
      // phase, after the poll phase has read the packets of the time it took.
      if (i > 0 && this.now() - now > this.intervalMs / 2) {
        this.immediate = setImmediate(this.run);
        return;
      }
      const lateness = now - (this.startAt + this.next * this.intervalMs);
      if (lateness > this.intervalMs / 2) this.s.lateTicks++;
      if (lateness > this.s.maxLatenessMs) this.s.maxLatenessMs = lateness;
      this.next++;
      this.s.ticks++;
      try {
        this.onTick();
      } catch (err) {
        this.onError(err);
      }
    }
    if (!this.running) return;
    const delay = this.startAt + this.next * this.intervalMs - this.now();
    this.timer = setTimeout(this.afterPoll, Math.max(0, delay));
  };

  /**
   * The ticks run in the check phase, right after the loop's poll phase, not in the timer's own phase: after a
   * blocked loop the packets that arrived meanwhile are read from their sockets first, so the ticks catching up
   * find the caller's frames of their time in the jitter buffer instead of an underrun (concealed audio, then a
   * buffer left too deep for the rest of the call). On an idle loop this costs nothing measurable.
   */
  private afterPoll = (): void => {
    this.timer = undefined;
    if (this.running) this.immediate = setImmediate(this.run);
  };
}
