import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { testDatabases } from '@server/test/databases';
import { testRedisUrl, uniqueRedisPrefix } from '@server/test/redis';
import { databaseRateLimiter, RateLimitedError, type RateLimiter } from './rate-limiter';
import { redisRateLimiter } from './redis-rate-limiter';

/** Both stores keep one contract: the routes cannot tell which one counts. */
const stores: { name: string; open(): Promise<{ limiter: RateLimiter; close(): Promise<void> }> }[] = [
  ...testDatabases.map((target) => ({
    name: `database (${target.name})`,
    async open() {
      const database: Database = await target.open();
      return { limiter: databaseRateLimiter(database.db), close: () => database.close() };
    },
  })),
  ...(testRedisUrl
    ? [
        {
          name: 'Redis',
          async open() {
            const redis = new Redis(testRedisUrl!);
            return { limiter: redisRateLimiter(redis, uniqueRedisPrefix()), close: async () => void (await redis.quit()) };
          },
        },
      ]
    : []),
];

describe.each(stores)('rate limiter on $name', (store) => {
  let limiter: RateLimiter;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ limiter, close } = await store.open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('counts up to the limit, then refuses with the seconds left in the window', async () => {
    const rule = { limit: 2, windowMs: 120_000 };
    expect(await limiter.count('count', rule)).toEqual({ allowed: true, retryAfterSeconds: expect.any(Number) });
    await limiter.hit('count', rule);
    const over = await limiter.hit('count', rule).catch((error: unknown) => error);
    expect(over).toBeInstanceOf(RateLimitedError);
    const seconds = (over as RateLimitedError).retryAfterSeconds;
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(120);
    expect(await limiter.count('count', rule)).toMatchObject({ allowed: false });
  });

  it('clears every key under a prefix and nothing else, whatever characters the key holds', async () => {
    const rule = { limit: 1, windowMs: 120_000 };
    const cleared = ['acct:a_b%c*d[e]?f@x.co:ip:1', 'acct:a_b%c*d[e]?f@x.co:all'];
    const kept = ['acct:a_b%c*d[e]?f@x.com:all', 'acct:aXb%c*d[e]?f@x.co:all', 'acct:a_b%c*dXe]?f@x.co:all', 'other:a_b%c*d[e]?f@x.co:all'];
    for (const key of [...cleared, ...kept]) await limiter.hit(key, rule);
    await limiter.clearPrefix('acct:a_b%c*d[e]?f@x.co:');
    for (const key of cleared) expect(await limiter.count(key, rule), key).toMatchObject({ allowed: true });
    for (const key of kept) expect(await limiter.count(key, rule), key).toMatchObject({ allowed: false });
  });
});
