import { Download, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { bulkMaxOrders, type TBulkAction, type TBulkResult } from '@shared/bulk-orders';
import { recordableMilestones } from '@shared/milestones';
import { orderNumber } from '@shared/order-model';
import { orderStatuses } from '@shared/order-status';
import { OwnerFilterOptions } from '@client/components/owner-control';
import { Button, buttonClasses } from '@client/components/ui/button';
import { inputClasses } from '@client/components/ui/field';
import { adminOrdersExportUrl, useBulkOrders } from '@client/lib/api/admin-orders';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import type { Selection } from './use-selection';

const actions = ['assign', 'status', 'milestone'] as const;
type ActionType = (typeof actions)[number];
/** The EIN is recorded order by order (each company has its own): not offered here. */
const bulkMilestones = recordableMilestones.filter((milestone) => milestone !== 'ein_issued');
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Bulk actions on the selected orders: assign, set the status, record a milestone, or
 * export the selection as CSV. The server changes each order whole or not at all and answers per
 * order; what failed stays selected, with its reason, so it can be looked at and tried again.
 */
export function BulkBar({ selection }: { selection: Selection }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const names = useTranslation('milestones').t;
  const bulk = useBulkOrders();
  const ids = useId();
  const [type, setType] = useState<ActionType>('assign');
  const [assignee, setAssignee] = useState('mine');
  const [status, setStatus] = useState<(typeof orderStatuses)[number]>('processing');
  const [milestone, setMilestone] = useState<(typeof bulkMilestones)[number]>(bulkMilestones[0]!);
  const [day, setDay] = useState(today);
  const [result, setResult] = useState<TBulkResult | null>(null);
  const report = useRef<HTMLDivElement>(null);
  const selected = [...selection.ids];
  const count = selected.length;
  if (count === 0 && !result) return null;
  const tooMany = count > bulkMaxOrders;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (count === 0 || tooMany) return;
    const action: TBulkAction =
      type === 'assign'
        ? { type, assigneeId: assignee === 'unassigned' ? null : assignee }
        : type === 'status'
          ? { type, status }
          : { type, record: { milestone, occurredOn: day } };
    bulk.mutate(
      { orderIds: selected, action },
      {
        onSuccess: (answer) => {
          setResult(answer);
          // what failed stays selected, to look at and try again
          selection.setAll(
            answer.results.filter((entry) => entry.outcome !== 'failed').map((entry) => entry.orderId),
            false,
          );
          requestAnimationFrame(() => report.current?.focus());
        },
      },
    );
  };
  const outcome = (name: string) => result?.results.filter((entry) => entry.outcome === name) ?? [];

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="sticky bottom-0 z-30 -mx-4 mt-4 border-t border-line bg-surface/95 px-4 py-3 shadow-lg backdrop-blur sm:mx-0 sm:rounded-xl sm:border"
      data-testid="bulk-bar"
    >
      <h2 id={`${ids}-title`} className="text-sm font-semibold">
        {t('bulk.selected', { count, formatted: format.number(count) })}
      </h2>
      {count > 0 && (
        <form onSubmit={apply} className="mt-2 flex flex-wrap items-end gap-2">
          <label className="space-y-1 text-xs font-semibold text-muted">
            <span className="block">{t('bulk.action')}</span>
            <select className={inputClasses} value={type} onChange={(event) => setType(event.target.value as ActionType)}>
              {actions.map((name) => (
                <option key={name} value={name}>
                  {t(`bulk.actions.${name}`)}
                </option>
              ))}
            </select>
          </label>
          {type === 'assign' && (
            <label className="space-y-1 text-xs font-semibold text-muted">
              <span className="block">{t('bulk.assignTo')}</span>
              <select className={inputClasses} value={assignee} onChange={(event) => setAssignee(event.target.value)}>
                <OwnerFilterOptions labels={{ anyone: '', mine: t('bulk.me'), unassigned: t('bulk.nobody') }} skipAnyone />
              </select>
            </label>
          )}
          {type === 'status' && (
            <label className="space-y-1 text-xs font-semibold text-muted">
              <span className="block">{t('bulk.newStatus')}</span>
              <select className={inputClasses} value={status} onChange={(event) => setStatus(event.target.value as typeof status)}>
                {orderStatuses.map((name) => (
                  <option key={name} value={name}>
                    {t(`common:status.${name}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {type === 'milestone' && (
            <>
              <label className="space-y-1 text-xs font-semibold text-muted">
                <span className="block">{t('bulk.milestone')}</span>
                <select className={inputClasses} value={milestone} onChange={(event) => setMilestone(event.target.value as typeof milestone)}>
                  {bulkMilestones.map((name) => (
                    <option key={name} value={name}>
                      {names(`names.${name}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="space-y-1 text-xs font-semibold text-muted">
                <span className="block">{t('bulk.date')}</span>
                <input type="date" className={inputClasses} value={day} max={today()} onChange={(event) => setDay(event.target.value)} required />
              </label>
            </>
          )}
          <Button type="submit" size="sm" busy={bulk.isPending} disabled={tooMany}>
            {bulk.isPending ? t('bulk.applying') : t('bulk.apply', { count, formatted: format.number(count) })}
          </Button>
          <a href={adminOrdersExportUrl({}, format.language, selected)} download className={buttonClasses('outline', 'sm')}>
            <Download className="size-4" aria-hidden />
            {t('bulk.exportSelection')}
          </a>
          <button type="button" className={buttonClasses('ghost', 'sm')} onClick={selection.clear}>
            <X className="size-4" aria-hidden />
            {t('bulk.clear')}
          </button>
        </form>
      )}
      {tooMany && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {t('bulk.tooMany')}
        </p>
      )}
      {bulk.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {errorMessage(t, bulk.error)}
        </p>
      )}
      {result && (
        <div ref={report} tabIndex={-1} role="status" className="mt-2 text-sm" data-testid="bulk-report">
          <p>
            {t('bulk.report', {
              changed: format.number(outcome('changed').length),
              unchanged: format.number(outcome('unchanged').length),
              failed: format.number(outcome('failed').length),
            })}
          </p>
          {outcome('failed').length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-red-700 dark:text-red-400">
              {outcome('failed').map((entry) => (
                <li key={entry.orderId}>
                  <span className="font-mono">{orderNumber(entry.orderId)}</span>: {translateMessage(t, entry.error ?? 'errors.internal')}
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="mt-1 text-sm font-medium text-brand-700 underline dark:text-gold-300" onClick={() => setResult(null)}>
            {t('bulk.dismiss')}
          </button>
        </div>
      )}
    </section>
  );
}
