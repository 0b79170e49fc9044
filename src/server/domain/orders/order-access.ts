import { and, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { hasAdminAccess, type TSessionUser } from '@shared/auth';
import { milestones, type Milestone } from '@shared/milestones';
import type { TOrderDetail } from '@shared/orders';
import type { Db } from '../../db/client';
import { orderMilestones, orders, partners } from '../../db/schema';
import { identityDeletionOn, identityRecord } from './identity-documents';

/* Reading one order as its owner or an administrator: what the orders, payments, compliance and admin features share. */

/**
 * The order row if the viewer may see it: its owner, or an administrator with a second factor. Anyone else gets 404,
 * exactly like an order that does not exist.
 */
export async function findViewableOrder(db: Db, orderId: string, viewer: TSessionUser) {
  const ownerFilter = hasAdminAccess(viewer) ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, viewer.id));
  const [row] = await db.select().from(orders).where(ownerFilter);
  if (!row) throw new AppError('not_found', 'order.notFound');
  return row;
}

/** `identityRetentionDays`: IDENTITY_RETENTION_DAYS, to tell the customer when their identity files go (issue 33). */
export async function getOrderDetail(db: Db, orderId: string, viewer: TSessionUser, identityRetentionDays: number): Promise<TOrderDetail> {
  const row = await findViewableOrder(db, orderId, viewer);
  const [[partner], recorded, identity] = await Promise.all([
    db
      .select({ fullName: partners.fullName, email: partners.email, phone: partners.phone, country: partners.country, address: partners.address })
      .from(partners)
      .where(eq(partners.orderId, orderId)),
    db.select({ milestone: orderMilestones.milestone, occurredOn: orderMilestones.occurredOn, note: orderMilestones.note }).from(orderMilestones).where(eq(orderMilestones.orderId, orderId)),
    identityRecord(db, row),
  ]);
  const einIssuedOn = recorded.find((entry) => entry.milestone === 'ein_issued')?.occurredOn ?? null;
  return {
    id: row.id,
    companyName1: row.companyName1,
    companyName2: row.companyName2,
    companyName3: row.companyName3,
    llcState: row.llcState,
    status: row.status,
    openRequests: row.openRequests,
    createdAt: row.createdAt.toISOString(),
    organizerName: row.organizerName,
    email: row.email,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressCity: row.addressCity,
    addressState: row.addressState,
    addressZip: row.addressZip,
    addressCountry: row.addressCountry,
    nationality: row.nationality,
    holdReason: row.holdReason,
    orderAmount: row.orderAmount,
    orderDiscount: row.orderDiscount,
    orderAmountPaid: row.orderAmountPaid,
    documents: { ssnDoc: Boolean(row.ssnDocKey), passport: Boolean(row.passportKey), otherId: Boolean(row.otherIdKey) },
    partner: partner ?? null,
    milestones: recorded
      .filter((entry): entry is typeof entry & { milestone: Milestone } => (milestones as readonly string[]).includes(entry.milestone))
      .sort((a, b) => milestones.indexOf(a.milestone) - milestones.indexOf(b.milestone)),
    paidAt: row.paidAt?.toISOString() ?? null,
    formationDate: row.formationDate,
    ein: row.ein,
    ...identity,
    identityDeletionOn: identityDeletionOn(row, einIssuedOn, identityRetentionDays),
  };
}
