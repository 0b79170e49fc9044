import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgres, testDatabases } from '@server/test/databases';
import { openPostgres, type Database, type Db } from './client';
import { orders, sessions, userChanges, users } from './schema';
import { seed } from './seed';
import { createFreshness, pruneUserChanges, UserCache, userChangesRetentionMs } from './user-changes';

/** A user of their own, and a cache holding one entry for them and one for a bystander. */
async function newUser(db: Db): Promise<string> {
  const id = `user-${randomUUID()}`;
  await db.insert(users).values({ id, name: 'Ana Pérez', email: `${id}@example.com` });
  return id;
}

const order = (userId: string) => ({
  userId,
  companyName1: 'Andes Trading LLC',
  companyName2: 'Andes Two LLC',
  companyName3: 'Andes Three LLC',
  organizerName: 'Ana Pérez',
  email: 'ana@example.com',
  addressLine1: 'Av. Larco 101',
  addressCity: 'Lima',
  addressState: 'Lima',
  addressZip: '15074',
  addressCountry: 'PE',
  nationality: 'PE',
  llcState: 'WY',
  orderAmount: 39900,
  searchText: 'andes trading llc',
});

type Run = () => Promise<unknown>;
interface Executes {
  execute(...args: unknown[]): Promise<unknown>;
}
/** A Db whose queries (every freshness check: raw, or prepared from it) are counted, and go through `around` when one is set. */
function spied(db: Db) {
  let executed = 0;
  let around: ((run: Run) => Promise<unknown>) | undefined;
  const counted = <T extends Executes>(target: T): T =>
    Object.create(target, {
      execute: {
        value: (...args: unknown[]) => {
          executed++;
          return around ? around(() => target.execute(...args)) : target.execute(...args);
        },
      },
    }) as T;
  const session = (db as unknown as { session: Executes & { prepareQuery(...args: unknown[]): Executes } }).session;
  const spiedSession = Object.create(counted(session), {
    prepareQuery: { value: (...args: unknown[]) => counted(session.prepareQuery(...args)) },
  }) as typeof session;
  const wrapper = Object.create(db, { session: { value: spiedSession } }) as Db;
  return { db: wrapper, count: () => executed, around: (hook: typeof around) => (around = hook) };
}

