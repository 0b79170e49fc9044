import { useTranslation } from '@client/lib/i18n';
import { SuccessPage } from '@client/features/payments/components/success-page';
import { OrderNow } from '@client/features/orders/components/order-now';

/** /payment-success?session_id= (behind RequireAuth): where the payment provider returns the customer after paying. */
export default function PaymentSuccessRoute() {
  // both namespaces before the page shows (the details name countries); the page sets its own title
  useTranslation(['payment', 'geo', 'dashboard']);
  return <SuccessPage orderState={(order) => <OrderNow order={order} />} />;
}
