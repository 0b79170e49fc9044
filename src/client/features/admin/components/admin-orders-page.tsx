import { Inbox, SearchX } from 'lucide-react';
import { ListPage, ListResults, ListTotal } from '@client/components/list-page';
import { EmptyState } from '@client/components/ui/data-views';
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

  return (
    <ListPage
      title={t('list.title')}
      lead={t('list.lead')}
      aside={orders.isSuccess && <ListTotal testId="orders-total">{t(filtered ? 'list.matching' : 'list.total', { count: total, formatted: count(total) })}</ListTotal>}
    >
      {/* payments to review come first; the box takes no room when there are none */}
      <div className="mt-5 empty:hidden">
        <PaymentReviewsPanel />
      </div>

      <div className="mt-5 space-y-3">
        <OrderSearch value={search.text} onChange={search.setText} busy={orders.isFetching && !orders.isFetchingNextPage} />
        <OrderFilters state={filterState} counts={orders.data?.pages[0]?.counts} query={search.query} />
      </div>

      <ListResults
        query={orders}
        rows={rows.length}
        framed
        loading={t('list.loading')}
        loadError={t('list.loadError')}
        errorDetail={errorMessage(t, orders.error)}
        // SPEC section 8: admin.noOrders, or admin.noOrdersFound while searching or filtering
        empty={<EmptyState icon={filtered ? SearchX : Inbox} message={t(filtered ? 'noOrdersFound' : 'noOrders')} />}
        paging={{ showing: t('list.showing', { shown: count(rows.length), total: count(total) }), loadMore: t('list.loadMore') }}
      >
        <div className="hidden md:block">
          <OrdersTable orders={rows} />
        </div>
        <div className="md:hidden">
          <OrderCardList orders={rows} />
        </div>
      </ListResults>
    </ListPage>
  );
}
