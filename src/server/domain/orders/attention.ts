import { eq, sql } from 'drizzle-orm';
import { attentionKindsOf, attentionSince, nextAttention, type AttentionReason } from '@shared/attention';
// Db from the schema, not db/client: the data migrations call this module (as promise.ts)
import { orders, type Db } from '../../db/schema';
import { packetProgress } from '../filing/packet-status';

/**
 * Writes what waits for the team's answer on an order (orders.attention, attention_since; ADR
 * 0040) after a change, in the caller's transaction: one read of the thread, the refund request,
 * the payment reviews and the partner, then the packet's progress when it has one. Every change
 * the team is told of runs it (live-events.ts publishOrderEvent), so the queue cannot miss one.
 */
export async function refreshOrderAttention(tx: Db, orderId: string, now = new Date()): Promise<AttentionReason[]> {
  type Facts = {
    previous: AttentionReason[] | null;
    message_after_team: boolean;
    answer_after_team: boolean;
    refund_requested: boolean;
    payment_review: boolean;
    has_partner: boolean;
    has_packet: boolean;
  };
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
      (select attention from orders where id = ${orderId}) as previous,
      exists(select 1 from customer_since where not answers) as message_after_team,
      exists(select 1 from customer_since where answers) as answer_after_team,
      exists(select 1 from refund_requests where order_id = ${orderId} and status = 'requested') as refund_requested,
      exists(select 1 from payment_reviews where order_id = ${orderId} and resolved_at is null) as payment_review,
      exists(select 1 from partners where order_id = ${orderId}) as has_partner,
      exists(select 1 from filing_packets where order_id = ${orderId}) as has_packet
  `)) as unknown as { rows: Facts[] };
  const row = result.rows[0];
  if (!row) return [];
  const packet = row.has_packet ? await packetProgress(tx, orderId, row.has_partner) : null;
  const reasons = nextAttention(
    row.previous,
    attentionKindsOf({
      messageAfterTeam: row.message_after_team,
      answerAfterTeam: row.answer_after_team,
      refundRequested: row.refund_requested,
      packetReady: packet?.status === 'ready_for_review',
      hasPartner: row.has_partner,
      paymentReview: row.payment_review,
    }),
    now,
  );
  const since = attentionSince(reasons);
  await tx
    .update(orders)
    .set({ attention: reasons.length ? reasons : null, attentionSince: since ? new Date(since) : null })
    .where(eq(orders.id, orderId));
  return reasons;
}
