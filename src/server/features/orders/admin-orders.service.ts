import type { CustomerDocumentKind } from '@shared/customer-documents';
import type { Readable } from 'node:stream';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '@shared/app-error';
import type { AdminOrderSort, TAdminOrderDetail, TAdminOrderFilters, TAdminOrderIds, TAdminOrderPage, TAdminOrdersQuery } from '@shared/admin';
import { bulkMaxOrders } from '@shared/bulk-orders';
import type { TAssignee } from '@shared/assignment';
import type { TSessionUser } from '@shared/auth';
import type { Language } from '@shared/languages';
import { paths } from '@shared/client-paths';
import { orderNumber } from '@shared/order-model';
import { narrowedBeyondDates, orderCountCap } from '@shared/list-counts';
import { orderStatuses, type OrderStatus } from '@shared/order-status';
import { statusOfMilestones } from '@shared/order-stage';
import { cappedCount } from '@server/db/capped-count';
import type { Db } from '@server/db/client';
import { documents, orderAudit, orderMilestones, orders, orderStatusHistory, users } from '@server/db/schema';
import type { FileType } from '@server/platform/storage/file-type';
import { storeUpload } from '@server/platform/storage/store-upload';
import type { Storage } from '@server/platform/storage/storage';
import { publishOrderEvent, publishOrderEventById } from '@server/domain/live-events';
import { emailAssignment, resolveAssignee } from '@server/domain/assignment';
import { getOrderDetail, type OrderDetailSettings } from '@server/domain/orders/order-access';
import { emailCustomer, orderCustomer, queuePayOrderEmail, type OrderMailer } from '@server/domain/orders/order-emails';
import { afterCursor, filtersWithoutStatus, orderFilters, refundRequestedAt, sortOrder, underPaymentReview } from './order-filters';
import { refreshOrderPromise } from '@server/domain/orders/promise';
import { messageTemplatesFor } from './message-templates';

/**
 * GET /api/admin/orders (docs/decisions/0008, 0012): filtered by status, LLC state,
 * nationality, order dates and the search text (order number, organizer name, email, company
 * names or nationality in either language, as a substring of the folded search_text column),
 * sorted by date or status, one keyset page at a time: page N costs the same as page 1. The cursor
 * is the id of the previous page's last order, its created_at read in the database (ADR 0008).
 * The first page also counts the matches per status with the other filters (the status tabs) and
 * in all, reading at most 10,000 matches, or 1,000 when filtered by more than status and dates
 * (@shared/list-counts, statusCounts).
 */
