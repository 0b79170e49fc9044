import { z } from 'zod';
import { languages } from './languages';
import { refundDetailsMax, refundExceptions, refundNoteMax, refundReasons, refundStatuses, reopenReasonMax } from './refund-rules';

export { creditNoteLabel, openRefundStatuses, refundDetailsMax, refundNoteMax, refundStatuses, reopenReasonMax, type RefundStatus } from './refund-rules';

/*
 * Refund requests (ADR 0033): what the customer asks, what the administrator decides,
 * and what both read. The rules that suggest the amount are in refund-rules.ts.
 */

/** POST /api/orders/:id/refund-requests: a reason from the list and the customer's own words. */
export const ZRefundRequestInput = z.object({
  reason: z.enum(refundReasons, 'refunds.reasonRequired'),
  details: z.string('refunds.detailsTooLong').trim().max(refundDetailsMax, 'refunds.detailsTooLong').default(''),
});
export type TRefundRequestInput = z.input<typeof ZRefundRequestInput>;

const ZNote = z.string().trim().max(refundNoteMax, 'refunds.noteTooLong');

/**
 * POST /api/admin/orders/:id/refund-requests/:requestId/decision. Approving grants `amountCents`
 * (whole cents, above zero, within what was paid and not yet refunded: checked by the server); an
 * amount other than the rules' suggestion needs a note. Declining needs the reason the customer reads.
 */
export const ZRefundDecision = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    amountCents: z.number('refunds.amountInvalid').int('refunds.amountInvalid').positive('refunds.amountInvalid').max(100_000_000, 'refunds.amountAbovePaid'),
    exception: z.enum(refundExceptions).nullable().default(null),
    note: ZNote.default(''),
    /** whether the order closes (its work stops) once the refund completes; by default when the amount is the rules' suggestion. All that is left always closes it. */
    closeOrder: z.boolean().optional(),
  }),
  z.object({
    decision: z.literal('decline'),
    exception: z.enum(refundExceptions).nullable().default(null),
    note: ZNote.min(1, 'refunds.declineNoteRequired'),
  }),
]);
export type TRefundDecision = z.input<typeof ZRefundDecision>;

/** A request as its customer reads it (the dashboard) and, with `team`, as the administrators do. */
export const ZRefund = z.object({
  id: z.string(),
  status: z.enum(refundStatuses),
  reason: z.enum(refundReasons),
  details: z.string(),
  requestedAt: z.iso.datetime(),
  /** the amount granted (null until approved) */
  amountCents: z.number().int().nullable(),
  /** the administrator's words: why declined, or why an amount other than the rules' */
  decisionNote: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** YYYY-MM-DD: 10 business days after the approval */
  dueOn: z.string().nullable(),
  refundedAt: z.iso.datetime().nullable(),
  /** the decision closes the order once the refund completes (a partial refund may leave it open) */
  closesOrder: z.boolean(),
  /** CN-000001, once refunded */
  creditNote: z.string().nullable(),
  /** what only the team reads */
  team: z
    .object({
      paidCents: z.number().int(),
      refundedCents: z.number().int(),
      suggested: z.object({ basis: z.enum(['full', 'minus_fee', 'none']), cents: z.number().int(), feeCents: z.number().int(), feePercent: z.number() }),
      exception: z.enum(refundExceptions).nullable(),
      decidedBy: z.string().nullable(),
      /** the provider's reason for the last failed attempt */
      failureReason: z.string().nullable(),
      attempts: z.number().int(),
    })
    .nullable(),
});
export type TRefund = z.output<typeof ZRefund>;

export const ZRefundAnswer = z.object({ refund: ZRefund });

/** POST /api/admin/orders/:id/reopen: why an order a refund closed goes back to work. */
export const ZReopenOrder = z.object({
  reason: z.string('refunds.reopenReasonRequired').trim().min(1, 'refunds.reopenReasonRequired').max(reopenReasonMax, 'refunds.noteTooLong'),
});

/** GET …/refund-requests/:requestId/credit-note */
export const ZCreditNoteQuery = z.object({
  lang: z.enum(languages).optional().describe('the language of the credit note; unset: the customer’s stored language'),
});

/** POST /api/admin/orders/:id/reopen */
export const ZOrderReopened = z.object({ reopened: z.literal(true) });
