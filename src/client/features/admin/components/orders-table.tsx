import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TAdminOrderRow } from '@shared/admin';
import { orderNumber } from '@shared/order-model';
import { HoldBadge, OrderStatusBadge } from '@client/components/order-status-badge';
import { useFormats } from '@client/lib/use-formats';
import { adminOrderPath } from '../admin-paths';
import { useAdminTranslation } from '../hooks/use-admin-translation';
import { useListSearchState } from '../hooks/use-list-search-state';
import { AmountPaid } from './amount-paid';

const columns = ['organizer', 'email', 'nationality', 'amountPaid', 'status', 'date'] as const;

/**
 * The order list from tablets up. The organizer's name is the link (keyboard and screen readers);
 * a click anywhere else on the row opens the order too, unless the admin is selecting text to copy.
 */
export function OrdersTable({ orders }: { orders: TAdminOrderRow[] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const navigate = useNavigate();
  const state = useListSearchState();

  const openRow = (event: MouseEvent, id: string) => {
    if ((event.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
    void navigate(adminOrderPath(id), { state });
  };

  return (
    <table className="w-full text-left text-sm" data-testid="orders-table">
      <caption className="sr-only">{t('list.caption')}</caption>
      <thead className="border-b border-line bg-surface-muted text-xs tracking-wide text-muted uppercase">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={`px-4 py-2.5 font-semibold whitespace-nowrap ${column === 'amountPaid' ? 'text-right' : ''}`}>
              {t(`list.columns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-(--border)">
        {orders.map((order) => (
          <tr key={order.id} onClick={(event) => openRow(event, order.id)} className="cursor-pointer transition-colors hover:bg-surface-muted" data-testid="order-row">
            <th scope="row" className="max-w-56 px-4 py-3 font-medium">
              <Link to={adminOrderPath(order.id)} state={state} className="break-words text-brand-700 underline-offset-4 hover:underline dark:text-gold-300">
                {order.organizerName}
              </Link>
              {/* what a search by order number or company name matched */}
              <span className="mt-0.5 block text-xs font-normal break-words text-muted">
                {orderNumber(order.id)} · {order.companyName1}
              </span>
            </th>
            <td className="max-w-64 px-4 py-3 break-all text-fg">{order.email}</td>
            <td className="px-4 py-3">{format.nationality(order.nationality)}</td>
            <td className="px-4 py-3 text-right">
              <AmountPaid cents={order.orderAmountPaid} />
            </td>
            <td className="px-4 py-3">
              <span className="flex flex-wrap gap-1">
                <OrderStatusBadge status={order.status} />
                {order.holdReason && <HoldBadge label={t('hold.badge')} />}
              </span>
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
