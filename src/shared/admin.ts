import { z } from 'zod';
import { orderStatuses } from './order-status';
import { holdReasons, ZOrderDetail } from './orders';
import { ZOrderMilestone } from './milestone-schemas';

/** SPEC section 4: administrators may set any of the four statuses, in any order. */
export const ZStatusChange = z.object({ status: z.enum(orderStatuses, { error: 'admin.invalidStatus' }) });

export const adminPageSize = 50;

export const ZAdminOrdersQuery = z.object({
  q: z.string().trim().max(100).optional().transform((value) => value || undefined),
  limit: z.coerce.number().int().min(1).max(100).default(adminPageSize),
  /** keyset cursor: the id of the previous page's last order */
  cursor: z.uuid().optional(),
});

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
  createdAt: z.iso.datetime(),
});
export type TAdminOrderRow = z.output<typeof ZAdminOrderRow>;

export const ZAdminOrderPage = z.object({
  orders: z.array(ZAdminOrderRow),
  total: z.number().int().nullable().describe('matches in all; counted on the first page only (null when a cursor was given)'),
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

export const ZAdminOrderDetail = z.object({
  order: ZOrderDetail.extend({
    paymentId: z.string().nullable(),
    /** a released hold: when, and the name of who released it */
    holdReleasedAt: z.iso.datetime().nullable(),
    holdReleasedBy: z.string().nullable(),
    /** the Terms version accepted at checkout, and when (first acceptance); null before checkout */
    termsVersion: z.string().nullable(),
    termsAcceptedAt: z.iso.datetime().nullable(),
    customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    /** as the customer sees them, plus who recorded each (null: recorded automatically) */
    milestones: z.array(ZOrderMilestone.extend({ recordedBy: z.string().nullable() })),
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

/** SPEC section 9: administrators add pdf, doc, docx, jpg, jpeg, png. */
export const adminUploadExtensions = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png'] as const;
export const adminUploadAccept = adminUploadExtensions.join(',');

/** Why a payment event was put on the administrators' review list (docs/decisions/0010). */
export const paymentReviewReasons = ['amount_mismatch', 'currency_mismatch', 'not_paid', 'wrong_session', 'duplicate_payment'] as const;
export type PaymentReviewReason = (typeof paymentReviewReasons)[number];

const ZPaymentReview = z.object({
  id: z.string(),
  orderId: z.string(),
  eventId: z.string(),
  sessionId: z.string(),
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
