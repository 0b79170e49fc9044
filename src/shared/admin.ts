import { z } from 'zod';
import { ZAssignee, ZOwnerFilter } from './assignment';
import { ZLanguage } from './auth';
import { orderStages } from './order-stage';
import { orderStatuses } from './order-status';
import { holdReasons, ZOrderDetail } from './orders';
import { messageTemplateKinds } from './message-templates';
import { ZOrderMilestone } from './milestone-schemas';
import { noteMaxLength } from './support-rules';

/** docs/product.md, "Order statuses": administrators may set any of the four statuses, in any order. */
export const ZStatusChange = z.object({ status: z.enum(orderStatuses, { error: 'admin.invalidStatus' }) });

export const adminPageSize = 50;

/** How the admin list is sorted: by date either way, or by status in workflow order (oldest first within one). */
export const adminOrderSorts = ['newest', 'oldest', 'status'] as const;
export type AdminOrderSort = (typeof adminOrderSorts)[number];

/** The list's requests filter: only orders with a request waiting for the customer. */
export const adminRequestFilters = ['open'] as const;
export type AdminRequestFilter = (typeof adminRequestFilters)[number];

/** The list's refund filter: only orders whose refund request waits for a decision. */
export const adminRefundFilters = ['requested'] as const;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const isoDay = z.preprocess(blankToUndefined, z.iso.date('admin.filters.invalidDate').optional());
const code = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^[A-Z]{2}$/, 'admin.filters.invalidCode')
    .optional(),
);

/**
 * The admin list's filters, the same in the URL of /admin/orders, the list endpoint and
 * the CSV export: status, LLC state, nationality, a range of order dates (UTC days, both included)
 * and the search text.
 */
const filterFields = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
  status: z.preprocess(blankToUndefined, z.enum(orderStatuses, { error: 'admin.invalidStatus' }).optional()),
  state: code,
  nationality: code,
  from: isoDay,
  to: isoDay,
  /** 'open' keeps the orders with a request waiting for the customer */
  requests: z.preprocess(blankToUndefined, z.enum(adminRequestFilters, { error: 'admin.filters.invalidRequests' }).optional()),
  /** 'requested' keeps the orders whose refund request waits for a decision */
  refund: z.preprocess(blankToUndefined, z.enum(adminRefundFilters, { error: 'admin.filters.invalidRefund' }).optional()),
  /** mine, unassigned, or an administrator's id */
  owner: ZOwnerFilter,
  sort: z.preprocess(blankToUndefined, z.enum(adminOrderSorts).default('newest')),
});
const rangeInOrder = <T extends { from?: string; to?: string }>(filters: T) => !filters.from || !filters.to || filters.from <= filters.to;
const rangeError = { message: 'admin.filters.invalidRange', path: ['to'] };

export const ZAdminOrderFilters = filterFields.refine(rangeInOrder, rangeError);
export type TAdminOrderFilters = z.output<typeof ZAdminOrderFilters>;

export const ZAdminOrdersQuery = filterFields
  .extend({
    limit: z.coerce.number().int().min(1).max(100).default(adminPageSize),
    /** keyset cursor: the id of the previous page's last order */
    cursor: z.uuid().optional(),
  })
  .refine(rangeInOrder, rangeError);
export type TAdminOrdersQuery = z.output<typeof ZAdminOrdersQuery>;

/** GET /api/admin/orders/ids: "select all" of the filtered list, every match, not only the rows loaded. */
export const ZAdminOrderIdsQuery = filterFields.refine(rangeInOrder, rangeError);
export const ZAdminOrderIds = z.object({
  ids: z.array(z.string()).describe("the matches in the list's order, at most the bulk limit (500)"),
  total: z
    .number()
    .int()
    .describe(
      "matches in all, counted up to the list's cap (10,000, or 1,000 filtered by more than status and dates): above the limit, the ids are the first 500",
    ),
});
export type TAdminOrderIds = z.output<typeof ZAdminOrderIds>;

