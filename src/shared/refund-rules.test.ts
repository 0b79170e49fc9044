import { describe, expect, it } from 'vitest';
import {
  applicableRefundReasons,
  refundAmountProblem,
  refundBasis,
  refundDueOn,
  refundExceptions,
  refundReasons,
  suggestedRefund,
  type RefundBasis,
  type RefundReason,
} from './refund-rules';

/* docs/product.md, "Constants and limits"'s guarantee, as a table written from its text. */
describe('the refund rules', () => {
  // the rule each row comes from (docs/product.md, "Constants and limits"), in its own words
  const table: [RefundReason, RefundBasis, string][] = [
    ['state_refused', 'full', '100% if the LLC and EIN cannot be delivered'],
    ['ein_not_issued', 'full', '100% if the LLC and EIN cannot be delivered'],
    [
      'country_not_allowed',
      'minus_fee',
      'the US government does not allow citizens of certain countries to form a company: a processing fee of 8% to 11% is deducted',
    ],
    ['documents_rejected', 'minus_fee', 'document-related rejection: a processing fee of 8% to 11% is deducted'],
    ['changed_mind', 'none', 'not a case of the guarantee: the administrator may grant an amount, with a reason'],
    ['other', 'none', 'not a case of the guarantee: the administrator may grant an amount, with a reason'],
  ];

  it('covers every reason once, each by its rule', () => {
    expect(table.map(([reason]) => reason).sort()).toEqual([...refundReasons].sort());
    for (const [reason, basis, why] of table) expect(refundBasis(reason), why).toBe(basis);
  });

  it('the two exceptions owe nothing, whatever the reason given', () => {
    for (const reason of refundReasons) for (const exception of refundExceptions) expect(refundBasis(reason, exception)).toBe('none');
    expect(suggestedRefund({ reason: 'state_refused', exception: 'data_mismatch', paidCents: 39_900 })).toEqual({ basis: 'none', cents: 0, feeCents: 0 });
  });

  it('suggests the full amount, or the amount less the fee rounded to the cent', () => {
    expect(suggestedRefund({ reason: 'state_refused', paidCents: 39_900 })).toEqual({ basis: 'full', cents: 39_900, feeCents: 0 });
    // 10 % of US$399: US$39.90 kept, US$359.10 back (the issue's own example)
    expect(suggestedRefund({ reason: 'country_not_allowed', paidCents: 39_900 })).toEqual({ basis: 'minus_fee', cents: 35_910, feeCents: 3_990 });
    expect(suggestedRefund({ reason: 'documents_rejected', paidCents: 39_900, feePercent: 8 })).toEqual({ basis: 'minus_fee', cents: 36_708, feeCents: 3_192 });
    // 11 % of 39,999 cents is 4,399.89: 4,400 kept (half up), 35,599 back
    expect(suggestedRefund({ reason: 'documents_rejected', paidCents: 39_999, feePercent: 11 })).toEqual({
      basis: 'minus_fee',
      cents: 35_599,
      feeCents: 4_400,
    });
    // 8.5 % of 39,900 is 3,391.5: half up to 3,392
    expect(suggestedRefund({ reason: 'documents_rejected', paidCents: 39_900, feePercent: 8.5 }).feeCents).toBe(3_392);
    expect(suggestedRefund({ reason: 'changed_mind', paidCents: 39_900 })).toEqual({ basis: 'none', cents: 0, feeCents: 0 });
  });

  it('never suggests more than what is left of the payment', () => {
    expect(suggestedRefund({ reason: 'state_refused', paidCents: 39_900, refundedCents: 10_000 }).cents).toBe(29_900);
    expect(suggestedRefund({ reason: 'country_not_allowed', paidCents: 39_900, refundedCents: 39_000 }).cents).toBe(900);
    expect(suggestedRefund({ reason: 'state_refused', paidCents: 39_900, refundedCents: 39_900 }).cents).toBe(0);
    expect(suggestedRefund({ reason: 'state_refused', paidCents: 0 }).cents).toBe(0);
  });

  it('refuses a fee outside 8-11 % and amounts that are not whole cents', () => {
    for (const feePercent of [7.99, 11.01, 0, Number.NaN])
      expect(() => suggestedRefund({ reason: 'documents_rejected', paidCents: 39_900, feePercent })).toThrow(RangeError);
    for (const paidCents of [-1, 399.5]) expect(() => suggestedRefund({ reason: 'state_refused', paidCents })).toThrow(RangeError);
  });

  it("checks the administrator's amount: whole cents, above zero, never above what is left", () => {
    const payment = { paidCents: 39_900, refundedCents: 3_990 };
    expect(refundAmountProblem(35_910, payment)).toBeNull();
    expect(refundAmountProblem(1, payment)).toBeNull();
    expect(refundAmountProblem(35_911, payment)).toBe('above_paid');
    expect(refundAmountProblem(0, payment)).toBe('not_positive');
    expect(refundAmountProblem(-100, payment)).toBe('not_positive');
    expect(refundAmountProblem(100.5, payment)).toBe('not_cents');
  });

  it('promises the refund 10 business days after the approval, weekends skipped', () => {
    // Friday 2026-11-27 → Friday 2026-12-11
    expect(refundDueOn('2026-11-27')).toBe('2026-12-11');
    // Saturday → the Friday two weeks later; across a year's end
    expect(refundDueOn('2026-11-28')).toBe('2026-12-11');
    expect(refundDueOn('2026-12-24')).toBe('2027-01-07');
    expect(() => refundDueOn('27/11/2026')).toThrow(RangeError);
  });

  it('offers only the reasons still possible after what happened to the order', () => {
    expect(applicableRefundReasons([])).toEqual([...refundReasons]);
    expect(applicableRefundReasons(['order_received', 'payment_received', 'filed_with_state'])).toEqual([...refundReasons]);
    expect(applicableRefundReasons(['filed_with_state', 'state_approved'])).toEqual(['ein_not_issued', 'documents_rejected', 'changed_mind', 'other']);
    expect(applicableRefundReasons(['state_approved', 'ein_requested', 'ein_issued'])).toEqual(['changed_mind', 'other']);
  });
});
