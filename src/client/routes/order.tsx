import { SearchX, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from '@client/lib/router';
import type { TSessionUser } from '@shared/auth';
import { Button, buttonClasses } from '@client/components/ui/button';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { OrderProblem } from '@client/features/orders/components/order-problem';
import { OrderWizard } from '@client/features/orders/components/order-wizard';
import { useOrderTranslation } from '@client/features/orders/namespaces';
import { ApiError } from '@client/lib/api-client';
import { useOrder } from '@client/lib/api/orders';
import { useSession } from '@client/lib/api/session';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { paths } from '@shared/client-paths';

/**
 * /order?edit=<id>: the wizard on an order on file, while it is unpaid. Paid or moving
 * on, it says so and points to the dashboard; someone else's order is not found.
 */
function OrderEditor({ user, orderId }: { user: TSessionUser; orderId: string }) {
  const { t } = useOrderTranslation();
  const { data: order, error, isPending, refetch, isRefetching } = useOrder(orderId);
  if (isPending) return <PageSpinner label={t('confirm.loading')} />;
  const dashboard = (
    <Link to={paths.dashboard()} className={buttonClasses('outline')}>
      {t('confirm.dashboard')}
    </Link>
  );
  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <OrderProblem
        icon={notFound ? <SearchX className="size-8" aria-hidden /> : <TriangleAlert className="size-8" aria-hidden />}
        title={t(notFound ? 'confirm.notFound' : 'confirm.loadError')}
      >
        {!notFound && (
          <Button onClick={() => void refetch()} busy={isRefetching}>
            {t('confirm.retry')}
          </Button>
        )}
        {dashboard}
      </OrderProblem>
    );
  }
  if (order.status !== 'pending_payment' || order.paidAt !== null) {
    return (
      <OrderProblem icon={<TriangleAlert className="size-8" aria-hidden />} title={t('notEditable')}>
        {dashboard}
      </OrderProblem>
    );
  }
  // keyed by order: the form starts from this order's data, once
  return <OrderWizard key={`${user.id}:${order.id}`} account={user} editing={order} />;
}

/** /order (signed-in only, behind RequireAuth): the wizard, for the signed-in account; ?edit=<id> fixes an unpaid order. */
export default function OrderRoute() {
  const { t } = useOrderTranslation();
  const { price } = usePrice();
  const editId = useSearchParams()[0].get('edit');
  // the title says what the h1 says (OrderWizard's intro.title)
  usePageTitle(t(editId ? 'editIntro.title' : 'intro.title'), t('meta.description', { price }));
  const { user } = useSession();
  if (!user) return null;
  if (editId) return <OrderEditor user={user} orderId={editId} />;
  // keyed by user: another account in this tab starts from its own draft
  return <OrderWizard key={user.id} account={user} />;
}
