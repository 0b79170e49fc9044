import { eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { complianceCalendar, isOccurrence, type CalendarInput } from '@shared/compliance';
import type { TComplianceAnswer, TMarkDone } from '@shared/compliance/api';
import { isUsStateCode } from '@shared/geo';
import { usCountryCode } from '@shared/countries';
import type { TSessionUser } from '@shared/auth';
import type { Db } from '../../db/client';
import { complianceDone, partners, type orders } from '../../db/schema';
import { findViewableOrder } from '../../domain/orders/order-access';

/** Today as a calendar day in UTC (the calendar's dates are UTC days). */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'formationDate' | 'llcState' | 'nationality'>;

/**
 * The company behind an order, as the calendar reads it: owners are US persons when the organizer
 * is a US citizen, otherwise foreign, whatever the address (a US address does not make a US person
 * for tax; showing Form 5472 to someone who may not need it is safer than hiding a $25,000
 * penalty); a partner on the order makes it multi-member.
 */
async function companyOf(db: Db, order: OrderRow) {
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.orderId, order.id));
  const owners: CalendarInput['owners'] = order.nationality === usCountryCode ? 'us' : 'foreign';
  const members: CalendarInput['members'] = partner ? 'multi' : 'single';
  return { owners, members };
}

/** The calendar of an order already checked for access (the feed, the reminders): none before the state approved it. */
export async function calendarOfOrder(db: Db, order: OrderRow, today = utcToday()): Promise<TComplianceAnswer> {
  const { owners, members } = await companyOf(db, order);
  const base = { formationDate: order.formationDate, state: order.llcState, owners, members };
  if (!order.formationDate || !isUsStateCode(order.llcState)) return { ...base, deadlines: [] };
  const done = await db.select({ kind: complianceDone.kind, dueDate: complianceDone.dueDate }).from(complianceDone).where(eq(complianceDone.orderId, order.id));
  return { ...base, deadlines: complianceCalendar({ state: order.llcState, formationDate: order.formationDate, owners, members, done, today }) };
}

export async function getCompliance(db: Db, orderId: string, viewer: TSessionUser, today = utcToday()): Promise<TComplianceAnswer> {
  return calendarOfOrder(db, await findViewableOrder(db, orderId, viewer), today);
}

/** Marks one occurrence done; marking it again changes nothing. Only real occurrences of this company's calendar. */
export async function markDone(db: Db, orderId: string, viewer: TSessionUser, { kind, dueDate }: TMarkDone, today = utcToday()): Promise<TComplianceAnswer> {
  const order = await findViewableOrder(db, orderId, viewer);
  const { owners, members } = await companyOf(db, order);
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
