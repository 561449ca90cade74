import { randomInt } from 'node:crypto';

/**
 * The media ports of one process: RTP on an even port, its RTCP on the odd
 * port above (RFC 3550 §11), both from a configured range so firewalls and
 * NAT rules can be written for it. A pair is picked at random (crypto), so
 * the next call's port cannot be guessed from the last one's (a stranger
 * spraying the range learns nothing from order; decision 0054), and never
 * the pair just released while another is free, so stray packets of an ended
 * call do not land in the next one.
 */
export class PortPoolExhaustedError extends Error {
  constructor(min: number, max: number, inUse: number) {
    super(`no free RTP port in ${min}-${max} (${inUse} pairs in use)`);
    this.name = 'PortPoolExhaustedError';
  }
}

/** How long a released pair rests before it is handed out again, while other pairs are free. */
const QUARANTINE_MS = 10_000;

export class PortPool {
  readonly min: number;
  readonly max: number;
  private readonly used = new Set<number>();
  /** When each pair was last released: a pair is not handed out again within QUARANTINE_MS while others are free. */
  private readonly released = new Map<number, number>();

  /** `min`-`max` inclusive; the RTCP port of the last pair must fit under `max`. */
  constructor(range: { min: number; max: number }) {
    const min = range.min + (range.min % 2);
    const max = range.max;
    if (!Number.isInteger(range.min) || !Number.isInteger(max) || min < 1024 || max > 65535 || min + 1 > max) {
      throw new RangeError(`invalid RTP port range ${range.min}-${range.max}: need 1024 <= min < max <= 65535 with room for one even/odd pair`);
    }
    this.min = min;
    this.max = max;
  }

  /** Number of RTP/RTCP pairs the range holds. */
  get capacity(): number {
    return Math.floor((this.max - this.min + 1) / 2);
  }

  get inUse(): number {
    return this.used.size;
  }

  /** A random even port whose odd neighbour is also free; throws PortPoolExhaustedError when none is. */
  allocate(): number {
    const capacity = this.capacity;
    const free = capacity - this.used.size;
    if (free <= 0) throw new PortPoolExhaustedError(this.min, this.max, this.used.size);
    // Late packets of an ended call, from the same trunk's IP, would be taken by a new call on its port.
    const now = performance.now();
    const cooled = (port: number): boolean => now - (this.released.get(port) ?? -Infinity) >= QUARANTINE_MS;
    let usable = (port: number): boolean => !this.used.has(port) && cooled(port);
    // A few random draws find a free pair at once unless the pool is nearly full; then a scan from a random start.
    let port: number | undefined;
    for (let i = 0; i < 8 && port === undefined; i++) {
      const draw = this.min + 2 * randomInt(capacity);
      if (usable(draw)) port = draw;
    }
    const start = randomInt(capacity);
    for (let pass = 0; pass < 2 && port === undefined; pass++) {
      for (let i = 0; i < capacity && port === undefined; i++) {
        const next = this.min + 2 * ((start + i) % capacity);
        if (usable(next)) port = next;
      }
      usable = (candidate) => !this.used.has(candidate); // every free pair is cooling: take one all the same
    }
    this.used.add(port!);
    return port!;
  }

  release(port: number): void {
    if (!this.used.delete(port)) return;
    this.released.set(port, performance.now());
    if (this.released.size > this.capacity) this.released.delete(this.released.keys().next().value!);
  }
}
