import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarRulesVersion, complianceCalendar } from '@shared/compliance';
import { complianceDone, complianceSchedule, mailOutbox, orders, partners } from '@server/db/schema';
import { appPerSuite, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';
import { adminCompliance } from './admin-compliance';
import { sendComplianceReminders } from './compliance-reminders';
import { refreshSchedules, scheduleOf, storeSchedules } from './compliance-schedule';

// Wyoming, a foreign owner, formed 2029-03-15: the report on 2030-03-01 (first day of the
// anniversary month), the agent's renewal on 2030-03-15, Form 5472 on 2030-04-15.
const formed = '2029-03-15';
const wyoming = (today: string, done: { kind: 'state-annual-report'; dueDate: string }[] = []) =>
  complianceCalendar({ state: 'WY', formationDate: formed, owners: 'foreign', members: 'single', done, today });

describe('the days a company is read on', () => {
  it('nextDue: the earliest open deadline, overdue included, whatever the day', () => {
    expect(scheduleOf(wyoming('2029-06-01'), '2029-06-01', { handled: false, remindable: true }).nextDue).toBe('2030-03-01');
    expect(scheduleOf(wyoming('2031-06-01'), '2031-06-01', { handled: false, remindable: true }).nextDue).toBe('2030-03-01');
    const done = [{ kind: 'state-annual-report' as const, dueDate: '2030-03-01' }];
    expect(scheduleOf(wyoming('2029-06-01', done), '2029-06-01', { handled: false, remindable: true }).nextDue).toBe('2030-03-15');
  });

  it('remindOn: the day the next window opens; today while one is open and not yet handled; the day after a deadline', () => {
    const day = (today: string, handled: boolean) => scheduleOf(wyoming(today), today, { handled, remindable: true }).remindOn;
    // 60 days before the report
    expect(day('2029-06-01', false)).toBe('2029-12-31');
    // inside the report's 60-day window: today until handled, then the agent's 60-day window
    expect(day('2030-01-05', false)).toBe('2030-01-05');
    expect(day('2030-01-05', true)).toBe('2030-01-14');
    // the report's 7-day window handled on the due day: the day after it, when the next year's report appears
    expect(day('2030-03-01', true)).toBe('2030-03-02');
    expect(day('2030-03-02', true)).toBe('2030-03-08'); // the agent's renewal, 7 days before
  });

  it('no reminder day for a company nobody is to be reminded for (refunded, account deleted)', () => {
    expect(scheduleOf(wyoming('2029-06-01'), '2029-06-01', { handled: false, remindable: false })).toEqual({ nextDue: '2030-03-01', remindOn: null });
  });
});

describe.each(testDatabases)('compliance schedule on $name', { timeout: 60_000 }, (target) => {
  const suite = appPerSuite(target);
  const db = () => suite.database.db;
  const mailer = () => ({ mail: suite.app.services.mail, appUrl: 'http://localhost:3000' });
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  const row = async (id: string) => (await db().select().from(complianceSchedule).where(eq(complianceSchedule.orderId, id)))[0];

  async function company(formationDate: string | null = formed) {
    const owner = await signUp(suite.app);
    const { id } = (await submitOrder(suite.app, owner.cookie)).json().order as { id: string };
    if (formationDate) await db().update(orders).set({ formationDate }).where(eq(orders.id, id));
    return { owner, id };
  }

  it('the database keeps one row per formed company and marks it stale whenever what its calendar reads changes', async () => {
    const { id } = await company(null);
    expect(await row(id)).toBeUndefined();
    await db().update(orders).set({ formationDate: formed }).where(eq(orders.id, id));
    expect(await row(id)).toMatchObject({ stale: true, nextDue: null });

    await refreshSchedules(db(), '2029-06-01');
    const fresh = (await row(id))!;
    expect(fresh).toMatchObject({ stale: false, nextDue: '2030-03-01', remindOn: '2029-12-31', rules: calendarRulesVersion });
    // a change the calendar does not read leaves it alone
    await db().update(orders).set({ companyName1: 'Andes Renamed LLC' }).where(eq(orders.id, id));
    expect(await row(id)).toMatchObject({ stale: false, changes: fresh.changes });

    const changes = [
      () => db().insert(complianceDone).values({ orderId: id, kind: 'state-annual-report', dueDate: '2030-03-01' }),
      () =>
        db()
          .insert(partners)
          .values({ orderId: id, fullName: 'Zoë Núñez', email: 'zoe@example.com', phone: '+51999888777', country: 'PE', address: 'Av. Larco 1' }),
      () => db().delete(partners).where(eq(partners.orderId, id)),
      () => db().update(orders).set({ nationality: 'US' }).where(eq(orders.id, id)),
      () => db().update(orders).set({ llcState: 'DE' }).where(eq(orders.id, id)),
      () => db().update(orders).set({ formationDate: '2029-03-16' }).where(eq(orders.id, id)),
      () =>
        db()
          .update(orders)
          .set({ refundedAt: new Date('2029-07-01T00:00:00Z') })
          .where(eq(orders.id, id)),
    ];
    for (const change of changes) {
      const before = (await row(id))!.changes;
      await change();
      expect(await row(id)).toMatchObject({ stale: true, changes: before + 1 });
      await refreshSchedules(db(), '2029-06-01');
      expect((await row(id))!.stale).toBe(false);
    }
    // refunded: still on the administrators' list, no reminder day
    expect((await row(id))!.remindOn).toBeNull();
    expect((await row(id))!.nextDue).not.toBeNull();
    // the formation date taken back: no calendar, no row
    await db().update(orders).set({ formationDate: null }).where(eq(orders.id, id));
    expect(await row(id)).toBeUndefined();
  });

  it('the job reads the companies whose day has come, not every calendar, and moves each day on', async () => {
    const { owner, id } = await company();
    await refreshSchedules(db(), '2029-06-01');
    const reminders = async () =>
      (
        await db()
          .select({ payload: mailOutbox.payload })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, owner.user.email), eq(mailOutbox.template, 'complianceReminder')))
      ).length;
    // the report's 60-day reminder is due on 2029-12-31, but the stored day says later: not read
    await db().update(complianceSchedule).set({ remindOn: '2031-01-01' }).where(eq(complianceSchedule.orderId, id));
    await sendComplianceReminders(db(), mailer(), { now: noon('2029-12-31') });
    expect(await reminders()).toBe(0);
    // its day: read, reminded once, and its day moves to the agent's 60-day window
    await db().update(complianceSchedule).set({ remindOn: '2029-12-31' }).where(eq(complianceSchedule.orderId, id));
    expect(await sendComplianceReminders(db(), mailer(), { now: noon('2029-12-31') })).toBeGreaterThanOrEqual(1);
    expect(await reminders()).toBe(1);
    expect((await row(id))!.remindOn).toBe('2030-01-14');
  });

  it('rows computed with other calendar rules are computed again by the next run', async () => {
    const { id } = await company();
    await refreshSchedules(db(), '2029-06-01');
    await db().update(complianceSchedule).set({ rules: 'older-rules', nextDue: '2099-01-01' }).where(eq(complianceSchedule.orderId, id));
    await sendComplianceReminders(db(), mailer(), { now: noon('2029-06-01') });
    expect(await row(id)).toMatchObject({ rules: calendarRulesVersion, nextDue: '2030-03-01', stale: false });
  });

  it('a computation does not overwrite a change made while it ran', async () => {
    const { id } = await company();
    const before = (await row(id))!;
    await db().insert(complianceDone).values({ orderId: id, kind: 'state-annual-report', dueDate: '2030-03-01' });
    // computed from what was read before the change: refused, the row stays stale for the next run
    await storeSchedules(db(), [{ orderId: id, changes: before.changes, nextDue: '2030-03-01', remindOn: '2029-12-31' }]);
    expect(await row(id)).toMatchObject({ stale: true, nextDue: null });
    await refreshSchedules(db(), '2029-06-01');
    expect(await row(id)).toMatchObject({ stale: false, nextDue: '2030-03-15' });
  });

  it("the administrators' list reads the companies due before its horizon, and stale ones", async () => {
    const { id } = await company();
    await refreshSchedules(db(), '2030-02-10');
    const listed = async () => (await adminCompliance(db(), { today: '2030-02-10' })).items.filter((item) => item.orderId === id).length;
    expect(await listed()).toBe(3);
    // a stored day beyond the horizon: not read
    await db().update(complianceSchedule).set({ nextDue: '2031-01-01' }).where(eq(complianceSchedule.orderId, id));
    expect(await listed()).toBe(0);
    // stale (a change not yet computed): read and computed on the spot
    await db().update(complianceSchedule).set({ stale: true }).where(eq(complianceSchedule.orderId, id));
    expect(await listed()).toBe(3);
  });
});
