import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@shared/orders';
import { queryRows } from '@server/db/client';
import { mailOutbox } from '@server/db/schema';
import { sendDocumentEmails } from '@server/features/orders/document-emails';
import { buildTestApp, sharedDatabase, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { freePort } from '@server/test/ports';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';
import { pdfBytes, submitOrder } from '@server/test/orders';
import { startSmtpServer, type TestSmtpServer } from '@server/test/smtp';

const appUrl = 'https://llc.example.com';

// each test opens its own database and apps: generous limits for a busy machine
describe.each(testDatabases)('email over SMTP on $name', { timeout: 60_000 }, (target) => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const receivedBy = (email: string) => smtp.received.filter((mail) => mail.recipients.includes(email));

  describe('the customer emails', () => {
    let app: FastifyInstance;
    let admin: { cookie: string };
    beforeAll(async () => {
      const database = await target.open();
      ({ app } = await buildTestApp(database, { SMTP_URL: smtp.url, APP_URL: appUrl }));
      const account = await signUp(app, { name: 'Erin Admin' });
      await promoteEnrolledAdmin(database.db, account.user.email);
      admin = account;
    });
    afterAll(async () => {
      await app?.close();
    });

    it('sends welcome, reset, order received, payment, status and document emails to the customer, in Spanish, linking to APP_URL', async () => {
      const { user, cookie } = await signUp(app, { name: 'Lucía Gómez', language: 'es' });
      const orderId = (await submitOrder(app, cookie)).json().order.id as string;
      const number = orderNumber(orderId);
      expect((await app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: user.email } })).statusCode).toBe(202);
      // a payment pays only the order's own checkout session (docs/decisions/0010)
      const sessionId = await openCheckoutSession(app, orderId, cookie);
      expect((await deliverPaymentEvent(app, completedEvent(`evt_smtp_${orderId}`, orderId, { sessionId }))).json().outcome).toBe('paid');
      const status = await app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${orderId}/status`,
        headers: { cookie: admin.cookie },
        payload: { status: 'processing' },
      });
      expect(status.statusCode).toBe(200);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdfBytes)]), 'Articles.pdf');
      const body = new Response(form);
      const document = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/documents`,
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type')!, cookie: admin.cookie },
      });
      expect(document.statusCode).toBe(201);
      // the documents email goes once the batch's delay has passed
      await sendDocumentEmails(app.services.db, { mail: app.services.mail, appUrl }, { now: new Date(Date.now() + 3_600_000) });

      // the reset email is written after the request's answer
      await app.services.background.settled();
      await app.services.mail.drain();
      const mails = receivedBy(user.email);
      expect(mails.map((mail) => mail.subject).sort()).toEqual(
        [
          'Le damos la bienvenida a Frontera',
          'Restablezca su contraseña de Frontera',
          `Pedido n.º ${number} recibido: Andes Trading LLC`,
          `Pago recibido para el pedido n.º ${number}`,
          `Pedido n.º ${number}: En proceso`,
          `Actualizamos los documentos de su pedido n.º ${number}`,
        ].sort(),
      );
      for (const mail of mails) {
        expect(mail.recipients).toEqual([user.email]);
        expect(mail.to).toContain(user.email);
        expect(mail.text).toMatch(/^Hola, Lucía:/);
      }
      const links = mails.map((mail) => /https?:\/\/\S+/.exec(mail.text)?.[0]);
      // every link opens the Spanish page (ADR 0016); the welcome's first confirms the address, and leads to it
      expect(links.filter((link) => link === `${appUrl}/es/dashboard`)).toHaveLength(3);
      expect(links.filter((link) => link?.startsWith(`${appUrl}/api/auth/verify-email?token=`))).toHaveLength(1);
      expect(links.filter((link) => link?.startsWith(`${appUrl}/es/reset-password?token=`))).toHaveLength(1);
      expect(links.filter((link) => link === `${appUrl}/es/order/confirm?orderId=${orderId}`)).toHaveLength(1);
    });

    it('writes to an English customer in English', async () => {
      const { user } = await signUp(app, { name: 'Sam Lee', language: 'en' });
      await app.services.mail.drain();
      expect(receivedBy(user.email)).toMatchObject([{ subject: 'Welcome to Frontera', text: expect.stringMatching(new RegExp(`${appUrl}/dashboard\\s`)) }]);
    });
  });

  it('retries with growing backoff while the SMTP server is down, then delivers once', async () => {
    const database = await target.open();
    const port = await freePort();
    const { app } = await buildTestApp(database, { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: appUrl });
    try {
      const { user } = await signUp(app);
      const row = async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email)))[0]!;
      const dbNow = async () => (await queryRows<{ now: Date | string }>(database.db, sql`select now() as now`))[0]!.now;
      const makeDue = () =>
        database.db
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(eq(mailOutbox.recipient, user.email));
      /** One failed round; returns the backoff chosen, bounded by the clock before and after it. */
      const failedRound = async () => {
        const before = new Date(await dbNow()).getTime();
        expect(await app.services.mail.drain()).toBe(0);
        const after = new Date(await dbNow()).getTime();
        const next = (await row()).nextAttemptAt.getTime();
        return { atLeast: next - after, atMost: next - before };
      };

      const first = await failedRound();
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
      expect(first.atLeast).toBeLessThanOrEqual(2000);
      expect(first.atMost).toBeGreaterThanOrEqual(2000);
      // not due yet: nothing is attempted before the backoff has passed
      expect(await app.services.mail.drain()).toBe(0);
      expect((await row()).attempts).toBe(1);

      await makeDue();
      const second = await failedRound();
      expect(await row()).toMatchObject({ status: 'pending', attempts: 2 });
      expect(second.atLeast).toBeLessThanOrEqual(4000);
      expect(second.atMost).toBeGreaterThanOrEqual(4000);

      const smtpBack = await startSmtpServer(port);
      try {
        await makeDue();
        expect(await app.services.mail.drain()).toBe(1);
        expect(await app.services.mail.drain()).toBe(0);
        expect(await row()).toMatchObject({ status: 'sent', attempts: 3, sentAt: expect.any(Date) });
        expect(smtpBack.received.filter((mail) => mail.recipients.includes(user.email))).toMatchObject([{ subject: 'Welcome to Frontera' }]);
      } finally {
        await smtpBack.close();
      }
    } finally {
      await app.close();
    }
  });

  it('loses nothing on a restart: a message left pending by one process is sent by the next', async () => {
    const database = await target.open();
    try {
      const { app: first } = await buildTestApp(sharedDatabase(database), { SMTP_URL: smtp.url });
      const { user } = await signUp(first, { name: 'Ana Restart' });
      await first.close(); // stops without draining, like a process killed after the request
      expect(receivedBy(user.email)).toEqual([]);
      expect((await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email)))[0]).toMatchObject({ status: 'pending' });

      const { app: next } = await buildTestApp(sharedDatabase(database), { SMTP_URL: smtp.url });
      expect(await next.services.mail.drain()).toBe(1);
      await next.close();
      expect(receivedBy(user.email)).toMatchObject([{ subject: 'Welcome to Frontera' }]);
    } finally {
      await database.close();
    }
  });
});
