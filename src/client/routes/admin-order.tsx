import { lazy } from 'react';
import { useParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { AdminOrderPage } from '@client/routes/admin-order/admin-order-page';

// the correction is the wizard's fields (the orders feature) in the admin page's panel, loaded when opened
const OrderCorrectionForm = lazy(() => import('@client/features/orders/components/order-correction-form'));

export default function AdminOrderRoute() {
  // admin, geo and milestones load together, so the details (states, countries, the timeline) never suspend the page again
  useTranslation(['admin', 'geo', 'milestones', 'refunds', 'filing']);
  const { id = '' } = useParams();
  // a new order starts from a clean page: no status or upload message of the previous one
  return <AdminOrderPage key={id} orderId={id} correctionForm={OrderCorrectionForm} />;
}
