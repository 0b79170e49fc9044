import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimitsUnavailableError, retryAfterSeconds, withHit, type RateLimiter } from './rate-limiter';

/**
 * One hit, atomically: the first hit of a window creates the counter with its expiry, later hits
 * only count. A fixed window starting at the first hit, as in the database limiter. Answers the
 * count and the milliseconds left in the window (a counter without expiry gets one, so it can
 * never stay locked).
 */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** SCAN's MATCH is a glob: the prefix must match itself only. */
const escapeGlob = (text: string) => text.replace(/[\\*?[\]]/g, '\\$&');

/**
 * A client that fails fast while Redis is away (a request errors instead of queueing forever)
 * and keeps reconnecting in the background; its errors are logged, never thrown at the process.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5000, commandTimeout: 5000 });
  let lastError = '';
  redis.on('error', (error: Error) => {
    // one line per distinct failure, not one per reconnect attempt
    if (error.message !== lastError) log.warn({ err: error.message }, 'redis unavailable');
    lastError = error.message;
  });
  redis.on('ready', () => (lastError = ''));
  return redis;
}

/** Closes gracefully when connected; drops a connection that is down or still trying. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/** A command that failed because Redis is away (refused, timed out, out of retries) is a 503, not a 500. */
async function whileReachable<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    throw new RateLimitsUnavailableError(error);
  }
}

/**
 * Fixed-window counters in Redis, shared by every app instance (REDIS_URL). Keys are namespaced
 * by `prefix` and expire with their window, so nothing needs cleaning up.
 */
export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return withHit({
    async count(key, { limit, windowMs }) {
      const [count, ttl] = (await whileReachable(() => redis.eval(hitScript, 1, `${prefix}${key}`, windowMs))) as [number, number];
      return { allowed: Number(count) <= limit, retryAfterSeconds: retryAfterSeconds(Number(ttl), windowMs) };
    },
    async clearPrefix(keyPrefix) {
      const match = `${escapeGlob(`${prefix}${keyPrefix}`)}*`;
      let cursor = '0';
      do {
        const [next, keys] = await whileReachable(() => redis.scan(cursor, 'MATCH', match, 'COUNT', 1000));
        if (keys.length > 0) await whileReachable(() => redis.del(...keys));
        cursor = next;
      } while (cursor !== '0');
    },
  });
}
