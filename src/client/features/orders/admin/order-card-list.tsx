import { ChevronRight } from 'lucide-react';
import { Link } from '@client/lib/router';
import type { TAdminOrderRow } from '@shared/admin';
import { orderNumber } from '@shared/order-model';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { useListSearchState } from '@client/lib/use-list-search-state';
import type { Selection } from './use-selection';
import { OrderBadges } from '@client/components/order-badges';
import { OrderStageLine } from './order-stage-line';
import { paths } from '@shared/client-paths';

/** The order list on phones: one card per order, the whole card a link. */
export function OrderCardList({ orders, selection }: { orders: TAdminOrderRow[]; selection: Selection }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const state = useListSearchState();
  return (
    <ul className="divide-y divide-(--border)" aria-label={t('list.caption')} data-testid="order-cards">
      {orders.map((order) => (
        <li key={order.id} className="flex items-start">
          {/* beside the card's link, not in it: ticking it never opens the order */}
          <input
            type="checkbox"
            className="mt-3.5 ml-4 size-6 shrink-0 accent-brand-700"
            aria-label={t('bulk.selectOrder', { number: orderNumber(order.id) })}
            checked={selection.ids.has(order.id)}
            onChange={() => selection.toggle(order.id)}
          />
          <Link
            to={paths.adminOrder({ id: order.id })}
            state={state}
            className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 transition-colors hover:bg-surface-muted focus-visible:outline-offset-[-2px]"
          >
            <span className="min-w-0 flex-1">
              <span className="flex items-start justify-between gap-3">
                <span className="font-semibold break-words text-fg">{order.organizerName}</span>
                {/* at most half the card: a long badge ("Refund requested · 3 days") wraps instead of running off a phone */}
                <span className="flex max-w-1/2 min-w-0 flex-col items-end gap-1">
                  <OrderBadges order={order} />
                </span>
              </span>
              <span className="mt-0.5 block text-sm break-all text-muted">{order.email}</span>
              <OrderStageLine stage={order.stage} llcState={order.llcState} />
              <span className="mt-0.5 block text-sm break-words text-muted">
                {orderNumber(order.id)} · {order.companyName1}
              </span>
              <span className="mt-1 flex flex-wrap gap-x-2 text-sm text-muted">
                <span>{format.state(order.llcState)}</span>
                <span aria-hidden>·</span>
                <span>{format.nationality(order.nationality)}</span>
                <span aria-hidden>·</span>
                {/* spelled out here: a lone dash between dots reads as a typo */}
                <span className={order.orderAmountPaid == null ? '' : 'text-fg tabular-nums'}>
                  {order.orderAmountPaid == null ? t('list.notPaid') : format.usd(order.orderAmountPaid)}
                </span>
                <span aria-hidden>·</span>
                <time dateTime={order.createdAt}>{format.date(order.createdAt)}</time>
              </span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-muted" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
