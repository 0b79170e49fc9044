import { desc, eq } from 'drizzle-orm';
import { hasAdminAccess, type TSessionUser } from '@shared/auth';
import { suggestedRefund, type RefundException, type RefundReason } from '@shared/refund-rules';
import { creditNoteLabel, type RefundStatus, type TRefund } from '@shared/refunds';
import { refundRequests, users, type Db, type orders } from '../../db/schema';

/* An order's refund requests as their readers see them: the order's detail and the refund answers share it. */

type RefundRow = typeof refundRequests.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** A request as its reader sees it; `team` only for an administrator. */
export function refundView(row: RefundRow, order: OrderRow, team: { feePercent: number; decidedBy: string | null } | null): TRefund {
  return {
    id: row.id,
    status: row.status as RefundStatus,
    reason: row.reason as RefundReason,
    details: row.details,
    requestedAt: row.createdAt.toISOString(),
    amountCents: row.amountCents,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    dueOn: row.dueOn,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    closesOrder: row.closesOrder,
    creditNote: row.creditNoteNumber === null ? null : creditNoteLabel(row.creditNoteNumber),
    team: team && {
      paidCents: order.orderAmountPaid ?? 0,
      refundedCents: order.orderAmountRefunded,
      // what the rules owe for this request, with the exception the administrator found (if any):
      // once refunded, as it stood before this refund (not the nothing left after it)
      suggested: {
        ...suggestedRefund({
          reason: row.reason as RefundReason,
          exception: row.exception as RefundException | null,
          paidCents: order.orderAmountPaid ?? 0,
          refundedCents: Math.max(0, order.orderAmountRefunded - (row.status === 'refunded' ? (row.amountCents ?? 0) : 0)),
          feePercent: team.feePercent,
        }),
        feePercent: team.feePercent,
      },
      exception: row.exception as RefundException | null,
      decidedBy: team.decidedBy,
      failureReason: row.failureReason,
      attempts: row.attempts,
    },
  };
}

/** The order's latest refund request, as `viewer` reads it (null: none); for the order's detail. */
export async function latestRefund(db: Db, order: OrderRow, viewer: TSessionUser, feePercent: number): Promise<TRefund | null> {
  const [row] = await db
    .select({ request: refundRequests, decidedBy: users.name })
    .from(refundRequests)
    .leftJoin(users, eq(users.id, refundRequests.decidedBy))
    .where(eq(refundRequests.orderId, order.id))
    .orderBy(desc(refundRequests.createdAt))
    .limit(1);
  if (!row) return null;
  return refundView(row.request, order, hasAdminAccess(viewer) ? { feePercent, decidedBy: row.decidedBy } : null);
}
