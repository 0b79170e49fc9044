import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { queuePayOrderEmail, type OrderMailer } from '../../domain/orders/order-emails';

const batchSize = 100;

/**
 * Sends the one payment reminder of every order still pending payment (and not held for review)
 * `afterHours` after it was made. Each batch claims its orders (reminder_sent_at) with SKIP LOCKED
 * and queues their emails in the same transaction: several instances running this at once send
 * each reminder exactly once, and a failed transaction leaves the order to the next run.
 * Returns how many reminders were queued. Run by the job registry (src/server/jobs.ts).
 */
export async function sendPaymentReminders(db: Db, mailer: OrderMailer, { afterHours, now = new Date() }: { afterHours: number; now?: Date }): Promise<number> {
  const cutoff = new Date(now.getTime() - afterHours * 3_600_000);
  let queued = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      // served by orders_pending_reminder_idx
      const due = tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'pending_payment'), isNull(orders.holdReason), isNull(orders.reminderSentAt), lt(orders.createdAt, cutoff)))
        .orderBy(asc(orders.createdAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      // the conditions again: a row claimed by another instance meanwhile is re-read here and left out
      const rows = await tx
        .update(orders)
        .set({ reminderSentAt: now })
        .where(and(inArray(orders.id, due), eq(orders.status, 'pending_payment'), isNull(orders.holdReason), isNull(orders.reminderSentAt)))
        .returning({ id: orders.id });
      for (const { id } of rows) await queuePayOrderEmail(tx, mailer, id, 'paymentReminder');
      return rows.length;
    });
    queued += claimed;
    if (claimed < batchSize) return queued;
  }
}
