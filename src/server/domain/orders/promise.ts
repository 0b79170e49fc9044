import { and, desc, eq, sql } from 'drizzle-orm';
import type { Milestone } from '@shared/milestones';
import { orderPromiseClock, type OrderPromiseClock } from '@shared/promised-times';
// Db from the schema, not db/client: client.ts runs the data migrations, which call this module
import { orderMilestones, orders, orderStatusHistory, type Db } from '../../db/schema';

/**
 * The promise an order is under, from what the database holds (src/shared/promised-times.ts): its
 * status, payment, nationality, milestones and when it last became processing.
 */
export async function readPromiseClock(tx: Db, orderId: string): Promise<OrderPromiseClock | null> {
  const [order] = await tx
    .select({ status: orders.status, paidAt: orders.paidAt, nationality: orders.nationality, refundedAt: orders.refundedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  // a refunded order is promised nothing more
  if (!order || order.refundedAt) return null;
  const recorded = await tx
    .select({
      milestone: orderMilestones.milestone,
      occurredOn: orderMilestones.occurredOn,
      createdAt: orderMilestones.createdAt,
      updatedAt: orderMilestones.updatedAt,
    })
    .from(orderMilestones)
    .where(eq(orderMilestones.orderId, orderId));
  const [started] = await tx
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, 'processing')))
    .orderBy(desc(orderStatusHistory.createdAt))
    .limit(1);
  return orderPromiseClock({
    status: order.status,
    paidAt: order.paidAt?.toISOString() ?? null,
    nationality: order.nationality,
    milestones: recorded.map((entry) => ({
      milestone: entry.milestone as Milestone,
      occurredOn: entry.occurredOn,
      // the later of created and updated, as promised-times.ts reads it (its day still bounds it)
      recordedAt: (entry.updatedAt > entry.createdAt ? entry.updatedAt : entry.createdAt).toISOString(),
    })),
    processingStartedAt: started?.at.toISOString() ?? null,
  });
}

/**
 * Writes the order's promise (orders.promise_kind, promise_from) after anything it depends on
 * changed, in the caller's transaction: payment, status, milestones, nationality. A promise that
 * changes is a new one: its overdue email may go again (overdue_alerted_at cleared).
 */
export async function refreshOrderPromise(tx: Db, orderId: string): Promise<OrderPromiseClock | null> {
  const clock = await readPromiseClock(tx, orderId);
  const kind = clock?.kind ?? null;
  const from = clock ? new Date(clock.startsAt) : null;
  await tx
    .update(orders)
    .set({
      promiseKind: kind,
      promiseFrom: from,
      overdueAlertedAt: sql`case when ${orders.promiseKind} is not distinct from ${kind} and ${orders.promiseFrom} is not distinct from ${from?.toISOString() ?? null}::timestamptz then ${orders.overdueAlertedAt} end`,
    })
    .where(eq(orders.id, orderId));
  return clock;
}
