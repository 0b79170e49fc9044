import { desc, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { identityViewsShown, type TIdentityViewList } from '@shared/identity-documents';
import type { IdentityDocument } from '@shared/order-model';
import type { Db } from '../../db/client';
import { identityDocumentViews, orders } from '../../db/schema';
import { identityFilesOf, recordTeamLook } from '../../domain/orders/identity-documents';
import { findViewableOrder } from '../../domain/orders/order-access';

/**
 * The storage key of an identity document the viewer may open (its owner, or an administrator;
 * anyone else: 404 as for a missing order). An administrator's look at someone else's document is
 * recorded first, and awaited: if the record cannot be written, the file is not served.
 * The owner's own downloads are not looks by the team, and are not recorded.
 */
export async function openIdentityDocument(
  db: Db,
  { orderId, document, viewer, ipAddress }: { orderId: string; document: IdentityDocument; viewer: TSessionUser; ipAddress: string },
): Promise<string> {
  const row = await findViewableOrder(db, orderId, viewer);
  const key = identityFilesOf(row)[document];
  if (!key) throw new AppError('not_found');
  // only an administrator reads an order that is not theirs (findViewableOrder)
  if (row.userId !== viewer.id) {
    await recordTeamLook(db, { orderId, document, viewer, ipAddress });
  }
  return key;
}

/** GET /api/admin/orders/:id/identity-views: who opened which identity document of the order, when and from where; newest first. */
export async function listIdentityViews(db: Db, orderId: string): Promise<TIdentityViewList> {
  const [[order], views] = await Promise.all([
    db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)),
    // served by identity_document_views_order_id_idx
    db
      .select({
        id: identityDocumentViews.id,
        document: identityDocumentViews.document,
        fileName: identityDocumentViews.fileName,
        viewerName: identityDocumentViews.viewerName,
        viewerId: identityDocumentViews.viewerId,
        ipAddress: identityDocumentViews.ipAddress,
        createdAt: identityDocumentViews.createdAt,
      })
      .from(identityDocumentViews)
      .where(eq(identityDocumentViews.orderId, orderId))
      .orderBy(desc(identityDocumentViews.createdAt), desc(identityDocumentViews.id))
      .limit(identityViewsShown),
  ]);
  if (!order) throw new AppError('not_found', 'admin.orderNotFound');
  return { views: views.map((view) => ({ ...view, createdAt: view.createdAt.toISOString() })) };
}