export async function listAdminOrders(db: Db, query: TAdminOrdersQuery): Promise<TAdminOrderPage> {
  const owner = alias(users, 'owner');
  const after = query.cursor;
  const rowsQuery = db
    .select({
      id: orders.id,
      organizerName: orders.organizerName,
      email: orders.email,
      nationality: orders.nationality,
      companyName1: orders.companyName1,
      holdReason: orders.holdReason,
      orderAmountPaid: orders.orderAmountPaid,
      status: orders.status,
      llcState: orders.llcState,
      paymentReview: underPaymentReview,
      openRequests: orders.openRequests,
      refundRequestedAt,
      assigneeId: orders.assigneeId,
      assigneeName: owner.name,
      stage: orders.stage,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(owner, eq(owner.id, orders.assigneeId))
    .where(and(orderFilters(query), after ? afterCursor(query.sort, after) : undefined))
    .orderBy(...sortOrder(query.sort))
    .limit(query.limit + 1);
  // later pages keep the counts the first page gave; past the cap the tabs have none, and the
  // total of a status is counted on its own
  const countCap = orderCountCap(query);
  const countsQuery = after ? Promise.resolve(null) : statusCounts(db, query, countCap);
  const [rows, counts] = await Promise.all([rowsQuery, countsQuery]);
  const total = after ? null : await listTotal(db, query, counts, countCap);
  const more = rows.length > query.limit;
  const visible = more ? rows.slice(0, query.limit) : rows;
  const last = visible.at(-1);
  return {
    orders: visible.map(({ assigneeId, assigneeName, ...row }) => ({
      ...row,
      paymentReview: Boolean(row.paymentReview),
      assignee: assigneeId && assigneeName !== null ? { id: assigneeId, name: assigneeName } : null,
      refundRequestedAt: row.refundRequestedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    counts,
    countCap,
    nextCursor: more && last ? last.id : null,
  };
}

/** The first page's total: from the tabs' counts, or past the cap the status's own capped count (or the cap). */
async function listTotal(db: Db, query: TAdminOrderFilters, counts: Record<OrderStatus, number> | null, cap: number): Promise<number> {
  if (!counts) return query.status ? cappedCount(db, orders, orderFilters(query), { cap }) : cap;
  return query.status
    ? counts[query.status]
    : Math.min(
        cap,
        orderStatuses.reduce((sum, status) => sum + counts[status], 0),
      );
}

const perStatus = (count: (status: OrderStatus, i: number) => number) =>
  Object.fromEntries(orderStatuses.map((status, i) => [status, count(status, i)])) as Record<OrderStatus, number>;

/**
 * The status tabs' counts, reading at most the cap's matches of the other filters:
 * - only dates (or nothing) filtered: each status up to the cap, from the index on (status,
 *   created_at, id) alone (an index-only scan each);
 * - any other filter: the matches read once, up to the cap, by status. Past the cap, counting each
 *   status would mean reading every match (a broad search, tens of thousands of rows), so the tabs
 *   show no count (null) and the list says "1,000+".
 */
async function statusCounts(db: Db, filters: TAdminOrderFilters, cap: number): Promise<Record<OrderStatus, number> | null> {
  const where = filtersWithoutStatus(filters);
  if (!narrowedBeyondDates(filters)) {
    const counts = await Promise.all(
      orderStatuses.map((status) => cappedCount(db, orders, and(where, eq(orders.status, status)), { order: sortOrder('newest'), cap })),
    );
    return perStatus((_, i) => counts[i]!);
  }
  const matches = db.select({ status: orders.status }).from(orders).where(where).limit(cap).as('matches');
  const rows = await db
    .select({ status: matches.status, n: sql<number>`count(*)::int` })
    .from(matches)
    .groupBy(matches.status);
  if (rows.reduce((sum, row) => sum + row.n, 0) >= cap) return null;
  return perStatus((status) => rows.find((row) => row.status === status)?.n ?? 0);
}

/**
 * GET /api/admin/orders/ids: "select all" of a filter takes every match, not only the
 * rows loaded: the ids in the list's order, at most the bulk limit, and how many match in all.
 */
export async function adminOrderIds(db: Db, filters: TAdminOrderFilters & { sort: AdminOrderSort }): Promise<TAdminOrderIds> {
  const [rows, total] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(orderFilters(filters))
      .orderBy(...sortOrder(filters.sort))
      .limit(bulkMaxOrders),
    cappedCount(db, orders, orderFilters(filters), { cap: orderCountCap(filters) }),
  ]);
  return { ids: rows.map((row) => row.id), total };
}

export async function getAdminOrderDetail(db: Db, orderId: string, admin: TSessionUser, settings: OrderDetailSettings): Promise<TAdminOrderDetail> {
  const detail = await getOrderDetail(db, orderId, admin, settings);
  const changer = alias(users, 'changer');
  const releaser = alias(users, 'releaser');
  const recorder = alias(users, 'recorder');
  const owner = alias(users, 'owner');
  const [[meta], history, recorders] = await Promise.all([
    db
      .select({
        paymentId: orders.paymentId,
        holdReleasedAt: orders.holdReleasedAt,
        holdReleasedBy: releaser.name,
        termsVersion: orders.termsVersion,
        termsAcceptedAt: orders.termsAcceptedAt,
        paymentReview: underPaymentReview,
        customerId: users.id,
        customerName: users.name,
        customerEmail: users.email,
        customerLanguage: users.language,
        assigneeId: owner.id,
        assigneeName: owner.name,
      })
      .from(orders)
      // a paid order outlives its account: detached, it still shows
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(releaser, eq(releaser.id, orders.holdReleasedBy))
      .leftJoin(owner, eq(owner.id, orders.assigneeId))
      .where(eq(orders.id, orderId)),
    db
      .select({
        id: orderStatusHistory.id,
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        source: orderStatusHistory.source,
        changedBy: changer.name,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .leftJoin(changer, eq(changer.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt)),
    db
      .select({ milestone: orderMilestones.milestone, name: recorder.name })
      .from(orderMilestones)
      .leftJoin(recorder, eq(recorder.id, orderMilestones.recordedBy))
      .where(eq(orderMilestones.orderId, orderId)),
  ]);
  const recordedBy = new Map(recorders.map((row) => [row.milestone, row.name]));
  if (!meta) throw new AppError('not_found', 'admin.orderNotFound');
  // what the milestones say; a status that differs was set by hand (an override)
  const customerLanguage: Language = meta.customerLanguage === 'es' ? 'es' : 'en';
  const impliedStatus = statusOfMilestones(
    detail.paidAt !== null,
    detail.milestones.map((entry) => entry.milestone),
  );
  return {
    order: {
      ...detail,
      paymentId: meta.paymentId,
      holdReleasedAt: meta.holdReleasedAt?.toISOString() ?? null,
      holdReleasedBy: meta.holdReleasedBy,
      termsVersion: meta.termsVersion,
      termsAcceptedAt: meta.termsAcceptedAt?.toISOString() ?? null,
      customer:
        meta.customerId !== null && meta.customerName !== null && meta.customerEmail !== null
          ? { id: meta.customerId, name: meta.customerName, email: meta.customerEmail }
          : null,
      customerLanguage,
      messageTemplates: messageTemplatesFor(detail, customerLanguage),
      milestones: detail.milestones.map((entry) => ({ ...entry, recordedBy: recordedBy.get(entry.milestone) ?? null })),
      paymentReview: Boolean(meta.paymentReview),
      assignee: meta.assigneeId !== null && meta.assigneeName !== null ? { id: meta.assigneeId, name: meta.assigneeName } : null,
      impliedStatus,
      statusOverride: detail.status !== impliedStatus,
    },
    history: history.map((entry) => ({
      ...entry,
      fromStatus: entry.fromStatus as OrderStatus | null,
      toStatus: entry.toStatus as OrderStatus,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * docs/product.md: any transition is allowed. Audited (who, from, to, when) and the customer is told, in the
 * same transaction; setting the status it already has changes nothing.
 */
export async function changeOrderStatus(
  db: Db,
  { mail, appUrl }: OrderMailer,
  { orderId, status, admin }: { orderId: string; status: OrderStatus; admin: TSessionUser },
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status, userId: orders.userId, refundedAt: orders.refundedAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!current) throw new AppError('not_found', 'admin.orderNotFound');
    if (current.status === status) return { status, changed: false };
    // the money went back, so the work stopped; it goes on only once the order is reopened
    if (current.refundedAt && (status === 'processing' || status === 'completed')) throw new AppError('conflict', 'refunds.orderRefunded');
    await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({ orderId, fromStatus: current.status, toStatus: status, source: 'admin', changedBy: admin.id });
    await refreshOrderPromise(tx, orderId);
    // the customer's dashboard and every open admin page show it without a reload
    await publishOrderEvent(tx, { id: orderId, userId: current.userId }, 'status');
    await emailCustomer(tx, { mail, appUrl }, { orderId, customer: await orderCustomer(tx, orderId), template: 'statusChanged', news: { status } });
    return { status, changed: true };
  });
}

/**
 * An administrator reviewed a held order (a sanctioned nationality) and lets the customer pay:
 * the hold is cleared and who released it, and when, is kept (ADR 0012).
 */
export async function releaseOrderHold(db: Db, mailer: OrderMailer, orderId: string, admin: TSessionUser): Promise<{ released: boolean }> {
  const released = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ holdReason: null, holdReleasedBy: admin.id, holdReleasedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), isNotNull(orders.holdReason)))
      .returning({ id: orders.id, userId: orders.userId });
    // the customer was told the order waits for review: tell them, once, that it can be paid
    if (updated) await queuePayOrderEmail(tx, mailer, orderId, 'holdReleased');
    if (updated) await publishOrderEvent(tx, updated, 'order');
    return !!updated;
  });
  if (released) return { released: true };
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!exists) throw new AppError('not_found', 'admin.orderNotFound');
  return { released: false };
}

/** docs/product.md, "Constants and limits": pdf, doc, docx, jpg, jpeg, png — by content. */
const documentTypes: readonly FileType[] = ['pdf', 'doc', 'docx', 'jpeg', 'png'];

/** The stored file of an upload, before its row exists (removed again if the row is not written). */
async function storeDocument(storage: Storage, orderId: string, upload: { file: Readable; filename: string }) {
  const { key, ...stored } = await storeUpload(storage, upload, { folder: `documents/${orderId}`, allowed: documentTypes, unnamed: 'document' });
  return { orderId, ...stored, storageKey: key };
}

type StoredDocument = Awaited<ReturnType<typeof storeDocument>>;

/** Writes the row of a stored file in `write`; if that fails the file is removed, so no upload is left unreferenced. */
async function withStoredDocument<T>(storage: Storage, stored: StoredDocument, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await storage.delete(stored.storageKey).catch(() => undefined);
    throw error;
  }
}

