import { describe, expect, it } from 'vitest';
import { packetStatuses, type PacketStatus } from './filing/facts';
import { milestones, type Milestone } from './milestones';
import { isStatusOverride, orderState, statusOfMilestones, type StageFacts } from './order-stage';
import { refundStatuses, type RefundStatus } from './refund-rules';

const base: StageFacts = {
  paid: true,
  held: false,
  milestones: ['order_received', 'payment_received'],
  packet: null,
  organizerSigned: false,
  openRequests: 0,
  refund: null,
  closedByRefund: false,
  amountRefunded: 0,
};
const upTo = (milestone: Milestone) => milestones.slice(0, milestones.indexOf(milestone) + 1);
const teamMilestones = ['filed_with_state', 'state_approved', 'ein_requested', 'ein_issued', 'documents_ready'] as const;

describe('the order stage: one state from the payment, milestones, packet and refund', () => {
  it('tells the journey of one order the same way at every step', () => {
    const steps: [Partial<StageFacts>, string, string, string][] = [
      [{ paid: false, milestones: ['order_received'] }, 'awaiting_payment', 'pending_payment', 'pay'],
      [{ paid: false, held: true, milestones: ['order_received'] }, 'on_hold', 'pending_payment', 'none'],
      [{}, 'details_needed', 'paid', 'complete_details'],
      [{ packet: 'details_missing' }, 'details_needed', 'paid', 'complete_details'],
      [{ packet: 'awaiting_signatures' }, 'signatures_needed', 'paid', 'sign'],
      [{ packet: 'awaiting_signatures', organizerSigned: true }, 'signatures_needed', 'paid', 'none'],
      [{ packet: 'ready_for_review', organizerSigned: true }, 'team_review', 'paid', 'none'],
      [{ packet: 'approved', organizerSigned: true }, 'preparing_filing', 'paid', 'none'],
      [{ packet: 'filed', milestones: upTo('filed_with_state') }, 'filed', 'processing', 'none'],
      [{ packet: 'filed', milestones: upTo('state_approved') }, 'state_approved', 'processing', 'none'],
      [{ packet: 'filed', milestones: upTo('ein_requested') }, 'ein_requested', 'processing', 'none'],
      [{ packet: 'filed', milestones: upTo('ein_issued') }, 'ein_issued', 'completed', 'none'],
      [{ packet: 'filed', milestones: upTo('documents_ready') }, 'completed', 'completed', 'none'],
    ];
    for (const [facts, stage, status, next] of steps)
      expect(orderState({ ...base, ...facts }), JSON.stringify(facts)).toEqual({ stage, status, next, refundOpen: false });
  });

  it('a partial refund leaves the order where it was; only a refund that closes it ends it', () => {
    const partial = orderState({ ...base, packet: 'filed', milestones: upTo('filed_with_state'), refund: 'refunded', amountRefunded: 5000 });
    expect(partial).toEqual({ stage: 'filed', status: 'processing', next: 'none', refundOpen: false });
    expect(orderState({ ...base, refund: 'refunded', amountRefunded: 39900, closedByRefund: true })).toMatchObject({ stage: 'refunded', next: 'none' });
    expect(orderState({ ...base, refund: 'declined', closedByRefund: true })).toMatchObject({ stage: 'closed', next: 'none' });
    expect(orderState({ ...base, refund: 'requested' })).toMatchObject({ stage: 'details_needed', refundOpen: true });
  });

  it('holds over every combination of payment, milestones, packet and refund', () => {
    const milestoneSets: Milestone[][] = [['order_received'], ['order_received', 'payment_received'], ...teamMilestones.map(upTo)];
    const packets: (PacketStatus | null)[] = [null, ...packetStatuses];
    const refunds: (RefundStatus | null)[] = [null, ...refundStatuses];
    let checked = 0;
    for (const paid of [false, true])
      for (const held of [false, true])
        for (const recorded of milestoneSets)
          for (const packet of packets)
            for (const refund of refunds)
              for (const closedByRefund of [false, true])
                for (const openRequests of [0, 1])
                  for (const organizerSigned of [false, true]) {
                    const facts: StageFacts = {
                      paid,
                      held,
                      milestones: recorded,
                      packet,
                      organizerSigned,
                      openRequests,
                      refund,
                      closedByRefund,
                      amountRefunded: refund === 'refunded' ? 1000 : 0,
                    };
                    const state = orderState(facts);
                    const teamMilestone = [...teamMilestones].reverse().find((milestone) => recorded.includes(milestone));
                    // the status follows the milestones, whatever the packet or the refund
                    expect(state.status).toBe(
                      !paid
                        ? 'pending_payment'
                        : teamMilestone === 'ein_issued' || teamMilestone === 'documents_ready'
                          ? 'completed'
                          : teamMilestone
                            ? 'processing'
                            : 'paid',
                    );
                    expect(state.refundOpen).toBe(refund === 'requested' || refund === 'approved' || refund === 'failed');
                    if (closedByRefund) {
                      expect(state).toMatchObject({ stage: refund === 'refunded' ? 'refunded' : 'closed', next: 'none' });
                    } else if (!paid) {
                      expect(state).toMatchObject({ stage: held ? 'on_hold' : 'awaiting_payment', next: held ? 'none' : 'pay' });
                    } else {
                      // a milestone the team recorded outranks the packet: the filing happened
                      if (teamMilestone) expect(state.stage).not.toMatch(/details_needed|signatures_needed|team_review|preparing_filing/);
                      else
                        expect(state.stage).toBe(
                          {
                            details_missing: 'details_needed',
                            awaiting_signatures: 'signatures_needed',
                            ready_for_review: 'team_review',
                            approved: 'preparing_filing',
                            filed: 'filed',
                          }[packet ?? 'details_missing'],
                        );
                      // a request from the team comes first; otherwise the customer acts only on the packet
                      const expected = openRequests
                        ? 'answer_request'
                        : state.stage === 'details_needed'
                          ? 'complete_details'
                          : state.stage === 'signatures_needed' && !organizerSigned
                            ? 'sign'
                            : 'none';
                      expect(state.next).toBe(expected);
                    }
                    checked++;
                  }
    expect(checked).toBe(2 * 2 * 7 * 6 * 7 * 2 * 2 * 2);
  });

  it('names a status an administrator chose against the milestones as an override', () => {
    expect(statusOfMilestones(true, upTo('payment_received'))).toBe('paid');
    expect(isStatusOverride('paid', true, upTo('ein_issued'))).toBe(true);
    expect(isStatusOverride('completed', true, upTo('ein_issued'))).toBe(false);
    expect(isStatusOverride('processing', false, ['order_received'])).toBe(true);
  });
});
