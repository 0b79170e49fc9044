import { eq, sql } from 'drizzle-orm';
import { attentionKindsOf, attentionSince, nextAttention, type AttentionReason } from '@shared/attention';
import type { Milestone } from '@shared/milestones';
import { orderState } from '@shared/order-stage';
import type { RefundStatus } from '@shared/refund-rules';
// Db from the schema, not db/client: the data migrations call this module (as promise.ts)
import { orders, type Db } from '../../db/schema';
import { packetProgress } from '../filing/packet-status';

type Facts = {
  previous: AttentionReason[] | null;
  message_after_team: boolean;
  answer_after_team: boolean;
  refund_requested: boolean;
  payment_review: boolean;
  has_partner: boolean;
  has_packet: boolean;
  paid: boolean;
  held: boolean;
  open_requests: number;
  closed_by_refund: boolean;
  amount_refunded: number;
  milestones: Milestone[] | null;
  refund_status: RefundStatus | null;
};

/**
 * Writes what waits for the team's answer on an order (orders.attention, attention_since; ADR
 * 0040) and its stage (orders.stage, src/shared/order-stage.ts) after a change, in the caller's
 * transaction: one read of the order, its thread, milestones, refund requests, payment reviews and
 * partner, then the packet's progress when it has one. Every change the team is told of runs it
 * (live-events.ts publishOrderEvent), so the queue cannot miss one and the lists show the stage
 * the customer reads.
 */
export async function refreshOrderState(tx: Db, orderId: string, now = new Date()): Promise<AttentionReason[]> {
  // both drivers answer raw SQL as { rows } (db/client.ts queryRows, not imported: see above)
  const result = (await tx.execute(sql`
    with last_team as (
      select coalesce(max(created_at), '-infinity'::timestamptz) as at from order_messages where order_id = ${orderId} and from_team
    ),
    customer_since as (
      select m.id, exists(select 1 from order_requests r where r.answer_message_id = m.id) as answers
      from order_messages m, last_team
      where m.order_id = ${orderId} and not m.from_team and m.created_at > last_team.at
    )
    select
      o.attention as previous,
      o.paid_at is not null as paid,
      o.hold_reason is not null as held,
      o.open_requests,
      o.refunded_at is not null as closed_by_refund,
      o.order_amount_refunded as amount_refunded,
      (select array_agg(milestone) from order_milestones where order_id = ${orderId}) as milestones,
      (select status from refund_requests where order_id = ${orderId} order by created_at desc limit 1) as refund_status,
      exists(select 1 from customer_since where not answers) as message_after_team,
      exists(select 1 from customer_since where answers) as answer_after_team,
      exists(select 1 from refund_requests where order_id = ${orderId} and status = 'requested') as refund_requested,
      exists(select 1 from payment_reviews where order_id = ${orderId} and resolved_at is null) as payment_review,
      exists(select 1 from partners where order_id = ${orderId}) as has_partner,
      exists(select 1 from filing_packets where order_id = ${orderId}) as has_packet
    from orders o where o.id = ${orderId}
  `)) as unknown as { rows: Facts[] };
  const row = result.rows[0];
  if (!row) return [];
  const packet = row.has_packet ? await packetProgress(tx, orderId, row.has_partner) : { status: null, organizerSigned: false };
  const reasons = nextAttention(
    row.previous,
    attentionKindsOf({
      messageAfterTeam: row.message_after_team,
      answerAfterTeam: row.answer_after_team,
      refundRequested: row.refund_requested,
      packetReady: packet.status === 'ready_for_review',
      hasPartner: row.has_partner,
      paymentReview: row.payment_review,
    }),
    now,
  );
  const { stage } = orderState({
    paid: row.paid,
    held: row.held,
    milestones: row.milestones ?? [],
    packet: packet.status,
    organizerSigned: packet.organizerSigned,
    openRequests: Number(row.open_requests),
    refund: row.refund_status,
    closedByRefund: row.closed_by_refund,
    amountRefunded: Number(row.amount_refunded),
  });
  const since = attentionSince(reasons);
  await tx
    .update(orders)
    .set({ attention: reasons.length ? reasons : null, attentionSince: since ? new Date(since) : null, stage })
    .where(eq(orders.id, orderId));
  return reasons;
}
