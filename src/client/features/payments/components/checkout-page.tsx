import { ShieldCheck } from 'lucide-react';
import { Navigate, useSearchParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { ErrorBox } from '@client/components/ui/data-views';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { ApiError } from '@client/lib/api-client';
import { useOrder } from '@client/lib/api/orders';
import { NextStepsPanel } from './next-steps-panel';
import { OrderSummary } from './order-summary';
import { PageIntro } from './page-intro';
import { TrustPanel } from './trust-panel';
import { paths } from '@shared/client-paths';

/** An order that is missing or someone else's answers 404 (400 for an id that is no id at all). */
const isNotTheirs = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /checkout?orderId= (docs/product.md, "Client routes"): the order's summary and price, Complete Payment, trust and
 * next steps. Without an order, or with someone else's, there is nothing to pay: back to /order.
 */
export function CheckoutPage() {
  const { t } = useTranslation('payment');
  const orderId = useSearchParams()[0].get('orderId') ?? '';
  const order = useOrder(orderId);

  if (!orderId || (order.isError && isNotTheirs(order.error))) return <Navigate to={paths.order()} replace />;
  if (order.isPending) return <PageSpinner label={t('checkout.loading')} />;
  return (
    <div className="bg-surface-muted pb-16">
      <div className="mx-auto max-w-6xl px-4 pt-8 sm:pt-12">
        <PageIntro icon={ShieldCheck} eyebrow={t('checkout.eyebrow')} title={t('checkout.heading')} lead={t('checkout.lead')} />
        <div className="mt-8 grid items-start gap-6 @5xl:grid-cols-[minmax(0,1fr)_22rem]">
          {order.isError ? (
            <ErrorBox title={t('checkout.loadError')} onRetry={() => void order.refetch()} retrying={order.isFetching} />
          ) : (
            <OrderSummary order={order.data} />
          )}
          <aside className="space-y-6">
            <TrustPanel />
            <NextStepsPanel />
          </aside>
        </div>
      </div>
    </div>
  );
}
