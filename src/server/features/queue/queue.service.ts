import { and, asc, count, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { dueTodayWindowMs, orderPromiseKinds, promiseOfClock, ticketPromise, type OrderPromiseKind, type PromiseHours } from '@shared/promised-times';
import { queueSections, type QueueSection, type TQueue, type TQueueItem } from '@shared/queue';
import type { Db } from '@server/db/client';
import { orderRequests, orders, paymentReviews, supportTickets, users } from '@server/db/schema';
import { orderDueBetween, ticketDueBetween } from '@server/domain/promises';

/*
 * The admin queue (ADR 0031). An order's promise is stored as its kind and its clock's
 * start (domain/orders/promise.ts); the hours are configuration, so "due before t" is, per kind,
 * "started before t minus that kind's hours": three ranges of orders_promise_idx. A ticket is due
 * SUPPORT_REPLY_HOURS after it was sent while it is open and has no reply.
 */

export type QueueOptions = {
  now: Date;
  hours: PromiseHours;
  /** an administrator's id, 'unassigned', or undefined for anyone (`mine` is resolved by the route) */
  owner: string | undefined;
  limit: number;
};

function ownerIs(column: typeof orders.assigneeId | typeof supportTickets.assigneeId, owner: string | undefined): SQL | undefined {
  if (owner === undefined) return undefined;
  return owner === 'unassigned' ? isNull(column) : eq(column, owner);
}

/**
 * What each section holds, for orders and for tickets (null: tickets have no place there). The
 * promise sections' orders are given for one kind too (`ofKind`), read apart by orderItems.
 */
function sectionConditions(
  section: QueueSection,
  { now, hours, owner }: QueueOptions,
): { orders: SQL; ofKind?: (kind: OrderPromiseKind) => SQL; tickets: SQL | null } {
  const justBefore = new Date(now.getTime() - 1);
  const inADay = new Date(now.getTime() + dueTodayWindowMs);
  /** the orders and tickets falling due in [after, before] */
  const dueBetween = (after: Date | null, before: Date | null) => {
    const ordersDue = (kinds?: readonly OrderPromiseKind[]) => and(orderDueBetween(hours, after, before, kinds), ownerIs(orders.assigneeId, owner))!;
    return {
      orders: ordersDue(),
      ofKind: (kind: OrderPromiseKind) => ordersDue([kind]),
      tickets: and(ticketDueBetween(hours, after, before), ownerIs(supportTickets.assigneeId, owner))!,
    };
  };
  switch (section) {
    // promised-times.ts promiseState: overdue once past the due moment; due today within the next 24 hours
    case 'overdue':
      return dueBetween(null, justBefore);
    case 'dueToday':
      return dueBetween(now, inADay);
    // the pool to take work from: shown whatever the owner filter says
    case 'unassigned':
      return {
        orders: and(isNotNull(orders.promiseKind), isNull(orders.assigneeId))!,
        ofKind: (kind) => and(eq(orders.promiseKind, kind), isNull(orders.assigneeId))!,
        tickets: and(eq(supportTickets.status, 'open'), isNull(supportTickets.assigneeId))!,
      };
    case 'waiting':
      return { orders: and(gt(orders.openRequests, 0), ownerIs(orders.assigneeId, owner))!, tickets: null };
    // held orders here; the open payment reviews are added by adminQueue (they have no owner)
    case 'reviews':
      return { orders: and(isNotNull(orders.holdReason), eq(orders.status, 'pending_payment'), ownerIs(orders.assigneeId, owner))!, tickets: null };
  }
}

/** Computed for the rows shown only: the waiting section is ordered by the order's age, not by this. */
const firstRequestDue = sql<string | null>`(select min(r.due_on)::text from ${orderRequests} r where r.order_id = ${orders.id} and r.status = 'open')`;

/**
 * A section's orders, `limit` of them. The promise sections read each kind apart in its clock's
 * order (due = start + that kind's hours, so the same order), each an ordered index range with a
 * limit, then merge: sorting every late order by its due moment cost 17 ms at 18,000 late orders.
 */
async function orderItems(
  db: Db,
  where: { orders: SQL; ofKind?: (kind: OrderPromiseKind) => SQL },
  options: QueueOptions,
): Promise<(TQueueItem & { type: 'order' })[]> {
  const { ofKind } = where;
  if (!ofKind) return orderRows(db, where.orders, [asc(orders.createdAt), asc(orders.id)], options);
  const perKind = await Promise.all(orderPromiseKinds.map((kind) => orderRows(db, ofKind(kind), [asc(orders.promiseFrom), asc(orders.id)], options)));
  return perKind
    .flat()
    .sort((a, b) => a.promise!.dueAt.localeCompare(b.promise!.dueAt))
    .slice(0, options.limit);
}

async function orderRows(db: Db, where: SQL, order: SQL[], options: QueueOptions): Promise<(TQueueItem & { type: 'order' })[]> {
  const rows = await db
    .select({
      id: orders.id,
      companyName1: orders.companyName1,
      organizerName: orders.organizerName,
      status: orders.status,
      promiseKind: orders.promiseKind,
      promiseFrom: orders.promiseFrom,
      assigneeId: orders.assigneeId,
      assigneeName: users.name,
      openRequests: orders.openRequests,
      requestDueOn: firstRequestDue,
      holdReason: orders.holdReason,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.assigneeId))
    .where(where)
    .orderBy(...order)
    .limit(options.limit);
  return rows.map((row) => ({
    type: 'order' as const,
    id: row.id,
    companyName1: row.companyName1,
    organizerName: row.organizerName,
    status: row.status,
    promise: row.promiseKind && row.promiseFrom ? promiseOfClock({ kind: row.promiseKind, startsAt: row.promiseFrom.toISOString() }, options.hours) : null,
    assignee: row.assigneeId && row.assigneeName !== null ? { id: row.assigneeId, name: row.assigneeName } : null,
    openRequests: row.openRequests,
    requestDueOn: row.requestDueOn,
    holdReason: row.holdReason,
  }));
}

async function ticketItems(db: Db, where: SQL, options: QueueOptions): Promise<(TQueueItem & { type: 'ticket' })[]> {
  const rows = await db
    .select({
      id: supportTickets.id,
      name: supportTickets.name,
      email: supportTickets.email,
      excerpt: sql<string>`left(${supportTickets.supportMessage}, 160)`,
      status: supportTickets.status,
      createdAt: supportTickets.createdAt,
      assigneeId: supportTickets.assigneeId,
      assigneeName: users.name,
    })
    .from(supportTickets)
    .leftJoin(users, eq(users.id, supportTickets.assigneeId))
    .where(where)
    .orderBy(asc(supportTickets.createdAt), asc(supportTickets.id))
    .limit(options.limit);
  return rows.map((row) => ({
    type: 'ticket',
    id: row.id,
    name: row.name,
    email: row.email,
    excerpt: row.excerpt,
    // the rows of a section all wait for a reply (or are open and unassigned, replied or not: then shown without a promise)
    promise: ticketPromise({ status: row.status, lastCustomerMessageAt: row.createdAt.toISOString() }, options.hours),
    assignee: row.assigneeId && row.assigneeName !== null ? { id: row.assigneeId, name: row.assigneeName } : null,
  }));
}

const dueOf = (item: TQueueItem) => (item.type === 'review' ? item.createdAt : (item.promise?.dueAt ?? '9999'));

/**
 * GET /api/admin/queue: each section's count and its first `limit` items, the most urgent first
 * (earliest due; the oldest review or hold). Orders and tickets of a section are merged by due.
 */
export async function adminQueue(db: Db, options: QueueOptions): Promise<TQueue> {
  const answers = await Promise.all(queueSections.map((section) => sectionOf(db, section, options)));
  return {
    now: options.now.toISOString(),
    counts: Object.fromEntries(queueSections.map((section, i) => [section, answers[i]!.total])) as TQueue['counts'],
    sections: Object.fromEntries(queueSections.map((section, i) => [section, answers[i]!.items])) as TQueue['sections'],
  };
}

/** One section: its count and its first items (the section's queries side by side). */
async function sectionOf(db: Db, section: QueueSection, options: QueueOptions): Promise<{ total: number; items: TQueueItem[] }> {
  const where = sectionConditions(section, options);
  const noTickets = Promise.resolve([{ n: 0 }]);
  const [[orderCount], [ticketCount], orderList, ticketList, [reviewCount], reviews] = await Promise.all([
    db.select({ n: count() }).from(orders).where(where.orders),
    where.tickets ? db.select({ n: count() }).from(supportTickets).where(where.tickets) : noTickets,
    orderItems(db, where, options),
    where.tickets ? ticketItems(db, where.tickets, options) : Promise.resolve([]),
    section === 'reviews' ? db.select({ n: count() }).from(paymentReviews).where(isNull(paymentReviews.resolvedAt)) : noTickets,
    section === 'reviews' ? openReviews(db, options.limit) : Promise.resolve([]),
  ]);
  const items: TQueueItem[] = [...reviews, ...orderList, ...ticketList];
  if (section !== 'waiting' && section !== 'reviews') items.sort((a, b) => dueOf(a).localeCompare(dueOf(b)));
  return { total: orderCount!.n + ticketCount!.n + reviewCount!.n, items: items.slice(0, options.limit) };
}

/** The payment reviews still open, oldest first: they have no owner, so every administrator sees them. */
async function openReviews(db: Db, limit: number): Promise<TQueueItem[]> {
  const rows = await db
    .select({
      id: paymentReviews.id,
      orderId: paymentReviews.orderId,
      reason: paymentReviews.reason,
      amount: paymentReviews.amount,
      currency: paymentReviews.currency,
      createdAt: paymentReviews.createdAt,
    })
    .from(paymentReviews)
    .where(isNull(paymentReviews.resolvedAt))
    .orderBy(asc(paymentReviews.createdAt))
    .limit(limit);
  return rows.map((review) => ({ type: 'review' as const, ...review, createdAt: review.createdAt.toISOString() }));
}
