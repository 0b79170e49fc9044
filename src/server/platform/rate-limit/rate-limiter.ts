import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { queryRows, type Db } from '../../db/client';

export interface RateLimitRule {
  /** requests allowed per window */
  limit: number;
  windowMs: number;
}

export interface RateLimitCount {
  /** false once the window's limit is passed */
  allowed: boolean;
  /** whole seconds until the window frees (at least 1) */
  retryAfterSeconds: number;
}

/** A 429 that says when to come back: the error handler sends it as `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited');
  }
}

/**
 * The counters' store (Redis) cannot be reached: the limit cannot be checked, and a rate-limited
 * form must not run without it, so a 503 that says when to retry, never a 500.
 */
export class RateLimitsUnavailableError extends AppError {
  readonly retryAfterSeconds = 2;
  constructor(readonly reason: unknown) {
    super('unavailable');
  }
}

export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within the window's limit (for silent caps). */
  count(key: string, rule: RateLimitRule): Promise<RateLimitCount>;
  /** Counts one hit on `key`; throws RateLimitedError (429, errors.rate_limited) once the limit is passed. */
  hit(key: string, rule: RateLimitRule): Promise<void>;
  /** Forgets every counter whose key starts with `prefix` (a completed password reset unlocks the account). */
  clearPrefix(prefix: string): Promise<void>;
}

export function retryAfterSeconds(remainingMs: number, windowMs: number): number {
  const ms = remainingMs > 0 ? Math.min(remainingMs, windowMs) : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}

/** `hit` is `count` that throws: one place, so both stores refuse the same way. */
export function withHit(store: Omit<RateLimiter, 'hit'>): RateLimiter {
  return {
    ...store,
    async hit(key, rule) {
      const { allowed, retryAfterSeconds } = await store.count(key, rule);
      if (!allowed) throw new RateLimitedError(retryAfterSeconds);
    },
  };
}

/**
 * Fixed-window counters in the database, so every app instance shares them (the Redis store
 * replaces this when REDIS_URL is set). One upsert per hit, atomic under concurrency;
 * `last_request` holds the start of the current window.
 */
export function databaseRateLimiter(db: Db): RateLimiter {
  return withHit({
    async count(key, { limit, windowMs }) {
      const now = Date.now();
      const windowStart = now - windowMs;
      const [row] = await queryRows<{ count: number; last_request: string }>(
        db,
        sql`insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
            on conflict (key) do update set
              count = case when rate_limits.last_request <= ${windowStart} then 1 else rate_limits.count + 1 end,
              last_request = case when rate_limits.last_request <= ${windowStart} then ${now} else rate_limits.last_request end
            returning count, last_request`,
      );
      const count = Number(row?.count ?? 1);
      const started = Number(row?.last_request ?? now);
      return { allowed: count <= limit, retryAfterSeconds: retryAfterSeconds(started + windowMs - now, windowMs) };
    },
    async clearPrefix(prefix) {
      // starts_with, not LIKE: an email may hold '_' or '%'
      await db.execute(sql`delete from rate_limits where starts_with(key, ${prefix})`);
    },
  });
}
