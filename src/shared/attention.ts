/*
 * What waits for the team's answer on an order (docs/decisions/0040): each customer event that needs
 * an answer, a decision or a review is a reason, kept on the order with the moment the product first
 * saw it. The team promises to answer within the support reply time (SUPPORT_REPLY_HOURS, default
 * 12: "email support response within 12 hours", docs/product.md "Promises"); the queue lists the
 * order once, with all its reasons, until each is handled.
 */

export const attentionKinds = [
  /** the customer wrote in the thread after the team's last message */
  'message',
  /** the customer answered one of the team's requests (a reply or a file) after the team's last message */
  'request_answered',
  /** a refund request waits for a decision */
  'refund_requested',
  /** every signature is in (the organizer's only: no partner) and the packet waits for the team's review */
  'packet_ready',
  /** the partner signed too: the packet waits for the team's review */
  'partner_signed',
  /** the payment provider's event did not match the order (ADR 0033): a person must look */
  'payment_review',
] as const;
export type AttentionKind = (typeof attentionKinds)[number];

/** One reason and when it began (ISO instant). */
export type AttentionReason = { kind: AttentionKind; since: string };

/** Which kinds hold now, from the order's sources (domain/orders/order-state.ts reads them). */
export type AttentionFacts = {
  messageAfterTeam: boolean;
  answerAfterTeam: boolean;
  refundRequested: boolean;
  packetReady: boolean;
  hasPartner: boolean;
  paymentReview: boolean;
};

export function attentionKindsOf(facts: AttentionFacts): AttentionKind[] {
  const kinds: AttentionKind[] = [];
  if (facts.messageAfterTeam) kinds.push('message');
  if (facts.answerAfterTeam) kinds.push('request_answered');
  if (facts.refundRequested) kinds.push('refund_requested');
  if (facts.packetReady) kinds.push(facts.hasPartner ? 'partner_signed' : 'packet_ready');
  if (facts.paymentReview) kinds.push('payment_review');
  return kinds;
}

/**
 * The reasons after a change at `now`: a reason that already held keeps the moment it began (a
 * second message does not restart the clock of the first), a new one begins now, a handled one goes.
 */
export function nextAttention(previous: readonly AttentionReason[] | null, kinds: readonly AttentionKind[], now: Date): AttentionReason[] {
  const began = new Map((previous ?? []).map((reason) => [reason.kind, reason.since]));
  return kinds.map((kind) => ({ kind, since: began.get(kind) ?? now.toISOString() }));
}

/** The earliest moment among the reasons, which the queue's clock counts from; null when nothing waits. */
export function attentionSince(reasons: readonly AttentionReason[]): string | null {
  return reasons.reduce<string | null>((earliest, reason) => (earliest === null || reason.since < earliest ? reason.since : earliest), null);
}
