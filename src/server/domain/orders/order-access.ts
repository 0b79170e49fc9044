import { and, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { hasAdminAccess, type TSessionUser } from '@shared/auth';
import { milestones, type Milestone } from '@shared/milestones';
import type { TOrderDetail } from '@shared/orders';
import type { Db } from '../../db/client';
import { orderMilestones, orders, partners } from '../../db/schema';
import type { Config } from '../../config';
import { identityDeletionOn, identityRecord } from './identity-documents';
import { latestRefund } from './refunds';
import { packetProgress } from '../filing/packet-status';
import { orderState } from '@shared/order-stage';

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

/** What the detail reads from the configuration: when identity files go, the refund fee an administrator's suggestion keeps. */
export type OrderDetailSettings = Pick<Config, 'IDENTITY_RETENTION_DAYS' | 'REFUND_FEE_PERCENT'>;

export async function getOrderDetail(db: Db, orderId: string, viewer: TSessionUser, settings: OrderDetailSettings): Promise<TOrderDetail> {
  const row = await findViewableOrder(db, orderId, viewer);
  const [[partner], recorded, identity, refund] = await Promise.all([
    db
      .select({ fullName: partners.fullName, email: partners.email, phone: partners.phone, country: partners.country, address: partners.address })
      .from(partners)
      .where(eq(partners.orderId, orderId)),
    db
      .select({ milestone: orderMilestones.milestone, occurredOn: orderMilestones.occurredOn, note: orderMilestones.note })
      .from(orderMilestones)
      .where(eq(orderMilestones.orderId, orderId)),
    identityRecord(db, row),
    latestRefund(db, row, viewer, settings.REFUND_FEE_PERCENT),
  ]);
  // who signs depends on the partner, so the packet is read once the partner is known
  const packet = await packetProgress(db, orderId, Boolean(partner));
  const einIssuedOn = recorded.find((entry) => entry.milestone === 'ein_issued')?.occurredOn ?? null;
  return {
    id: row.id,
    companyName1: row.companyName1,
    companyName2: row.companyName2,
    companyName3: row.companyName3,
    llcState: row.llcState,
    status: row.status,
    openRequests: row.openRequests,
    refunded: row.refundedAt !== null,
    createdAt: row.createdAt.toISOString(),
    organizerName: row.organizerName,
    email: row.email,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
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
    identityDeletionOn: identityDeletionOn(row, einIssuedOn, settings.IDENTITY_RETENTION_DAYS),
    amountRefunded: row.orderAmountRefunded,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refund,
    refundFeePercent: settings.REFUND_FEE_PERCENT,
    state: orderState({
      paid: row.paidAt !== null,
      held: row.holdReason !== null,
      milestones: recorded.map((entry) => entry.milestone as Milestone),
      packet: packet.status,
      organizerSigned: packet.organizerSigned,
      openRequests: row.openRequests,
      refund: refund?.status ?? null,
      closedByRefund: row.refundedAt !== null,
      amountRefunded: row.orderAmountRefunded,
    }),
  };
}