const documentAnswer = { id: documents.id, kind: documents.kind, fileName: documents.fileName, createdAt: documents.createdAt };
const answerOf = (row: { id: string; kind: CustomerDocumentKind; fileName: string; createdAt: Date }) => ({ ...row, createdAt: row.createdAt.toISOString() });

async function insertDocument(tx: Db, stored: StoredDocument, admin: TSessionUser, kind: CustomerDocumentKind) {
  const [document] = await tx
    .insert(documents)
    .values({ ...stored, kind, uploadedBy: admin.id })
    .returning(documentAnswer);
  return answerOf(document!);
}

/**
 * The customer hears about new documents once per batch: each change pushes the order's
 * documents email `delaySeconds` later, and the periodic job (document-emails.ts) sends one email
 * listing the documents once that time has passed.
 */
function documentsChanged(tx: Db, orderId: string, delaySeconds: number) {
  return tx
    .update(orders)
    .set({ documentsNotifyAfter: new Date(Date.now() + delaySeconds * 1000) })
    .where(eq(orders.id, orderId));
}

/** Deletes a document row of this order (404 when it is not one), returning its name and file. */
async function removeDocumentRow(tx: Db, orderId: string, documentId: string) {
  const [removed] = await tx
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.orderId, orderId)))
    .returning({ fileName: documents.fileName, storageKey: documents.storageKey });
  if (!removed) throw new AppError('not_found', 'admin.documentNotFound');
  return removed;
}

