import { and, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { identityDocuments, missingDocumentMessage, requiredIdentityDocument, type IdentityDocument } from '@shared/order-model';
import type { Db } from '../../db/client';
import { identityDocumentViews, orderAudit, orders } from '../../db/schema';
import type { FileType } from '../../platform/storage/file-type';
import type { TSessionUser } from '@shared/auth';

/*
 * A customer's identity documents (SSN proof, passport, other photo ID) are private,
 * every look at one by the team is logged, and they are deleted IDENTITY_RETENTION_DAYS after the
 * EIN is issued. What the orders, admin and identity-documents features share of that.
 */

/**
 * Records the team's look at a customer's file, before it is served (no record, no file): one of
 * their identity documents, or a file they sent in the order's thread (`threadFile`, with its name).
 * The owner's own downloads are not looks by the team: the caller opens them without this.
 */
export async function recordTeamLook(
  db: Db,
  look: { orderId: string; viewer: TSessionUser; ipAddress: string } & ({ document: IdentityDocument } | { document: 'threadFile'; fileName: string }),
) {
  const { viewer, ...rest } = look;
  await db.insert(identityDocumentViews).values({ fileName: null, ...rest, viewerId: viewer.id, viewerName: viewer.name });
}

/** docs/product.md, "Constants and limits": customers upload pdf, jpg/jpeg, png. */
export const identityFileTypes: readonly FileType[] = ['pdf', 'jpeg', 'png'];

/** The calendar day `days` after `isoDay` (YYYY-MM-DD, UTC). */
export const addDays = (isoDay: string, days: number) => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The day an order's identity files go: `retentionDays` after the EIN's day. The retention job
 * deletes them on its first run of that day (UTC), so this is the date the customer is told.
 */
export const identityDeletionDay = (einIssuedOn: string, retentionDays: number) => addDays(einIssuedOn, retentionDays);

/** The order_audit action of a deletion; `detail.documents` lists what existed, `detail.reason` why. */
export const identityDeletedAction = 'identity_documents_deleted';
export type IdentityDeletionReason = 'retention' | 'account_deleted';

/**
 * The document the nationality needs (docs/product.md, "Constants and limits") must be among those the order will have: a
 * new order's, a customer's edit and an administrator's correction are refused without it.
 */
export function assertRequiredDocument(nationality: string, present: Partial<Record<IdentityDocument, unknown>>): void {
  const needed = requiredIdentityDocument(nationality);
  if (needed && !present[needed]) throw new AppError('validation_failed', 'errors.validation_failed', { [needed]: missingDocumentMessage[needed] });
}

type KeyColumns = { ssnDocKey: string | null; passportKey: string | null; otherIdKey: string | null };

/** The storage keys an order row holds, by document. */
export function identityFilesOf(row: KeyColumns): Partial<Record<IdentityDocument, string>> {
  const keys = { ssnDoc: row.ssnDocKey, passport: row.passportKey, otherId: row.otherIdKey };
  return Object.fromEntries(identityDocuments.flatMap((document) => (keys[document] ? [[document, keys[document]]] : [])));
}

export interface ClearedIdentityFiles {
  orderId: string;
  /** the storage keys to delete, once the caller's transaction committed */
  files: Partial<Record<IdentityDocument, string>>;
}

/**
 * In the caller's transaction: the identity keys of these orders (those not cleared already) set
 * to null, `identity_deleted_at` set, and one order_audit row each naming the documents there were.
 * Returns the keys: the caller deletes the files after its commit (a file left by a crash or a
 * failed delete is no longer referenced, and the orphan sweeper removes it). The rows are locked,
 * so two callers at once clear (and audit) each order once.
 */
export async function clearIdentityFiles(
  tx: Db,
  orderIds: readonly string[],
  { now, reason, actorId = null, detail = {} }: { now: Date; reason: IdentityDeletionReason; actorId?: string | null; detail?: Record<string, unknown> },
): Promise<ClearedIdentityFiles[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ id: orders.id, ssnDocKey: orders.ssnDocKey, passportKey: orders.passportKey, otherIdKey: orders.otherIdKey })
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), isNull(orders.identityDeletedAt)))
    .for('update');
  if (rows.length === 0) return [];
  await tx
    .update(orders)
    .set({ ssnDocKey: null, passportKey: null, otherIdKey: null, identityDeletedAt: now, updatedAt: now })
    .where(
      inArray(
        orders.id,
        rows.map((row) => row.id),
      ),
    );
  const cleared = rows.map((row) => ({ orderId: row.id, files: identityFilesOf(row) }));
  await tx.insert(orderAudit).values(
    cleared.map(({ orderId, files }) => ({
      orderId,
      action: identityDeletedAction,
      actorId,
      detail: { documents: Object.keys(files), reason, ...detail },
      createdAt: now,
    })),
  );
  return cleared;
}

/**
 * The day the order's identity files will be deleted: `retentionDays` after the EIN's day, or after
 * the refund that closed the order, whichever comes first; null before either, with no
 * file on record, or once deleted.
 */
export function identityDeletionOn(
  row: KeyColumns & { identityDeletedAt: Date | null; refundedAt?: Date | null },
  einIssuedOn: string | null,
  retentionDays: number,
): string | null {
  const from = [einIssuedOn, row.refundedAt?.toISOString().slice(0, 10) ?? null].filter((day): day is string => day !== null).sort()[0];
  if (row.identityDeletedAt || !from || Object.keys(identityFilesOf(row)).length === 0) return null;
  return identityDeletionDay(from, retentionDays);
}

/**
 * What the order's answer says of the looks at its identity files and of their deletion
 * (TOrderDetail): when the team last opened each one, and when they were deleted with which there were.
 */
export async function identityRecord(
  db: Db,
  row: { id: string; identityDeletedAt: Date | null },
): Promise<{ identityViewedAt: Record<IdentityDocument, string | null>; identityDeleted: { at: string; documents: IdentityDocument[] } | null }> {
  const [views, deletion] = await Promise.all([
    // served by identity_document_views_order_id_idx
    db
      .select({ document: identityDocumentViews.document, at: max(identityDocumentViews.createdAt) })
      .from(identityDocumentViews)
      .where(eq(identityDocumentViews.orderId, row.id))
      .groupBy(identityDocumentViews.document),
    row.identityDeletedAt
      ? db
          .select({ detail: orderAudit.detail })
          .from(orderAudit)
          .where(and(eq(orderAudit.orderId, row.id), eq(orderAudit.action, identityDeletedAction)))
          .orderBy(desc(orderAudit.createdAt))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const viewed = new Map(views.map((view) => [view.document, view.at]));
  const identityViewedAt = Object.fromEntries(identityDocuments.map((document) => [document, viewed.get(document)?.toISOString() ?? null])) as Record<
    IdentityDocument,
    string | null
  >;
  if (!row.identityDeletedAt) return { identityViewedAt, identityDeleted: null };
  const listed = deletion[0]?.detail.documents;
  const documents = identityDocuments.filter((document) => Array.isArray(listed) && listed.includes(document));
  return { identityViewedAt, identityDeleted: { at: row.identityDeletedAt.toISOString(), documents } };
}
