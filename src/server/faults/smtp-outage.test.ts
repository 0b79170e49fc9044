import type { AddressInfo } from 'node:net';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@server/db/client';
import { mailOutbox } from '@server/db/schema';
import { requeueFailedMail, retryPolicy } from '@server/platform/mail/outbox';
import { buildTestApp, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { startSmtpServer } from '@server/test/smtp';

/**
 * A relay that is up but refuses every message with a temporary 451 while `refusing` is true (a
 * provider throttling us, or in maintenance), and accepts (recording the recipients in arrival
 * order) once it is false.
 */
async function startFlakyRelay() {
  const relay = { refusing: true, refused: 0, accepted: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onMailFrom(_address, _session, callback) {
      if (!relay.refusing) return callback();
      relay.refused += 1;
      callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        relay.accepted.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    relay,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A relay that can be stopped (nothing listens: connections are refused) and started again on its
 * port; `accepted` lists the recipients of every message it took, across its lives.
 */
async function startStoppableRelay() {
  let server = await startSmtpServer();
  let running = true;
  const { port, url } = server;
  const earlier: string[] = [];
  return {
    url,
    get accepted() {
      return [...earlier, ...server.received.flatMap((mail) => mail.recipients)];
    },
    start: async () => {
      server = await startSmtpServer(port);
      running = true;
    },
    stop: async () => {
      if (!running) return;
      running = false;
      earlier.push(...server.received.flatMap((mail) => mail.recipients));
      server.received.length = 0;
      await server.close();
    },
  };
}

/**
 * ADR 0006: the SMTP relay fails for a while. The emails queued meanwhile wait in the
 * outbox, retried with a backoff that doubles; when the relay takes mail again each goes out once,
 * in the order it was queued. (smtp.test.ts covers one message and a relay that is not listening;
 * here several messages and a relay that answers but refuses.)
 */
describe.each(testDatabases)('the SMTP relay refusing or gone for a while, on $name', { timeout: 60_000 }, (target) => {
  let flaky: Awaited<ReturnType<typeof startFlakyRelay>>;
  beforeAll(async () => {
    flaky = await startFlakyRelay();
  });
  afterAll(async () => {
    await flaky?.close();
  });

  it('keeps the queued emails with growing backoff, then sends each once, in the order queued', async () => {
    const database = await target.open();
    const { app } = await buildTestApp(database, { SMTP_URL: flaky.url });
    try {
      // four welcome emails, queued one after the other
      const recipients: string[] = [];
      for (let i = 0; i < 4; i += 1) recipients.push((await signUp(app, { name: `Queued ${i}` })).user.email);
      const rows = () => database.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients)).orderBy(asc(mailOutbox.createdAt));
      expect((await rows()).map((row) => row.recipient)).toEqual(recipients);
      // the retry comes due now instead of in 2, 4, 8 s: the backoff itself is read from the rows
      const makeDue = () =>
        database.db
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(inArray(mailOutbox.recipient, recipients));

      let previousDelays = recipients.map(() => 0);
      for (let round = 1; round <= 3; round += 1) {
        const refusedBefore = flaky.relay.refused;
        expect(await app.services.mail.drain()).toBe(0);
        expect(flaky.relay.refused - refusedBefore).toBe(recipients.length);
        const [{ now }] = (await queryRows<{ now: string | Date }>(database.db, sql`select now() as now`)) as [{ now: string | Date }];
        const after = await rows();
        const delays = after.map((row) => row.nextAttemptAt.getTime() - new Date(now).getTime());
        for (const [i, row] of after.entries()) {
          expect(row).toMatchObject({ status: 'pending', attempts: round, sentAt: null, lastError: expect.stringMatching(/451/) });
          // 2^attempts seconds: 2, 4, 8 (less the moments the round took)
          expect(delays[i]).toBeGreaterThan(previousDelays[i]!);
          expect(delays[i]).toBeLessThanOrEqual(1000 * 2 ** round);
          expect(delays[i]).toBeGreaterThan(1000 * 2 ** round - 1500);
        }
        previousDelays = delays;
        // not due yet: waiting, nothing is attempted
        expect(await app.services.mail.drain()).toBe(0);
        expect(flaky.relay.refused - refusedBefore).toBe(recipients.length);
        await makeDue();
      }
      expect(flaky.relay.accepted).toEqual([]);

      flaky.relay.refusing = false;
      expect(await app.services.mail.drain()).toBe(recipients.length);
      expect(await app.services.mail.drain()).toBe(0);
      expect(flaky.relay.accepted).toEqual(recipients);
      for (const row of await rows()) expect(row).toMatchObject({ status: 'sent', attempts: 4, sentAt: expect.any(Date), lastError: null });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('an outage far past the old eight attempts loses nothing: retries 15 minutes apart for three days, all sent once when the relay is back', async () => {
    const relay = await startStoppableRelay();
    const database = await target.open();
    const { app } = await buildTestApp(database, { SMTP_URL: relay.url });
    try {
      await relay.stop();
      const recipients: string[] = [];
      for (let i = 0; i < 5; i += 1) recipients.push((await signUp(app, { name: `Outage ${i}` })).user.email);
      const rows = () => database.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients)).orderBy(asc(mailOutbox.createdAt));
      const makeDue = () =>
        database.db
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(inArray(mailOutbox.recipient, recipients));
      // twelve tries each (the old outbox gave up after eight, about 254 s): every one still waits
      for (let round = 0; round < 12; round += 1) {
        expect(await app.services.mail.drain()).toBe(0);
        await makeDue();
      }
      expect(await app.services.mail.drain()).toBe(0);
      for (const row of await rows()) expect(row).toMatchObject({ status: 'pending', attempts: 13, lastError: expect.stringMatching(/ECONNREFUSED/) });
      // the backoff stops growing at 15 minutes
      const [{ delay }] = (await queryRows<{ delay: number }>(
        database.db,
        sql`select extract(epoch from max(next_attempt_at) - now())::float as delay from mail_outbox where recipient = ${recipients[0]!}`,
      )) as [{ delay: number }];
      expect(delay).toBeGreaterThan(retryPolicy.maxBackoffSeconds - 60);
      expect(delay).toBeLessThanOrEqual(retryPolicy.maxBackoffSeconds);

      // the relay is back: a new email goes out, and the ones waiting their 15 minutes go with it, each once
      await relay.start();
      const late = (await signUp(app, { name: 'After the outage' })).user.email;
      expect(await app.services.mail.drain()).toBe(recipients.length + 1);
      expect(await app.services.mail.drain()).toBe(0);
      expect([...relay.accepted].sort()).toEqual([...recipients, late].sort());
      for (const row of await rows()) expect(row).toMatchObject({ status: 'sent', attempts: 14, lastError: null });
    } finally {
      await app.close();
      await database.close();
      await relay.stop();
    }
  });

  it('gives up only after three days of retries, alerts through the log, and requeue-mail sends it again', async () => {
    const relay = await startStoppableRelay();
    const database = await target.open();
    const { app } = await buildTestApp(database, { SMTP_URL: relay.url });
    try {
      await relay.stop();
      const email = (await signUp(app, { name: 'Given Up' })).user.email;
      const row = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
      // its last try: as the 300th after three days of them
      await database.db
        .update(mailOutbox)
        .set({ attempts: retryPolicy.maxAttempts - 1 })
        .where(eq(mailOutbox.recipient, email));
      expect(await app.services.mail.drain()).toBe(0);
      expect((await row())[0]).toMatchObject({ status: 'failed', attempts: retryPolicy.maxAttempts });
      await relay.start();
      expect(await app.services.mail.drain()).toBe(0);
      expect(await requeueFailedMail(database.db)).toBe(1);
      expect(await app.services.mail.drain()).toBe(1);
      expect(relay.accepted).toEqual([email]);
      expect((await row())[0]).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await requeueFailedMail(database.db)).toBe(0);
    } finally {
      await app.close();
      await database.close();
      await relay.stop();
    }
  });
});
