import { and, asc, count, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dueTodayWindowMs, orderPromiseKinds, promiseOfClock, ticketPromise, type PromiseHours } from '@shared/promised-times';
import { queueSections, type QueueSection, type TQueue, type TQueueItem } from '@shared/queue';
import type { Db } from '@server/db/client';
import { orderRequests, orders, paymentReviews, supportTickets, users } from '@server/db/schema';
import { attentionDueAt, attentionDueBetween, orderDueBetween, ticketDueBetween } from '@server/domain/promises';

/*
 * The admin queue (ADRs 0031, 0040). An order's promise is stored as its kind and its clock's
 * start (domain/orders/promise.ts); the hours are configuration, so "due before t" is, per kind,
 * "started before t minus that kind's hours": three ranges of orders_promise_idx. What waits for
 * the team's answer (orders.attention_since) is due SUPPORT_REPLY_HOURS after it began, as a ticket
 * is after it was sent while it is open and has no reply. Each item is listed once, in the first
 * section that holds it, so the counts are the rows.
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

/** Each item once: a section lists what no section before it in this order lists (ADR 0040). */
const precedence = ['overdue', 'dueToday', 'unassigned', 'waiting', 'reviews'] as const satisfies readonly QueueSection[];

/** A condition that is false, not unknown, where its columns are null: so that `not` of it keeps those rows. */
const holds = (condition: SQL) => sql`coalesce((${condition}), false)`;
const without = (condition: SQL | undefined, ...listed: SQL[]) => and(condition, ...listed.map((earlier) => sql`not ${holds(earlier)}`))!;

type Stream = { where: SQL; order: SQL[] };
type SectionWhere = { orders: SQL; streams: Stream[]; tickets: SQL | null };

/**
 * What each section holds, before the sections above it are taken out: an order's due moment is
 * its promise's or its oldest unanswered reason's, whichever is earlier; the pool is every order
 * with something promised or waiting and no owner; held orders are the reviews.
 */
function baseConditions({ now, hours, owner }: QueueOptions): Record<QueueSection, { orders: SQL; tickets: SQL | null }> {
  const justBefore = new Date(now.getTime() - 1);
  const inADay = new Date(now.getTime() + dueTodayWindowMs);
  const ordersDue = (after: Date | null, before: Date | null) =>
    and(or(orderDueBetween(hours, after, before), attentionDueBetween(hours, after, before)), ownerIs(orders.assigneeId, owner))!;
  const ticketsDue = (after: Date | null, before: Date | null) => and(ticketDueBetween(hours, after, before), ownerIs(supportTickets.assigneeId, owner))!;
  return {
    // promised-times.ts promiseState: overdue once past the due moment; due today within the next 24 hours
    overdue: { orders: ordersDue(null, justBefore), tickets: ticketsDue(null, justBefore) },
    dueToday: { orders: ordersDue(now, inADay), tickets: ticketsDue(now, inADay) },
    // the pool to take work from: whatever the owner filter says
    unassigned: {
      orders: and(isNull(orders.assigneeId), or(isNotNull(orders.promiseKind), isNotNull(orders.attentionSince)))!,
      tickets: and(eq(supportTickets.status, 'open'), isNull(supportTickets.assigneeId))!,
    },
    waiting: { orders: and(gt(orders.openRequests, 0), ownerIs(orders.assigneeId, owner))!, tickets: null },
    // held orders here; the open payment reviews of no order are added by adminQueue (they have no owner)
    reviews: { orders: and(isNotNull(orders.holdReason), eq(orders.status, 'pending_payment'), ownerIs(orders.assigneeId, owner))!, tickets: null },
  };
}

/** Each section without what an earlier one (in `precedence`) lists, with the index-ordered streams its rows are read from. */
function sectionConditions(section: QueueSection, options: QueueOptions): SectionWhere {
  const base = baseConditions(options);
  const earlier = precedence.slice(0, precedence.indexOf(section));
  const orderWhere = without(base[section].orders, ...earlier.map((above) => base[above].orders));
  const ticketBase = base[section].tickets;
  const tickets = ticketBase && without(ticketBase, ...earlier.flatMap((above) => base[above].tickets ?? []));
  const byAge: Stream[] = [{ where: orderWhere, order: [asc(orders.createdAt), asc(orders.id)] }];
  if (section === 'waiting' || section === 'reviews') return { orders: orderWhere, streams: byAge, tickets };
  // read each promise kind in its clock's order, and the waiting reasons in theirs (due = start + hours, so the same order)
  const streams: Stream[] = [
    ...orderPromiseKinds.map((kind) => ({ where: and(eq(orders.promiseKind, kind), orderWhere)!, order: [asc(orders.promiseFrom), asc(orders.id)] })),
    { where: and(isNotNull(orders.attentionSince), orderWhere)!, order: [asc(orders.attentionSince), asc(orders.id)] },
  ];
  return { orders: orderWhere, streams, tickets };
}