/** Where the team's documents are stored, and how long the customer's email waits for the rest of a batch. */
export interface DocumentSettings {
  storage: Storage;
  delaySeconds: number;
}
/** One uploaded file, as the multipart parser hands it over. */
type Upload = { file: Readable; filename: string };

/** POST /api/admin/orders/:id/documents (docs/product.md): streamed to private storage, then the row; the customer is emailed later, once per batch. */
export async function addOrderDocument(
  db: Db,
  { storage, delaySeconds }: DocumentSettings,
  { orderId, upload, admin, kind = 'other' }: { orderId: string; upload: Upload; admin: TSessionUser; kind?: CustomerDocumentKind },
) {
  await orderCustomer(db, orderId); // 404 before storing anything
  const stored = await storeDocument(storage, orderId, upload);
  return withStoredDocument(storage, stored, () =>
    db.transaction(async (tx) => {
      const document = await insertDocument(tx, stored, admin, kind);
      await documentsChanged(tx, orderId, delaySeconds);
      await publishOrderEventById(tx, orderId, 'document');
      return document;
    }),
  );
}

/**
 * PUT /api/admin/orders/:id/documents/:documentId: a document uploaded by mistake gives
 * way to a new file, audited. The document keeps its id, so the links to it (the dashboard, an
 * email, a bookmark) open the new file: its row takes the new file as its next version (
 * item 7). The old file is removed from storage once that has committed (the sweeper removes it if this fails).
 */
