import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema';
import { PasswordHashing } from '@server/platform/auth/password-hash';
import { buildTestApp, sharedDatabase, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { eventually } from '@server/test/eventually';
import { OverloadedError } from './overload';

const unavailableBody = { error: { code: 'unavailable', message: 'errors.unavailable' } };

describe('password hashing', () => {
  it("keeps Better Auth's format: each verifies the other's hashes", async () => {
    const hashing = new PasswordHashing({ concurrency: 2, queue: 10 });
    const ours = await hashing.hash('contraseña segura ñandú');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: 'contraseña segura ñandú' })).toBe(true);
    const theirs = await betterAuthHash('contraseña segura ñandú');
    expect(await hashing.verify({ hash: theirs, password: 'contraseña segura ñandú' })).toBe(true);
    expect(await hashing.verify({ hash: theirs, password: 'contraseña segura nandu' })).toBe(false);
    // a damaged stored hash is a wrong password, not a crash
    for (const hash of ['', 'nocolon', `${theirs.split(':')[0]}:zz`, `${theirs}00`]) expect(await hashing.verify({ hash, password: 'x' })).toBe(false);
  });

  it('runs at most `concurrency` at once, queues `queue` more, and refuses the rest at once', async () => {
    const hashing = new PasswordHashing({ concurrency: 1, queue: 2 });
    const started = Array.from({ length: 5 }, (_, i) =>
      hashing.hash(`password ${i}`).then(
        (hash) => ({ hash }),
        (error: unknown) => ({ error }),
      ),
    );
    expect(hashing.waiting).toBe(2);
    const outcomes = await Promise.all(started);
    expect(outcomes.slice(0, 3).every((o) => 'hash' in o)).toBe(true);
    for (const outcome of outcomes.slice(3)) {
      expect('error' in outcome && outcome.error).toBeInstanceOf(OverloadedError);
    }
    expect(hashing.waiting).toBe(0);
    // the slots were given back: the next one runs
    expect(await hashing.hash('after')).toMatch(/:/);
  });
});

describe.each(testDatabases)('overload answers on $name', { timeout: 60_000 }, (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });

  it('answers a sign-up and a sign-in 503 with Retry-After while the hashing queue is full; nothing half-made; then serves them', async () => {
    const { app } = await buildTestApp(sharedDatabase(database), { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' });
    try {
      const customer = await signUp(app);
      // another request's hash holds the only slot
      const holding = app.services.auth.passwordHashing.hash('held by someone else');
      const email = uniqueEmail('busy');
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Ana Pérez', email, password: strongPassword } }),
        app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: customer.user.email, password: strongPassword } }),
      ]);
      for (const response of answers) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.headers['retry-after']).toBe('2');
        expect(response.json()).toEqual(unavailableBody);
      }
      expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      await holding;
      const again = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Ana Pérez', email, password: strongPassword } });
      expect(again.statusCode).toBe(201);
      expect((await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: strongPassword } })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('a saturated event loop', { timeout: 60_000 }, () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    ({ app } = await buildTestApp(database, {
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '20',
      OVERLOAD_GRACE_SECONDS: '0',
      OVERLOAD_RETRY_AFTER_SECONDS: '7',
      METRICS_TOKEN: 'scrape-token-0123456789abcdef',
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A loop kept busy for `ms` with 40 ms tasks one after another: a queue of work, each timer late by about 40 ms. */
  const saturate = (ms: number) =>
    new Promise<void>((resolve) => {
      const until = performance.now() + ms;
      const step = () => {
        const end = performance.now() + 40;
        while (performance.now() < end);
        if (performance.now() < until) setImmediate(step);
        else resolve();
      };
      step();
    });

  it('sheds API requests with 503 and Retry-After while liveness and /metrics still answer, then recovers', async () => {
    const [api, health, metrics] = await eventually(async () => {
      // more than a second of work queued on the loop, as a flood of requests makes
      await saturate(1300);
      const batch = await Promise.all([
        app.inject({ url: '/api/services/standard-formation' }),
        app.inject({ url: '/api/health' }),
        app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456789abcdef' } }),
      ]);
      return batch[0].statusCode === 503 ? batch : undefined;
    }, 'an API request shed');
    expect(api.headers['retry-after']).toBe('7');
    expect(api.json()).toEqual(unavailableBody);
    expect(health.statusCode).toBe(200);
    expect(metrics.statusCode).toBe(200);
    // the loop is free again: served
    await eventually(async () => ((await app.inject({ url: '/api/services/standard-formation' })).statusCode === 200 ? true : undefined), 'served again', {
      everyMs: 200,
    });
  });
});
