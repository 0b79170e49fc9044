import { and, inArray, isNull } from 'drizzle-orm';
import { isLanguage } from '@shared/languages';
import { appPageUrl } from '@shared/locale-paths';
import { firstName } from '@shared/names';
import { orderNumber } from '@shared/order-model';
import { promiseOfClock, ticketPromise, type PromiseHours } from '@shared/promised-times';
import type { Db } from '@server/db/client';
import { orders, supportTickets, users } from '@server/db/schema';
import type { MailOutbox } from '@server/platform/mail/outbox';
import { orderDueBetween, ticketDueBetween } from '@server/domain/promises';

const batchSize = 100;

export type OverdueMailer = { mail: MailOutbox; appUrl: string; teamEmail: string };

/** Runs `claim` in one transaction per batch until a batch is not full; the total it claimed. */
async function inBatches(db: Db, claim: (tx: Db) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await db.transaction(claim);
    total += claimed;
    if (claimed < batchSize) return total;
  }
}

/**
 * For a batch's rows, in one query: each to its owner in their language, or to the team address
 * (in English) when nobody owns it.
 */
async function recipientsOf(tx: Db, assigneeIds: (string | null)[], teamEmail: string) {
  const ids = [...new Set(assigneeIds.filter((id): id is string => id !== null))];
  const owners =
    ids.length > 0
      ? await tx.select({ id: users.id, email: users.email, name: users.name, language: users.language }).from(users).where(inArray(users.id, ids))
      : [];
  const byId = new Map(owners.map((owner) => [owner.id, owner]));
  return (assigneeId: string | null) => {
    const owner = assigneeId ? byId.get(assigneeId) : undefined;
    if (!owner) return { to: teamEmail, language: 'en' as const, firstName: '' };
    return { to: owner.email, language: isLanguage(owner.language) ? owner.language : ('en' as const), firstName: firstName(owner.name) || owner.name };
  };
}

/**
 * An order or a ticket that just became overdue emails its owner, or the team when it
 * has none: once per crossing. Each batch claims its rows (overdue_alerted_at, cleared when an
 * order's promise changes) with SKIP LOCKED and queues the emails in the same transaction, so
 * several instances send each alert exactly once, as the payment reminders do. `now` is the clock
 * (a parameter, for the tests). Returns how many alerts were queued.
 */
export async function sendOverdueAlerts(db: Db, mailer: OverdueMailer, { hours, now = new Date() }: { hours: PromiseHours; now?: Date }): Promise<number> {
  const late = new Date(now.getTime() - 1);
  const orderAlerts = await inBatches(db, async (tx) => {
    const due = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(orderDueBetween(hours, null, late), isNull(orders.overdueAlertedAt)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(orders)
      .set({ overdueAlertedAt: now })
      .where(and(inArray(orders.id, due), isNull(orders.overdueAlertedAt)))
      .returning({ id: orders.id, companyName1: orders.companyName1, kind: orders.promiseKind, from: orders.promiseFrom, assigneeId: orders.assigneeId });
    const recipientOf = await recipientsOf(
      tx,
      rows.map((row) => row.assigneeId),
      mailer.teamEmail,
    );
    for (const row of rows) {
      if (!row.kind || !row.from) continue;
      const promise = promiseOfClock({ kind: row.kind, startsAt: row.from.toISOString() }, hours);
      const { to, language, ...greeting } = recipientOf(row.assigneeId);
      await mailer.mail.enqueue(
        {
          to,
          template: 'overdue',
          language,
          payload: {
            ...greeting,
            kind: 'order',
            title: `${orderNumber(row.id)} ${row.companyName1}`,
            promise: promise.kind,
            dueAt: promise.dueAt,
            url: appPageUrl(mailer.appUrl, `/admin/orders/${row.id}`, language),
          },
        },
        tx,
      );
    }
    return rows.length;
  });
  const ticketAlerts = await inBatches(db, async (tx) => {
    const due = tx
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(and(ticketDueBetween(hours, null, late), isNull(supportTickets.overdueAlertedAt)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(supportTickets)
      .set({ overdueAlertedAt: now })
      .where(and(inArray(supportTickets.id, due), isNull(supportTickets.overdueAlertedAt)))
      .returning({
        id: supportTickets.id,
        name: supportTickets.name,
        status: supportTickets.status,
        createdAt: supportTickets.createdAt,
        assigneeId: supportTickets.assigneeId,
      });
    const recipientOf = await recipientsOf(
      tx,
      rows.map((row) => row.assigneeId),
      mailer.teamEmail,
    );
    for (const row of rows) {
      const promise = ticketPromise({ status: row.status, lastCustomerMessageAt: row.createdAt.toISOString() }, hours);
      if (!promise) continue;
      const { to, language, ...greeting } = recipientOf(row.assigneeId);
      await mailer.mail.enqueue(
        {
          to,
          template: 'overdue',
          language,
          payload: {
            ...greeting,
            kind: 'ticket',
            title: row.name,
            promise: promise.kind,
            dueAt: promise.dueAt,
            url: appPageUrl(mailer.appUrl, `/admin/tickets/${row.id}`, language),
          },
        },
        tx,
      );
    }
    return rows.length;
  });
  return orderAlerts + ticketAlerts;
}
