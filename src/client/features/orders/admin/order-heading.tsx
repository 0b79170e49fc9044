import { orderNumber } from '@shared/order-model';
import type { TAdminOrderDetail } from '@shared/admin';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { BackToOrders } from './back-to-orders';
import { OrderBadges } from '@client/components/order-badges';

/** The order page's title block: number, first company name, status (and a hold or payment review) and when it was placed. */
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
    </div>
  );
}
