/**
 * Slows password guessing on the sign-in forms: after too many failures for
 * one email, or from one address, within the window, sign-in is refused
 * until the window ends. Counted per process (like the API rate limits);
 * a success clears the email's count.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly perEmail = 10,
    private readonly perAddress = 50,
    private readonly windowMs = 15 * 60_000,
  ) {}

  /** Seconds to wait before trying again, or 0 when an attempt may be made. */
  retryAfter(email: string, ip: string, now = Date.now()): number {
    let wait = 0;
    for (const [key, limit] of this.keys(email, ip)) {
      const entry = this.failures.get(key);
      if (entry && entry.until > now && entry.count >= limit) wait = Math.max(wait, Math.ceil((entry.until - now) / 1000));
    }
    return wait;
  }

  fail(email: string, ip: string, now = Date.now()): void {
    if (this.failures.size > 50_000) this.failures.clear();
    for (const [key] of this.keys(email, ip)) {
      const entry = this.failures.get(key);
      if (!entry || entry.until <= now) this.failures.set(key, { count: 1, until: now + this.windowMs });
      else entry.count += 1;
    }
  }

  succeed(email: string): void {
    this.failures.delete(`email:${email.trim().toLowerCase()}`);
  }

  private keys(email: string, ip: string): [string, number][] {
    return [[`email:${email.trim().toLowerCase()}`, this.perEmail], [`ip:${ip}`, this.perAddress]];
  }
}
