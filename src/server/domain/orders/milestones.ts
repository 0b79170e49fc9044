import type { Milestone } from '@shared/milestones';
import type { Db } from '../../db/client';
import { orderMilestones } from '../../db/schema';

/** The calendar day of a moment, in UTC (milestones are dates, not times). */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * The milestones the system records itself (order received, payment received), in the caller's
 * transaction; a second call keeps the first date.
 */
export async function recordSystemMilestone(tx: Db, orderId: string, milestone: Extract<Milestone, 'order_received' | 'payment_received'>, at: Date) {
  await tx
    .insert(orderMilestones)
    .values({ orderId, milestone, occurredOn: utcDay(at), recordedBy: null })
    .onConflictDoNothing();
}
