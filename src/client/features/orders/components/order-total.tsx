import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { Link } from '@client/lib/router';
import type { TOrderDetail } from '@shared/orders';
import { buttonClasses } from '@client/components/ui/button';
import { useFormats } from '@client/lib/use-formats';
import { useOrderTranslation } from '../namespaces';
import { OrderActions } from '@client/components/order-actions';
import { paths } from '@shared/client-paths';

/** The total and what comes next: pay (while the order awaits payment and nothing holds it) or go to the dashboard; fix or discard it while unpaid. */
export function OrderTotal({ order }: { order: TOrderDetail }) {
  const { t } = useOrderTranslation();
  const format = useFormats();
  return (
    <aside aria-labelledby="order-total-title" className="rounded-2xl border border-line bg-surface p-6 shadow-sm @5xl:sticky @5xl:top-24">
      <h2 id="order-total-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
        {t('confirm.total')}
      </h2>
      <p className="mt-2 text-4xl font-extrabold tracking-tight text-brand-700 dark:text-gold-300" data-testid="order-total">
        {format.usd(order.orderAmount)}
      </p>
      <p className="mt-1 text-sm text-muted">{t('confirm.totalNote')}</p>
      <div className="mt-6 grid gap-3">
        {order.holdReason && (
          <p
            className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            data-testid="order-held"
          >
            {t('sanctions.held')}
          </p>
        )}
        {order.status === 'pending_payment' && !order.holdReason && (
          <Link to={paths.checkout({ orderId: order.id })} className={buttonClasses('accent', 'lg', 'w-full')}>
            {t('confirm.proceed')}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        )}
        <Link to={paths.dashboard()} className={buttonClasses('outline', 'md', 'w-full')}>
          <LayoutDashboard className="size-4" aria-hidden />
          {t('confirm.dashboard')}
        </Link>
      </div>
      {order.status === 'pending_payment' && order.paidAt === null && (
        <div className="mt-6 border-t border-line pt-4">
          <p className="text-sm text-muted">{t('actions.lead')}</p>
          <OrderActions orderId={order.id} className="mt-3" />
        </div>
      )}
    </aside>
  );
}
