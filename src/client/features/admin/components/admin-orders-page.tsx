import { Inbox, SearchX } from 'lucide-react';
import { EmptyState, ErrorBox, InlineLoading, LoadMoreFooter } from '@client/components/ui/data-views';
import { useAdminOrders } from '@client/lib/api/admin-orders';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '../hooks/use-admin-translation';
import { useOrderFilters } from '../hooks/use-order-filters';
import { useOrderSearch } from '../hooks/use-order-search';
import { OrderFilters } from './order-filters';
import { OrderCardList } from './order-card-list';
import { OrderSearch } from './order-search';
import { OrdersTable } from './orders-table';
import { PaymentReviewsPanel } from './payment-reviews-panel';

/** /admin/orders: every order, filtered, sorted, searched and paged by the server (SPEC call 16, issue 21). */
export function AdminOrdersPage() {
  const { t } = useAdminTranslation();
  const { number: count } = useFormats();
  usePageTitle(t('meta.orders'));
  const search = useOrderSearch();
  const filterState = useOrderFilters();
  const orders = useAdminOrders({ ...filterState.filters, q: search.query || undefined });
  const filtered = Boolean(search.query) || filterState.active;
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;
  // results of the previous search stay on screen while the next one loads
  const stale = orders.isPlaceholderData;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('list.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('list.lead')}</p>
        </div>
        {orders.isSuccess && (
          <p className="text-sm font-medium text-muted" aria-live="polite" data-testid="orders-total">
            {t(filtered ? 'list.matching' : 'list.total', { count: total, formatted: count(total) })}
          </p>
        )}
      </div>

      {/* payments to review come first; the box takes no room when there are none */}
      <div className="mt-5 empty:hidden">
        <PaymentReviewsPanel />
      </div>

      <div className="mt-5 space-y-3">
        <OrderSearch value={search.text} onChange={search.setText} busy={orders.isFetching && !orders.isFetchingNextPage} />
        <OrderFilters state={filterState} counts={orders.data?.pages[0]?.counts} query={search.query} />
      </div>

      <div className="mt-4">
        {orders.isPending ? (
          <InlineLoading label={t('list.loading')} />
        ) : orders.isError && rows.length === 0 ? (
          <ErrorBox title={t('list.loadError')} detail={errorMessage(t, orders.error)} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        ) : (
          <div className={`overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale || undefined}>
            {rows.length === 0 ? (
              // SPEC section 8: admin.noOrders, or admin.noOrdersFound while searching or filtering
              <EmptyState icon={filtered ? SearchX : Inbox} message={t(filtered ? 'noOrdersFound' : 'noOrders')} />
            ) : (
              <>
                <div className="hidden md:block">
                  <OrdersTable orders={rows} />
                </div>
                <div className="md:hidden">
                  <OrderCardList orders={rows} />
                </div>
              </>
            )}
          </div>
        )}
      </div>

      {rows.length > 0 && !stale && (
        <LoadMoreFooter
          query={orders}
          showing={t('list.showing', { shown: count(rows.length), total: count(total) })}
          loadMore={t('list.loadMore')}
          loadError={t('list.loadError')}
          errorDetail={errorMessage(t, orders.error)}
        />
      )}
    </div>
  );
}
