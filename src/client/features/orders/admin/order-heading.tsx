import { orderNumber } from '@shared/order-model';
import type { TAdminOrderDetail } from '@shared/admin';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { BackToOrders } from './back-to-orders';
import { OrderBadges } from '@client/components/order-badges';

/** The order page's title block: number, first company name, status (and a hold or payment review), when it was placed, and where it stands. */
export function OrderHeading({ order }: { order: TAdminOrderDetail['order'] }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  return (
    <div>
      <BackToOrders />
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('meta.order', { number: orderNumber(order.id) })}</h1>
        <OrderBadges order={order} />
      </div>
      <p className="mt-1 text-sm text-muted">
        <span className="font-medium text-fg">{order.companyName1}</span> · {t('order.placedOn', { date: format.dateTime(order.createdAt) })}
      </p>
      {/* the order's one state (src/shared/order-stage.ts), the one the customer reads on the dashboard, and who moves next */}
      <p className="mt-2 text-sm font-medium break-words text-fg" data-testid="order-stage">
        {t(`order.stage.${order.state.stage}`, { state: format.state(order.llcState) })} ·{' '}
        <span className="font-normal text-muted">
          {order.state.next === 'none' ? t('order.nextTeam') : t('order.nextCustomer', { step: t(`order.customerSteps.${order.state.next}`) })}
        </span>
      </p>
    </div>
  );
}
