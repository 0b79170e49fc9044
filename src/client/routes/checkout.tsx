import { useTranslation } from '@client/lib/i18n';
import { CheckoutPage } from '@client/features/payments/components/checkout-page';
import { usePageTitle } from '@client/lib/page-title';

/** /checkout?orderId= (behind RequireAuth). */
export default function CheckoutRoute() {
  // both namespaces load together, so the page never suspends again for the state's name
  const { t } = useTranslation(['payment', 'geo']);
  usePageTitle(t('checkout.title'));
  return <CheckoutPage />;
}
