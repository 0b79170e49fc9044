import { CircleCheck, SearchX, TriangleAlert } from 'lucide-react';
import { Link } from '@client/lib/router';
import { orderNumber } from '@shared/order-model';
import { OrderStatusBadge } from '@client/components/order-status-badge';
import { Button, buttonClasses } from '@client/components/ui/button';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { ApiError } from '@client/lib/api-client';
import { useOrder } from '@client/lib/api/orders';
import { useOrderTranslation } from '../namespaces';
import { OrderProblem } from './order-problem';
import { OrderSummary } from './order-summary';
import { OrderTotal } from './order-total';
import { paths } from '@shared/client-paths';

/**
 * /order/confirm (docs/product.md, "Client routes"), loaded from the server by id so a reload (or a link from the payment pages)
 * keeps working: loading, not found (someone else's order looks the same), failure, or the summary.
 */
export function OrderConfirmation({ orderId }: { orderId: string }) {
  const { t } = useOrderTranslation();
  const { data: order, error, isPending, refetch, isRefetching } = useOrder(orderId);

  if (isPending) return <PageSpinner label={t('confirm.loading')} />;
  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <OrderProblem
        icon={notFound ? <SearchX className="size-8" aria-hidden /> : <TriangleAlert className="size-8" aria-hidden />}
        title={t(notFound ? 'confirm.notFound' : 'confirm.loadError')}
        body={notFound ? t('confirm.notFoundBody') : undefined}
      >
        {notFound ? (
          <Link to={paths.order()} className={buttonClasses('primary')}>
            {t('confirm.newOrder')}
          </Link>
        ) : (
          <Button onClick={() => void refetch()} busy={isRefetching}>
            {t('confirm.retry')}
          </Button>
        )}
        <Link to={paths.dashboard()} className={buttonClasses('outline')}>
          {t('confirm.dashboard')}
        </Link>
      </OrderProblem>
    );
  }

  return (
    <div className="bg-surface-muted">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
        <header>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-900 dark:bg-green-900/40 dark:text-green-200">
            <CircleCheck className="size-3.5" aria-hidden />
            {t('confirm.eyebrow')}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl dark:text-white">{t('confirm.title')}</h1>
          <p className="mt-2 max-w-2xl text-sm text-muted sm:text-base">{t('confirm.lead')}</p>
          <p className="mt-4 flex flex-wrap items-center gap-3">
            <span className="font-mono text-sm font-semibold text-fg" data-testid="order-number">
              {t('confirm.orderNumber', { number: orderNumber(order.id) })}
            </span>
            <OrderStatusBadge status={order.status} />
          </p>
        </header>
        <div className="mt-8 grid gap-6 @5xl:grid-cols-[minmax(0,1fr)_18rem] @5xl:items-start">
          <OrderSummary order={order} />
          <OrderTotal order={order} />
        </div>
      </div>
    </div>
  );
}
