import { z } from 'zod';
import { ZLanguage } from './auth';
import type { TFunction } from './i18n/keys';
import { ZTimelineEntry } from './timeline';

/*
 * The team's actions across the site: GET /api/admin/activity and its CSV. Each entry is
 * a timeline entry (the same `kind`s and sentences as an order's timeline, plus the account and
 * site actions of admin_audit) with what it was done to.
 */

/** Newest first, this many per page. */
export const activityPageSize = 100;
/** The CSV holds at most this many rows (the newest); a narrower filter gives the rest. */
export const activityCsvLimit = 50_000;

/** An entry's key: its moment to the microsecond, then its source and row ("2026-11-28T09:00:00.123456Z|note:<uuid>"). */
export const activityKeyPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z\|[a-z_]+:[0-9a-zA-Z-]{1,64}$/;

/** A moment as the query takes it: an ISO instant (the page sends the admin's local midnight). */
const instant = z.iso.datetime({ offset: true, error: 'admin.activity.invalidDate' }).optional();

const filterFields = {
  /** an administrator's user id: only what they did */
  actor: z.string().trim().min(1).max(64).optional(),
  from: instant,
  /** exclusive: the page sends the midnight after the last day */
  to: instant,
};
const fromBeforeTo = ({ from, to }: { from?: string; to?: string }) => !from || !to || Date.parse(from) <= Date.parse(to);
const refinement = { path: ['to'], message: 'admin.activity.toBeforeFrom' };

export const ZActivityQuery = z
  .object({
    ...filterFields,
    /** the `next` of the previous page: an entry's key */
    cursor: z.string().regex(activityKeyPattern, 'admin.activity.invalidCursor').optional(),
  })
  .refine(fromBeforeTo, refinement);

/** GET /api/admin/activity.csv: the same filters; `lang` names the columns and writes the sentences. */
export const ZActivityExportQuery = z.object({ ...filterFields, lang: ZLanguage.default('en') }).refine(fromBeforeTo, refinement);

const activityTargetTypes = ['order', 'ticket', 'user', 'site'] as const;

export const ZActivityEntry = ZTimelineEntry.extend({
  /** unique across the sources, and the page's cursor */
  key: z.string(),
  actorId: z.string().nullable(),
  target: z.object({
    type: z.enum(activityTargetTypes),
    /** the order's or ticket's id (a link), the user's id; null for the site */
    id: z.string().nullable(),
    /** the order's number, the ticket's subject line, the user's email */
    label: z.string(),
  }),
});
export type TActivityEntry = z.output<typeof ZActivityEntry>;

export const ZActivityPage = z.object({ entries: z.array(ZActivityEntry), nextCursor: z.string().nullable() });
export type TActivityPage = z.output<typeof ZActivityPage>;

/** What an entry was done to, as the page and the CSV name it: "Order 1A2B3C4D", "Ticket from María", an email, "The site". */
export function activityTargetLabel({ type, label }: TActivityEntry['target'], t: TFunction<readonly ['admin', 'milestones']>): string {
  if (type === 'order') return t('activity.orderLabel', { number: label });
  if (type === 'ticket') return t('activity.ticketLabel', { name: label });
  return type === 'site' ? t('activity.site') : label;
}
