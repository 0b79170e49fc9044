import { CircleCheck, House, Info, LayoutDashboard } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import type { TOrderDetail } from '@shared/orders';
import { Link, Navigate, useSearchParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { orderNumber } from '@shared/order-model';
import { ReceiptLink } from '@client/components/receipt-link';
import { buttonClasses } from '@client/components/ui/button';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { usePageTitle } from '@client/lib/page-title';
import { usePaymentResult } from '@client/lib/api/payments';
import { ConfirmingNotice } from './confirming-notice';
import { PaymentDetails } from './payment-details';
import { StatusHero } from './status-hero';
import { WhatHappensNext } from './what-happens-next';
import { paths } from '@shared/client-paths';

/**
 * /payment-success?session_id= (docs/product.md, "Client routes"). The provider sends the customer here after a
 * successful payment; the details come from the server by session id, for the signed-in owner
 * only. Without a session id there is nothing to show: to the dashboard. The title says what the
 * page shows: a success only for a payment found. `orderState` renders the order's state (the
 * route passes the dashboard's card: a feature does not import another).
 */
export function SuccessPage({ orderState }: { orderState?: (order: TOrderDetail) => ReactNode }) {
  const { t } = useTranslation('payment');
  const sessionId = useSearchParams()[0].get('session_id') ?? '';
  const result = usePaymentResult(sessionId);
  const { error } = result;
  const order = result.data;
  usePageTitle(result.isPending ? t('success.loading') : t(order ? 'success.title' : 'success.notFoundTitle'));

  // docs/product.md, "Messages": a failed lookup is logged only; the page stays calm and points to the dashboard
  useEffect(() => {
    if (error) console.warn('payment result lookup failed', error);
  }, [error]);

  if (!sessionId) return <Navigate to={paths.dashboard()} replace />;
  if (result.isPending) return <PageSpinner label={t('success.loading')} />;
  return (
    <div className="bg-surface-muted px-4 pb-16 pt-10 sm:pt-14">
      <div className="mx-auto max-w-3xl space-y-6">
        {order ? (
          <>
            <StatusHero icon={CircleCheck} tone="success" title={t('success.title')} lead={t('success.lead')}>
              <p className="mt-5 rounded-xl border border-line bg-surface px-5 py-3 shadow-sm">
                <span className="block text-xs font-medium uppercase tracking-wide text-muted">{t('success.orderNumber')}</span>
                <span data-testid="order-number" className="font-mono text-2xl font-bold tracking-wider text-fg">
                  {orderNumber(order.id)}
                </span>
              </p>
            </StatusHero>
            <ConfirmingNotice confirming={result.confirming} stillPending={order.status === 'pending_payment'} />
            {/* once paid, the order's one state and next step, as the dashboard tells it (order-stage.ts) */}
            {order.status !== 'pending_payment' && orderState?.(order)}
            <WhatHappensNext order={order} />
            <PaymentDetails order={order} confirming={result.confirming} />
            {order.status !== 'pending_payment' && (
              <p className="text-center">
                <ReceiptLink orderId={order.id} label={t('downloadReceipt')} />
              </p>
            )}
          </>
        ) : (
          // nothing confirmed (or not theirs): no success claimed, no details, just the way on
          <StatusHero icon={Info} tone="info" title={t('success.notFoundTitle')} lead={t('success.notFoundBody')} />
        )}
        <nav className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={paths.dashboard()} className={buttonClasses('primary', 'lg')}>
            <LayoutDashboard className="size-5" aria-hidden />
            {t('success.toDashboard')}
          </Link>
          <Link to={paths.home()} className={buttonClasses('outline', 'lg')}>
            <House className="size-5" aria-hidden />
            {t('success.toHome')}
          </Link>
        </nav>
      </div>
    </div>
  );
}
