import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseUnavailable, openPostgres, queryRows, type Database } from '@server/db/client';
import { seed } from '@server/db/seed';
import { buildTestApp, sharedDatabase, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { createEmptyPostgres } from '@server/test/databases';
import { eventually } from '@server/test/eventually';
import { testRedisUrl, uniqueRedisPrefix } from '@server/test/redis';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * 200 concurrent sign-ups made the connection pool time out, and 4 of them got a
 * 500 after 5.5 s. A pool that cannot hand out a connection in time is a 503 with Retry-After and
 * the usual error body; liveness answers without the database meanwhile.
 */
describe.skipIf(!adminUrl)('a saturated database pool (PostgreSQL)', () => {
  let fresh: Awaited<ReturnType<typeof createEmptyPostgres>>;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    fresh = await createEmptyPostgres(adminUrl!);
    // two connections, and a short wait for one: the saturation of the audit, in milliseconds
    database = openPostgres(fresh.url, 2, { connectionTimeoutMillis: 300 });
    await database.migrate();
    await seed(database.db);
    ({ app } = await buildTestApp(database));
  });
  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
  });

  /** Holds every connection of the pool in an open transaction until the returned release is called. */
  async function holdEveryConnection(): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Promise<void>[] = [];
    const taken: Promise<void>[] = [];
    for (let i = 0; i < 2; i += 1) {
      let took!: () => void;
      taken.push(new Promise<void>((resolve) => (took = resolve)));
      held.push(
        database.db.transaction(async () => {
          took();
          await released;
        }),
      );
    }
    await Promise.all(taken);
    return async () => {
      release();
      await Promise.all(held);
    };
  }

  it('answers 503 with Retry-After and the error body, never a 500; health stays 200; it recovers', async () => {
    const customer = await signUp(app);
    const release = await holdEveryConnection();
    try {
      const signUps = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Ana Pérez', email: uniqueEmail('busy'), password: strongPassword } }),
        ),
      );
      const others = await Promise.all([
        app.inject({ url: '/api/orders', headers: { cookie: customer.cookie } }),
        app.inject({ url: '/api/services/standard-formation' }),
        app.inject({
          method: 'POST',
          url: '/api/support-tickets',
          payload: { name: 'Ana Pérez', email: 'ana@example.com', support_message: 'A question about my order please' },
        }),
      ]);
      for (const response of [...signUps, ...others]) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.json()).toEqual({ error: { code: 'unavailable', message: 'errors.unavailable' } });
      }
      const health = await app.inject('/api/health');
      expect(health.statusCode).toBe(200);
      expect((await app.inject('/api/ready')).statusCode).toBe(503);
    } finally {
      await release();
    }
    const after = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Ana Pérez', email: uniqueEmail('after'), password: strongPassword },
    });
    expect(after.statusCode).toBe(201);
    expect((await app.inject({ url: '/api/orders', headers: { cookie: customer.cookie } })).statusCode).toBe(200);
  });

  // with Redis counting the attempts, the auth library's own queries are the first to wait for a connection
  it.skipIf(!testRedisUrl)('answers 503 when the auth library itself waits for the connection (rate limits in Redis)', async () => {
    const { app: withRedis } = await buildTestApp(sharedDatabase(database), { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: uniqueRedisPrefix() });
    try {
      const customer = await signUp(withRedis);
      const release = await holdEveryConnection();
      try {
        const answers = await Promise.all([
          withRedis.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Ana Pérez', email: uniqueEmail('busy'), password: strongPassword } }),
          withRedis.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: customer.user.email, password: strongPassword } }),
        ]);
        for (const response of answers) {
          expect(response.statusCode, response.body).toBe(503);
          expect(response.headers['retry-after']).toMatch(/^\d+$/);
        }
      } finally {
        await release();
      }
    } finally {
      await withRedis.close();
    }
  });

  it('answers 503 when the server goes away under a connection the request holds (a restart, a failover)', async () => {
    const error = await database.db
      .transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        // the other connection of the pool ends this one, as a fast shutdown does to every backend
        await database.db.execute(sql`select pg_terminate_backend(${row!.pid})`);
        // the server's goodbye arrives between two queries (it would end the process if unheard)
        await eventually(async () => ((await tx.execute(sql`select 1`).catch(() => 'gone')) === 'gone' ? true : undefined), 'the connection gone');
        await tx.execute(sql`select 1`);
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(databaseUnavailable(error)).toBeDefined();
  });

  it('keeps a query error on a connection it got a 500 (only a connection not handed out, or lost, is a 503)', async () => {
    const error = await database.db.execute(sql`select * from no_such_table`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(databaseUnavailable(error)).toBeUndefined();
  });
});
