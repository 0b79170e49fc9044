import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { isLanguage, type Language } from '@shared/languages';
import { firstName } from '@shared/names';
import type { Db } from '../../db/client';
import { complianceReminders, orders, users } from '../../db/schema';
import type { OrderMailer } from '../../domain/orders/order-emails';
import { calendarOfOrder, utcToday } from './compliance.service';
import { amountText, deadlineTitle } from './deadline-copy';
import { appPageUrl } from '@shared/locale-paths';
import { paths } from '@shared/client-paths';

/** Days before a deadline that a reminder goes out, largest first. */
export const reminderDays = [60, 30, 7] as const;
const dayMs = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/**
 * The reminder due `daysLeft` days before a deadline: each has a window, from its day to the next
 * one's (60: 59–31 days left… 7: 7–0). A run that missed a window (a company formed 20 days
 * before a deadline, an outage) sends the current one only, never a stale one.
 */
export function reminderFor(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  return reminderDays.findLast((days, i) => daysLeft <= days && daysLeft > (reminderDays[i + 1] ?? -1)) ?? null;
}

/**
 * Queues the 60-, 30- and 7-day reminders of every formed company's deadlines not done, in the
 * customer's language. Each is recorded in compliance_reminders (unique per order, deadline and
 * day) in the same transaction as its outbox row: any number of instances, runs and restarts
 * send it once (ADR 0015). Returns how many were queued. Run by the job registry (src/server/jobs.ts).
 */
export async function sendComplianceReminders(db: Db, { mail, appUrl }: OrderMailer, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const today = utcToday(now);
  const formed = await db
    .select({ order: orders, email: users.email, name: users.name, language: users.language })
    .from(orders)
    // an inner join on purpose: a detached order (its account deleted, issue 33) has nobody to remind
    .innerJoin(users, eq(users.id, orders.userId))
    // a refunded order (issue 37) is no longer ours to keep in good standing: no more reminders
    .where(and(isNotNull(orders.formationDate), isNull(orders.refundedAt)))
    .orderBy(asc(orders.id));
  let queued = 0;
  for (const { order, email, name, language: stored } of formed) {
    const language: Language = isLanguage(stored) ? stored : 'en';
    const { deadlines } = await calendarOfOrder(db, order, today);
    for (const deadline of deadlines) {
      if (!deadline.dueDate || deadline.status === 'done' || deadline.status === 'unknown' || deadline.status === 'info') continue;
      const daysBefore = reminderFor(daysBetween(today, deadline.dueDate));
      if (daysBefore === null) continue;
      const dueDate = deadline.dueDate;
      queued += await db.transaction(async (tx) => {
        const claimed = await tx.insert(complianceReminders).values({ orderId: order.id, kind: deadline.kind, dueDate, daysBefore }).onConflictDoNothing().returning({ orderId: complianceReminders.orderId });
        if (claimed.length === 0) return 0;
        const payload = {
          firstName: firstName(name) || name,
          companyName: order.companyName1,
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
  }
  return queued;
}
