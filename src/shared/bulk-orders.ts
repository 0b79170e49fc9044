import { z } from 'zod';
import { ZMilestoneRecord } from './milestone-schemas';
import { orderStatuses } from './order-status';

/*
 * Bulk actions on the admin orders list: the same change to many orders, each order in
 * its own transaction, audited and emailed as one by one; the emails batched per recipient.
 */

/** At most this many orders per request: a page of selected rows, with room to spare. */
export const bulkMaxOrders = 500;

export const ZBulkAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('assign'), assigneeId: z.string().min(1, 'admin.assign.notAdmin').max(100, 'admin.assign.notAdmin').nullable() }),
  z.object({ type: z.literal('status'), status: z.enum(orderStatuses, { error: 'admin.invalidStatus' }) }),
  // one EIN for many companies is never right: the EIN is recorded order by order
  z.object({
    type: z.literal('milestone'),
    record: ZMilestoneRecord.refine((record) => record.milestone !== 'ein_issued', { message: 'admin.bulk.noEin', path: ['milestone'] }),
  }),
]);
export type TBulkAction = z.input<typeof ZBulkAction>;

export const ZBulkRequest = z.object({
  orderIds: z
    .array(z.uuid('admin.orderNotFound'))
    .min(1, 'admin.bulk.noneSelected')
    .max(bulkMaxOrders, 'admin.bulk.tooMany')
    .refine((ids) => new Set(ids).size === ids.length, 'admin.bulk.duplicates'),
  action: ZBulkAction,
});
export type TBulkRequest = z.input<typeof ZBulkRequest>;

/** Per order: changed, already so (nothing written), or failed with the reason (a message key); in the order sent. */
export const ZBulkResult = z.object({
  results: z.array(z.object({ orderId: z.string(), outcome: z.enum(['changed', 'unchanged', 'failed']), error: z.string().optional() })),
});
export type TBulkResult = z.output<typeof ZBulkResult>;
