import { Inbox, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListPage, ListResults, ListTotal } from '@client/components/list-page';
import { EmptyState } from '@client/components/ui/data-views';
import { useAdminOrders } from '@client/lib/api/admin-orders';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { useOrderFilters } from './use-order-filters';
import { useUrlSearch } from '@client/lib/use-url-search';
import { useSelection } from './use-selection';
import { BulkBar } from './bulk-bar';
import { OrderFilters } from './order-filters';
import { SelectAll } from './select-all';
import { SelectMatching } from './select-matching';
import { OrderCardList } from './order-card-list';
import { ListSearch } from '@client/components/list-search';
import { OrdersTable } from './orders-table';

/**
 * /admin/orders: every order, filtered, sorted, searched and paged by the server (docs/product.md, "API endpoints").
 * `reviews` is what comes above the list: the route puts the payments to review there.
 */
export function AdminOrdersPage({ reviews }: { reviews?: ReactNode }) {
  const { t } = useAdminTranslation();
  const { count, number } = useFormats();
  usePageTitle(t('meta.orders'));
  const search = useUrlSearch();
  const filterState = useOrderFilters();
  const listFilters = { ...filterState.filters, q: search.query || undefined };
  const orders = useAdminOrders(listFilters);
  const filtered = Boolean(search.query) || filterState.active;
  const selection = useSelection();
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;
  // "10,000+", or "1,000+" when searched by text: the cap the server counted to
  const cap = orders.data?.pages[0]?.countCap;

  return (
    <ListPage
      title={t('list.title')}
      lead={t('list.lead')}
      aside={
        orders.isSuccess && (
          <ListTotal testId="orders-total">{t(filtered ? 'list.matching' : 'list.total', { count: total, formatted: count(total, cap) })}</ListTotal>
        )
      }
    >
      {/* payments to review come first; the box takes no room when there are none */}
      <div className="mt-5 empty:hidden">{reviews}</div>

      <div className="mt-5 space-y-3">
        <ListSearch value={search.text} onChange={search.setText} busy={orders.isFetching && !orders.isFetchingNextPage} />
        <OrderFilters state={filterState} counts={orders.data?.pages[0]?.counts} cap={cap} query={search.query} />
      </div>

      <ListResults
        query={orders}
        rows={rows.length}
        framed
        loading={t('list.loading')}
        loadError={t('list.loadError')}
        errorDetail={errorMessage(t, orders.error)}
        // docs/product.md, "Messages": admin.noOrders, or admin.noOrdersFound while searching or filtering
        empty={<EmptyState icon={filtered ? SearchX : Inbox} message={t(filtered ? 'noOrdersFound' : 'noOrders')} />}
        paging={{ showing: t('list.showing', { shown: number(rows.length), total: count(total, cap) }), loadMore: t('list.loadMore') }}
      >
        <SelectMatching shown={rows.map((row) => row.id)} total={total} filters={listFilters} selection={selection} />
        <div className="hidden md:block">
          <OrdersTable orders={rows} selection={selection} />
        </div>
        <div className="md:hidden">
          {/* the table's header box, for phones */}
          <label className="flex items-center gap-3 border-b border-line px-4 py-2 text-sm text-muted">
            <SelectAll ids={rows.map((row) => row.id)} selection={selection} />
            {t('bulk.selectAll')}
          </label>
          <OrderCardList orders={rows} selection={selection} />
        </div>
      </ListResults>
      <BulkBar selection={selection} />
    </ListPage>
  );
}
