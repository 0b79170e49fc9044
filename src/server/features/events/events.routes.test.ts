import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '@server/db/client';
import { sessions, userEvents, users } from '@server/db/schema';
import { seed } from '@server/db/seed';
import { publishOrderEvent } from '@server/domain/live-events';
import { adminCustomerAndOrder, buildTestApp, customerWithOrder, injectAs, promoteEnrolledAdmin, sharedDatabase, signUp } from '@server/test/app';
import { createEmptyPostgres, testDatabases } from '@server/test/databases';
import { eventData, openEventStream, type OpenedStream, type ReceivedEvent } from '@server/test/event-stream';
import { eventually } from '@server/test/eventually';
import { maxStreamsPerAccount } from '@server/platform/events/live-hub';

/* GET /api/events (ADR 0029): read over real HTTP as a browser's EventSource would. */

const overrides = { LIVE_HEARTBEAT_SECONDS: '1', MESSAGE_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_IP: '1000' };

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** app.close() as main.ts does it: connections that turn idle meanwhile are closed too. */
async function closeServing(app: FastifyInstance | undefined) {
  if (!app) return;
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}

const isEvent = (kind: string, orderId?: string) => (event: ReceivedEvent) =>
  event.event === kind && (orderId === undefined || eventData(event).orderId === orderId);
const ids = (events: ReceivedEvent[]) => events.filter((event) => event.event !== 'ready').map((event) => Number(event.id));

