import { eq } from 'drizzle-orm';
import type { TLiveEventKind } from '@shared/live-events';
import type { Db } from '../db/client';
import { orders, userEvents } from '../db/schema';
import { refreshOrderState } from './orders/order-state';

/**
 * Tells the order's customer and the team that something on the order changed: one
 * `user_events` row each, written in the caller's transaction. Its trigger NOTIFYs every instance
 * at commit, and an event of a transaction that rolls back is never sent. What the change leaves
 * waiting for the team's answer is written with it (orders/order-state.ts): whatever the team is told
 * of, its queue reads too (ADR 0040).
 */
export async function publishOrderEvent(tx: Db, order: { id: string; userId: string | null }, kind: TLiveEventKind): Promise<void> {
  await refreshOrderState(tx, order.id);
  const readers = order.userId ? [order.userId, null] : [null];
  await tx.insert(userEvents).values(readers.map((userId) => ({ userId, orderId: order.id, kind })));
}

/** publishOrderEvent for an order known by its id: its owner is read in the same transaction (an order that is gone tells no one). */
export async function publishOrderEventById(tx: Db, orderId: string, kind: TLiveEventKind): Promise<void> {
  const [order] = await tx.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (order) await publishOrderEvent(tx, order, kind);
}
