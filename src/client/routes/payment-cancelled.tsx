import { useTranslation } from 'react-i18next';
import { CancelledPage } from '@client/features/payments/components/cancelled-page';
import { usePageTitle } from '@client/lib/page-title';

/** /payment-cancelled?order_id= (behind RequireAuth): where the payment provider returns the customer after Cancel. */
export default function PaymentCancelledRoute() {
  const { t } = useTranslation('payment');
  usePageTitle(t('cancelled.title'));
  return <CancelledPage />;
}
