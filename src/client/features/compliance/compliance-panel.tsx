import { CalendarCheck, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Link } from '@client/lib/router';
import { translateUncheckedKey, useTranslation } from '@client/lib/i18n';
import type { TComplianceAnswer } from '@shared/compliance/api';
import { Button } from '@client/components/ui/button';
import { ErrorBox, InlineLoading } from '@client/components/ui/data-views';
import { useCompliance, useMarkDone } from '@client/lib/api/compliance';
import { useComplianceCopy } from '@client/lib/compliance-copy';
import { CalendarLink } from './calendar-link';
import { paths } from '@shared/client-paths';

type Deadline = TComplianceAnswer['deadlines'][number];
type Copy = ReturnType<typeof useComplianceCopy>;

const statusClasses: Record<Deadline['status'], string> = {
  overdue: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
  'due-soon': 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  upcoming: 'bg-brand-50 text-brand-800 dark:bg-brand-800/60 dark:text-brand-50',
  done: 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-100',
  unknown: 'bg-surface-muted text-fg',
  info: 'bg-surface-muted text-fg',
};
const linkClasses = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-600 dark:text-gold-300';
const PENALTY_5472_CENTS = 2_500_000;

function DeadlineItem({ deadline, copy, onDone, busy }: { deadline: Deadline; copy: Copy; onDone?: () => void; busy: boolean }) {
  const { t, format } = copy;
  // the API names the text of each deadline (shared/compliance/calendar.ts): a key only data knows
  const title = translateUncheckedKey(t, `${deadline.descriptionKey}.title`, { taxName: copy.taxName(deadline.taxName ?? '') });
  const dated = deadline.dueDate !== null;
  return (
    <li className="rounded-lg border border-line p-3" data-testid={`deadline-${deadline.kind}`} data-status={deadline.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold">{title}</p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClasses[deadline.status]}`}>{t(`panel.status.${deadline.status}`)}</span>
      </div>
      {dated && (
        <p className="mt-1 text-sm">
          <span className="font-medium">
            {deadline.extendedDueDate
              ? t('panel.dueWindow', { date: format.longDay(deadline.dueDate!), extended: format.longDay(deadline.extendedDueDate) })
              : t('panel.due', { date: format.longDay(deadline.dueDate!) })}
          </span>
          {/* the agent's renewal price is ours to quote, not the dataset's: no "not in our data" for it */}
          {deadline.kind !== 'boi-note' && !(deadline.kind === 'registered-agent' && !deadline.amount) && <> · {copy.amount(deadline.amount)}</>}
        </p>
      )}
      {deadline.status === 'unknown' && <p className="mt-1 text-sm">{t('rule.unknown')}</p>}
      <p className="mt-1 text-sm text-muted">
        {translateUncheckedKey(t, `${deadline.descriptionKey}.body`, {
          extended: deadline.extendedDueDate ? format.day(deadline.extendedDueDate) : '',
          penalty: format.usd(PENALTY_5472_CENTS),
        })}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {deadline.sourceUrl && (
          <a href={deadline.sourceUrl} target="_blank" rel="noreferrer" className={linkClasses}>
            {t('panel.source')}
            <span className="sr-only"> {t('panel.sourceFor', { what: title })}</span>
            <ExternalLink className="ml-1 inline size-3.5" aria-hidden />
          </a>
        )}
        {deadline.lastVerified && <span className="text-muted">{t('panel.lastVerified', { date: format.longDay(deadline.lastVerified) })}</span>}
        {onDone && (
          // one name, written whole: a hidden part inside the button's flex box was read "Marcar como hecho : …"
          <Button variant="outline" size="sm" busy={busy} onClick={onDone} className="ml-auto" aria-label={`${t('panel.markDone')}: ${title}`}>
            {t('panel.markDone')}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The formed company's next deadlines: date, amount, what it is, the source and a
 * status; the customer marks one done and the next occurrence appears.
 */
export function CompliancePanel({ orderId }: { orderId: string }) {
  const copy = useComplianceCopy();
  const { t, format } = copy;
  const compliance = useCompliance(orderId);
  const markDone = useMarkDone(orderId);
  const headingId = useId();
  const busyKey = markDone.isPending ? `${markDone.variables.kind}|${markDone.variables.dueDate}` : null;
  const { t: tDashboard } = useTranslation('dashboard');
  // the panel's own texts arrive after the card's: a loading line meanwhile, never a suspended page
  if (!copy.ready) return <InlineLoading label={tDashboard('details.loading')} className="py-4" />;

  return (
    <section aria-labelledby={headingId} data-testid="compliance-panel">
      <h4 id={headingId} className="mb-2 flex items-center gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
        <CalendarCheck className="size-4" aria-hidden />
        {t('panel.title')}
      </h4>
      {compliance.isPending ? (
        <InlineLoading label={t('panel.loading')} className="py-4" />
      ) : compliance.isError ? (
        <ErrorBox title={t('panel.error')} onRetry={() => void compliance.refetch()} retrying={compliance.isFetching} />
      ) : compliance.data.deadlines.length === 0 ? (
        <p className="text-sm text-muted">{t('panel.empty')}</p>
      ) : (
        <>
          {compliance.data.formationDate && <p className="mb-3 text-sm">{t('panel.intro', { date: format.longDay(compliance.data.formationDate) })}</p>}
          {markDone.isError && (
            <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
              {t('panel.doneError')}
            </p>
          )}
          <ul className="space-y-3">
            {compliance.data.deadlines.map((deadline) => {
              const key = `${deadline.kind}|${deadline.dueDate ?? ''}`;
              const open = deadline.dueDate !== null && ['upcoming', 'due-soon', 'overdue'].includes(deadline.status) && deadline.kind !== 'boi-note';
              return (
                <DeadlineItem
                  key={key}
                  deadline={deadline}
                  copy={copy}
                  busy={busyKey === key}
                  onDone={
                    open ? () => markDone.mutate({ kind: deadline.kind as Exclude<Deadline['kind'], 'boi-note'>, dueDate: deadline.dueDate! }) : undefined
                  }
                />
              );
            })}
          </ul>
          <CalendarLink orderId={orderId} />
          <p className="mt-3 text-xs text-muted">
            {t('panel.credit')} ·{' '}
            <Link to={paths.stateCosts()} className={linkClasses}>
              {t('panel.costsLink')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
