import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@shared/app-error';
import type { Database } from '@server/db/client';
import { rateLimits } from '@server/db/schema';
import { buildTestApp, sharedDatabase, signUp, strongPassword } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { freePort } from '@server/test/ports';
import { testRedisUrl, uniqueRedisPrefix } from '@server/test/redis';
import { redisRateLimiter } from './redis-rate-limiter';

if (!testRedisUrl) console.info('Redis rate-limit tests skipped: set TEST_REDIS_URL (or TEST_DATABASE_URL, as CI does) to run them');

describe.skipIf(!testRedisUrl)('Redis rate limiter', () => {
  let clients: Redis[];
  const prefix = uniqueRedisPrefix();
  beforeAll(() => {
    // two connections stand for two app instances
    clients = [new Redis(testRedisUrl!), new Redis(testRedisUrl!)];
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });

  it('counts concurrent hits from several instances atomically: exactly the limit pass', async () => {
    const [a, b] = clients.map((client) => redisRateLimiter(client, prefix));
    const rule = { limit: 10, windowMs: 60_000 };
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => (i % 2 ? a! : b!).hit('burst', rule)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(20);
    expect(refused.every((r) => r.reason instanceof AppError && r.reason.code === 'rate_limited')).toBe(true);
  });

  it('keeps the counter under its prefix with the window as expiry, and opens again after it', async () => {
    const limiter = redisRateLimiter(clients[0]!, prefix);
    const rule = { limit: 2, windowMs: 300 };
    await limiter.hit('window', rule);
    await limiter.hit('window', rule);
    await expect(limiter.hit('window', rule)).rejects.toThrow(AppError);
    const ttl = await clients[0]!.pttl(`${prefix}window`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    // wait for Redis to expire the window (bounded generously, not a timing assertion)
    for (let i = 0; i < 200 && (await clients[0]!.exists(`${prefix}window`)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(limiter.hit('window', rule)).resolves.toBeUndefined();
  });
});

describe.skipIf(!testRedisUrl).each(testDatabases)('sign-in limits shared by two instances through Redis on $name', { timeout: 60_000 }, (target) => {
  let database: Database;
  let instances: FastifyInstance[];
  beforeAll(async () => {
    database = await target.open();
    const settings = { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: uniqueRedisPrefix(), AUTH_RATE_LIMIT_IP: '1000', AUTH_RATE_LIMIT_ACCOUNT: '3' };
    instances = await Promise.all([0, 1].map(async () => (await buildTestApp(sharedDatabase(database), settings)).app));
  });
  afterAll(async () => {
    await Promise.all(instances.map((app) => app.close()));
    await database?.close();
  });

  it('counts attempts on either instance against one limit, in Redis rather than the database', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const { user } = await signUp(a);
    const signIn = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password } });
    expect((await signIn(a, 'wrong password one')).statusCode).toBe(401);
    expect((await signIn(b, 'wrong password two')).statusCode).toBe(401);
    expect((await signIn(a, 'wrong password three')).statusCode).toBe(401);
    // from one address, the fourth attempt is over the limit of 3 on whichever instance it lands, even with the right password
    expect((await signIn(b, strongPassword)).statusCode).toBe(429);
    expect((await signIn(a, strongPassword)).statusCode).toBe(429);
    expect(await database.db.select().from(rateLimits).where(like(rateLimits.key, 'auth:%'))).toEqual([]);
  });

  it('closes its Redis connection when the app closes', async () => {
    const { app } = await buildTestApp(sharedDatabase(database), { REDIS_URL: testRedisUrl! });
    await expect(app.services.readinessChecks.redis!()).resolves.toBe('PONG');
    await app.close();
    await expect(app.services.readinessChecks.redis!()).rejects.toThrow(/closed/i);
  });
});

describe('with Redis unreachable', { timeout: 60_000 }, () => {
  it('refuses rate-limited requests with a 503 rather than letting them through unlimited, and does not hang', async () => {
    const database = await testDatabases[0]!.open();
    const { app } = await buildTestApp(database, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const attempt = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'someone@example.com', password: strongPassword } });
      expect(attempt.statusCode).toBe(503);
      expect(attempt.json()).toEqual({ error: { code: 'unavailable', message: 'errors.unavailable' } });
      expect(attempt.headers['retry-after']).toBe('2');
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