describe.each(testDatabases)('user changes on $name', (target) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await target.open();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  const changesOf = async (userId: string) => (await db.select().from(userChanges).where(eq(userChanges.userId, userId))).length;

  it('records, in the writing transaction, a change to a user, their sessions or their orders, and not a new user or session', async () => {
    const userId = await newUser(db);
    await db.insert(sessions).values({ id: randomUUID(), token: randomUUID(), userId, expiresAt: new Date(Date.now() + 3600_000) });
    expect(await changesOf(userId)).toBe(0);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 7200_000) })
      .where(eq(sessions.userId, userId));
    await db.delete(sessions).where(eq(sessions.userId, userId));
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    const [placed] = await db.insert(orders).values(order(userId)).returning({ id: orders.id });
    await db.update(orders).set({ status: 'paid' }).where(eq(orders.id, placed!.id));
    await db.delete(orders).where(eq(orders.id, placed!.id));
    expect(await changesOf(userId)).toBe(6);

    // a rolled-back change leaves nothing behind
    await db
      .transaction(async (tx) => {
        await tx.update(users).set({ name: 'Never Saved' }).where(eq(users.id, userId));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await changesOf(userId)).toBe(6);
  });

  it("drops exactly the changed users' entries at the next check, from every cache of the same freshness", async () => {
    const freshness = createFreshness(db);
    const sessionsCache = new UserCache<string>(freshness);
    const lists = new UserCache<string[]>(freshness);
    await freshness.sync();
    const [changed, bystander] = [await newUser(db), await newUser(db)];
    for (const userId of [changed, bystander]) {
      sessionsCache.set(`token-a-${userId}`, userId, 'session a', freshness.mark());
      sessionsCache.set(`token-b-${userId}`, userId, 'session b', freshness.mark());
      lists.set(userId, userId, ['order'], freshness.mark());
    }
    expect(await sessionsCache.fresh(`token-a-${changed}`)).toBe('session a');

    await db.update(users).set({ name: 'Ana María Pérez' }).where(eq(users.id, changed));
    expect(await sessionsCache.fresh(`token-a-${changed}`)).toBeUndefined();
    expect(sessionsCache.current(`token-b-${changed}`)).toBeUndefined();
    expect(lists.current(changed)).toBeUndefined();
    expect(await sessionsCache.fresh(`token-b-${bystander}`)).toBe('session b');
    expect(lists.current(bystander)).toEqual(['order']);
  });

  it('drops every entry after a TRUNCATE, which names no user', async () => {
    // a database of its own: the others' tests need their sessions
    const own = await target.open();
    try {
      const freshness = createFreshness(own.db);
      const cache = new UserCache<string>(freshness);
      await freshness.sync();
      cache.set('token', 'someone', 'value', freshness.mark());
      expect(await cache.fresh('token')).toBe('value');
      await own.db.execute(sql`truncate table sessions`);
      expect(await cache.fresh('token')).toBeUndefined();
    } finally {
      await own.close();
    }
  });

  it('never keeps a value read before a change it applied: the read may predate the change', async () => {
    const freshness = createFreshness(db);
    const cache = new UserCache<string>(freshness);
    await freshness.sync();
    const userId = await newUser(db);
    const mark = freshness.mark();
    // the read happens here; meanwhile a change commits and a check applies it
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    await freshness.sync();
    cache.set('token', userId, 'admin? no (read before the change)', mark);
    expect(await cache.fresh('token')).toBeUndefined();
    // a read after the check is kept
    cache.set('token', userId, 'admin', freshness.mark());
    expect(await cache.fresh('token')).toBe('admin');
  });

  it('forgets everything at its first check: values cached before it may have missed changes', async () => {
    const freshness = createFreshness(db);
    const cache = new UserCache<string>(freshness);
    cache.set('token', 'someone', 'cached before any check', freshness.mark());
    expect(await cache.fresh('token')).toBeUndefined();
  });

  it('forgets everything after a long silence, when pruned rows may be gone', async () => {
    let now = Date.now();
    const freshness = createFreshness(db, { staleAfterMs: 60_000, now: () => now });
    const cache = new UserCache<string>(freshness);
    await freshness.sync();
    cache.set('token', 'quiet', 'value', freshness.mark());
    now += 59_000;
    expect(await cache.fresh('token')).toBe('value');
    now += 61_000;
    expect(await cache.fresh('token')).toBeUndefined();
  });

  it('shares checks between concurrent callers, and never lets a caller use a check that began before it', async () => {
    const spy = spied(db);
    const freshness = createFreshness(spy.db);
    const cache = new UserCache<string>(freshness);
    await freshness.sync();
    const userId = await newUser(db);
    cache.set('token', userId, 'before the change', freshness.mark());

    const before = spy.count();
    await Promise.all(Array.from({ length: 50 }, () => freshness.sync()));
    // one running check, and one more for every caller that came while it ran
    expect(spy.count() - before).toBe(2);

    // the first check has its snapshot but has not finished when the change commits
    let answered!: () => void;
    const snapshotTaken = new Promise<void>((resolve) => (answered = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    spy.around(async (run) => {
      const result = await run();
      spy.around(undefined);
      answered();
      await held;
      return result;
    });
    const first = cache.fresh('token');
    await snapshotTaken;
    await db.update(users).set({ name: 'Changed Meanwhile' }).where(eq(users.id, userId));
    const second = cache.fresh('token');
    finish();
    expect(await first).toBe('before the change');
    expect(await second).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const freshness = createFreshness(db);
    await freshness.sync();
    const cache = new UserCache<number>(freshness, 3);
    for (let i = 1; i <= 4; i++) cache.set(`key-${i}`, `user-${i % 2}`, i, freshness.mark());
    expect(cache.size).toBe(3);
    expect(await cache.fresh('key-1')).toBeUndefined();
    expect(await cache.fresh('key-4')).toBe(4);
    // replacing a key does not count it twice
    cache.set('key-4', 'user-0', 40, freshness.mark());
    expect(cache.size).toBe(3);
    expect(cache.current('key-4')).toBe(40);
  });

  it('answers undefined when a check fails, so the caller reads the database and reports its error', async () => {
    const failing = Object.create(db, { execute: { value: () => Promise.reject(new Error('connection lost')) } }) as Db;
    const freshness = createFreshness(failing);
    const cache = new UserCache<string>(freshness);
    cache.set('token', 'someone', 'value', freshness.mark());
    expect(await cache.fresh('token')).toBeUndefined();
    await expect(freshness.sync()).rejects.toThrow('connection lost');
  });

  it('prunes the rows older than the retention only', async () => {
    const userId = await newUser(db);
    await db.insert(userChanges).values([
      { userId, at: new Date(Date.now() - userChangesRetentionMs - 60_000) },
      { userId, at: new Date(Date.now() - userChangesRetentionMs + 60_000) },
    ]);
    await pruneUserChanges(db);
    const left = await db.select({ at: userChanges.at }).from(userChanges).where(eq(userChanges.userId, userId));
    expect(left).toHaveLength(1);
    expect(left[0]!.at.getTime()).toBeGreaterThan(Date.now() - userChangesRetentionMs);
  });
});

/**
 * The case a counter or a timestamp gets wrong: a transaction that wrote its change before a check
 * and commits after it. PostgreSQL only (PGlite has one connection).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a change committed after a check that ran while it was open (PostgreSQL)', () => {
  let fresh: Awaited<ReturnType<typeof createEmptyPostgres>>;
  let database: Database;
  beforeAll(async () => {
    fresh = await createEmptyPostgres(process.env.TEST_DATABASE_URL!);
    database = openPostgres(fresh.url, 3);
    await database.migrate();
    await seed(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('is seen by the first check after its commit, however its transaction id compares', async () => {
    const { db } = database;
    const freshness = createFreshness(db);
    const cache = new UserCache<string>(freshness);
    const [slow, quick] = [await newUser(db), await newUser(db)];
    await freshness.sync();
    for (const userId of [slow, quick]) cache.set(userId, userId, 'cached', freshness.mark());

    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      await client.query('begin');
      // the slow transaction takes its id first, then a quicker one commits and a check sees it
      await client.query('update users set name = $1 where id = $2', ['Slow Change', slow]);
      await db.update(users).set({ name: 'Quick Change' }).where(eq(users.id, quick));
      expect(await cache.fresh(quick)).toBeUndefined();
      expect(await cache.fresh(slow)).toBe('cached');
      await client.query('commit');
    } finally {
      await client.end();
    }
    expect(await cache.fresh(slow)).toBeUndefined();
  });
});
