import { useParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { AdminOrderPage } from '@client/features/admin/components/admin-order-page';

export default function AdminOrderRoute() {
  // admin, geo and milestones load together, so the details (states, countries, the timeline) never suspend the page again
  useTranslation(['admin', 'geo', 'milestones']);
  const { id = '' } = useParams();
  // a new order starts from a clean page: no status or upload message of the previous one
  return <AdminOrderPage key={id} orderId={id} />;
}
