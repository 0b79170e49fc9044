import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { queryRows, type Db } from '../../db/client';

interface RateLimitRule {
  /** requests allowed per window */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 (errors.rate_limited) once the window's limit is passed. */
  hit(key: string, rule: RateLimitRule): Promise<void>;
}

/**
 * Fixed-window counters in the database, so every app instance shares them (the Redis store
 * replaces this when REDIS_URL is set). One upsert per hit, atomic under concurrency.
 */
export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, { limit, windowMs }) {
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
      if (row && Number(row.count) > limit) throw new AppError('rate_limited');
    },
  };
}
