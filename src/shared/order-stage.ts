import type { PacketStatus } from './filing/facts';
import { milestones, type Milestone } from './milestones';
import type { OrderStatus } from './order-status';
import type { RefundStatus } from './refund-rules';

/*
 * One state per order, derived from what happened: the payment, the milestones, the filing packet
 * and the refund. The dashboard, the team's pages, the emails and the API all read it from here, so
 * the order is told one way (docs/product.md, "Order statuses"). The four statuses stay; they follow
 * the milestones unless an administrator set one by hand, which is then an override.
 */

/** Where an order is, in the order it gets there; the last two end it. */
export const orderStages = [
  'awaiting_payment',
  'on_hold',
  'details_needed',
  'signatures_needed',
  'team_review',
  'preparing_filing',
  'filed',
  'state_approved',
  'ein_requested',
  'ein_issued',
  'completed',
  'refunded',
  'closed',
] as const;
export type OrderStage = (typeof orderStages)[number];

/** What the customer should do now; `none` when the team has the next move. */
export const customerSteps = ['pay', 'answer_request', 'complete_details', 'sign', 'none'] as const;
export type CustomerStep = (typeof customerSteps)[number];

export interface StageFacts {
  /** the payment was confirmed by the provider */
  paid: boolean;
  /** waiting for an administrator's review before it can be paid (ADR 0012) */
  held: boolean;
  /** the milestones recorded so far (any order; the system's included or not) */
  milestones: readonly Milestone[];
  /** the filing packet's state; null before the customer started it */
  packet: PacketStatus | null;
  /** the organizer has signed what the packet asks them to sign */
  organizerSigned: boolean;
  /** the team's requests in the thread still waiting for the customer */
  openRequests: number;
  /** the latest refund request's status, null when none was made */
  refund: RefundStatus | null;
  /** a refund decision closed the order (a partial refund does not, unless the team said so) */
  closedByRefund: boolean;
  /** cents given back so far */
  amountRefunded: number;
}

export interface OrderState {
  stage: OrderStage;
  /** the status the milestones imply; an administrator's other choice is an override */
  status: OrderStatus;
  next: CustomerStep;
  /** a refund request the team has yet to finish (asked, approved but not paid out, or failed) */
  refundOpen: boolean;
}

/** The furthest milestone recorded, by the milestones' order. */
function furthest(recorded: readonly Milestone[]): Milestone | null {
  let index = -1;
  for (const milestone of recorded) index = Math.max(index, milestones.indexOf(milestone));
  return index < 0 ? null : milestones[index]!;
}

/**
 * The status the milestones imply: unpaid until the payment; paid until the first milestone the
 * team records (filing); processing from then; completed once the EIN is issued or the documents
 * are delivered.
 */
export function statusOfMilestones(paid: boolean, recorded: readonly Milestone[]): OrderStatus {
  if (!paid) return 'pending_payment';
  const last = furthest(recorded);
  if (last === 'ein_issued' || last === 'documents_ready') return 'completed';
  if (last && milestones.indexOf(last) >= milestones.indexOf('filed_with_state')) return 'processing';
  return 'paid';
}

const stageOfMilestone: Partial<Record<Milestone, OrderStage>> = {
  filed_with_state: 'filed',
  state_approved: 'state_approved',
  ein_requested: 'ein_requested',
  ein_issued: 'ein_issued',
  documents_ready: 'completed',
};

const stageOfPacket: Record<PacketStatus, OrderStage> = {
  details_missing: 'details_needed',
  awaiting_signatures: 'signatures_needed',
  ready_for_review: 'team_review',
  approved: 'preparing_filing',
  filed: 'filed',
};

/** The order's one state, from its facts. */
export function orderState(facts: StageFacts): OrderState {
  const status = statusOfMilestones(facts.paid, facts.milestones);
  const refundOpen = facts.refund === 'requested' || facts.refund === 'approved' || facts.refund === 'failed';
  if (facts.closedByRefund) return { stage: facts.amountRefunded > 0 ? 'refunded' : 'closed', status, next: 'none', refundOpen };
  if (!facts.paid) return { stage: facts.held ? 'on_hold' : 'awaiting_payment', status, next: facts.held ? 'none' : 'pay', refundOpen };

  const last = furthest(facts.milestones);
  const byMilestone = last ? stageOfMilestone[last] : undefined;
  const stage = byMilestone ?? stageOfPacket[facts.packet ?? 'details_missing'];
  let next: CustomerStep = 'none';
  if (facts.openRequests > 0) next = 'answer_request';
  else if (stage === 'details_needed') next = 'complete_details';
  else if (stage === 'signatures_needed' && !facts.organizerSigned) next = 'sign';
  return { stage, status, next, refundOpen };
}

/** Whether an administrator's status disagrees with what the milestones imply (shown as an override). */
export const isStatusOverride = (status: OrderStatus, paid: boolean, recorded: readonly Milestone[]): boolean => status !== statusOfMilestones(paid, recorded);