/** GET /api/admin/orders/export.csv: the filtered list, every row; `lang` names the header row and the statuses. */
export const ZAdminOrdersExportQuery = filterFields
  .extend({
    lang: ZLanguage.default('en'),
    /** only these orders (the list's selection), comma-separated ids, with the filters */
    ids: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(500 * 37, 'admin.bulk.tooMany')
        .transform((value) => value.split(','))
        .pipe(z.array(z.uuid('admin.orderNotFound')).max(500, 'admin.bulk.tooMany'))
        .optional(),
    ),
  })
  .refine(rangeInOrder, rangeError);

/** A row of GET /api/admin/orders (docs/product.md). */
const ZAdminOrderRow = z.object({
  id: z.string(),
  organizerName: z.string(),
  email: z.string(),
  nationality: z.string(),
  companyName1: z.string(),
  holdReason: z.enum(holdReasons).nullable(),
  orderAmountPaid: z.number().int().nullable(),
  status: z.enum(orderStatuses),
  llcState: z.string(),
  /** an unresolved payment review (docs/decisions/0010) is open on this order */
  paymentReview: z.boolean(),
  /** requests in the thread still waiting for the customer */
  openRequests: z.number().int().min(0),
  /** since when a refund request waits for a decision (null: none does) */
  refundRequestedAt: z.iso.datetime().nullable(),
  /** the administrator who owns the order */
  assignee: ZAssignee.nullable(),
  /** where the order stands (src/shared/order-stage.ts), as stored with its last change; null for an order not touched since before it was kept */
  stage: z.enum(orderStages).nullable(),
  createdAt: z.iso.datetime(),
});
export type TAdminOrderRow = z.output<typeof ZAdminOrderRow>;

export const ZAdminOrderPage = z.object({
  orders: z.array(ZAdminOrderRow),
  total: z
    .number()
    .int()
    .nullable()
    .describe('matches in all, counted up to countCap (at the cap, at least that many); on the first page only (null when a cursor was given)'),
  /** the first page only: matches per status with every other filter applied (the status tabs), each up to the cap; null
   * also when a filter other than the dates has more matches than the cap */
  counts: z.record(z.enum(orderStatuses), z.number().int()).nullable(),
  countCap: z.number().int().describe('the cap of total and counts: 10,000, or 1,000 when filtered by more than status and dates'),
  nextCursor: z.string().nullable(),
});
export type TAdminOrderPage = z.output<typeof ZAdminOrderPage>;

const ZStatusHistoryEntry = z.object({
  id: z.string(),
  fromStatus: z.enum(orderStatuses).nullable(),
  toStatus: z.enum(orderStatuses),
  source: z.enum(['admin', 'payment', 'system']),
  changedBy: z.string().nullable().describe('the name of who changed it'),
  createdAt: z.iso.datetime(),
});
export type TStatusHistoryEntry = z.output<typeof ZStatusHistoryEntry>;

/** One of the order's message templates (message-templates.ts), filled in the customer's language. */
const ZMessageTemplate = z.object({ kind: z.enum(messageTemplateKinds), body: z.string() });

