import { z } from 'zod';
import { attentionKinds } from './attention';
import { languages } from './languages';
import { ZAssignee, ZOwnerFilter } from './assignment';
import { orderStatuses } from './order-status';
import { holdReasons } from './orders';
import { promiseKinds } from './promised-times';

/*
 * The admin queue (ADRs 0031, 0040): the team's work at /admin, in the order it is done. Due
 * today, overdue, unassigned, waiting on the customer, then payment reviews and holds; each with
 * its count and its first items, most urgent first. Each order, ticket and review is in one
 * section only (the first of overdue, due today, unassigned, waiting, reviews that holds it), with
 * every reason it waits for, so the counts add up to what is listed.
 */

export const queueSections = ['dueToday', 'overdue', 'unassigned', 'waiting', 'reviews'] as const;
export type QueueSection = (typeof queueSections)[number];

/** How many items a section shows at first, and at most ("Show more" asks for more). */
export const queuePageSize = 25;
export const queueMaxItems = 200;

/** GET /api/admin/queue: the owner filter of the orders list (mine, unassigned, an administrator's id), and how many items per section. */
export const ZQueueQuery = z.object({
  owner: ZOwnerFilter,
  limit: z.coerce.number().int().min(1).max(queueMaxItems).default(queuePageSize),
});
export type TQueueQuery = z.input<typeof ZQueueQuery>;

const ZPromise = z.object({ kind: z.enum(promiseKinds), from: z.string().nullable(), dueAt: z.string() });

export const ZQueueItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order'),
    id: z.string(),
    companyName1: z.string(),
    organizerName: z.string(),
    status: z.enum(orderStatuses),
    /** the next promised moment (null: nothing more is promised, e.g. only waiting on the customer) */
    promise: ZPromise.nullable(),
    /** what waits for the team's answer, each with when it began (attention.ts); empty when nothing does */
    attention: z.array(z.object({ kind: z.enum(attentionKinds), since: z.string() })),
    /** when the team's answer is due: the support reply time after the oldest reason began */
    attentionDueAt: z.string().nullable(),
    assignee: ZAssignee.nullable(),
    /** the customer's language, which the team writes to them in */
    language: z.enum(languages),
    openRequests: z.number().int().min(0),
    /** the earliest due day of its open requests (YYYY-MM-DD), when it has any */
    requestDueOn: z.string().nullable(),
    holdReason: z.enum(holdReasons).nullable(),
  }),
  z.object({
    type: z.literal('ticket'),
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** the start of the message, for the list */
    excerpt: z.string(),
    promise: ZPromise.nullable(),
    assignee: ZAssignee.nullable(),
  }),
  z.object({
    type: z.literal('review'),
    id: z.string(),
    orderId: z.string().nullable(),
    reason: z.string(),
    amount: z.number().int().nullable(),
    currency: z.string().nullable(),
    createdAt: z.string(),
  }),
]);
export type TQueueItem = z.output<typeof ZQueueItem>;

export const ZQueue = z.object({
  /** the server's clock when it counted: what "overdue" was measured against */
  now: z.string(),
  counts: z.object(Object.fromEntries(queueSections.map((section) => [section, z.number().int().min(0)])) as Record<QueueSection, z.ZodNumber>),
  sections: z.object(Object.fromEntries(queueSections.map((section) => [section, z.array(ZQueueItem)])) as Record<QueueSection, z.ZodArray<typeof ZQueueItem>>),
});
export type TQueue = z.output<typeof ZQueue>;
