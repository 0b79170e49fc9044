import { and, asc, eq, gt, max, min, ne, sql, type SQL } from 'drizzle-orm';
import { calendarRulesVersion, type Deadline } from '@shared/compliance';
import type { Db } from '../../db/client';
import { complianceSchedule, orders, users } from '../../db/schema';
import { addDays } from '../../domain/orders/identity-documents';
import { calendarsOfOrders, type OrderRow } from './compliance.service';

/*
 * When each formed company next needs looking at (ADR 0037): the reminder job and the
 * administrators' list read the companies whose stored day has come, not every company's calendar.
 */

/** Days before a deadline that a reminder goes out, largest first. */
export const reminderDays = [60, 30, 7] as const;
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The reminder due `daysLeft` days before a deadline: each has a window, from its day to the next
 * one's (60: 59–31 days left… 7: 7–0). A run that missed a window (a company formed 20 days
 * before a deadline, an outage) sends the current one only, never a stale one.
 */
export function reminderFor(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  return reminderDays.findLast((days, i) => daysLeft <= days && daysLeft > (reminderDays[i + 1] ?? -1)) ?? null;
}

/** A deadline still to do, with a date: what reminders and the administrators' list are about. */
export const isOpen = (deadline: Deadline): deadline is Deadline & { dueDate: string } =>
  !!deadline.dueDate && (deadline.status === 'upcoming' || deadline.status === 'due-soon' || deadline.status === 'overdue');

export interface Schedule {
  nextDue: string | null;
  remindOn: string | null;
}

/**
 * A company's stored days, from its calendar on `today`:
 * - `nextDue`, its earliest open deadline, overdue included. It does not move with time (the
 *   calendar lists every past occurrence not done), only when the calendar's inputs change.
 * - `remindOn`, the next day a reminder window opens for a deadline ahead, or the day after such a
 *   deadline (the calendar then shows its next occurrence). `handled`: the job has just sent what
 *   today's windows hold, so the next day is after today; otherwise a window open today makes it today.
 * `remindable` false (refunded, no account): no reminder day at all.
 */
export function scheduleOf(deadlines: readonly Deadline[], today: string, { handled, remindable }: { handled: boolean; remindable: boolean }): Schedule {
  const open = deadlines.filter(isOpen);
  const nextDue = open.reduce<string | null>((min, d) => (min === null || d.dueDate < min ? d.dueDate : min), null);
  let remindOn: string | null = null;
  const visit = (day: string) => {
    if (remindOn === null || day < remindOn) remindOn = day;
  };
  for (const { dueDate } of remindable ? open.filter((d) => d.dueDate >= today) : []) {
    reminderDays.forEach((days, i) => {
      const opens = addDays(dueDate, -days);
      const closes = addDays(dueDate, -((reminderDays[i + 1] ?? -1) + 1));
      if (opens > today) visit(opens);
      else if (!handled && closes >= today) visit(today);
    });
    visit(addDays(dueDate, 1));
  }
  return { nextDue, remindOn };
}

export type ScheduledOrder = OrderRow & Pick<typeof orders.$inferSelect, 'userId' | 'refundedAt' | 'companyName1'>;
const scheduledOrderColumns = {
  id: orders.id,
  formationDate: orders.formationDate,
  llcState: orders.llcState,
  nationality: orders.nationality,
  userId: orders.userId,
  refundedAt: orders.refundedAt,
  companyName1: orders.companyName1,
};
/** The customer behind a scheduled order: null once the account is deleted; `contactEmail` is then the order's. */
const customerColumns = {
  email: users.email,
  name: users.name,
  language: users.language,
  contactEmail: sql<string>`coalesce(${users.email}, ${orders.email})`,
};
export interface ScheduledCompany {
  order: ScheduledOrder;
  /** as stored: current once stale rows are refreshed */
  nextDue: string | null;
  customer: { email: string | null; name: string | null; language: string | null; contactEmail: string };
  changes: number;
  calendar: Deadline[];
}

