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
    const due: Reminder[] = [];
    for (const { order, customer, calendar } of batch) {
      // a detached order (its account deleted) has nobody to remind; a refunded one
      // is no longer ours to keep in good standing
      if (!remindable(order) || customer.email === null) continue;
      const language: Language = isLanguage(customer.language) ? customer.language : 'en';
      for (const deadline of calendar.filter(isOpen)) {
        const daysBefore = reminderFor(daysBetween(today, deadline.dueDate));
        if (daysBefore !== null)
          due.push({ orderId: order.id, companyName: order.companyName1, deadline, daysBefore, email: customer.email, name: customer.name ?? '', language });
      }
    }
    queued += await queueReminders(db, mail, due, appUrl);
    await storeSchedules(
      db,
      batch.map(({ order, changes, calendar }) => ({
        orderId: order.id,
        changes,
        ...scheduleOf(calendar, today, { handled: true, remindable: remindable(order) }),
      })),
    );
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
}

/**
 * A batch's reminders, claimed in compliance_reminders and queued in one transaction: those
 * another run claimed first are left out. Returns how many were queued.
 */
async function queueReminders(db: Db, mail: OrderMailer['mail'], reminders: readonly Reminder[], appUrl: string): Promise<number> {
  if (reminders.length === 0) return 0;
  const key = (r: { orderId: string; kind: string; dueDate: string; daysBefore: number }) => `${r.orderId} ${r.kind} ${r.dueDate} ${r.daysBefore}`;
  // claimed in the batch's order (order id): two runs inserting the same rows wait on each other, never deadlock
  const rows = reminders.map(({ orderId, deadline, daysBefore }) => ({ orderId, kind: deadline.kind, dueDate: deadline.dueDate, daysBefore }));
  return db.transaction(async (tx) => {
    const claimed = new Set(
      (
        await tx.insert(complianceReminders).values(rows).onConflictDoNothing().returning({
          orderId: complianceReminders.orderId,
          kind: complianceReminders.kind,
          dueDate: complianceReminders.dueDate,
          daysBefore: complianceReminders.daysBefore,
        })
      ).map(key),
    );
    for (const { orderId, companyName, deadline, daysBefore, email, name, language } of reminders) {
      if (!claimed.has(key({ orderId, kind: deadline.kind, dueDate: deadline.dueDate, daysBefore }))) continue;
      const payload = {
        firstName: firstName(name) || name,
        companyName,
        deadline: deadlineTitle(deadline, language),
        dueDate: deadline.dueDate,
        daysBefore: String(daysBefore),
        amount: amountText(deadline.amount, language),
        sourceUrl: deadline.sourceUrl ?? '',
        dashboardUrl: appPageUrl(appUrl, paths.dashboard(), language),
      };
      await mail.enqueue({ to: email, template: 'complianceReminder', language, payload }, tx);
    }
    return claimed.size;
  });
}