export async function replaceOrderDocument(
  db: Db,
  { storage, delaySeconds }: DocumentSettings,
  { orderId, documentId, upload, admin }: { orderId: string; documentId: string; upload: Upload; admin: TSessionUser },
) {
  const [existing] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.orderId, orderId)));
  if (!existing) throw new AppError('not_found', 'admin.documentNotFound');
  const stored = await storeDocument(storage, orderId, upload);
  const { document, oldKey } = await withStoredDocument(storage, stored, () =>
    db.transaction(async (tx) => {
      const [old] = await tx
        .select({ fileName: documents.fileName, storageKey: documents.storageKey, version: documents.version })
        .from(documents)
        .where(and(eq(documents.id, documentId), eq(documents.orderId, orderId)))
        .for('update');
      if (!old) throw new AppError('not_found', 'admin.documentNotFound');
      const { orderId: _order, ...file } = stored;
      const [row] = await tx
        .update(documents)
        .set({ ...file, uploadedBy: admin.id, version: old.version + 1, updatedAt: new Date() })
        .where(eq(documents.id, documentId))
        .returning(documentAnswer);
      const document = answerOf(row!);
      await tx.insert(orderAudit).values({
        orderId,
        action: 'document_replaced',
        actorId: admin.id,
        detail: { fileName: old.fileName, newFileName: document.fileName, version: old.version + 1 },
      });
      await documentsChanged(tx, orderId, delaySeconds);
      await publishOrderEventById(tx, orderId, 'document');
      return { document, oldKey: old.storageKey };
    }),
  );
  await storage.delete(oldKey).catch(() => undefined);
  return document;
}

/** DELETE /api/admin/orders/:id/documents/:documentId: audited; the file goes after the commit; no email. */
export async function deleteOrderDocument(
  db: Db,
  storage: Storage,
  { orderId, documentId, admin }: { orderId: string; documentId: string; admin: TSessionUser },
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const row = await removeDocumentRow(tx, orderId, documentId);
    await tx.insert(orderAudit).values({ orderId, action: 'document_deleted', actorId: admin.id, detail: { fileName: row.fileName } });
    await publishOrderEventById(tx, orderId, 'document');
    return row;
  });
  await storage.delete(removed.storageKey).catch(() => undefined);
}

/**
 * POST /api/admin/orders/:id/assignee: the order's owner, or none. Audited with who had
 * it before; the new owner is emailed when someone else assigned it; giving it to whom already
 * has it changes nothing.
 */
export async function assignOrder(
  db: Db,
  mailer: OrderMailer,
  { orderId, assigneeId, admin }: { orderId: string; assigneeId: string | null; admin: TSessionUser },
): Promise<{ assignee: TAssignee | null; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, assigneeId: orders.assigneeId, companyName: orders.companyName1 })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new AppError('not_found', 'admin.orderNotFound');
    const assignee = await resolveAssignee(tx, assigneeId);
    const answer = assignee && { id: assignee.id, name: assignee.name };
    if (order.assigneeId === (assignee?.id ?? null)) return { assignee: answer, changed: false };
    await tx
      .update(orders)
      .set({ assigneeId: assignee?.id ?? null })
      .where(eq(orders.id, orderId));
    await tx.insert(orderAudit).values({ orderId, action: 'assigned', actorId: admin.id, detail: { from: order.assigneeId, to: assignee?.id ?? null } });
    await publishOrderEvent(tx, order, 'order');
    if (assignee)
      await emailAssignment(mailer.mail, tx, mailer.appUrl, {
        assignee,
        actor: admin,
        kind: 'order',
        title: `${orderNumber(orderId)} · ${order.companyName}`,
        path: paths.adminOrder({ id: orderId }),
      });
    return { assignee: answer, changed: true };
  });
}
