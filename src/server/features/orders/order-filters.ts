import { and, asc, desc, eq, gt, gte, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderSort, TAdminOrderFilters } from '@shared/admin';
import { orders, paymentReviews, refundRequests } from '@server/db/schema';
import { searchPattern } from '@server/domain/search/order-search';

/*
 * The admin list's filters and orders, shared by the paged list and the CSV export.
 * Each filter has an index in the list's keyset order (drizzle/0009): status, LLC state and
 * nationality each (column, created_at desc, id desc); the date range reads created_at itself.
 */

/** Workflow order of the statuses; the same expression as the index orders_status_rank_created_at_id_idx. */
export const statusRank = sql<number>`(CASE ${orders.status} WHEN 'pending_payment' THEN 0 WHEN 'paid' THEN 1 WHEN 'processing' THEN 2 ELSE 3 END)`;

/** A UTC day as an instant: `from` includes its day, `to` too (the bound is the next midnight). */
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000);

/** Every filter but the status: the status tabs count with these (a new one joins narrowedBeyondDates, @shared/list-counts). */
export function filtersWithoutStatus(filters: TAdminOrderFilters): SQL | undefined {
  return and(
    filters.q ? like(orders.searchText, searchPattern(filters.q)) : undefined,
    filters.state ? eq(orders.llcState, filters.state) : undefined,
    filters.nationality ? eq(orders.nationality, filters.nationality) : undefined,
    filters.from ? gte(orders.createdAt, dayStart(filters.from)) : undefined,
    filters.to ? lt(orders.createdAt, dayStart(filters.to, 1)) : undefined,
    // a partial index in the keyset order: orders_open_requests_created_at_id_idx
    filters.requests === 'open' ? gt(orders.openRequests, 0) : undefined,
    // rare rows, read by their partial index refund_requests_waiting_idx
    filters.refund === 'requested' ? sql`exists (select 1 from ${refundRequests} r where r.order_id = ${orders.id} and r.status = 'requested')` : undefined,
    // `mine` is turned into the viewer's id by the route (domain/assignment.ts ownerId)
    filters.owner === 'unassigned' ? isNull(orders.assigneeId) : filters.owner ? eq(orders.assigneeId, filters.owner) : undefined,
  );
}

export function orderFilters(filters: TAdminOrderFilters): SQL | undefined {
  return and(filtersWithoutStatus(filters), filters.status ? eq(orders.status, filters.status) : undefined);
}

/**
 * The rows after the cursor's, in the sort's order. The cursor is an order id; its created_at is
 * read in the database (microseconds, ADR 0008). Row comparisons need one direction for every
 * key, so "status" runs ascending throughout (oldest first within a status: a work queue).
 */
export function afterCursor(sort: AdminOrderSort, cursor: string): SQL {
  const at = sql`(select o.created_at from ${orders} o where o.id = ${cursor})`;
  switch (sort) {
    case 'newest':
      return sql`(${orders.createdAt}, ${orders.id}) < (${at}, ${cursor}::uuid)`;
    case 'oldest':
      return sql`(${orders.createdAt}, ${orders.id}) > (${at}, ${cursor}::uuid)`;
    case 'status': {
      const rank = sql`(select CASE o.status WHEN 'pending_payment' THEN 0 WHEN 'paid' THEN 1 WHEN 'processing' THEN 2 ELSE 3 END from ${orders} o where o.id = ${cursor})`;
      return sql`(${statusRank}, ${orders.createdAt}, ${orders.id}) > (${rank}, ${at}, ${cursor}::uuid)`;
    }
  }
}

export function sortOrder(sort: AdminOrderSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(orders.createdAt), desc(orders.id)];
    case 'oldest':
      return [asc(orders.createdAt), asc(orders.id)];
    case 'status':
      return [asc(statusRank), asc(orders.createdAt), asc(orders.id)];
  }
}

/** An unresolved payment review is open on the order (index payment_reviews_open_order_id_idx). */
export const underPaymentReview = sql<boolean>`exists (select 1 from ${paymentReviews} r where r.order_id = "orders"."id" and r.resolved_at is null)`;

/** Since when the order's refund request waits for a decision, read per listed row by refund_requests_order_idx. */
export const refundRequestedAt =
  sql<Date | null>`(select min(r.created_at) from ${refundRequests} r where r.order_id = ${orders.id} and r.status = 'requested')`.mapWith(
    refundRequests.createdAt,
  );
