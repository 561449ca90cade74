/**
 * Per-source token buckets for new INVITEs. Within the burst a source is
 * served; past it, it gets 503 + Retry-After from a second, smaller bucket;
 * when that one is empty too (a flood), we stop answering at all so the flood
 * cannot make us send as much as it does. The table is bounded so spoofed
 * sources cannot grow it forever.
 */
export type RateDecision = 'accept' | 'reject' | 'drop';

export interface RateLimitOptions {
  ratePerSecond: number;
  burst: number;
  /** 503 answers per second and their burst, once the INVITE bucket is empty; beyond them INVITEs are dropped. */
  rejectPerSecond: number;
  rejectBurst: number;
  maxSources: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  ratePerSecond: 10,
  burst: 20,
  rejectPerSecond: 2,
  rejectBurst: 10,
  maxSources: 10_000,
};

interface Bucket {
  tokens: number;
  /** Tokens for 503 answers. */
  replies: number;
  at: number;
}

export class SourceRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = () => performance.now(),
  ) {}

  take(source: string): RateDecision {
    const now = this.now();
    let bucket = this.buckets.get(source);
    if (!bucket) {
      if (this.buckets.size >= this.options.maxSources) this.evict(now);
      bucket = { tokens: this.options.burst, replies: this.options.rejectBurst, at: now };
      this.buckets.set(source, bucket);
    }
    const seconds = (now - bucket.at) / 1000;
    bucket.tokens = Math.min(this.options.burst, bucket.tokens + seconds * this.options.ratePerSecond);
    bucket.replies = Math.min(this.options.rejectBurst, bucket.replies + seconds * this.options.rejectPerSecond);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 'accept';
    }
    if (bucket.replies >= 1) {
      bucket.replies -= 1;
      return 'reject';
    }
    return 'drop';
  }

  /** Drops buckets that have refilled (they behave like new ones), else the oldest. */
  private evict(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.options.ratePerSecond >= this.options.burst) this.buckets.delete(key);
    }
    if (this.buckets.size >= this.options.maxSources) this.buckets.delete(this.buckets.keys().next().value!);
  }
}