/** Computed for the rows shown only: the waiting section is ordered by the order's age, not by this. */
const firstRequestDue = sql<string | null>`(select min(r.due_on)::text from ${orderRequests} r where r.order_id = ${orders.id} and r.status = 'open')`;

type OrderItem = TQueueItem & { type: 'order' };

/** When an item is next due: the earlier of an order's promise and its oldest waiting reason; the review's arrival. */
const dueOf = (item: TQueueItem) => {
  if (item.type === 'review') return item.createdAt;
  const moments = [item.promise?.dueAt, item.type === 'order' ? item.attentionDueAt : null].filter((moment): moment is string => !!moment);
  return moments.sort()[0] ?? '9999';
};

/**
 * A section's orders, `limit` of them. Each stream is an ordered index range with a limit, merged
 * by due moment, each order once: sorting every late order by its due moment cost 17 ms at 18,000
 * late orders.
 */
async function orderItems(db: Db, where: SectionWhere, options: QueueOptions): Promise<OrderItem[]> {
  const perStream = await Promise.all(where.streams.map((stream) => orderRows(db, stream, options)));
  if (perStream.length === 1) return perStream[0]!;
  const seen = new Set<string>();
  return perStream
    .flat()
    .sort((a, b) => dueOf(a).localeCompare(dueOf(b)))
    .filter((item) => !seen.has(item.id) && seen.add(item.id))
    .slice(0, options.limit);
}

const customers = alias(users, 'customers');

async function orderRows(db: Db, stream: Stream, options: QueueOptions): Promise<OrderItem[]> {
  const rows = await db
    .select({
      id: orders.id,
      companyName1: orders.companyName1,
      organizerName: orders.organizerName,
      status: orders.status,
      promiseKind: orders.promiseKind,
      promiseFrom: orders.promiseFrom,
      attention: orders.attention,
      attentionSince: orders.attentionSince,
      assigneeId: orders.assigneeId,
      assigneeName: users.name,
      language: customers.language,
      openRequests: orders.openRequests,
      requestDueOn: firstRequestDue,
      holdReason: orders.holdReason,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.assigneeId))
    .leftJoin(customers, eq(customers.id, orders.userId))
    .where(stream.where)
    .orderBy(...stream.order)
    .limit(options.limit);
  return rows.map((row) => ({
    type: 'order' as const,
    id: row.id,
    companyName1: row.companyName1,
    organizerName: row.organizerName,
    status: row.status,
    promise: row.promiseKind && row.promiseFrom ? promiseOfClock({ kind: row.promiseKind, startsAt: row.promiseFrom.toISOString() }, options.hours) : null,
    attention: row.attention ?? [],
    attentionDueAt: row.attentionSince ? attentionDueAt(row.attentionSince, options.hours).toISOString() : null,
    assignee: row.assigneeId && row.assigneeName !== null ? { id: row.assigneeId, name: row.assigneeName } : null,
    language: row.language === 'es' ? 'es' : 'en',
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
    section === 'reviews' ? db.select({ n: count() }).from(paymentReviews).where(openOrderlessReview) : noTickets,
    section === 'reviews' ? openReviews(db, options.limit) : Promise.resolve([]),
  ]);
  const items: TQueueItem[] = [...reviews, ...orderList, ...ticketList];
  if (section !== 'waiting' && section !== 'reviews') items.sort((a, b) => dueOf(a).localeCompare(dueOf(b)));
  return { total: orderCount!.n + ticketCount!.n + reviewCount!.n, items: items.slice(0, options.limit) };
}

/** An open review of no order: a review of an order is one of that order's reasons (orders.attention), listed with it. */
const openOrderlessReview = and(isNull(paymentReviews.resolvedAt), isNull(paymentReviews.orderId))!;

/** The payment reviews of no order still open, oldest first: they have no owner, so every administrator sees them. */
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
    .where(openOrderlessReview)
    .orderBy(asc(paymentReviews.createdAt))
    .limit(limit);
  return rows.map((review) => ({ type: 'review' as const, ...review, createdAt: review.createdAt.toISOString() }));
}
