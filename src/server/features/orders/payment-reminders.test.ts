import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { mailOutbox, orders } from '@server/db/schema';
import { appPerSuite, signUp, customerWithOrder, onTwoPostgresInstances } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';
import { sendPaymentReminders } from './payment-reminders';

const hour = 3_600_000;
const appUrl = 'http://localhost:3000';

/** Every order email: the orderReceived sent on submission, and the reminder. */
const mailsTo = (database: Database, email: string) =>
  database.db
    .select({ template: mailOutbox.template, language: mailOutbox.language, payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email));

describe.each(testDatabases)('order emails on $name', (target) => {
  const suite = appPerSuite(target);

  const newOrder = async (language: 'en' | 'es' = 'en') => {
    const customer = await customerWithOrder(suite.app, language);
    const [row] = await suite.database.db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, customer.orderId));
    return { ...customer, createdAt: row!.createdAt };
  };
  const remind = (now: Date) => sendPaymentReminders(suite.database.db, { mail: suite.app.services.mail, appUrl }, { afterHours: 24, now });
  const reminders = async (email: string) => (await mailsTo(suite.database, email)).filter((mail) => mail.template === 'paymentReminder');

  it("emails 'order received' on submission, in the customer's language, with the link to pay", async () => {
    const { orderId, user } = await newOrder('es');
    const mails = await mailsTo(suite.database, user.email);
    expect(mails.filter((mail) => mail.template === 'orderReceived')).toEqual([
      {
        template: 'orderReceived',
        language: 'es',
        payload: expect.objectContaining({
          orderNumber: orderId.slice(0, 8).toUpperCase(),
          companyName: expect.any(String),
          payUrl: `${appUrl}/es/order/confirm?orderId=${orderId}`,
        }),
      },
    ]);
  });

  it('reminds an unpaid order once, 24 hours after it was made, not before, in the customer language', async () => {
    const { orderId, user, createdAt } = await newOrder('es');
    await remind(new Date(createdAt.getTime() + 23 * hour));
    expect(await reminders(user.email)).toEqual([]);

    await remind(new Date(createdAt.getTime() + 25 * hour));
    expect(await reminders(user.email)).toEqual([
      { template: 'paymentReminder', language: 'es', payload: expect.objectContaining({ payUrl: `${appUrl}/es/order/confirm?orderId=${orderId}` }) },
    ]);
    const [row] = await suite.database.db.select({ at: orders.reminderSentAt }).from(orders).where(eq(orders.id, orderId));
    expect(row!.at).toEqual(new Date(createdAt.getTime() + 25 * hour));

    await remind(new Date(createdAt.getTime() + 50 * hour));
    expect(await reminders(user.email)).toHaveLength(1);
  });

  it('never reminds a paid order or one held for review', async () => {
    const paid = await newOrder();
    const held = await newOrder();
    await suite.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, paid.orderId));
    await suite.database.db.update(orders).set({ holdReason: 'sanctioned_nationality' }).where(eq(orders.id, held.orderId));
    await remind(new Date(Date.now() + 48 * hour));
    expect(await reminders(paid.user.email)).toEqual([]);
    expect(await reminders(held.user.email)).toEqual([]);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('payment reminders from two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  it('sends each reminder exactly once when both run the job at the same time', async () => {
    await onTwoPostgresInstances(adminUrl!, async ({ one, two, app }) => {
      const customer = await signUp(app);
      const first = (await submitOrder(app, customer.cookie)).json().order.id as string;
      const [row] = await one.db.select().from(orders).where(eq(orders.id, first));
      // enough orders for the two instances' batches to overlap
      const ids = [first, ...Array.from({ length: 150 }, () => randomUUID())];
      await one.db.insert(orders).values(ids.slice(1).map((id) => ({ ...row!, id, searchText: `${row!.searchText} ${id}` })));
      const mailer = { mail: app.services.mail, appUrl };
      const now = new Date(row!.createdAt.getTime() + 25 * hour);
      const sent = await Promise.all([one, two, one, two].map((instance) => sendPaymentReminders(instance.db, mailer, { afterHours: 24, now })));
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(ids.length);
      // one reminder per order, none twice
      const mails = await one.db
        .select({ payload: mailOutbox.payload })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, customer.user.email), eq(mailOutbox.template, 'paymentReminder')));
      expect(new Set(mails.map((mail) => mail.payload.payUrl)).size).toBe(ids.length);
      expect(mails).toHaveLength(ids.length);
    });
  });
});
