import { CheckCircle2, Circle, CircleDot } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { expectedBetween, expectedWindow, formatEin, milestones } from '@shared/milestones';
import type { TOrderDetail } from '@shared/orders';
import { useFormats } from '@client/lib/use-formats';
import { formatDayRange, localDay } from '@shared/formats';

type TimelineOrder = Pick<TOrderDetail, 'paidAt' | 'nationality' | 'formationDate' | 'ein'> & {
  /** `recordedBy` only in the administrators' view: who recorded it, null when it was automatic */
  milestones: (TOrderDetail['milestones'][number] & { recordedBy?: string | null })[];
};

/**
 * What has happened to an order and what comes next: every milestone in order, the
 * recorded ones with their date and note; once paid and until the EIN is known, the usual wait
 * from the founder's nationality (docs/product.md, "Constants and limits") and the days it gives from the payment;
 * the formation date and EIN once known. Used by the dashboard and the admin order page.
 */
export function MilestoneTimeline({ order }: { order: TimelineOrder }) {
  const { t } = useTranslation('milestones');
  const format = useFormats();
  const recorded = new Map(order.milestones.map((entry) => [entry.milestone, entry]));
  const next = milestones.find((milestone) => !recorded.has(milestone));
  const window = expectedWindow(order.nationality);
  // the estimate is of the LLC and its EIN: once the EIN is known it has nothing left to estimate
  const einKnown = Boolean(order.ein) || recorded.has('ein_issued');
  const between = order.paidAt && next && !einKnown ? expectedBetween(new Date(order.paidAt), order.nationality) : null;
  const span = between && formatDayRange(localDay(between.earliest), localDay(between.latest), format.language);

  return (
    <div className="space-y-3 text-sm">
      <ol className="space-y-2" data-testid="milestone-timeline">
        {milestones.map((milestone) => {
          const entry = recorded.get(milestone);
          const isNext = milestone === next;
          const Icon = entry ? CheckCircle2 : isNext ? CircleDot : Circle;
          return (
            <li key={milestone} aria-current={isNext ? 'step' : undefined} className="flex gap-2">
              <Icon
                className={`mt-0.5 size-4 shrink-0 ${entry ? 'text-green-700 dark:text-green-400' : isNext ? 'text-brand-600 dark:text-gold-300' : 'text-muted'}`}
                aria-hidden
              />
              <span className="min-w-0">
                <span className={entry ? 'font-medium text-fg' : isNext ? 'font-medium text-fg' : 'text-muted'}>{t(`names.${milestone}`)}</span>
                {/* a pause between the name and its state, for screen readers ("Documentos listos: Siguiente") */}
                {!entry && <span className="sr-only">: </span>}
                {entry ? (
                  <>
                    {' · '}
                    <time dateTime={entry.occurredOn} className="text-muted">
                      {format.day(entry.occurredOn)}
                    </time>
                    {entry.recordedBy !== undefined && (
                      <span className="text-muted"> · {entry.recordedBy ? t('recordedBy', { name: entry.recordedBy }) : t('recordedAutomatically')}</span>
                    )}
                    {entry.note && <span className="block break-words text-muted">{entry.note}</span>}
                  </>
                ) : (
                  <span
                    className={
                      isNext ? 'ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-gold-400 dark:text-brand-900' : 'sr-only'
                    }
                  >
                    {isNext ? t('next') : t('notYet')}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {span && (
        <p className="rounded-lg border border-line bg-surface px-3 py-2" data-testid="milestone-window">
          {t(`window.${window.unit}`, { from: window.from, to: window.to })} {t('between', { earliest: span.from, latest: span.to })}
        </p>
      )}
      {(order.formationDate || order.ein) && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
          {order.formationDate && (
            <>
              <dt className="text-muted">{t('formationDate')}</dt>
              <dd>{format.day(order.formationDate)}</dd>
            </>
          )}
          {order.ein && (
            <>
              <dt className="text-muted">{t('ein')}</dt>
              <dd className="font-mono tabular-nums">{formatEin(order.ein)}</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
