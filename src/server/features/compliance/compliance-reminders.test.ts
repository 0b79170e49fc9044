import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { complianceReminders, mailOutbox, orders } from '@server/db/schema';
import { appPerSuite, buildTestApp, signUp, onTwoPostgresInstances } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';
import { calendarOfOrder } from './compliance.service';
import { sendComplianceReminders } from './compliance-reminders';
import { reminderFor } from './compliance-schedule';

const appUrl = 'http://localhost:3000';
const dayMs = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
/** noon UTC of `day`: the job's fake clock */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

async function formedCompany(app: FastifyInstance, db: Database['db'], language: 'en' | 'es', formationDate: string) {
  const owner = await signUp(app, { language });
  const { id } = (await submitOrder(app, owner.cookie)).json().order as { id: string };
  await db.update(orders).set({ formationDate }).where(eq(orders.id, id));
  return { owner, id };
}

const remindersTo = (db: Database['db'], email: string) =>
  db
    .select({ language: mailOutbox.language, payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'complianceReminder')));

describe('reminder windows', () => {
  it('60 from 60 to 31 days left, 30 from 30 to 8, 7 from 7 to the due day; none after', () => {
    expect([61, 60, 31, 30, 8, 7, 0, -1].map(reminderFor)).toEqual([null, 60, 60, 30, 30, 7, 7, null]);
  });
});

describe.each(testDatabases)('compliance reminders on $name', { timeout: 120_000 }, (target) => {
  const suite = appPerSuite(target);

  it("through a year, day by day: one email per reminder (60, 30, 7) of each deadline, in the customer's language; none after done; none before formation", async () => {
    const start = '2029-06-01'; // nothing due in the next 60 days: every reminder falls on its own day
    const { owner, id } = await formedCompany(suite.app, suite.database.db, 'es', '2029-03-15');
    const unformed = await signUp(suite.app);
    await submitOrder(suite.app, unformed.cookie);
    const mailer = { mail: suite.app.services.mail, appUrl };
    const [order] = await suite.database.db.select().from(orders).where(eq(orders.id, id));

    // the deadlines a year from `start`, and the one the customer marks done on its 30-day reminder
    const expected = new Set<string>();
    // Form 5472: a foreign owner's (validOrder: Peru) April 15 return
    const skipped = { kind: 'federal-5472', dueDate: '2030-04-15' };
    for (let day = start; day <= addDays(start, 365); day = addDays(day, 1)) {
      for (const deadline of (await calendarOfOrder(suite.database.db, order!, day)).deadlines) {
        if (!deadline.dueDate || ['unknown', 'info', 'done'].includes(deadline.status)) continue;
        const left = Math.round((Date.parse(deadline.dueDate) - Date.parse(day)) / dayMs);
        if ([60, 30, 7].includes(left)) expected.add(`${deadline.kind} ${deadline.dueDate} ${left}`);
      }
      const sent = await sendComplianceReminders(suite.database.db, mailer, { now: noon(day) });
      // a second run the same day (a restart) sends nothing
      expect(await sendComplianceReminders(suite.database.db, mailer, { now: noon(day) })).toBe(0);
      if (day === addDays(skipped.dueDate, -30)) {
        expect(sent).toBeGreaterThan(0);
        const done = await suite.app.inject({ method: 'POST', url: `/api/orders/${id}/compliance/done`, payload: skipped, headers: { cookie: owner.cookie } });
        expect(done.statusCode).toBe(200);
        expected.delete(`${skipped.kind} ${skipped.dueDate} 7`);
      }
    }
    const rows = await suite.database.db.select().from(complianceReminders).where(eq(complianceReminders.orderId, id));
    const got = rows.map((r) => `${r.kind} ${r.dueDate} ${r.daysBefore}`).sort();
    expect(got).toEqual([...expected].sort());
    // every kind of reminder happened, and the done deadline had its 60 and 30 but no 7
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(got).toContain('federal-5472 2030-04-15 60');
    expect(got).toContain('federal-5472 2030-04-15 30');
    expect(got).not.toContain('federal-5472 2030-04-15 7');

    const mails = await remindersTo(suite.database.db, owner.user.email);
    expect(mails).toHaveLength(rows.length);
    expect(mails.every((mail) => mail.language === 'es')).toBe(true);
    expect(mails.map((m) => m.payload.deadline)).toContain('Formulario 5472 del IRS con un Formulario 1120 pro forma');
    expect(await remindersTo(suite.database.db, unformed.user.email)).toEqual([]);
  });

  it('a refunded order gets no more reminders', async () => {
    const { owner, id } = await formedCompany(suite.app, suite.database.db, 'en', '2040-03-15');
    await suite.database.db
      .update(orders)
      .set({ refundedAt: new Date('2041-01-10T12:00:00Z') })
      .where(eq(orders.id, id));
    await sendComplianceReminders(suite.database.db, { mail: suite.app.services.mail, appUrl }, { now: noon('2041-02-14') });
    expect(await remindersTo(suite.database.db, owner.user.email)).toEqual([]);
  });

  it('an English customer gets English reminders', async () => {
    const { owner } = await formedCompany(suite.app, suite.database.db, 'en', '2040-03-15');
    await sendComplianceReminders(suite.database.db, { mail: suite.app.services.mail, appUrl }, { now: noon('2041-02-14') });
    const mails = await remindersTo(suite.database.db, owner.user.email);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.language === 'en')).toBe(true);
    expect(mails.map((m) => m.payload.deadline)).toContain('IRS Form 5472 with a pro-forma Form 1120');
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('compliance reminders from two instances on one PostgreSQL', { timeout: 60_000 }, () => {
  it('sends each reminder exactly once when both run the job at the same time', async () => {
    await onTwoPostgresInstances(adminUrl!, async ({ one, two, app }) => {
      const { app: other } = await buildTestApp(two);
      try {
        const companies = await Promise.all(Array.from({ length: 6 }, () => formedCompany(app, one.db, 'en', '2029-03-15')));
        const now = noon('2030-03-16'); // 30 days before April 15: Form 5472
        const sent = await Promise.all(
          [app, other, app, other].map((instance, i) => sendComplianceReminders((i % 2 ? two : one).db, { mail: instance.services.mail, appUrl }, { now })),
        );
        const total = sent.reduce((sum, n) => sum + n, 0);
        expect(total).toBeGreaterThanOrEqual(companies.length);
        for (const { owner } of companies) {
          const mails = await remindersTo(one.db, owner.user.email);
          expect(mails.length).toBe(total / companies.length);
          expect(new Set(mails.map((m) => `${m.payload.deadline} ${m.payload.dueDate} ${m.payload.daysBefore}`)).size).toBe(mails.length);
        }
      } finally {
        await other.close();
      }
    });
  });
});
