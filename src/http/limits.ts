import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, RLWrapperTimeouts, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { DomainError } from '../modules/errors.js';

/**
 * Where the request limits, the token and registration limits and the
 * sign-in throttle keep their counts (issue #12). `postgres`: in the
 * `rate_limit` table, so every API process behind a load balancer counts
 * against one budget; `memory`: in the process (the embedded development
 * database, a single process). Counting is rate-limiter-flexible's
 * (docs/decisions/0029): one upsert per decision. When the database does not
 * answer within DECISION_TIMEOUT_MS, or fails, the process decides alone with
 * the same limit in memory, so a database hiccup never refuses or stalls
 * requests; a key over its limit is then refused from memory without a
 * database round trip until its window ends.
 */
export type LimitStore = { kind: 'memory' } | { kind: 'postgres'; client: { query: (q: unknown) => Promise<unknown> } };

const TABLE = 'rate_limit';
const DECISION_TIMEOUT_MS = 250;

/** The configured store: on PostgreSQL, the ORM's own `pg` pool (no connections of its own). */
export function limitStore(deps: { config: Config; orm: Orm }): LimitStore {
  if (deps.config.limits.store === 'memory') return { kind: 'memory' };
  const connection = deps.orm.em.getConnection() as unknown as PostgreSqlConnection;
  return { kind: 'postgres', client: { query: async (q) => (await connection.getNativeClient()).query(q as never) } };
}

export interface WindowLimit {
  /** Distinguishes limiters sharing the store; keys of one never count against another. */
  name: string;
  points: number;
  windowSeconds: number;
}

function limiter(store: LimitStore, limit: WindowLimit): RateLimiterAbstract {
  const options = { keyPrefix: `${limit.name}:${limit.points}/${limit.windowSeconds}`, points: limit.points, duration: limit.windowSeconds };
  const memory = new RateLimiterMemory(options);
  if (store.kind === 'memory') return memory;
  const shared = new RateLimiterPostgres({
    ...options,
    storeClient: store.client,
    storeType: 'pool',
    tableName: TABLE,
    tableCreated: true, // by Migration20261124140000_rate_limit
    inMemoryBlockOnConsumed: limit.points,
    insuranceLimiter: memory,
  });
  return new RLWrapperTimeouts({ limiter: shared, timeoutMs: DECISION_TIMEOUT_MS, insuranceLimiter: memory }) as unknown as RateLimiterAbstract;
}

/**
 * Requests per key: `burst` requests per window of burst/perSecond seconds
 * (at least 1 s), so the average is `perSecond` and a client may spend its
 * burst at once. Over the limit, take() throws 429 RATE_LIMITED with the
 * seconds until the window ends.
 */
export class RateLimiter {
  private readonly counts: RateLimiterAbstract;

  constructor(store: LimitStore, name: string, perSecond: number, burst: number) {
    this.counts = limiter(store, { name, points: burst, windowSeconds: Math.max(1, Math.round(burst / perSecond)) });
  }

  async take(key: string): Promise<void> {
    try {
      await this.counts.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new DomainError('RATE_LIMITED', `Too many requests: retry after ${retryAfter} s`, { retry_after: retryAfter });
    }
  }
}

/**
 * Slows password guessing on the sign-in forms: after too many failures for
 * one email, or from one address, within the window, sign-in is refused until
 * the window ends. A success clears the email's count.
 */
export class SignInThrottle {
  private readonly perEmail: { counts: RateLimiterAbstract; limit: number };
  private readonly perAddress: { counts: RateLimiterAbstract; limit: number };

  constructor(store: LimitStore, limits: { perEmail?: number; perAddress?: number; windowSeconds?: number } = {}) {
    const windowSeconds = limits.windowSeconds ?? 15 * 60;
    const perEmail = limits.perEmail ?? 10;
    const perAddress = limits.perAddress ?? 50;
    this.perEmail = { limit: perEmail, counts: limiter(store, { name: 'sign-in-email', points: perEmail, windowSeconds }) };
    this.perAddress = { limit: perAddress, counts: limiter(store, { name: 'sign-in-address', points: perAddress, windowSeconds }) };
  }

  /** Seconds to wait before trying again, or 0 when an attempt may be made. */
  async retryAfter(email: string, ip: string): Promise<number> {
    let waitMs = 0;
    for (const [{ counts, limit }, key] of this.keys(email, ip)) {
      const res = await counts.get(key);
      if (res && res.consumedPoints >= limit) waitMs = Math.max(waitMs, res.msBeforeNext);
    }
    return Math.ceil(waitMs / 1000);
  }

  async fail(email: string, ip: string): Promise<void> {
    for (const [{ counts }, key] of this.keys(email, ip)) await counts.penalty(key, 1);
  }

  async succeed(email: string): Promise<void> {
    await this.perEmail.counts.delete(emailKey(email));
  }

  private keys(email: string, ip: string): [{ counts: RateLimiterAbstract; limit: number }, string][] {
    return [
      [this.perEmail, emailKey(email)],
      [this.perAddress, ip],
    ];
  }
}

const emailKey = (email: string) => email.trim().toLowerCase();
