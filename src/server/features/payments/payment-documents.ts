import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, refundRequests } from '../../db/schema';
import { creditNoteOf } from './credit-note';
import { documentLanguage, orderReceipt, type Business } from './receipt';

/**
 * The receipt and every credit note of an order, as its owner downloads them from the dashboard:
 * the same bytes (both PDFs are deterministic) under the same file names, in her stored language.
 * None for an order not paid. For "Download my data" (features/account-data), which gets it from
 * src/server/jobs.ts: features do not import each other.
 */
export async function orderPaymentDocuments(db: Db, orderId: string, business: Business): Promise<{ fileName: string; bytes: Buffer }[]> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status === 'pending_payment' || order.orderAmountPaid === null) return [];
  const language = await documentLanguage(db, order);
  const receipt = await orderReceipt(db, order, business, language);
  const refunds = await db
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'refunded'), isNotNull(refundRequests.creditNoteNumber)))
    .orderBy(asc(refundRequests.creditNoteNumber));
  const notes = [];
  for (const refund of refunds) notes.push(await creditNoteOf(db, { order, refund, business, language }));
  return [receipt, ...notes].map(({ pdf, fileName }) => ({ fileName, bytes: pdf }));
}
