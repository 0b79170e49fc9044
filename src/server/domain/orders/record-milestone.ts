import { and, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import type { TMilestoneRecorded } from '@shared/milestone-schemas';
import { formatEin, milestoneOrderProblem, type Milestone } from '@shared/milestones';
import type { Db } from '../../db/client';
import { orderAudit, orderMilestones, orders, orderStatusHistory } from '../../db/schema';
import { statusOfMilestones } from '@shared/order-stage';
import type { MailQueue } from '../../platform/mail/outbox';
import { utcDay } from './milestones';
import { identityDeletionOn } from './identity-documents';
import { emailCustomer, orderCustomer } from './order-emails';
import { publishOrderEventById } from '../live-events';
import { refreshOrderPromise } from './promise';

export interface MilestoneRecord {
  milestone: Exclude<Milestone, 'order_received' | 'payment_received'>;
  occurredOn: string;
  note: string | null;
  /** nine digits, for ein_issued only */
  ein: string | null;
  /** the state's filing number, for filed_with_state recorded through the filing packet */
  reference?: string | null;
}

/** What recording a milestone needs: the mail, the site's address, and how long identity files are kept after the EIN. */
export interface MilestoneSettings {
  mail: MailQueue;
  appUrl: string;
  identityRetentionDays: number;
}

/**
 * POST /api/admin/orders/:id/milestones (docs/product.md). The first record emails the customer;
 * the same values again change nothing; other values correct it (audited, not emailed again).
 * state_approved sets the order's formation date and ein_issued its EIN, in the same transaction;
 * the EIN's email also says when the identity files will be deleted (`identityRetentionDays` after it).
 */
export async function recordMilestone(
  db: Db,
  { mail, appUrl, identityRetentionDays }: MilestoneSettings,
  { orderId, record, admin }: { orderId: string; record: MilestoneRecord; admin: TSessionUser },
): Promise<TMilestoneRecorded> {
  const answer = { milestone: record.milestone, occurredOn: record.occurredOn, note: record.note };
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        createdAt: orders.createdAt,
        status: orders.status,
        paidAt: orders.paidAt,
        ein: orders.ein,
        ssnDocKey: orders.ssnDocKey,
        passportKey: orders.passportKey,
        otherIdKey: orders.otherIdKey,
        identityDeletedAt: orders.identityDeletedAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new AppError('not_found', 'admin.orderNotFound');
    if (record.occurredOn < utcDay(order.createdAt))
      throw new AppError('validation_failed', 'errors.validation_failed', { occurredOn: 'admin.milestones.beforeOrder' });

    const all = await tx
      .select({ milestone: orderMilestones.milestone, occurredOn: orderMilestones.occurredOn, note: orderMilestones.note })
      .from(orderMilestones)
      .where(eq(orderMilestones.orderId, orderId));
    const previous = all.find((entry) => entry.milestone === record.milestone);
    // in their order, never before the one they follow nor after the next
    const disorder = milestoneOrderProblem(all as { milestone: Milestone; occurredOn: string }[], record.milestone, record.occurredOn);
    if (disorder) throw new AppError('validation_failed', 'errors.validation_failed', { [disorder.field]: disorder.message });
    const previousEin = record.milestone === 'ein_issued' ? order.ein : null;
    if (previous && previous.occurredOn === record.occurredOn && previous.note === record.note && previousEin === record.ein)
      return { milestone: answer, changed: false };

    const now = new Date();
    const reference = record.reference === undefined ? {} : { reference: record.reference };
    if (previous) {
      await tx
        .update(orderMilestones)
        .set({ occurredOn: record.occurredOn, note: record.note, ...reference, recordedBy: admin.id, updatedAt: now })
        .where(and(eq(orderMilestones.orderId, orderId), eq(orderMilestones.milestone, record.milestone)));
    } else {
      await tx
        .insert(orderMilestones)
        .values({ orderId, milestone: record.milestone, occurredOn: record.occurredOn, note: record.note, ...reference, recordedBy: admin.id });
    }
    if (record.milestone === 'state_approved') await tx.update(orders).set({ formationDate: record.occurredOn, updatedAt: now }).where(eq(orders.id, orderId));
    if (record.milestone === 'ein_issued') await tx.update(orders).set({ ein: record.ein, updatedAt: now }).where(eq(orders.id, orderId));

    // the status follows the milestones (docs/product.md, "Order statuses") unless an administrator
    // chose another by hand: that choice is an override, and a milestone leaves it alone
    const paid = order.paidAt !== null;
    const recordedBefore = all.map((entry) => entry.milestone as Milestone);
    const implied = statusOfMilestones(paid, [...recordedBefore, record.milestone]);
    if (order.status === statusOfMilestones(paid, recordedBefore) && implied !== order.status) {
      await tx.update(orders).set({ status: implied, updatedAt: now }).where(eq(orders.id, orderId));
      await tx.insert(orderStatusHistory).values({ orderId, fromStatus: order.status, toStatus: implied, source: 'system', changedBy: admin.id });
    }

    await tx.insert(orderAudit).values({
      orderId,
      action: previous ? 'milestone_corrected' : 'milestone_recorded',
      actorId: admin.id,
      detail: {
        milestone: record.milestone,
        occurredOn: record.occurredOn,
        note: record.note,
        ...(record.milestone === 'ein_issued' ? { ein: record.ein } : {}),
        ...(previous
          ? { previous: { occurredOn: previous.occurredOn, note: previous.note, ...(record.milestone === 'ein_issued' ? { ein: previousEin } : {}) } }
          : {}),
      },
    });
    // the next promise: a filing starts the state's 24-48 hours; an approval or the EIN ends one
    await refreshOrderPromise(tx, orderId);
    // shown on the customer's dashboard and the admin pages without a reload, corrections too
    await publishOrderEventById(tx, orderId, 'milestone');
    // a correction fixes what the customer was told; one email per milestone is enough
    if (!previous) {
      await emailCustomer(
        tx,
        { mail, appUrl },
        {
          orderId,
          customer: await orderCustomer(tx, orderId),
          template: 'milestoneRecorded',
          news: {
            milestone: record.milestone,
            date: record.occurredOn,
            ein: record.ein ? formatEin(record.ein) : '',
            formationDate: record.milestone === 'state_approved' ? record.occurredOn : '',
            identityDeletionOn: (record.milestone === 'ein_issued' && identityDeletionOn(order, record.occurredOn, identityRetentionDays)) || '',
          },
        },
      );
    }
    return { milestone: answer, changed: true };
  });
}
