import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { identityDocuments, orderNumber, type IdentityDocument } from '@shared/order-model';
import type { Db } from '../../db/client';
import { documents, orderAudit, orders } from '../../db/schema';
import { changedFields, readPartner, replacePartner } from '../../domain/orders/order-changes';
import { orderSearchText } from '../../domain/search/order-search';
import { assertRequiredDocument } from '../../domain/orders/identity-documents';
import type { OrderSubmission } from './order-submission';

/*
 * An order nobody has paid yet can be fixed or discarded by its owner. Both lock the row
 * under the same condition the payment webhook's row lock contends with (payments.service.ts), so a
 * payment and an edit never both win: whichever commits second sees the other's result.
 */

/** The owner's order while it is still unpaid; the payment sets status and paid_at together. */
const stillUnpaid = (orderId: string, userId: string) =>
  and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'pending_payment'), isNull(orders.paidAt));

/**
 * The caller's order if it may still change (locked until the transaction ends with `lock`):
 * another user's order is a 404 like a missing one, a paid or moving one a 409.
 */
export async function unpaidOrder(db: Db, orderId: string, userId: string, { lock = false } = {}) {
  const query = db.select().from(orders).where(stillUnpaid(orderId, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (row) return row;
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  throw own ? new AppError('conflict', 'order.notEditable') : new AppError('not_found', 'order.notFound');
}

type OrderRow = Awaited<ReturnType<typeof unpaidOrder>>;
type DocumentKeys = Record<IdentityDocument, string | null>;

const storedKeys = (row: OrderRow): DocumentKeys => ({ ssnDoc: row.ssnDocKey, passport: row.passportKey, otherId: row.otherIdKey });

/**
 * Rewrites an unpaid order with a new submission (validated like a new one): new files replace the
 * stored ones, kept ones stay, the rest go. The hold for a sanctioned nationality is decided again,
 * except that an administrator's release stands while the nationality is the one released. Answers
 * the storage keys no longer referenced: the caller deletes them once this has committed.
 */
export async function updateOrder(
  db: Db,
  userId: string,
  { orderId, order, files, keep }: OrderSubmission,
  sanctioned: readonly string[],
): Promise<{ id: string; held: boolean; superseded: string[] }> {
  const { partner, ...fields } = order;
  return db.transaction(async (tx) => {
    const row = await unpaidOrder(tx, orderId, userId, { lock: true });
    const before = storedKeys(row);
    const after = Object.fromEntries(identityDocuments.map((name) => [name, files[name] ?? (keep.includes(name) ? before[name] : null)])) as DocumentKeys;
    assertRequiredDocument(fields.nationality, after);
    const released = row.holdReleasedAt !== null && row.nationality === fields.nationality;
    const held = sanctioned.includes(fields.nationality) && !released;

    const changed = changedFields(row, fields, { before: await readPartner(tx, orderId), after: partner });

    await tx
      .update(orders)
      .set({
        ...fields,
        phone: fields.phone ?? null,
        ssnDocKey: after.ssnDoc,
        passportKey: after.passport,
        otherIdKey: after.otherId,
        holdReason: held ? 'sanctioned_nationality' : null,
        ...(row.nationality === fields.nationality ? {} : { holdReleasedBy: null, holdReleasedAt: null }),
        searchText: orderSearchText({ id: orderId, ...fields }),
        updatedAt: new Date(),
      })
      .where(stillUnpaid(orderId, userId));
    await replacePartner(tx, orderId, partner);
    const documentChanges = identityDocuments.filter((name) => before[name] !== after[name]);
    await tx.insert(orderAudit).values({ orderId, action: 'order_edited', actorId: userId, detail: { changed, documents: documentChanges } });
    const superseded = Object.values(before).filter((key): key is string => key !== null && !Object.values(after).includes(key));
    return { id: orderId, held, superseded };
  });
}

/**
 * Removes an unpaid order with its partner, milestones, history and attached documents (the foreign
 * keys cascade), and audits it (order_audit has no foreign key: the record outlives the order).
 * Answers every storage key the order held, for the caller to delete after the commit, and the
 * checkout session it had open, for the caller to expire.
 */
export async function discardOrder(db: Db, orderId: string, userId: string): Promise<{ keys: string[]; paymentId: string | null }> {
  return db.transaction(async (tx) => {
    const row = await unpaidOrder(tx, orderId, userId, { lock: true });
    const attached = await tx.select({ key: documents.storageKey }).from(documents).where(eq(documents.orderId, orderId));
    await tx.delete(orders).where(stillUnpaid(orderId, userId));
    await tx
      .insert(orderAudit)
      .values({ orderId, action: 'order_discarded', actorId: userId, detail: { orderNumber: orderNumber(orderId), companyName1: row.companyName1 } });
    return {
      keys: [...Object.values(storedKeys(row)).filter((key): key is string => key !== null), ...attached.map(({ key }) => key)],
      paymentId: row.paymentId,
    };
  });
}
