import { lte } from 'drizzle-orm';
import type { Deadline } from '@shared/compliance';
import { isLanguage, type Language } from '@shared/languages';
import { firstName } from '@shared/names';
import { appPageUrl } from '@shared/locale-paths';
import { paths } from '@shared/client-paths';
import type { Db } from '../../db/client';
import { complianceReminders, complianceSchedule } from '../../db/schema';
import type { OrderMailer } from '../../domain/orders/order-emails';
import { utcToday } from './compliance.service';
import { daysBetween, forEachScheduled, isOpen, refreshSchedules, reminderFor, remindable, scheduleOf, storeSchedules } from './compliance-schedule';
import { amountText, deadlineTitle } from './deadline-copy';

/**
 * Queues the 60-, 30- and 7-day reminders of the formed companies whose reminder day has come
 * (compliance_schedule.remind_on, ADR 0037), for their deadlines not done, in the customer's
 * language; then moves each company's day on. Each reminder is recorded in compliance_reminders
 * (unique per order, deadline and day) in the same transaction as its outbox row: any number of
 * instances, runs and restarts send it once (ADR 0015). Returns how many were queued. Run by the
 * job registry (src/server/jobs.ts).
 */
export async function sendComplianceReminders(db: Db, { mail, appUrl }: OrderMailer, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const today = utcToday(now);
  await refreshSchedules(db, today);
  let queued = 0;
  await forEachScheduled(db, lte(complianceSchedule.remindOn, today), today, async (batch) => {
    for (const { order, customer, calendar } of batch) {
      // a detached order (its account deleted, issue 33) has nobody to remind; a refunded one
      // (issue 37) is no longer ours to keep in good standing
      if (!remindable(order) || customer.email === null) continue;
      const person = { email: customer.email, name: customer.name ?? '', companyName: order.companyName1 };
      const language: Language = isLanguage(customer.language) ? customer.language : 'en';
      for (const deadline of calendar.filter(isOpen)) {
        const daysBefore = reminderFor(daysBetween(today, deadline.dueDate));
        if (daysBefore === null) continue;
        queued += await queueReminder(db, mail, { orderId: order.id, deadline, daysBefore, ...person, language, appUrl });
      }
    }
    await storeSchedules(db, batch.map(({ order, changes, calendar }) => ({ orderId: order.id, changes, ...scheduleOf(calendar, today, { handled: true, remindable: remindable(order) }) })));
  });
  return queued;
}

interface Reminder {
  orderId: string;
  companyName: string;
  deadline: Deadline & { dueDate: string };
  daysBefore: number;
  email: string;
  name: string;
  language: Language;
  appUrl: string;
}

/** One reminder, claimed in compliance_reminders and queued in the same transaction: 1 if queued, 0 if it was already. */
async function queueReminder(db: Db, mail: OrderMailer['mail'], { orderId, companyName, deadline, daysBefore, email, name, language, appUrl }: Reminder): Promise<number> {
  const { dueDate } = deadline;
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(complianceReminders).values({ orderId, kind: deadline.kind, dueDate, daysBefore }).onConflictDoNothing().returning({ orderId: complianceReminders.orderId });
    if (claimed.length === 0) return 0;
    const payload = {
      firstName: firstName(name) || name,
      companyName,
      deadline: deadlineTitle(deadline, language),
      dueDate,
      daysBefore: String(daysBefore),
      amount: amountText(deadline.amount, language),
      sourceUrl: deadline.sourceUrl ?? '',
      dashboardUrl: appPageUrl(appUrl, paths.dashboard(), language),
    };
    await mail.enqueue({ to: email, template: 'complianceReminder', language, payload }, tx);
    return 1;
  });
}
