import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '@server/db/client';
import { mailOutbox, orders, sessions, users } from '@server/db/schema';
import { seed } from '@server/db/seed';
import { buildTestApp, cookieFrom, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { createEmptyPostgres, testDatabases } from '@server/test/databases';
import { submitOrder, validOrder } from '@server/test/orders';
import { enrollSecondFactor } from '@server/test/second-factor';
import { freshTotpCode } from '@server/test/totp';
import { createAdmin } from '../../domain/admin-accounts';

/**
 * The guards' cheap session path (ADR 0013) must answer exactly as Better Auth would: a forged,
 * expired, signed-out, reset or demoted session stops at the very next request.
 */
const sessionCookieName = 'frontera.session_token';
const tokenOf = (cookie: string) => decodeURIComponent(/frontera\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

describe.each(testDatabases)('session resolution on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database, { AUTH_RATE_LIMIT_IP: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });
  const me = (cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });

  it("refuses a cookie whose signature is not the server's, or that signs another token", async () => {
    const { cookie } = await signUp(app);
    const other = await signUp(app);
    expect((await me(cookie)).statusCode).toBe(200);
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const [token, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const otherSignature = decodeURIComponent(other.cookie).split('.').at(-1)!;
    for (const forged of [`${token}.${flipped}`, `${token}.${otherSignature}`, token, `${token}.`, `.${signature}`, `${'x'.repeat(32)}.${signature}`]) {
      expect((await me(`${sessionCookieName}=${encodeURIComponent(forged)}`)).statusCode, forged).toBe(401);
      const orders = await app.inject({ url: '/api/orders', headers: { cookie: `${sessionCookieName}=${encodeURIComponent(forged)}` } });
      expect(orders.statusCode, forged).toBe(401);
    }
    // the genuine cookie, checked once, keeps working; a forged one never joins it
    expect((await me(cookie)).statusCode).toBe(200);
    // a session token taken from the database is useless without the server's signature
    expect((await me(`${sessionCookieName}=${tokenOf(cookie)}`)).statusCode).toBe(401);
  });

  // /api/orders reads the session together with the list (lookupSessionWith): the same answers
  const guardedReads = ['/api/me', '/api/orders'];

  it.each(guardedReads)('ends an expired session and clears its cookie (%s)', async (url) => {
    const { cookie, user } = await signUp(app);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await app.inject({ url, headers: { cookie } });
    expect(response.statusCode).toBe(401);
    expect(String(response.headers['set-cookie'])).toMatch(/frontera\.session_token=;.*Max-Age=0/i);
    // Better Auth deletes the expired row on the way
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it.each(guardedReads)('extends a session a day old and sends the cookie again, as Better Auth does (%s)', async (url) => {
    const { cookie, user } = await signUp(app);
    // six days left of seven: the refresh age (one day) has passed
    const sixDays = new Date(Date.now() + 6 * 24 * 3600 * 1000 - 60_000);
    await database.db.update(sessions).set({ expiresAt: sixDays }).where(eq(sessions.userId, user.id));
    const response = await app.inject({ url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain(`${sessionCookieName}=`);
    const [row] = await database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    // a fresh session is answered without a write or a new cookie
    const again = await app.inject({ url, headers: { cookie } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it("reads /api/orders with the session: an empty list, then only the session owner's orders, newest first", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    expect((await app.inject({ url: '/api/orders', headers: { cookie: owner.cookie } })).json()).toEqual({ orders: [] });
    const placed: string[] = [];
    for (const [account, name] of [
      [owner, 'First LLC'],
      [other, 'Other LLC'],
      [owner, 'Second LLC'],
    ] as const) {
      placed.push((await submitOrder(app, account.cookie, validOrder({ companyName1: name }))).json().order.id);
    }
    const list = (await app.inject({ url: '/api/orders', headers: { cookie: owner.cookie } })).json().orders;
    expect(list.map((order: { id: string }) => order.id)).toEqual([placed[2], placed[0]]);
    expect(list[0]).toMatchObject({ companyName1: 'Second LLC', status: 'pending_payment', createdAt: expect.stringMatching(/Z$/) });
  });

  it("shows every change to the owner's orders and account at the next request, whoever writes it", async () => {
    const { cookie, user } = await signUp(app);
    const list = async () => (await app.inject({ url: '/api/orders', headers: { cookie } })).json().orders as { id: string; status: string }[];
    expect(await list()).toEqual([]);
    const placed = (await submitOrder(app, cookie, validOrder({ companyName1: 'Pampa Foods LLC' }))).json().order.id as string;
    expect((await list()).map((order) => order.id)).toEqual([placed]);
    // written as the payment webhook or an administrator would, outside this route
    await database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, placed));
    expect((await list())[0]!.status).toBe('paid');
    await database.db.update(users).set({ name: 'Ana Renamed' }).where(eq(users.id, user.id));
    expect((await me(cookie)).json().user.name).toBe('Ana Renamed');
    await database.db.delete(orders).where(eq(orders.id, placed));
    expect(await list()).toEqual([]);
  });

  it('answers a visitor without a cookie as null on /api/session and 401 on guarded routes', async () => {
    expect((await app.inject({ url: '/api/session' })).json()).toEqual({ user: null });
    expect((await app.inject({ url: '/api/orders' })).statusCode).toBe(401);
  });
});

/** Two apps, each with its own connection pool and its own Better Auth, on one PostgreSQL database. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('session changes on one instance, next request on the other (PostgreSQL)', () => {
  const instances: { app: FastifyInstance; database: Database }[] = [];
  let fresh: Awaited<ReturnType<typeof createEmptyPostgres>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    fresh = await createEmptyPostgres(process.env.TEST_DATABASE_URL!);
    const shared = { AUTH_SECRET: randomBytes(32).toString('hex'), AUTH_RATE_LIMIT_IP: '1000' };
    for (let i = 0; i < 2; i++) {
      const instanceDatabase = openPostgres(fresh.url, 3);
      if (i === 0) {
        await instanceDatabase.migrate();
        await seed(instanceDatabase.db);
      }
      instances.push({ app: (await buildTestApp(instanceDatabase, shared)).app, database: instanceDatabase });
    }
    [a, b] = instances.map((instance) => instance.app) as [FastifyInstance, FastifyInstance];
    database = instances[0]!.database;
  }, 60_000);

  afterAll(async () => {
    // each app closes its own pool
    for (const { app } of instances) await app.close();
    await fresh?.drop();
  });

  const get = (app: FastifyInstance, url: string, cookie: string) => app.inject({ url, headers: { cookie } });
  const signIn = async (app: FastifyInstance, email: string, password = strongPassword) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return cookieFrom(response);
  };

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const { cookie } = await signUp(a);
    expect((await get(b, '/api/orders', cookie)).statusCode).toBe(200);
    expect((await a.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } })).statusCode).toBe(204);
    expect((await get(b, '/api/orders', cookie)).statusCode).toBe(401);
    expect((await get(b, '/api/me', cookie)).statusCode).toBe(401);
    expect((await get(b, '/api/session', cookie)).json()).toEqual({ user: null });
  });

  it('a password reset on one instance ends every session of the account on both', async () => {
    const { user, cookie: onA } = await signUp(a);
    const onB = await signIn(b, user.email);
    const bystander = await signUp(b);
    for (const [app, cookie] of [
      [a, onB],
      [b, onA],
    ] as const)
      expect((await get(app, '/api/me', cookie)).statusCode).toBe(200);

    expect((await b.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: user.email } })).statusCode).toBe(202);
    await b.services.background.settled();
    await b.services.mail.drain();
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, user.email))
      .then((rows) => rows.filter((row) => row.template === 'passwordReset'));
    const token = new URL(String(mail!.payload.resetUrl)).searchParams.get('token');
    expect((await b.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'a brand new passphrase' } })).statusCode).toBe(200);

    for (const app of [a, b]) {
      for (const cookie of [onA, onB]) expect((await get(app, '/api/orders', cookie)).statusCode).toBe(401);
    }
    // another account's session is untouched
    expect((await get(a, '/api/me', bystander.cookie)).statusCode).toBe(200);
    const fresh = await signIn(a, user.email, 'a brand new passphrase');
    expect((await get(b, '/api/me', fresh)).statusCode).toBe(200);
  });

  it('a demotion to customer takes effect on the next request on either instance, and a promotion too', async () => {
    const email = uniqueEmail('demoted');
    await createAdmin(a.services.auth, database.db, { email, password: strongPassword, name: 'Olga Operator', minPasswordLength: 8 });
    const { cookie } = await enrollSecondFactor(a, { cookie: await signIn(a, email), password: strongPassword });
    expect((await get(b, '/api/admin/orders', cookie)).statusCode).toBe(200);
    expect((await get(b, '/api/me', cookie)).json().user.isAdmin).toBe(true);

    // the role lives on the user: one update, no session touched
    await instances[1]!.database.db.update(users).set({ isAdmin: false }).where(eq(users.email, email));
    for (const app of [a, b]) {
      expect((await get(app, '/api/admin/orders', cookie)).statusCode).toBe(403);
      expect((await get(app, '/api/me', cookie)).json().user.isAdmin).toBe(false);
      // still a customer: their own pages keep working
      expect((await get(app, '/api/orders', cookie)).statusCode).toBe(200);
    }

    await database.db.update(users).set({ isAdmin: true }).where(eq(users.email, email));
    expect((await get(b, '/api/admin/orders', cookie)).statusCode).toBe(200);
  });

  it('a second factor confirmed on one instance, then turned off, holds on the other from its next request', async () => {
    const email = uniqueEmail('enrolling');
    await createAdmin(a.services.auth, database.db, { email, password: strongPassword, name: 'Tomás Operator', minPasswordLength: 8 });
    const passwordOnly = await signIn(a, email);
    // b caches the session as an administrator without a factor: only enrolment is open
    expect((await get(b, '/api/admin/orders', passwordOnly)).json().error.code).toBe('second_factor_required');
    expect((await get(b, '/api/me', passwordOnly)).json().user.twoFactorEnabled).toBe(false);

    const { cookie, secret } = await enrollSecondFactor(a, { cookie: passwordOnly, password: strongPassword });
    expect((await get(b, '/api/me', cookie)).json().user.twoFactorEnabled).toBe(true);
    expect((await get(b, '/api/admin/orders', cookie)).statusCode).toBe(200);
    // the session opened with the password alone is gone everywhere
    expect((await get(b, '/api/me', passwordOnly)).statusCode).toBe(401);

    const off = await a.inject({
      method: 'POST',
      url: '/api/me/two-factor/disable',
      headers: { cookie },
      payload: { password: strongPassword, code: await freshTotpCode(secret) },
    });
    expect(off.statusCode).toBe(200);
    const after = cookieFrom(off);
    const answer = await get(b, '/api/admin/orders', after);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('second_factor_required');
    expect((await get(b, '/api/me', after)).json().user.twoFactorEnabled).toBe(false);
  });

  it("an order placed or changed through one instance shows in the other's list at once", async () => {
    const { cookie } = await signUp(a);
    const listOn = async (app: FastifyInstance) => (await get(app, '/api/orders', cookie)).json().orders as { id: string; status: string }[];
    expect(await listOn(b)).toEqual([]);
    const placed = (await submitOrder(a, cookie, validOrder({ companyName1: 'Selva Digital LLC' }))).json().order.id as string;
    expect((await listOn(b)).map((order) => order.id)).toEqual([placed]);
    await database.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, placed));
    for (const app of [a, b]) expect((await listOn(app))[0]!.status).toBe('processing');
  });

  it('a session deleted from the database (revoked by any means) is refused on both instances', async () => {
    const { cookie, user } = await signUp(b);
    expect((await get(a, '/api/me', cookie)).statusCode).toBe(200);
    await database.db.delete(sessions).where(eq(sessions.userId, user.id));
    for (const app of [a, b]) expect((await get(app, '/api/me', cookie)).statusCode).toBe(401);
  });
});
