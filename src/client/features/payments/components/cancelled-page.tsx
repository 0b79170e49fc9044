import { BadgeCheck, CircleX, LayoutDashboard, RotateCw } from 'lucide-react';
import { Link, useSearchParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { useOrder } from '@client/lib/api/orders';
import { usePageTitle } from '@client/lib/page-title';
import { StatusHero } from './status-hero';
import { paths } from '@shared/client-paths';

/** Where Try Again leads: the confirmation of the order when we know it, else a new order. */
export function tryAgainPath(orderId: string | null): string {
  return orderId ? paths.orderConfirm({ orderId }) : paths.order();
}

/**
 * /payment-cancelled?order_id= (docs/product.md, "Client routes"): nothing was charged; the order waits for the
 * customer. Unless the order was paid already (Cancel on an old tab, Back after paying): then it
 * says so, and offers no second payment. An order it cannot read gets the usual page.
 */
export function CancelledPage() {
  const { t } = useTranslation('payment');
  const orderId = useSearchParams()[0].get('order_id');
  const order = useOrder(orderId ?? '');
  const paid = order.data !== undefined && order.data.status !== 'pending_payment';
  usePageTitle(t(paid ? 'cancelled.paidTitle' : 'cancelled.title'));
  if (orderId && order.isPending) return <PageSpinner label={t('checkout.loading')} />;
  return (
    <div className="bg-surface-muted px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-10">
        {paid ? (
          <StatusHero icon={BadgeCheck} tone="success" title={t('cancelled.paidTitle')} lead={t('cancelled.paidLead')}>
            <p className="mt-3 max-w-md text-sm text-muted">{t('cancelled.paidBody')}</p>
          </StatusHero>
        ) : (
          <StatusHero icon={CircleX} tone="warning" title={t('cancelled.title')} lead={t('cancelled.lead')}>
            <p className="mt-3 max-w-md text-sm text-muted">{t('cancelled.body')}</p>
          </StatusHero>
        )}
        <nav className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {!paid && (
            <Link to={tryAgainPath(orderId)} className={buttonClasses('primary', 'lg')}>
              <RotateCw className="size-5" aria-hidden />
              {t('cancelled.tryAgain')}
            </Link>
          )}
          <Link to={paths.dashboard()} className={buttonClasses(paid ? 'primary' : 'outline', 'lg')}>
            <LayoutDashboard className="size-5" aria-hidden />
            {t('cancelled.toDashboard')}
          </Link>
        </nav>
      </div>
    </div>
  );
}