/**
 * Stores computed schedules in one statement, each only if its row did not change since it was
 * read (`changes`): a change made meanwhile leaves the row stale for the next run.
 */
export async function storeSchedules(db: Db, rows: readonly (Schedule & { orderId: string; changes: number })[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.orderId}::uuid, ${row.changes}::integer, ${row.nextDue}::date, ${row.remindOn}::date)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${complianceSchedule} AS s
    SET next_due = v.next_due, remind_on = v.remind_on, stale = false, rules = ${calendarRulesVersion}, computed_at = now()
    FROM (VALUES ${values}) AS v(order_id, changes, next_due, remind_on)
    WHERE s.order_id = v.order_id AND s.changes = v.changes`);
}

const batchSize = 500;

/** Scheduled companies as `where` and `orderBy` say, at most `limit`, each with its calendar on `today` and its customer. */
export async function readScheduled(
  db: Db,
  { where, orderBy, limit }: { where: SQL | undefined; orderBy: SQL[]; limit: number },
  today: string,
): Promise<ScheduledCompany[]> {
  const rows = await db
    .select({ order: scheduledOrderColumns, nextDue: complianceSchedule.nextDue, changes: complianceSchedule.changes, ...customerColumns })
    .from(complianceSchedule)
    .innerJoin(orders, eq(orders.id, complianceSchedule.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  const calendars = await calendarsOfOrders(
    db,
    rows.map((row) => row.order),
    today,
  );
  return rows.map(({ order, nextDue, changes, ...customer }) => ({ order, nextDue, changes, customer, calendar: calendars.get(order.id)!.deadlines }));
}

/**
 * Reads scheduled companies `where` says, a batch at a time in order id order; `each` handles a
 * batch. Bounded by what matches, not by the table.
 */
export async function forEachScheduled(db: Db, where: SQL | undefined, today: string, each: (batch: ScheduledCompany[]) => Promise<void>) {
  for (let after: string | null = null; ;) {
    // the keyset on both sides of the join: PostgreSQL carries equalities across it, not ranges
    const keyset = after === null ? undefined : and(gt(complianceSchedule.orderId, after), gt(orders.id, after));
    const batch = await readScheduled(db, { where: and(where, keyset), orderBy: [asc(complianceSchedule.orderId)], limit: batchSize }, today);
    if (batch.length === 0) return;
    await each(batch);
    if (batch.length < batchSize) return;
    after = batch.at(-1)!.order.id;
  }
}

export const remindable = (order: ScheduledOrder) => order.userId !== null && order.refundedAt === null;

/**
 * Brings every stale schedule up to date: those the triggers marked (a calendar input changed) and
 * those computed with other calendar rules (a deploy with new state data). Returns how many.
 */
export async function refreshSchedules(db: Db, today: string): Promise<number> {
  // the first and last version stored, read from the ends of the rules index whatever its
  // statistics: nothing else is read when every row is current
  const [stored] = await db.select({ first: min(complianceSchedule.rules), last: max(complianceSchedule.rules) }).from(complianceSchedule);
  if (stored?.first != null && (stored.first !== calendarRulesVersion || stored.last !== calendarRulesVersion)) {
    await db
      .update(complianceSchedule)
      .set({ stale: true })
      .where(and(ne(complianceSchedule.rules, calendarRulesVersion), eq(complianceSchedule.stale, false)));
  }
  let refreshed = 0;
  await forEachScheduled(db, eq(complianceSchedule.stale, true), today, async (batch) => {
    await storeSchedules(
      db,
      batch.map(({ order, changes, calendar }) => ({
        orderId: order.id,
        changes,
        ...scheduleOf(calendar, today, { handled: false, remindable: remindable(order) }),
      })),
    );
    refreshed += batch.length;
  });
  return refreshed;
}
