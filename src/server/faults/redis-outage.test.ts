import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, strongPassword } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { eventually } from '@server/test/eventually';
import { redisServerUnavailable, startPrivateRedis, type PrivateRedis } from './redis-process';

const missing = redisServerUnavailable();
if (missing) console.info(`Redis outage test skipped: ${missing}`);

/**
 * Redis (the rate-limit counters, REDIS_URL) stops. docs/deploy.md: the rate-limited
 * forms refuse with 503 `unavailable` and Retry-After rather than run without their limits, the
 * instance reports not ready, signed-in customers keep working, and all of it comes back with Redis.
 */
describe.skipIf(missing)('Redis stopped and started again', { timeout: 60_000 }, () => {
  let redis: PrivateRedis;
  let app: FastifyInstance;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    const database = await testDatabases[0]!.open();
    ({ app } = await buildTestApp(database, { REDIS_URL: redis.url }));
  });
  afterAll(async () => {
    await app?.close();
    await redis?.stop();
  });

  const signIn = (email: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: strongPassword } });

  it('refuses sign-in with 503 (never 500, never unlimited) while Redis is down; signed-in requests and liveness keep working; all recovers', async () => {
    const customer = await signUp(app);
    expect((await signIn(customer.user.email)).statusCode).toBe(200);
    expect((await app.inject('/api/ready')).json()).toMatchObject({ status: 'ready', checks: { redis: 'up' } });

    await redis.stop();
    for (const attempt of [await signIn(customer.user.email), await signIn('nobody@example.com')]) {
      expect(attempt.statusCode, attempt.body).toBe(503);
      expect(attempt.json()).toEqual({ error: { code: 'unavailable', message: 'errors.unavailable' } });
      expect(attempt.headers['retry-after']).toMatch(/^\d+$/);
    }
    const signUpMeanwhile = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Ana Pérez', email: 'redis-down@example.com', password: strongPassword },
    });
    expect(signUpMeanwhile.statusCode, signUpMeanwhile.body).toBe(503);
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { redis: 'down', database: 'up' } });
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    // a customer already signed in is not rate-limited: their pages keep working
    expect((await app.inject({ url: '/api/orders', headers: { cookie: customer.cookie } })).statusCode).toBe(200);

    await redis.start();
    // the client reconnects on its own, with no restart of the app
    const back = await eventually(
      async () => {
        const attempt = await signIn(customer.user.email);
        expect(attempt.statusCode, attempt.body).not.toBe(500);
        return attempt.statusCode === 200 ? attempt : undefined;
      },
      'sign-in working again once Redis is back',
      { everyMs: 100 },
    );
    expect(back.statusCode).toBe(200);
    expect((await app.inject('/api/ready')).json()).toMatchObject({ status: 'ready', checks: { redis: 'up' } });
  });
});
