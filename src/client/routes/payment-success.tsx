import { useTranslation } from 'react-i18next';
import { SuccessPage } from '@client/features/payments/components/success-page';
import { usePageTitle } from '@client/lib/page-title';

/** /payment-success?session_id= (behind RequireAuth): where the payment provider returns the customer after paying. */
export default function PaymentSuccessRoute() {
  const { t } = useTranslation(['payment', 'geo']);
  usePageTitle(t('success.title'));
  return <SuccessPage />;
}
