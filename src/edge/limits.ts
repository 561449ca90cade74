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
 *
 * The count lives in the store (PostgreSQL: every API process counts against
 * one budget), but a request does not wait for it while its key is far from
 * the limit (decision 0057). A process remembers, per key, what the store last
 * said (`known`) and how many requests it accepted since (`pending`); while
 * known + pending stays under half the budget and the store answered within the
 * last SYNC_MS, and the process holds less than 1/16 of the budget unflushed,
 * a request is accepted at once and its point is added to the
 * store by a flush that runs beside it (one upsert for every request that
 * arrived meanwhile). Nearer the limit, with nothing known, or with what is known
 * stale, the request waits for the store as before and carries the pending
 * points with it. One upsert per request on one client's row serialized a busy
 * client's requests in PostgreSQL and cost about 1 ms of database CPU each.
 * Nothing is admitted past the budget while fewer than nine processes share
 * it (each holds under 1/16 unflushed, and waits for the store past half);
 * budgets under FAST_MIN_POINTS always wait for the store.
 */
export class RateLimiter {
  private readonly counts: RateLimiterAbstract;
  private readonly points: number;
  private readonly keys = new Map<string, KeyState>();

  /** Small budgets (tokens, registrations: spent at human pace) always wait for the store. */
  private readonly fast: boolean;

  constructor(store: LimitStore, name: string, perSecond: number, burst: number) {
    this.points = burst;
    this.fast = burst >= FAST_MIN_POINTS;
    this.counts = limiter(store, { name, points: burst, windowSeconds: Math.max(1, Math.round(burst / perSecond)) });
  }

  async take(key: string): Promise<void> {
    const now = performance.now();
    let state = this.keys.get(key);
    if (state && now >= state.windowEndsAt && state.pending === 0 && !state.flushing) {
      this.keys.delete(key);
      state = undefined;
    }
    if (
      state &&
      this.fast &&
      now < state.windowEndsAt &&
      now - state.syncedAt < SYNC_MS &&
      state.pending < this.points / 16 &&
      state.known + state.pending + 1 <= this.points / 2
    ) {
      state.pending++;
      if (!state.flushing) void this.flush(key, state);
      return;
    }
    if (!state) {
      if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
      state = { known: 0, pending: 0, syncedAt: -Infinity, windowEndsAt: -Infinity, flushing: false };
      this.keys.set(key, state);
    }
    const carried = state.pending;
    state.pending = 0;
    try {
      this.learn(state, await this.counts.consume(key, carried + 1));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      this.learn(state, error, true);
      const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new DomainError('RATE_LIMITED', `Too many requests: retry after ${retryAfter} s`, { retry_after: retryAfter });
    }
  }

  /** Adds the points accepted without waiting to the store, then whatever arrived while it did. */
  private async flush(key: string, state: KeyState): Promise<void> {
    state.flushing = true;
    try {
      while (state.pending > 0) {
        const points = state.pending;
        state.pending = 0;
        try {
          this.learn(state, await this.counts.consume(key, points));
        } catch (error) {
          // Over the limit now: already accepted, and the next request here waits for the store and is refused.
          if (error instanceof RateLimiterRes) this.learn(state, error, true);
          else state.syncedAt = -Infinity;
        }
      }
    } finally {
      state.flushing = false;
    }
  }

  /** `refused`: the budget is spent for the window, whatever the count says (a key blocked in memory reports 0). */
  private learn(state: KeyState, res: RateLimiterRes, refused = false): void {
    const now = performance.now();
    state.known = refused ? Math.max(res.consumedPoints, this.points) : res.consumedPoints;
    state.syncedAt = now;
    state.windowEndsAt = now + res.msBeforeNext;
  }
}

/**
 * The budget from which requests may be admitted without waiting. Each process holds at most 1/16 of the budget
 * unflushed and admits without waiting only below half of it, so up to eight processes never admit past the budget.
 */
const FAST_MIN_POINTS = 64;
/** How long what the store said of a key may be used to admit a request without asking it again. */
const SYNC_MS = 100;
/** Keys remembered per limiter (clients; the oldest is forgotten first). */
const MAX_KEYS = 10_000;

interface KeyState {
  /** Points the store counted in the key's window when it last answered. */
  known: number;
  /** Points accepted here since, not yet in the store. */
  pending: number;
  syncedAt: number;
  windowEndsAt: number;
  flushing: boolean;
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
