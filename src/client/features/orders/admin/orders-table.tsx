import type { MouseEvent } from 'react';
import { Link, useNavigate } from '@client/lib/router';
import type { TAdminOrderRow } from '@shared/admin';
import { orderNumber } from '@shared/order-model';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { useListSearchState } from '@client/lib/use-list-search-state';
import type { Selection } from './use-selection';
import { OrderBadges } from '@client/components/order-badges';
import { OrderStageLine } from './order-stage-line';
import { SelectAll } from './select-all';
import { paths } from '@shared/client-paths';

const columns = ['orderNumber', 'company', 'organizer', 'state', 'nationality', 'status', 'date'] as const;

/**
 * The order list from tablets up. The order number is the link (keyboard and screen readers);
 * a click anywhere else on the row opens the order too, unless the admin is selecting text to copy.
 */
export function OrdersTable({ orders, selection }: { orders: TAdminOrderRow[]; selection: Selection }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const navigate = useNavigate();
  const state = useListSearchState();

  const openRow = (event: MouseEvent, id: string) => {
    if ((event.target as HTMLElement).closest('a, input, label') || window.getSelection()?.toString()) return;
    void navigate(paths.adminOrder({ id }), { state });
  };

  return (
    <table className="w-full text-left text-sm" data-testid="orders-table">
      <caption className="sr-only">{t('list.caption')}</caption>
      <thead className="border-b border-line bg-surface-muted text-xs tracking-wide text-muted uppercase">
        <tr>
          <th scope="col" className="w-10 py-2.5 pl-4">
            <SelectAll ids={orders.map((order) => order.id)} selection={selection} />
          </th>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-2.5 font-semibold whitespace-nowrap">
              {t(`list.columns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-(--border)">
        {orders.map((order) => (
          <tr
            key={order.id}
            onClick={(event) => openRow(event, order.id)}
            className="cursor-pointer transition-colors hover:bg-surface-muted"
            data-testid="order-row"
          >
            <td className="py-3 pl-4">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                aria-label={t('bulk.selectOrder', { number: orderNumber(order.id) })}
                checked={selection.ids.has(order.id)}
                onChange={() => selection.toggle(order.id)}
              />
            </td>
            <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap">
              <Link
                to={paths.adminOrder({ id: order.id })}
                state={state}
                className="font-mono text-brand-700 underline-offset-4 hover:underline dark:text-gold-300"
              >
                {orderNumber(order.id)}
              </Link>
            </th>
            <td className="max-w-56 px-4 py-3 break-words">{order.companyName1}</td>
            <td className="max-w-64 px-4 py-3">
              <span className="block break-words">{order.organizerName}</span>
              <span className="block text-xs break-all text-muted">{order.email}</span>
            </td>
            <td className="px-4 py-3">{format.state(order.llcState)}</td>
            <td className="px-4 py-3">{format.nationality(order.nationality)}</td>
            <td className="px-4 py-3">
              <OrderBadges order={order} />
              <OrderStageLine stage={order.stage} llcState={order.llcState} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-muted">
              <time dateTime={order.createdAt}>{format.date(order.createdAt)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
