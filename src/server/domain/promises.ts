import { and, eq, gte, isNotNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { orderPromiseKinds, promiseWindowHours, type OrderPromiseKind, type PromiseHours } from '@shared/promised-times';
import { orders, supportTickets, ticketMessages } from '../db/schema';

/*
 * What is due when, in SQL (ADR 0031), for the queue, its overdue emails and the tickets
 * list: an order's promise is stored as its kind and its clock's start, so "due before t" is, per
 * kind, "started before t minus that kind's hours" (ranges of orders_promise_idx); a ticket is due
 * SUPPORT_REPLY_HOURS after it was sent while it is open and has no reply.
 */

const hourMs = 3_600_000;

/**
 * Orders whose promise falls due in [`after`, `before`] (either bound open), by kind; of the given
 * kinds only when a caller reads one kind at a time (the planner estimates one kind's range well,
 * but that range ANDed with the other kinds' alternatives as one row, and plans for it).
 */
export function orderDueBetween(hours: PromiseHours, after: Date | null, before: Date | null, kinds: readonly OrderPromiseKind[] = orderPromiseKinds): SQL {
  return or(
    ...kinds.map((kind) => {
      const shiftMs = promiseWindowHours(kind, hours).to * hourMs;
      return and(
        eq(orders.promiseKind, kind),
        after ? gte(orders.promiseFrom, new Date(after.getTime() - shiftMs)) : undefined,
        before ? lte(orders.promiseFrom, new Date(before.getTime() - shiftMs)) : undefined,
      );
    }),
  )!;
}

/**
 * Orders whose oldest unanswered reason (orders.attention_since, ADR 0040) falls due in [`after`,
 * `before`]: the team answers within the support reply time, as a ticket.
 */
export const attentionDueBetween = (hours: PromiseHours, after: Date | null, before: Date | null) =>
  and(
    isNotNull(orders.attentionSince),
    after ? gte(orders.attentionSince, new Date(after.getTime() - hours.supportReply * hourMs)) : undefined,
    before ? lte(orders.attentionSince, new Date(before.getTime() - hours.supportReply * hourMs)) : undefined,
  )!;

/** When an order's reasons fall due: the support reply time after the oldest began. */
export const attentionDueAt = (since: Date, hours: PromiseHours) => new Date(since.getTime() + hours.supportReply * hourMs);

/** An open ticket the team has not replied to yet (a reply answers it; support.service.ts). */
const ticketWaitsForReply = and(
  eq(supportTickets.status, 'open'),
  notExists(sql`(select 1 from ${ticketMessages} m where m.ticket_id = ${supportTickets.id} and m.kind = 'reply')`),
)!;
export const ticketDueBetween = (hours: PromiseHours, after: Date | null, before: Date | null) =>
  and(
    ticketWaitsForReply,
    after ? gte(supportTickets.createdAt, new Date(after.getTime() - hours.supportReply * hourMs)) : undefined,
    before ? lte(supportTickets.createdAt, new Date(before.getTime() - hours.supportReply * hourMs)) : undefined,
  )!;
