import { z } from 'zod';
import { translateUncheckedKey, type TFunction } from './i18n/keys';
import { milestones } from './milestones';
import { identityDocuments } from './order-model';
import { formatCalendarDay, formatUsd, parseIsoDay } from './formats';
import type { Language } from './languages';
import { orderStatuses } from './order-status';

/*
 * An order's whole history in one list: GET /api/admin/orders/:id/timeline. `kind` is a
 * status change, an audit action (order_audit.action), or one of the other sources
 * (document_added, note, message_team, message_customer, payment_event, payment_review,
 * payment_review_resolved, identity_viewed); `detail` its facts as text, for the catalogue's
 * sentence of that kind (an unknown kind reads as itself).
 */
export const ZTimelineEntry = z.object({
  at: z.string(),
  kind: z.string(),
  /** who did it, by name at the time of reading (null: the system, the customer's payment, or a deleted account) */
  actor: z.string().nullable(),
  detail: z.record(z.string(), z.string().nullable()),
});
export type TTimelineEntry = z.output<typeof ZTimelineEntry>;

export const ZTimeline = z.object({ entries: z.array(ZTimelineEntry) });
export type TTimeline = z.output<typeof ZTimeline>;

const isOneOf = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  (list as readonly (string | null | undefined)[]).includes(value);

/**
 * The sentence of one entry in the reader's language: its kind's text (admin catalogue,
 * timeline.kinds), with statuses, milestones, documents, reasons, dates and prices as the
 * language writes them. The order's timeline, the Activity page and its CSV all say it this way.
 */
export function timelineSentence(
  { kind, detail }: Pick<TTimelineEntry, 'kind' | 'detail'>,
  t: TFunction<readonly ['admin', 'milestones']>,
  language: Language,
): string {
  const status = (value: string | null | undefined) => (isOneOf(orderStatuses, value) ? t(`common:status.${value}`) : (value ?? ''));
  const values: Record<string, string> = Object.fromEntries(Object.entries(detail).map(([key, value]) => [key, value ?? '']));
  if (kind === 'status')
    return detail.from
      ? t('timeline.kinds.status', { from: status(detail.from), to: status(detail.to) })
      : t('timeline.kinds.status_new', { to: status(detail.to) });
  if (isOneOf(milestones, detail.milestone)) values.milestone = t(`milestones:names.${detail.milestone}`);
  for (const field of ['occurredOn', 'dueOn'] as const)
    if (detail[field] && /^\d{4}-\d{2}-\d{2}$/.test(detail[field])) values[field] = formatCalendarDay(parseIsoDay(detail[field]), language, 'medium');
  if (kind === 'assigned' || kind === 'assign_ticket')
    Object.assign(values, { from: detail.from ?? t('timeline.nobody'), to: detail.to ?? t('timeline.nobody') });
  if (isOneOf(identityDocuments, detail.document)) values.document = t(`order.identity.${detail.document}`);
  // a payment review's reason is a code; a correction's is the administrator's own words
  if (detail.reason && kind.startsWith('payment_review'))
    values.reason = translateUncheckedKey(t, `reviews.reason.${detail.reason}`, { defaultValue: detail.reason });
  // the fields an edit or a correction changed, by their names on the form
  if (detail.changed && (kind === 'order_edited' || kind === 'order_corrected'))
    values.changed = detail.changed
      .split(', ')
      .map((field) => translateUncheckedKey(t, `correction.fields.${field}`, { defaultValue: field }))
      // a label may hold a comma ("Company name, first choice")
      .join('; ');
  for (const field of ['fromCents', 'toCents', 'amountCents', 'suggestedCents'] as const)
    if (detail[field] && /^\d+$/.test(detail[field])) values[field] = formatUsd(Number(detail[field]), language);
  // a refund request's reason is a code of the list the customer chose from
  if (kind === 'refund_requested' && detail.reason)
    values.reason = translateUncheckedKey(t, `timeline.refundReasons.${detail.reason}`, { defaultValue: detail.reason });
  return translateUncheckedKey(t, `timeline.kinds.${kind}`, { ...values, defaultValue: kind });
}
