/*
 * The money-back guarantee's rules (docs/product.md, "Constants and limits"), in one place for the dashboard, the
 * administrator's decision and the credit note:
 * - 100 % when the LLC and the EIN cannot be delivered (the state refused the company, the IRS did
 *   not issue the EIN);
 * - minus a processing fee of 8 % to 11 % (REFUND_FEE_PERCENT) when the US government does not allow
 *   citizens of the customer's country to form a company, or the documents were rejected;
 * - nothing owed for a data mismatch in the application or delays of the filing authorities, nor
 *   for reasons the guarantee does not name (a change of mind): the administrator may still grant
 *   an amount, with a reason.
 * Refunds are processed within 10 business days of the approval (docs/product.md: 7-10).
 * Amounts are in cents; pure functions and constants, no zod (the pages that read them stay small);
 * src/shared/refunds.ts has the schemas.
 */

import type { Milestone } from './milestones';

export const refundStatuses = ['requested', 'withdrawn', 'declined', 'approved', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Still in progress: no second request while one of these is on the order. */
export const openRefundStatuses = ['requested', 'approved', 'failed'] as const satisfies readonly RefundStatus[];

export const refundDetailsMax = 1000;
export const refundNoteMax = 1000;
/** why an order a refund closed goes back to work (POST /api/admin/orders/:id/reopen) */
export const reopenReasonMax = 500;

/** The credit note's number as printed: CN- and six digits. */
export const creditNoteLabel = (sequence: number) => `CN-${String(sequence).padStart(6, '0')}`;

/** What the customer says happened (the request's reason). */
export const refundReasons = ['state_refused', 'ein_not_issued', 'country_not_allowed', 'documents_rejected', 'changed_mind', 'other'] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * The reasons that can still be true of an order, from what has happened to it: once the state
 * approved the LLC it neither refused it nor barred her country; once the IRS issued the EIN it
 * did not fail to, nor reject the documents. A change of mind and "other" are always open. The
 * dashboard offers only these and the server refuses the rest (refunds.reasonNotApplicable).
 */
export function applicableRefundReasons(recorded: readonly Milestone[]): RefundReason[] {
  const happened = new Set<string>(recorded);
  const formed = happened.has('state_approved');
  const einIssued = happened.has('ein_issued');
  const closed: Partial<Record<RefundReason, boolean>> = {
    state_refused: formed,
    country_not_allowed: formed,
    ein_not_issued: einIssued,
    documents_rejected: einIssued,
  };
  return refundReasons.filter((reason) => !closed[reason]);
}

/** What she paid in the end: the amount paid less what was refunded (the dashboard and the receipt). */
export const netPaidCents = (paidCents: number, refundedCents: number): number => Math.max(0, paidCents - refundedCents);

/** What the administrator finds, when it overrides the reason: the the product's two exceptions. */
export const refundExceptions = ['data_mismatch', 'authority_delay'] as const;
export type RefundException = (typeof refundExceptions)[number];

/** docs/product.md: "a processing fee of 8% to 11%"; REFUND_FEE_PERCENT is configured within these, 10 by default. */
export const refundFeePercentBounds = { min: 8, max: 11, default: 10 } as const;

/** docs/product.md: "processed in 7-10 business days": the date promised is the later bound. */
export const refundBusinessDays = 10;

export type RefundBasis = 'full' | 'minus_fee' | 'none';

/** Which rule a reason falls under (an exception found by the administrator wins). */
export function refundBasis(reason: RefundReason, exception: RefundException | null = null): RefundBasis {
  if (exception) return 'none';
  switch (reason) {
    case 'state_refused':
    case 'ein_not_issued':
      return 'full';
    case 'country_not_allowed':
    case 'documents_rejected':
      return 'minus_fee';
    case 'changed_mind':
    case 'other':
      return 'none';
  }
}

export interface SuggestedRefund {
  basis: RefundBasis;
  /** what the rules owe now: never above what was paid less what was already refunded */
  cents: number;
  /** the processing fee kept (minus_fee only) */
  feeCents: number;
}

/**
 * The amount the rules suggest for a request. The fee is `feePercent` of what was paid, rounded to
 * the nearest cent (half up); a fee outside 8-11 % is a configuration error.
 */
export function suggestedRefund({
  reason,
  exception = null,
  paidCents,
  refundedCents = 0,
  feePercent = refundFeePercentBounds.default,
}: {
  reason: RefundReason;
  exception?: RefundException | null;
  paidCents: number;
  refundedCents?: number;
  feePercent?: number;
}): SuggestedRefund {
  if (!Number.isInteger(paidCents) || paidCents < 0 || !Number.isInteger(refundedCents) || refundedCents < 0)
    throw new RangeError('amounts are whole, non-negative cents');
  if (!(feePercent >= refundFeePercentBounds.min && feePercent <= refundFeePercentBounds.max))
    throw new RangeError(`the refund fee must be ${refundFeePercentBounds.min}-${refundFeePercentBounds.max} %, got ${feePercent}`);
  const basis = refundBasis(reason, exception);
  const left = Math.max(0, paidCents - refundedCents);
  if (basis === 'none') return { basis, cents: 0, feeCents: 0 };
  const feeCents = basis === 'minus_fee' ? Math.round((paidCents * feePercent) / 100) : 0;
  return { basis, cents: Math.min(left, Math.max(0, paidCents - feeCents)), feeCents };
}

/** Why an amount the administrator typed cannot be refunded, or null: whole cents, above zero, within what is left. */
export function refundAmountProblem(
  cents: number,
  { paidCents, refundedCents = 0 }: { paidCents: number; refundedCents?: number },
): 'not_cents' | 'not_positive' | 'above_paid' | null {
  if (!Number.isInteger(cents)) return 'not_cents';
  if (cents <= 0) return 'not_positive';
  return cents > paidCents - refundedCents ? 'above_paid' : null;
}

/** The day a refund approved on `approvedOn` ("2026-11-27", UTC) is promised by: `refundBusinessDays` weekdays later. */
export function refundDueOn(approvedOn: string, businessDays = refundBusinessDays): string {
  const day = new Date(`${approvedOn}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(approvedOn)) throw new RangeError(`not a day: ${approvedOn}`);
  for (let left = businessDays; left > 0;) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}
