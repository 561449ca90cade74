/**
 * The media ports of one process: RTP on an even port, its RTCP on the odd
 * port above (RFC 3550 §11), both from a configured range so firewalls and
 * NAT rules can be written for it. Allocation goes round the range instead of
 * reusing the port just released, so stray packets of an ended call do not
 * land in the next one.
 */
export class PortPoolExhaustedError extends Error {
  constructor(min: number, max: number, inUse: number) {
    super(`no free RTP port in ${min}-${max} (${inUse} pairs in use)`);
    this.name = 'PortPoolExhaustedError';
  }
}

export class PortPool {
  readonly min: number;
  readonly max: number;
  private readonly used = new Set<number>();
  private cursor: number;

  /** `min`-`max` inclusive; the RTCP port of the last pair must fit under `max`. */
  constructor(range: { min: number; max: number }) {
    const min = range.min + (range.min % 2);
    const max = range.max;
    if (!Number.isInteger(range.min) || !Number.isInteger(max) || min < 1024 || max > 65535 || min + 1 > max) {
      throw new RangeError(`invalid RTP port range ${range.min}-${range.max}: need 1024 <= min < max <= 65535 with room for one even/odd pair`);
    }
    this.min = min;
    this.max = max;
    this.cursor = min;
  }

  /** Number of RTP/RTCP pairs the range holds. */
  get capacity(): number {
    return Math.floor((this.max - this.min + 1) / 2);
  }

  get inUse(): number {
    return this.used.size;
  }

  /** An even port whose odd neighbour is also free; throws PortPoolExhaustedError when none is. */
  allocate(): number {
    for (let i = 0; i < this.capacity; i++) {
      const port = this.cursor;
      this.cursor = port + 2 + 1 > this.max ? this.min : port + 2;
      if (!this.used.has(port)) {
        this.used.add(port);
        return port;
      }
    }
    throw new PortPoolExhaustedError(this.min, this.max, this.used.size);
  }

  release(port: number): void {
    this.used.delete(port);
  }
}
