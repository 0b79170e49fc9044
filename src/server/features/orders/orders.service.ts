import { desc, eq, sql } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { cleanFileName } from '@shared/file-names';
import type { TOrderDocument, TOrderSummary } from '@shared/orders';
import { preparedPerDatabase, type Db } from '../../db/client';
import { documents, orders, orderStatusHistory, partners, sessions, users } from '../../db/schema';
import { byToken, sessionColumns, sessionUser, type JoinedRow } from '../../platform/auth/session-lookup';
import { orderSearchText } from '../../domain/search/order-search';
import { recordSystemMilestone } from '../../domain/orders/milestones';
import { publishOrderEvent } from '../../domain/live-events';
import { queuePayOrderEmail, type OrderMailer } from '../../domain/orders/order-emails';
import type { OrderSubmission } from './order-submission';
import { findViewableOrder } from '../../domain/orders/order-access';
import { standardPriceCents } from '../../domain/price';

/**
 * Order, partner and file references in one transaction, with the first history entry. A
 * nationality under comprehensive US sanctions (SANCTIONED_NATIONALITIES) holds the order for
 * review: it cannot be paid until an administrator releases it (ADR 0012). The customer is emailed
 * (orderReceived) in the same transaction.
 */
export async function createOrder(
  db: Db,
  { sanctioned, mailer }: { sanctioned: readonly string[]; mailer: OrderMailer },
  userId: string,
  { orderId, order, files }: OrderSubmission,
): Promise<{ id: string; held: boolean }> {
  const amount = await standardPriceCents(db);
  const { partner, ...fields } = order;
  const held = sanctioned.includes(fields.nationality);
  await db.transaction(async (tx) => {
    await tx.insert(orders).values({
      id: orderId,
      userId,
      ...fields,
      phone: fields.phone ?? null,
      ssnDocKey: files.ssnDoc ?? null,
      passportKey: files.passport ?? null,
      otherIdKey: files.otherId ?? null,
      status: 'pending_payment',
      orderAmount: amount,
      holdReason: held ? 'sanctioned_nationality' : null,
      searchText: orderSearchText({ id: orderId, ...fields }),
    });
    if (partner) await tx.insert(partners).values({ orderId, ...partner });
    await tx.insert(orderStatusHistory).values({ orderId, fromStatus: null, toStatus: 'pending_payment', source: 'system', changedBy: userId });
    await recordSystemMilestone(tx, orderId, 'order_received', new Date());
    // a held order cannot be paid yet: the wizard and the dashboard say why, and no email invites payment
    if (!held) await queuePayOrderEmail(tx, mailer, orderId, 'orderReceived');
    // the team's open order list shows it without a reload
    await publishOrderEvent(tx, { id: orderId, userId }, 'order');
  });
  return { id: orderId, held };
}

const orderSummaryColumns = {
  id: orders.id,
  companyName1: orders.companyName1,
  llcState: orders.llcState,
  status: orders.status,
  holdReason: orders.holdReason,
  openRequests: orders.openRequests,
  refunded: sql<boolean>`${orders.refundedAt} is not null`,
  createdAt: orders.createdAt,
};
type OrderSummaryRow = Omit<TOrderSummary, 'createdAt'> & { createdAt: Date };
const orderSummary = (row: OrderSummaryRow): TOrderSummary => ({ ...row, createdAt: row.createdAt.toISOString() });

/** GET /api/orders (docs/product.md): the user's own orders, newest first (index orders_user_id_created_at_idx). */
const listOrdersQuery = preparedPerDatabase((db) =>
  db
    .select(orderSummaryColumns)
    .from(orders)
    .where(eq(orders.userId, sql.placeholder('userId')))
    .orderBy(desc(orders.createdAt))
    .prepare('list_orders'),
);

/** The same list read with the session in one round trip (platform/auth/session-lookup.ts, lookupSessionWith). */
const listOrdersWithSessionQuery = preparedPerDatabase((db) =>
  db
    .select({ session: sessionColumns, item: orderSummaryColumns })
    .from(sessions)
    .innerJoin(users, sessionUser)
    .leftJoin(orders, eq(orders.userId, sessions.userId))
    .where(byToken)
    .orderBy(desc(orders.createdAt))
    .prepare('list_orders_with_session'),
);

export async function listOrdersWithSession(db: Db, token: string): Promise<JoinedRow<TOrderSummary>[]> {
  const rows = await listOrdersWithSessionQuery(db).execute({ token });
  return rows.map(({ session, item }) => ({ session, item: item && orderSummary(item) }));
}

export async function listOrders(db: Db, userId: string): Promise<TOrderSummary[]> {
  const rows = await listOrdersQuery(db).execute({ userId });
  return rows.map(orderSummary);
}

/** GET /api/orders/:id/documents (docs/product.md): documents of an order, newest first. */
export async function listOrderDocuments(db: Db, orderId: string, viewer: TSessionUser): Promise<TOrderDocument[]> {
  await findViewableOrder(db, orderId, viewer);
  const rows = await db
    .select({ id: documents.id, kind: documents.kind, fileName: documents.fileName, createdAt: documents.createdAt })
    .from(documents)
    .where(eq(documents.orderId, orderId))
    .orderBy(desc(documents.createdAt));
  // cleaned again on the way out: rows stored before names were cleaned show safely too
  return rows.map((row) => ({ ...row, fileName: cleanFileName(row.fileName) || 'document', createdAt: row.createdAt.toISOString() }));
}

/** A document of an order the viewer may see; 404 otherwise. */
export async function findViewableDocument(db: Db, documentId: string, viewer: TSessionUser) {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!row) throw new AppError('not_found');
  await findViewableOrder(db, row.orderId, viewer);
  return row;
}
