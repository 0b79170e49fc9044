import { CalendarClock } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { expectedBetween, expectedWindow } from '@shared/milestones';
import type { TOrderDetail } from '@shared/orders';
import { useFormats } from '@client/lib/use-formats';
import { formatDayRange, localDay } from '@shared/formats';

/**
 * After payment: what the team does next and how long it usually takes for the
 * founder's nationality (docs/product.md, "Constants and limits"), with the dates that gives once the payment is applied.
 */
export function WhatHappensNext({ order }: { order: Pick<TOrderDetail, 'nationality' | 'paidAt'> }) {
  const { t } = useTranslation('payment');
  const format = useFormats();
  const window = expectedWindow(order.nationality);
  const between = order.paidAt ? expectedBetween(new Date(order.paidAt), order.nationality) : null;
  // days in running text, in long form: "between December 11 and 25, 2026"
  const span = between && formatDayRange(localDay(between.earliest), localDay(between.latest), format.language);
  return (
    <section aria-labelledby="what-next-title" className="rounded-xl border border-line bg-surface p-5 shadow-sm" data-testid="what-happens-next">
      <h2 id="what-next-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
        <CalendarClock className="size-5 text-brand-600 dark:text-gold-300" aria-hidden />
        {t('whatNext.title')}
      </h2>
      <p className="mt-2 text-sm text-muted">{t('whatNext.steps')}</p>
      <p className="mt-2 text-sm font-medium text-fg">
        {t(`whatNext.${window.unit}`, { from: window.from, to: window.to })}
        {span && <> {t('whatNext.between', { earliest: span.from, latest: span.to })}</>}
      </p>
      <p className="mt-2 text-sm text-muted">{t('whatNext.follow')}</p>
    </section>
  );
}
