import { eq, inArray } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { complianceCalendar, isOccurrence, type CalendarInput, type DoneKind } from '@shared/compliance';
import type { TComplianceAnswer, TMarkDone } from '@shared/compliance/api';
import { isUsStateCode } from '@shared/geo';
import { usCountryCode } from '@shared/countries';
import type { TSessionUser } from '@shared/auth';
import type { Db } from '../../db/client';
import { complianceDone, partners, type orders } from '../../db/schema';
import { findViewableOrder } from '../../domain/orders/order-access';

/** Today as a calendar day in UTC (the calendar's dates are UTC days). */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

export type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'formationDate' | 'llcState' | 'nationality'>;

/**
 * The company behind an order, as the calendar reads it: owners are US persons when the organizer
 * is a US citizen, otherwise foreign, whatever the address (a US address does not make a US person
 * for tax; showing Form 5472 to someone who may not need it is safer than hiding a $25,000
 * penalty); a partner on the order makes it multi-member.
 */
function companyOf(order: OrderRow, hasPartner: boolean) {
  const owners: CalendarInput['owners'] = order.nationality === usCountryCode ? 'us' : 'foreign';
  const members: CalendarInput['members'] = hasPartner ? 'multi' : 'single';
  return { owners, members };
}

const hasPartner = async (db: Db, orderId: string) => (await db.select({ id: partners.id }).from(partners).where(eq(partners.orderId, orderId))).length > 0;

/**
 * The calendars of orders already checked for access (the feed, the reminders, the administrators'
 * list), in two queries however many: none before the state approved the company.
 */
export async function calendarsOfOrders(db: Db, list: readonly OrderRow[], today = utcToday()): Promise<Map<string, TComplianceAnswer>> {
  const ids = list.filter((order) => order.formationDate).map((order) => order.id);
  const partnered = new Set<string>();
  const doneOf = new Map<string, { kind: DoneKind; dueDate: string }[]>();
  if (ids.length > 0) {
    for (const { orderId } of await db.select({ orderId: partners.orderId }).from(partners).where(inArray(partners.orderId, ids))) partnered.add(orderId);
    const done = await db
      .select({ orderId: complianceDone.orderId, kind: complianceDone.kind, dueDate: complianceDone.dueDate })
      .from(complianceDone)
      .where(inArray(complianceDone.orderId, ids));
    for (const { orderId, ...occurrence } of done) doneOf.set(orderId, [...(doneOf.get(orderId) ?? []), occurrence]);
  }
  return new Map(
    list.map((order) => {
      const { owners, members } = companyOf(order, partnered.has(order.id));
      const base = { formationDate: order.formationDate, state: order.llcState, owners, members };
      if (!order.formationDate || !isUsStateCode(order.llcState)) return [order.id, { ...base, deadlines: [] }];
      const done = doneOf.get(order.id) ?? [];
      return [
        order.id,
        { ...base, deadlines: complianceCalendar({ state: order.llcState, formationDate: order.formationDate, owners, members, done, today }) },
      ];
    }),
  );
}

export async function calendarOfOrder(db: Db, order: OrderRow, today = utcToday()): Promise<TComplianceAnswer> {
  return (await calendarsOfOrders(db, [order], today)).get(order.id)!;
}

export async function getCompliance(db: Db, orderId: string, viewer: TSessionUser, today = utcToday()): Promise<TComplianceAnswer> {
  return calendarOfOrder(db, await findViewableOrder(db, orderId, viewer), today);
}

/** Marks one occurrence done; marking it again changes nothing. Only real occurrences of this company's calendar. */
export async function markDone(
  db: Db,
  { orderId, viewer }: { orderId: string; viewer: TSessionUser },
  { kind, dueDate }: TMarkDone,
  today = utcToday(),
): Promise<TComplianceAnswer> {
  const order = await findViewableOrder(db, orderId, viewer);
  const { owners, members } = companyOf(order, await hasPartner(db, order.id));
  if (!order.formationDate || !isUsStateCode(order.llcState)) throw new AppError('conflict', 'compliance.notFormed');
  if (!isOccurrence({ state: order.llcState, formationDate: order.formationDate, owners, members }, kind, dueDate)) {
    throw new AppError('validation_failed', 'compliance.notADeadline');
  }
  await db
    .insert(complianceDone)
    .values({ orderId: order.id, kind, dueDate, doneBy: viewer.id })
    .onConflictDoNothing({ target: [complianceDone.orderId, complianceDone.kind, complianceDone.dueDate] });
  return getCompliance(db, orderId, viewer, today);
}
