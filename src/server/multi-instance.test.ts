import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@shared/orders';
import { openPostgres, queryRows, type Database } from './db/client';
import { mailOutbox, orders, orderStatusHistory, paymentEvents } from './db/schema';
import { testPaymentsSecretFor } from './services';
import { strongPassword, tempDataDir, uniqueEmail } from './test/app';
import { createEmptyPostgres } from './test/databases';
import { fakeS3Config, startFakeS3, type FakeS3 } from './test/fake-s3';
import { orderMultipart, passportFile, pdfBytes, validOrder } from './test/orders';
import { completedEvent, signedWebhookHeaders } from './test/payments';
import { testRedisUrl, uniqueRedisPrefix } from './test/redis';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { eventually } from './test/eventually';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.info('multi-instance test skipped: it needs PostgreSQL and Redis; set TEST_DATABASE_URL (CI sets it)');

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

// processes on a busy machine: generous limits, no assertion on speed
describe.skipIf(!adminUrl)('two app processes on one PostgreSQL, Redis and S3 bucket', { timeout: 120_000 }, () => {
  const authSecret = randomBytes(32).toString('hex');
  const dataDirs = [tempDataDir(), tempDataDir()];
  let fresh: Awaited<ReturnType<typeof createEmptyPostgres>>;
  let s3: FakeS3;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    fresh = await createEmptyPostgres(adminUrl!);
    s3 = await startFakeS3();
    const shared = {
      DATABASE_URL: fresh.url,
      REDIS_URL: testRedisUrl!,
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      AUTH_SECRET: authSecret,
      // one bucket behind both: both must hold the key its files are encrypted with
      FILE_ENCRYPTION_KEYS: `shared:${randomBytes(32).toString('base64')}`,
      APP_URL: 'http://frontera.test',
      AUTH_RATE_LIMIT_IP: '1000',
      ...fakeS3Config(s3),
    };
    // both at once on an empty database: the migrations race for the advisory lock
    [a, b] = await Promise.all([startServerProcess({ ...shared, DATA_DIR: dataDirs[0]! }), startServerProcess({ ...shared, DATA_DIR: dataDirs[1]! })]);
    database = openPostgres(fresh.url, 2);
  }, 180_000);

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    expect(codes).toEqual([0, 0]);
    await database?.close();
    await fresh?.drop();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const call = (instance: ServerProcess, url: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) =>
    fetch(`${instance.url}${url}`, {
      ...init,
      headers: {
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.headers as Record<string, string>),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  const signUp = async (instance: ServerProcess) => {
    const email = uniqueEmail('multi');
    const response = await call(instance, '/api/auth/sign-up', { method: 'POST', json: { name: 'Mara Instance', email, password: strongPassword } });
    expect(response.status).toBe(201);
    return { email, cookie: cookieOf(response), id: ((await response.json()) as { user: { id: string } }).user.id };
  };
  const submitOrder = async (instance: ServerProcess, cookie: string, companyName1: string) => {
    const { payload, headers } = await orderMultipart(validOrder({ companyName1 }), { passport: passportFile });
    return call(instance, '/api/orders', { method: 'POST', cookie, headers, body: new Uint8Array(payload) });
  };

  it('migrated the empty database once although both started at the same time, and uses the shared services', async () => {
    const journal = JSON.parse(fs.readFileSync(path.resolve('drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const [applied] = await queryRows<{ total: number; distinct_hashes: number }>(
      database.db,
      sql`select count(*)::int as total, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual({ total: journal.entries.length, distinct_hashes: journal.entries.length });
    for (const instance of [a, b]) {
      expect(await (await call(instance, '/api/ready')).json()).toEqual({ status: 'ready', checks: { database: 'up', storage: 'up', redis: 'up' } });
      const services = instance
        .stdoutLines()
        .map((line) => JSON.parse(line) as { msg: string })
        .find((entry) => entry.msg === 'services');
      expect(services).toMatchObject({ database: 'postgres', storage: 's3', rateLimits: 'redis', mail: 'files', payments: 'test' });
    }
  });

  it('keeps a session made on one instance working on the other, and a sign-out on either ends it', async () => {
    const { email, cookie, id } = await signUp(a);
    const me = await call(b, '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id, email } });
    expect(await (await call(b, '/api/orders', { cookie })).json()).toEqual({ orders: [] });

    const signIn = await call(b, '/api/auth/sign-in', { method: 'POST', json: { email, password: strongPassword } });
    expect(signIn.status).toBe(200);
    const second = cookieOf(signIn);
    expect((await call(a, '/api/me', { cookie: second })).status).toBe(200);
    expect((await call(b, '/api/auth/sign-out', { method: 'POST', cookie: second })).status).toBe(204);
    expect((await call(a, '/api/me', { cookie: second })).status).toBe(401);
    expect((await call(a, '/api/me', { cookie })).status).toBe(200);
  });

  it('accepts orders submitted on both instances at once, each stored exactly once with its file', async () => {
    const customer = await signUp(b);
    const perInstance = 10;
    const responses = await Promise.all(Array.from({ length: 2 * perInstance }, (_, i) => submitOrder(i % 2 ? b : a, customer.cookie, `Concurrent ${i} LLC`)));
    expect(responses.map((response) => response.status)).toEqual(Array(2 * perInstance).fill(201));
    const accepted = await Promise.all(responses.map(async (response) => ((await response.json()) as { order: { id: string } }).order.id));
    expect(new Set(accepted).size).toBe(2 * perInstance);

    const rows = await database.db
      .select({ id: orders.id, companyName1: orders.companyName1, passportKey: orders.passportKey })
      .from(orders)
      .where(eq(orders.userId, customer.id));
    expect(rows.map((row) => row.id).sort()).toEqual([...accepted].sort());
    expect(new Set(rows.map((row) => row.companyName1)).size).toBe(2 * perInstance);
    const history = await database.db
      .select({ orderId: orderStatusHistory.orderId })
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, accepted));
    expect(history).toHaveLength(2 * perInstance);
    // encrypted at rest (ADR 0026): stored once, but never as the PDF
    for (const row of rows) expect(s3.objects.get(row.passportKey!)?.body.includes('%PDF')).toBe(false);

    // one bucket behind both: a file uploaded through A downloads through B
    const listed = (await (await call(a, '/api/orders', { cookie: customer.cookie })).json()) as { orders: unknown[] };
    expect(listed.orders).toHaveLength(2 * perInstance);
    const file = await call(b, `/api/orders/${accepted[0]}/identity/passport`, { cookie: customer.cookie });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdfBytes);
  });

  it('applies one payment event delivered to both instances at once exactly once, with one email', async () => {
    const customer = await signUp(a);
    const orderId = ((await (await submitOrder(a, customer.cookie, 'Paid Once LLC')).json()) as { order: { id: string } }).order.id;
    expect(
      (await call(b, `/api/orders/${orderId}/checkout`, { method: 'POST', cookie: customer.cookie, json: { acceptTerms: true, confirmAdult: true } })).status,
    ).toBe(200);
    const [{ paymentId }] = (await database.db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId))) as [{ paymentId: string }];

    const eventId = `evt_multi_${orderId}`;
    const body = completedEvent(eventId, orderId, { sessionId: paymentId });
    const headers = signedWebhookHeaders(testPaymentsSecretFor(authSecret), body);
    const deliveries = await Promise.all([a, b].map((instance) => call(instance, '/api/payments/webhook', { method: 'POST', headers, body })));
    expect(deliveries.map((response) => response.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(deliveries.map(async (response) => ((await response.json()) as { outcome: string }).outcome));
    expect(outcomes.sort()).toEqual(['duplicate', 'paid']);

    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', orderAmountPaid: 39900, paymentId });
    const history = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((row) => row.toStatus).sort()).toEqual(['paid', 'pending_payment']);
    expect((await database.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]!.n).toBe(1);

    const mailRows = () =>
      database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, customer.email), eq(mailOutbox.template, 'paymentReceived')));
    expect(await mailRows()).toHaveLength(1);
    // the instances' mail workers share the outbox: it is sent once, by one of them
    await eventually(async () => ((await mailRows())[0]?.status === 'sent' ? true : undefined), 'the payment email sent', { everyMs: 100 });
    const sentFiles = dataDirs
      .flatMap((dir) => (fs.existsSync(path.join(dir, 'outbox')) ? fs.readdirSync(path.join(dir, 'outbox')).map((name) => path.join(dir, 'outbox', name)) : []))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .filter((text) => text.includes(`To: ${customer.email}`) && text.includes(`Subject: Payment received for order #${orderNumber(orderId)}`));
    expect(sentFiles).toHaveLength(1);
  });

  it('logs every request as a JSON line carrying its request id', async () => {
    const requestId = `multi-${randomBytes(6).toString('hex')}`;
    const response = await call(a, '/api/health', { headers: { 'x-request-id': requestId } });
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const lines = await eventually(
      async () => {
        const tagged = a.stdoutLines().filter((line) => line.includes(requestId));
        return tagged.length >= 1 ? tagged : undefined;
      },
      'the request logged',
      { timeoutMs: 10_000, everyMs: 100 },
    );
    expect(lines.map((line) => JSON.parse(line) as { reqId: string; msg: string })).toMatchObject([
      { reqId: requestId, msg: 'request completed', req: { url: '/api/health' }, res: { statusCode: 200 } },
    ]);
    for (const line of [...a.stdoutLines(), ...b.stdoutLines()]) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
