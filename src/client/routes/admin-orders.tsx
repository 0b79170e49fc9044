import { useTranslation } from '@client/lib/i18n';
import { AdminOrdersPage } from '@client/features/admin/components/admin-orders-page';

export default function AdminOrdersRoute() {
  // admin and geo load together, so the rows (nationalities) never suspend the page again
  useTranslation(['admin', 'geo']);
  return <AdminOrdersPage />;
}
