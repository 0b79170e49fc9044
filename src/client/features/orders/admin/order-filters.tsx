import { Download, X } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { adminOrderSorts, type TAdminOrderPage } from '@shared/admin';
import { countryOptions } from '@shared/countries';
import { usStates } from '@shared/geo';
import { orderStatuses } from '@shared/order-status';
import { buttonClasses } from '@client/components/ui/button';
import { inputClasses } from '@client/components/ui/field';
import { FilterButtons } from '@client/components/ui/filter-buttons';
import { adminOrdersExportUrl, type AdminOrderListFilters } from '@client/lib/api/admin-orders';
import { OwnerFilterOptions, ownerLabels } from '@client/components/owner-control';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import type { useOrderFilters } from './use-order-filters';

type Filters = ReturnType<typeof useOrderFilters>;

const statusTabs = ['all', ...orderStatuses] as const;

/** One labelled control of the filter bar. */
function FilterField({ label, wide = false, children }: { label: string; wide?: boolean; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    // the dates share a row from 360 px up; below that a date field would be cut
    <div className={`col-span-2 min-w-0 space-y-1 sm:col-span-1 ${wide ? '' : '@min-[22.5rem]:col-span-1'}`}>
      <label htmlFor={id} className="block text-xs font-semibold text-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * The status tabs (with how many orders each would show) and the filter bar of /admin/orders
 *. Every change goes to the URL; the list follows it.
 */
export function OrderFilters({
  state,
  counts,
  cap,
  query,
}: {
  state: Filters;
  counts: TAdminOrderPage['counts'] | undefined;
  cap: number | undefined;
  query: string;
}) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const { filters, update } = state;
  const countries = useMemo(() => countryOptions(format.language), [format.language]);
  const all =
    counts && cap
      ? Math.min(
          cap,
          Object.values(counts).reduce((sum, n) => sum + n, 0),
        )
      : undefined;
  const number = (n: number | undefined) => (n === undefined ? '' : format.count(n, cap));
  const exportFilters: AdminOrderListFilters = { ...filters, q: query || undefined };

  return (
    <div className="space-y-3">
      <FilterButtons
        label={t('filters.statusLabel')}
        options={statusTabs}
        value={filters.status ?? 'all'}
        onChange={(status) => update({ status: status === 'all' ? undefined : status })}
        testId="status-tabs"
      >
        {(status) => {
          const count = status === 'all' ? all : counts?.[status];
          return (
            <>
              {status === 'all' ? t('filters.allStatuses') : t(`common:status.${status}`)}
              {/* room for up to three digits from the start: the tabs do not move when the counts arrive */}
              <span
                className="min-w-[4.5ch] rounded-full bg-surface-muted px-1.5 text-center text-xs tabular-nums text-muted ring-1 ring-line ring-inset"
                aria-hidden={count === undefined}
              >
                {number(count)}
              </span>
            </>
          );
        }}
      </FilterButtons>

      {/* on phones each list takes a row (no option cut off); the two dates share one from 360 px */}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <FilterField wide label={t('filters.state')}>
          {(id) => (
            <select id={id} className={inputClasses} value={filters.state ?? ''} onChange={(event) => update({ state: event.target.value })}>
              <option value="">{t('filters.anyState')}</option>
              {usStates.map(([code]) => (
                <option key={code} value={code}>
                  {format.state(code)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField wide label={t('filters.nationality')}>
          {(id) => (
            <select id={id} className={inputClasses} value={filters.nationality ?? ''} onChange={(event) => update({ nationality: event.target.value })}>
              <option value="">{t('filters.anyNationality')}</option>
              {countries.map((country) => (
                <option key={country.value} value={country.value}>
                  {country.label}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField label={t('filters.from')}>
          {(id) => (
            <input
              id={id}
              type="date"
              className={inputClasses}
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(event) => update({ from: event.target.value })}
            />
          )}
        </FilterField>
        <FilterField label={t('filters.to')}>
          {(id) => (
            <input
              id={id}
              type="date"
              className={inputClasses}
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(event) => update({ to: event.target.value })}
            />
          )}
        </FilterField>
        <FilterField wide label={t('filters.requests')}>
          {(id) => (
            <select id={id} className={inputClasses} value={filters.requests ?? ''} onChange={(event) => update({ requests: event.target.value })}>
              <option value="">{t('filters.anyRequests')}</option>
              <option value="open">{t('filters.openRequests')}</option>
            </select>
          )}
        </FilterField>
        <FilterField wide label={t('filters.refund')}>
          {(id) => (
            <select id={id} className={inputClasses} value={filters.refund ?? ''} onChange={(event) => update({ refund: event.target.value })}>
              <option value="">{t('filters.anyRefund')}</option>
              <option value="requested">{t('filters.refundRequested')}</option>
            </select>
          )}
        </FilterField>
        <FilterField wide label={t('filters.owner')}>
          {(id) => (
            <select id={id} className={inputClasses} value={filters.owner ?? ''} onChange={(event) => update({ owner: event.target.value })}>
              <OwnerFilterOptions labels={ownerLabels(t)} />
            </select>
          )}
        </FilterField>
        <FilterField wide label={t('filters.sort')}>
          {(id) => (
            <select
              id={id}
              className={inputClasses}
              value={filters.sort ?? 'newest'}
              onChange={(event) => update({ sort: event.target.value === 'newest' ? undefined : event.target.value })}
            >
              {adminOrderSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`filters.sorts.${sort}`)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        {state.active && (
          <button type="button" onClick={state.clear} className={buttonClasses('ghost', 'sm')}>
            <X className="size-4" aria-hidden />
            {t('filters.clear')}
          </button>
        )}
        {/* a plain link: the browser saves the streamed file itself */}
        <a href={adminOrdersExportUrl(exportFilters, format.language)} download className={buttonClasses('outline', 'sm', 'ml-auto')} data-testid="export-csv">
          <Download className="size-4" aria-hidden />
          {t('filters.export')}
        </a>
      </div>
    </div>
  );
}
