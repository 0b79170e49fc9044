import { and, desc, eq, isNull } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TPaymentReviewList, TPaymentReviewResolved } from '@shared/admin';
import type { TSessionUser } from '@shared/auth';
import type { Db } from '@server/db/client';
import { paymentReviews } from '@server/db/schema';
import { refreshOrderState } from '@server/domain/orders/order-state';

/** Open reviews are few (each is a payment gone wrong); the list shows the newest 100. */
const openReviewLimit = 100;

/** GET /api/admin/payment-reviews: payment events that did not match their order, still to be looked at. */
export async function listOpenPaymentReviews(db: Db): Promise<TPaymentReviewList> {
  const rows = await db
    .select({
      id: paymentReviews.id,
      orderId: paymentReviews.orderId,
      claimedOrderId: paymentReviews.claimedOrderId,
      eventId: paymentReviews.eventId,
      sessionId: paymentReviews.sessionId,
      refundId: paymentReviews.refundId,
      reason: paymentReviews.reason,
      amount: paymentReviews.amount,
      currency: paymentReviews.currency,
      createdAt: paymentReviews.createdAt,
    })
    .from(paymentReviews)
    .where(isNull(paymentReviews.resolvedAt))
    .orderBy(desc(paymentReviews.createdAt), desc(paymentReviews.id))
    .limit(openReviewLimit);
  return { reviews: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/**
 * POST /api/admin/payment-reviews/:id/resolve: the administrator dealt with it (refunded, or
 * accepted by hand). Who and when are kept on the row; resolving again keeps the first.
 */
export async function resolvePaymentReview(db: Db, reviewId: string, admin: TSessionUser): Promise<TPaymentReviewResolved> {
  const resolved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentReviews)
      .set({ resolvedAt: new Date(), resolvedBy: admin.id })
      .where(and(eq(paymentReviews.id, reviewId), isNull(paymentReviews.resolvedAt)))
      .returning({ id: paymentReviews.id, orderId: paymentReviews.orderId, resolvedAt: paymentReviews.resolvedAt });
    // the order's "payment review" leaves the team's queue with it
    if (row?.orderId) await refreshOrderState(tx, row.orderId);
    return row;
  });
  if (resolved?.resolvedAt) return { id: resolved.id, resolvedAt: resolved.resolvedAt.toISOString(), changed: true };
  const [existing] = await db
    .select({ id: paymentReviews.id, resolvedAt: paymentReviews.resolvedAt })
    .from(paymentReviews)
    .where(eq(paymentReviews.id, reviewId));
  if (!existing?.resolvedAt) throw new AppError('not_found', 'admin.reviewNotFound');
  return { id: existing.id, resolvedAt: existing.resolvedAt.toISOString(), changed: false };
}
