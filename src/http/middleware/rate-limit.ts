import { DomainError } from '../../modules/errors.js';

/**
 * Token buckets in memory, one per key (an API client, or an address for the
 * token route). Per process: behind several replicas the limit is per replica,
 * which is the documented behaviour (docs/api.md, "Rate limits").
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  take(key: string, now = Date.now()): void {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size > 50_000) this.buckets.clear();
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
      throw new DomainError('RATE_LIMITED', `Too many requests: retry after ${retryAfter} s`, { retry_after: retryAfter });
    }
    bucket.tokens -= 1;
  }
}