export const ZAdminOrderDetail = z.object({
  order: ZOrderDetail.extend({
    paymentId: z.string().nullable(),
    /** a released hold: when, and the name of who released it */
    holdReleasedAt: z.iso.datetime().nullable(),
    holdReleasedBy: z.string().nullable(),
    /** the Terms version accepted at checkout, and when (first acceptance); null before checkout */
    termsVersion: z.string().nullable(),
    termsAcceptedAt: z.iso.datetime().nullable(),
    /** the account that placed it; null once that account was deleted (a paid order stays as the tax record) */
    customer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    /** the language the team writes to the customer in (the account's; English once the account is gone) */
    customerLanguage: ZLanguage,
    /** the team's message templates, in the customer's language, filled with the order's facts */
    messageTemplates: z.array(ZMessageTemplate),
    /** as the customer sees them, plus who recorded each (null: recorded automatically) */
    milestones: z.array(ZOrderMilestone.extend({ recordedBy: z.string().nullable() })),
    /** an unresolved payment review is open on this order */
    paymentReview: z.boolean(),
    /** the administrator who owns the order */
    assignee: ZAssignee.nullable(),
    /** the status the milestones imply (src/shared/order-stage.ts) */
    impliedStatus: z.enum(orderStatuses),
    /** an administrator set another status by hand: it stands until changed, and milestones leave it alone */
    statusOverride: z.boolean(),
  }),
  history: z.array(ZStatusHistoryEntry),
});
export type TAdminOrderDetail = z.output<typeof ZAdminOrderDetail>;

export const ZStatusChangeResult = z.object({
  status: z.enum(orderStatuses),
  /** false when the order already had this status (nothing written, nobody emailed) */
  changed: z.boolean(),
});
export type TStatusChangeResult = z.output<typeof ZStatusChangeResult>;

/** docs/product.md, "Constants and limits": administrators add pdf, doc, docx, jpg, jpeg, png. */
export { adminUploadAccept, adminUploadExtensions } from './order-model';

/** Why a payment event was put on the administrators' review list (docs/decisions/0010). */
export const paymentReviewReasons = [
  'amount_mismatch',
  'currency_mismatch',
  'not_paid',
  'wrong_session',
  'duplicate_payment',
  'unknown_order',
  'refund_failed_after_success',
] as const;
export type PaymentReviewReason = (typeof paymentReviewReasons)[number];

const ZPaymentReview = z.object({
  id: z.string(),
  /** null when the order is gone (discarded while its checkout was open: `unknown_order`) */
  orderId: z.string().nullable(),
  /** the order the payment named, kept after that order is gone: its number is what the team looks up with the provider */
  claimedOrderId: z.string().nullable(),
  eventId: z.string(),
  /** the checkout session the payment event named (null for a refund's review) */
  sessionId: z.string().nullable(),
  /** the provider's refund a refund event named (`refund_failed_after_success`) */
  refundId: z.string().nullable(),
  reason: z.enum(paymentReviewReasons),
  amount: z.number().int().nullable().describe("the event's total, in the minor unit of its currency"),
  currency: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TPaymentReview = z.output<typeof ZPaymentReview>;

/** GET /api/admin/payment-reviews: the open ones, newest first (at most 100). */
export const ZPaymentReviewList = z.object({ reviews: z.array(ZPaymentReview) });
export type TPaymentReviewList = z.output<typeof ZPaymentReviewList>;

/** POST /api/admin/payment-reviews/:id/resolve */
export const ZPaymentReviewResolved = z.object({
  id: z.string(),
  resolvedAt: z.iso.datetime(),
  /** false when it was already resolved (the first resolution is kept) */
  changed: z.boolean(),
});
export type TPaymentReviewResolved = z.output<typeof ZPaymentReviewResolved>;

/** POST /api/admin/orders/:id/release-hold: false when the order was not held (nothing written). */
export const ZHoldReleased = z.object({ released: z.boolean() });

/** Internal notes on an order and on a ticket: administrators only. */
export const ZNoteInput = z.object({
  body: z.string({ error: 'admin.notes.required' }).trim().min(1, 'admin.notes.required').max(noteMaxLength, 'admin.notes.tooLong'),
});
export type TNoteInput = z.input<typeof ZNoteInput>;

export const ZOrderNote = z.object({
  id: z.string(),
  body: z.string(),
  /** the author's name; null when their account is gone */
  author: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TOrderNote = z.output<typeof ZOrderNote>;
/** GET /api/admin/orders/:id/notes: oldest first. */
export const ZOrderNoteList = z.object({ notes: z.array(ZOrderNote) });
export type TOrderNoteList = z.output<typeof ZOrderNoteList>;