describe.each(testDatabases)('live stream GET /api/events on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  const open: OpenedStream[] = [];
  const stream = async (cookie: string | undefined, options?: Parameters<typeof openEventStream>[2]) => {
    const opened = await openEventStream(url, cookie, options);
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database, overrides));
    url = await listening(app);
  });
  afterAll(async () => {
    for (const opened of open) opened.close();
    await closeServing(app);
  });

  it('answers a visitor 401, and a signed-in user a stream that no cache or proxy keeps, starting with its resume point', async () => {
    const visitor = await stream(undefined);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ error: { code: 'unauthorized' } });

    const { cookie } = await signUp(app);
    const live = await stream(cookie);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.headers.get('cache-control')).toBe('no-cache');
    expect(live.headers.get('x-accel-buffering')).toBe('no');
    expect(live.headers.get('content-encoding')).toBeNull();
    const ready = await live.next(isEvent('ready'), 'the ready event');
    expect(ready).toEqual({ id: '0', event: 'ready', data: '{}' });
  });

  it('sends a customer the events of their own order (a message from the team) and never those of another customer', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(app, database);
    const other = await customerWithOrder(app);
    const mine = await stream(customer.cookie);
    const theirs = await stream(other.cookie);
    await mine.next(isEvent('ready'), 'ready');
    await theirs.next(isEvent('ready'), 'ready');

    expect((await injectAs(app, admin.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: 'Su pasaporte está borroso.' } })).statusCode).toBe(
      201,
    );
    const event = await mine.next(isEvent('message', orderId), 'the message event');
    expect(Number(event.id)).toBeGreaterThan(0);
    // nothing but the kind and the order
    expect(JSON.parse(event.data!)).toEqual({ kind: 'message', orderId });

    // the other customer's stream is live (its own event arrives) and held nothing of the first order
    await publishOrderEvent(database.db, { id: other.orderId, userId: other.user.id }, 'status');
    await theirs.next(isEvent('status', other.orderId), "the other customer's own event");
    expect(
      theirs
        .events()
        .filter((received) => received.event !== 'ready')
        .map((received) => eventData(received).orderId),
    ).toEqual([other.orderId]);
    expect(mine.events().some((received) => received.data?.includes(other.orderId))).toBe(false);
  });

  it("sends an administrator the team's events of every order, and the customer's message to the team", async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(app, database);
    const team = await stream(admin.cookie);
    await team.next(isEvent('ready'), 'ready');
    expect((await injectAs(app, customer.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: 'Ya subí el archivo.' } })).statusCode).toBe(
      201,
    );
    await team.next(isEvent('message', orderId), "the customer's message reaches the team");
    await publishOrderEvent(database.db, { id: orderId, userId: customer.user.id }, 'milestone');
    await team.next(isEvent('milestone', orderId), 'a milestone');

    // an administrator without the second factor has no administrator access: no team events
    const unenrolled = await signUp(app);
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, unenrolled.user.id));
    const partial = await stream(unenrolled.cookie);
    await partial.next(isEvent('ready'), 'ready');
    await publishOrderEvent(database.db, { id: orderId, userId: customer.user.id }, 'document');
    await team.next(isEvent('document', orderId), 'the team gets the document event');
    await publishOrderEvent(database.db, { id: orderId, userId: unenrolled.user.id }, 'order');
    await partial.next(isEvent('order', orderId), 'its own event');
    expect(ids(partial.events())).toHaveLength(1);
  });

  it('resumes with Last-Event-ID (header or query): exactly the events missed, in order, then live ones, none twice', async () => {
    const { user, cookie, orderId } = await customerWithOrder(app);
    const other = await customerWithOrder(app);
    const first = await stream(cookie);
    const ready = await first.next(isEvent('ready'), 'ready');
    await publishOrderEvent(database.db, { id: orderId, userId: user.id }, 'status');
    const seen = await first.next(isEvent('status'), 'a first event');
    first.close();

    const missed: number[] = [];
    for (const kind of ['milestone', 'document', 'message'] as const) {
      await publishOrderEvent(database.db, { id: orderId, userId: user.id }, kind);
      await publishOrderEvent(database.db, { id: other.orderId, userId: other.user.id }, kind);
    }
    const mineAfter = await database.db
      .select({ id: userEvents.id, kind: userEvents.kind })
      .from(userEvents)
      .where(sql`${userEvents.userId} = ${user.id} and ${userEvents.id} > ${Number(seen.id)}`)
      .orderBy(userEvents.id);
    missed.push(...mineAfter.map((row) => row.id));
    expect(mineAfter.map((row) => row.kind)).toEqual(['milestone', 'document', 'message']);

    const resumed = await stream(cookie, { lastEventId: seen.id });
    await resumed.next(isEvent('message'), 'the last missed event');
    await publishOrderEvent(database.db, { id: orderId, userId: user.id }, 'request');
    const live = await resumed.next(isEvent('request'), 'a live event after the backlog');
    expect(ids(resumed.events())).toEqual([...missed, Number(live.id)]);
    expect(resumed.events().some((event) => event.event === 'ready')).toBe(false);

    // the query form (a new EventSource cannot set the header), from the ready point: everything since
    const byQuery = await stream(cookie, { lastEventId: ready.id, resumeBy: 'query' });
    await byQuery.next(isEvent('request'), 'the backlog up to the live event');
    expect(ids(byQuery.events())).toEqual([Number(seen.id), ...missed, Number(live.id)]);
  });

  it('leaves no gap and no duplicate between the backlog and live events written while it is read', async () => {
    const { user, cookie, orderId } = await customerWithOrder(app);
    const first = await stream(cookie);
    const ready = await first.next(isEvent('ready'), 'ready');
    first.close();
    await publishOrderEvent(database.db, { id: orderId, userId: user.id }, 'status');
    // events committed before, during and after the stream's opening
    const writing = (async () => {
      for (let i = 0; i < 30; i++) await publishOrderEvent(database.db, { id: orderId, userId: user.id }, 'document');
      await publishOrderEvent(database.db, { id: orderId, userId: user.id }, 'order');
    })();
    const resumed = await stream(cookie, { lastEventId: ready.id });
    await writing;
    await resumed.next(isEvent('order'), 'the last event');
    const all = await database.db
      .select({ id: userEvents.id })
      .from(userEvents)
      .where(sql`${userEvents.userId} = ${user.id} and ${userEvents.id} > ${Number(ready.id)}`)
      .orderBy(userEvents.id);
    expect(ids(resumed.events())).toEqual(all.map((row) => row.id));
  });

  it(`holds at most ${maxStreamsPerAccount} open streams of one account on an instance: the next is a 429, and one closed frees its place`, async () => {
    const { cookie } = await signUp(app);
    const held: OpenedStream[] = [];
    for (let n = 0; n < maxStreamsPerAccount; n += 1) held.push(await stream(cookie));
    expect(held.map((opened) => opened.status)).toEqual(Array(maxStreamsPerAccount).fill(200));
    const refused = await stream(cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // another account is not held back by it
    expect((await stream((await signUp(app)).cookie)).status).toBe(200);
    held[0]!.close();
    await eventually(async () => {
      const again = await stream(cookie);
      if (again.status === 200) return true;
      again.close();
      return undefined;
    }, 'a place freed by a closed stream');
  });

  it('sends a heartbeat comment every LIVE_HEARTBEAT_SECONDS', async () => {
    const { cookie } = await signUp(app);
    const live = await stream(cookie);
    await live.next((event) => event.comment === 'heartbeat', 'a heartbeat', 5_000);
  });

  it('ends the stream at sign-out, when the session expires, and when an administrator is demoted', async () => {
    const customer = await signUp(app);
    const signedOut = await stream(customer.cookie);
    await signedOut.next(isEvent('ready'), 'ready');
    expect((await injectAs(app, customer.cookie, 'POST', '/api/auth/sign-out')).statusCode).toBe(204);
    await signedOut.ended(5_000);
    expect((await stream(customer.cookie)).status).toBe(401);

    const expiring = await signUp(app);
    const ending = await stream(expiring.cookie);
    await ending.next(isEvent('ready'), 'ready');
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.userId, expiring.user.id));
    await ending.ended(10_000);

    const admin = await signUp(app);
    await promoteEnrolledAdmin(database.db, admin.user.email);
    const adminStream = await stream(admin.cookie);
    await adminStream.next(isEvent('ready'), 'ready');
    await database.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    await adminStream.ended(5_000);
    // still a customer: a new stream opens, without the team's events
    const again = await stream(admin.cookie);
    expect(again.status).toBe(200);
  });

  it('ends open streams at once when the server closes', async () => {
    const own = await buildTestApp(sharedDatabase(database), overrides);
    const ownUrl = await listening(own.app);
    const { cookie } = await signUp(own.app);
    const live = await openEventStream(ownUrl, cookie);
    await live.next(isEvent('ready'), 'ready');
    const started = Date.now();
    await own.app.close();
    await live.ended(5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('live stream across two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  let fresh: Awaited<ReturnType<typeof createEmptyPostgres>>;
  let one: Database;
  let two: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlB: string;
  const open: OpenedStream[] = [];

  beforeAll(async () => {
    fresh = await createEmptyPostgres(adminUrl!);
    // each instance its own pool and its own listening connection
    one = openPostgres(fresh.url, 5);
    two = openPostgres(fresh.url, 5);
    await one.migrate();
    await seed(one.db);
    const shared = { ...overrides, AUTH_SECRET: 'a'.repeat(64) };
    ({ app: a } = await buildTestApp(one, shared));
    ({ app: b } = await buildTestApp(two, shared));
    await listening(a);
    urlB = await listening(b);
  }, 60_000);
  afterAll(async () => {
    for (const opened of open) opened.close();
    await closeServing(a);
    await closeServing(b);
    await one?.close();
    await two?.close();
    await fresh?.drop();
  });

  it("brings a message posted through A to the customer's stream on B within a second", async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(a, one);
    const onB = await openEventStream(urlB, customer.cookie);
    open.push(onB);
    await onB.next(isEvent('ready'), 'ready');
    const posted = Date.now();
    expect((await injectAs(a, admin.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: 'Necesitamos otra foto.' } })).statusCode).toBe(201);
    await onB.next(isEvent('message', orderId), 'the message on B', 1_000);
    console.log(`message posted on A reached the stream on B in ${Date.now() - posted} ms`);
  });

  it('ends the stream on B when the customer signs out on A', async () => {
    const customer = await signUp(a);
    const onB = await openEventStream(urlB, customer.cookie);
    open.push(onB);
    await onB.next(isEvent('ready'), 'ready');
    expect((await injectAs(a, customer.cookie, 'POST', '/api/auth/sign-out')).statusCode).toBe(204);
    await onB.ended(5_000);
  });

  it("catches up after B's listening connection was cut: events committed meanwhile arrive, none twice", async () => {
    const { user, cookie, orderId } = await customerWithOrder(a);
    const onB = await openEventStream(urlB, cookie);
    open.push(onB);
    await onB.next(isEvent('ready'), 'ready');
    await one.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'app-listener' and datname = current_database()`);
    // committed while B (and A) listen again: some notifications are lost, the catch-up reads them
    for (const kind of ['status', 'milestone', 'document'] as const) await publishOrderEvent(one.db, { id: orderId, userId: user.id }, kind);
    await onB.next(isEvent('document'), 'the last event after the reconnect', 20_000);
    await publishOrderEvent(one.db, { id: orderId, userId: user.id }, 'order');
    await onB.next(isEvent('order'), 'a live event after the catch-up', 20_000);
    const received = ids(onB.events());
    expect(received).toEqual([...new Set(received)].sort((x, y) => x - y));
    expect(
      onB
        .events()
        .filter((event) => event.event !== 'ready')
        .map((event) => event.event),
    ).toEqual(['status', 'milestone', 'document', 'order']);
  });
});
