import { useMutation } from '@tanstack/react-query';
import { bulkMaxOrders } from '@shared/bulk-orders';
import { Button } from '@client/components/ui/button';
import { getAdminOrderIds, type AdminOrderListFilters } from '@client/lib/api/admin-orders';
import { errorMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import type { Selection } from './use-selection';

/**
 * Once every order shown is ticked and the filter matches more, the rest of the filter's
 * orders can be selected too (asked of the server: they are not loaded), up to the bulk limit.
 */
export function SelectMatching({
  shown,
  total,
  filters,
  selection,
}: {
  shown: readonly string[];
  total: number;
  filters: AdminOrderListFilters;
  selection: Selection;
}) {
  const { t } = useAdminTranslation();
  const { number } = useFormats();
  const matching = useMutation({ mutationFn: () => getAdminOrderIds(filters), onSuccess: ({ ids }) => selection.setAll(ids, true) });
  const allShown = shown.length > 0 && shown.every((id) => selection.ids.has(id));
  if (!allShown || total <= shown.length || selection.ids.size >= Math.min(total, bulkMaxOrders)) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line bg-brand-50 px-4 py-2 text-sm dark:bg-brand-800/40"
      data-testid="select-matching"
    >
      <p>{t('bulk.allShown', { formatted: number(shown.length) })}</p>
      <Button variant="outline" size="sm" aria-busy={matching.isPending || undefined} onClick={() => !matching.isPending && matching.mutate()}>
        {matching.isPending
          ? t('bulk.selectingMatching')
          : total > bulkMaxOrders
            ? t('bulk.selectFirst', { formatted: number(bulkMaxOrders) })
            : t('bulk.selectMatching', { formatted: number(total) })}
      </Button>
      {matching.isError && (
        <p role="alert" className="w-full text-red-700 dark:text-red-300">
          {t('bulk.matchingFailed')} {errorMessage(t, matching.error)}
        </p>
      )}
    </div>
  );
}
