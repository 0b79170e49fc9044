import { Navigate, useSearchParams } from '@client/lib/router';
import { OrderConfirmation } from '@client/features/orders/components/order-confirmation';
import { useOrderTranslation } from '@client/features/orders/namespaces';
import { usePageTitle } from '@client/lib/page-title';
import { paths } from '@shared/client-paths';

/** /order/confirm?orderId=…: the order's summary; without an order there is nothing to confirm. */
export default function OrderConfirmRoute() {
  const { t } = useOrderTranslation();
  usePageTitle(t('meta.confirmTitle'));
  const orderId = useSearchParams()[0].get('orderId');
  if (!orderId) return <Navigate to={paths.order()} replace />;
  return <OrderConfirmation key={orderId} orderId={orderId} />;
}
