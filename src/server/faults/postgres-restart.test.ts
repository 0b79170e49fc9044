import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { count, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '@server/db/client';
import { mailOutbox, orders, paymentEvents, users } from '@server/db/schema';
import { decodeTestSession } from '@server/platform/payments/test-provider';
import { testPaymentsSecretFor } from '@server/services';
import { strongPassword, tempDataDir, uniqueEmail } from '@server/test/app';
import { eventually } from '@server/test/eventually';
import { orderMultipart, passportFile, validOrder } from '@server/test/orders';
import { completedEvent, signedWebhookHeaders } from '@server/test/payments';
import { startServerProcess, type ServerProcess } from '@server/test/server-process';
import { privateClusterUnavailable, startPrivateCluster, type PrivateCluster } from './pg-cluster';

const missing = privateClusterUnavailable();
if (missing) console.info(`PostgreSQL restart test skipped: ${missing}`);

/**
 * An SMTP relay that counts what it accepts per recipient and, once asked, holds the next message
 * at its DATA stage until released. The outbox sends with one drain at a time per process (ADR
 * 0006), so a held message keeps the sender waiting on the relay, away from the database, while the
 * database restarts: delivery is at least once (ADR 0006), and a message the relay accepted just as
 * the database went away would be sent again when its lease ends; this test is about the requests
 * and the queued rows, so it keeps the sender out of that moment.
 */
async function startHoldingRelay() {
  const accepted = new Map<string, number>();
  let holdNext = false;
  let release: (() => void) | undefined;
  let onHeld: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const accept = () => {
          for (const rcpt of session.envelope.rcptTo) accepted.set(rcpt.address, (accepted.get(rcpt.address) ?? 0) + 1);
          callback();
        };
        if (!holdNext) return accept();
        holdNext = false;
        release = accept;
        onHeld!();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    accepted,
    /** holds the next message; resolves once one is held */
    holdNext: () => ((holdNext = true), held),
    release: () => release?.(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Call {
  what: 'sign-up' | 'order' | 'checkout' | 'webhook' | 'health';
  status: number;
  body: string;
  retryAfter: string | null;
  startedAt: number;
  endedAt: number;
}

/**
 * PostgreSQL stops (`pg_ctl stop -m fast`) and starts again while customers sign up,
 * order and pay. During the outage the API answers 503 `unavailable` with Retry-After, never a 500,
 * and liveness keeps answering; after it, nothing answered 2xx is missing, no payment event is lost
 * (the provider retries a 5xx), and every queued email goes out exactly once.
 */
describe.skipIf(missing)('PostgreSQL restarted under traffic', () => {
  const authSecret = randomBytes(32).toString('hex');
  const paymentsSecret = testPaymentsSecretFor(authSecret);
  const dataDir = tempDataDir();
  let cluster: PrivateCluster;
  let relay: Awaited<ReturnType<typeof startHoldingRelay>>;
  let server: ServerProcess;
  let database: Database | undefined;

  beforeAll(async () => {
    [cluster, relay] = await Promise.all([startPrivateCluster(), startHoldingRelay()]);
    server = await startServerProcess({
      DATABASE_URL: cluster.url,
      SMTP_URL: relay.url,
      DATA_DIR: dataDir,
      AUTH_SECRET: authSecret,
      APP_URL: 'http://frontera.test',
      AUTH_RATE_LIMIT_IP: '100000',
    });
  }, 120_000);

  afterAll(async () => {
    relay?.release();
    await server?.stop();
    await database?.close();
    await cluster?.destroy();
    await relay?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 during the outage, never 500; loses no sign-up, order, payment event or email', { timeout: 90_000 }, async () => {
    const calls: Call[] = [];
    const request = async (what: Call['what'], url: string, init: RequestInit = {}) => {
      const startedAt = performance.now();
      const response = await fetch(`${server.url}${url}`, init);
      const body = await response.text();
      calls.push({ what, status: response.status, body, retryAfter: response.headers.get('retry-after'), startedAt, endedAt: performance.now() });
      return {
        status: response.status,
        body,
        cookie: response.headers
          .getSetCookie()
          .map((cookie) => cookie.split(';')[0])
          .join('; '),
      };
    };
    /** as a browser retrying, or the payment provider redelivering: again while the answer is a 5xx */
    const untilAccepted = async (attempt: () => ReturnType<typeof request>) => {
      for (;;) {
        const answer = await attempt();
        if (answer.status < 500) return answer;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const signedUp: { email: string; startedAt: number }[] = [];
    const ordered: { orderId: string; email: string }[] = [];
    const paid: { orderId: string; eventId: string }[] = [];
    /** one customer: signs up, orders, opens the checkout and pays; stops at a refused sign-up or order */
    const customerJourney = async () => {
      const email = uniqueEmail('restart');
      const startedAt = performance.now();
      const signUp = await request('sign-up', '/api/auth/sign-up', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ana Restart', email, password: strongPassword }),
      });
      if (signUp.status !== 201) return;
      signedUp.push({ email, startedAt });
      const { payload, headers } = await orderMultipart(validOrder(), { passport: passportFile });
      const order = await request('order', '/api/orders', { method: 'POST', headers: { ...headers, cookie: signUp.cookie }, body: new Uint8Array(payload) });
      if (order.status !== 201) return;
      const orderId = (JSON.parse(order.body) as { order: { id: string } }).order.id;
      ordered.push({ orderId, email });
      const checkout = await untilAccepted(() =>
        request('checkout', `/api/orders/${orderId}/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: signUp.cookie },
          body: JSON.stringify({ acceptTerms: true, confirmAdult: true }),
        }),
      );
      expect(checkout.status, checkout.body).toBe(200);
      const token = new URL((JSON.parse(checkout.body) as { url: string }).url).searchParams.get('session')!;
      const sessionId = decodeTestSession(paymentsSecret, token)!.id;
      const eventId = `evt_restart_${orderId}`;
      const event = completedEvent(eventId, orderId, { sessionId });
      const delivery = await untilAccepted(() =>
        request('webhook', '/api/payments/webhook', { method: 'POST', headers: signedWebhookHeaders(paymentsSecret, event), body: event }),
      );
      expect(delivery.status, delivery.body).toBe(200);
      paid.push({ orderId, eventId });
    };

    let running = true;
    const customers = async () => {
      while (running) await customerJourney();
    };
    const liveness = async () => {
      while (running) {
        await request('health', '/api/health');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const traffic = Promise.all([customers(), customers(), liveness()]);
    try {
      await eventually(() => (paid.length >= 2 ? true : undefined), 'two customers through before the outage', { everyMs: 50 });
      // the outbox's sender now waits on the relay, not on the database (see startHoldingRelay)
      await relay.holdNext();

      await cluster.stop();
      const stoppedAt = performance.now();
      await eventually(
        () =>
          calls.filter((call) => call.startedAt > stoppedAt && call.what !== 'health').length >= 8 &&
          calls.filter((call) => call.startedAt > stoppedAt && call.what === 'health').length >= 3
            ? true
            : undefined,
        'requests answered during the outage',
        { everyMs: 50 },
      );
      const restartingAt = performance.now();
      await cluster.start();
      const backAt = performance.now();
      await eventually(
        () => (signedUp.filter((customer) => customer.startedAt > backAt).length >= 2 && paid.length >= ordered.length - 2 ? true : undefined),
        'customers served again after the restart',
        { everyMs: 50 },
      );

      const during = calls.filter((call) => call.startedAt > stoppedAt && call.endedAt < restartingAt && call.what !== 'health');
      expect(during.length).toBeGreaterThanOrEqual(8);
      for (const call of during) {
        expect(call.status, `${call.what}: ${call.body}`).toBe(503);
        expect(JSON.parse(call.body)).toEqual({ error: { code: 'unavailable', message: 'errors.unavailable' } });
        expect(call.retryAfter).toMatch(/^\d+$/);
      }
    } finally {
      relay.release();
      running = false;
      await traffic;
    }

    // never a 500, before, during or after; liveness answered all along
    expect(calls.filter((call) => call.status >= 500 && call.status !== 503).map((call) => `${call.what} ${call.status} ${call.body}`)).toEqual([]);
    expect(calls.filter((call) => call.what === 'health').every((call) => call.status === 200)).toBe(true);

    database = openPostgres(cluster.url, 2);
    const db = database.db;
    // every sign-up and order answered 2xx is there; every payment event applied once
    const emails = signedUp.map((customer) => customer.email);
    expect((await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email).sort()).toEqual(
      [...emails].sort(),
    );
    const orderIds = ordered.map((order) => order.orderId);
    const orderRows = await db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, orderIds));
    expect(orderRows.map((row) => row.id).sort()).toEqual([...orderIds].sort());
    expect(paid.map((payment) => payment.orderId).sort()).toEqual([...orderIds].sort());
    for (const row of orderRows) expect(row.status).toBe('paid');
    for (const { eventId } of paid) expect((await db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]!.n).toBe(1);

    // every email queued, before, around or after the outage, goes out once
    const rows = await eventually(
      async () => {
        const all = await db.select({ recipient: mailOutbox.recipient, status: mailOutbox.status }).from(mailOutbox);
        return all.length > 0 && all.every((row) => row.status === 'sent') ? all : undefined;
      },
      'every queued email sent',
      { everyMs: 100 },
    );
    const queued = new Map<string, number>();
    for (const row of rows) queued.set(row.recipient, (queued.get(row.recipient) ?? 0) + 1);
    // welcome, order received and payment received for each paying customer
    for (const { email } of ordered) expect(queued.get(email)).toBe(3);
    expect(Object.fromEntries(relay.accepted)).toEqual(Object.fromEntries(queued));
  });
});
