import { useTranslation } from '@client/lib/i18n';
import { AdminOrdersPage } from '@client/features/orders/admin/admin-orders-page';
import { PaymentReviewsPanel } from '@client/features/payments/admin/payment-reviews-panel';

export default function AdminOrdersRoute() {
  // admin and geo load together, so the rows (nationalities) never suspend the page again
  useTranslation(['admin', 'geo']);
  return <AdminOrdersPage reviews={<PaymentReviewsPanel />} />;
}
