import { ArrowRight, CircleCheckBig, Clock, CreditCard, ShieldAlert } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import type { OrderStatus } from '@shared/order-status';
import { buttonClasses } from '@client/components/ui/button';
import { paths } from '@shared/client-paths';

/**
 * docs/product.md, "Client routes": pending_payment leads to payment; completed says the LLC is formed; any other
 * status says the order is in progress, followed by the status label. An order held for review
 * (a sanctioned nationality, ADR 0012) cannot be paid yet, and says why.
 */
export function OrderNextStep({ orderId, status, held = false }: { orderId: string; status: OrderStatus; held?: boolean }) {
  const { t } = useTranslation('dashboard');
  const frame = 'flex gap-3 border-t border-line px-4 py-3 text-sm sm:px-5';

  if (held && status === 'pending_payment') {
    return (
      <p className={`${frame} items-start text-amber-900 dark:text-amber-200`} data-testid="order-next-step">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('nextStep.heldForReview')}
      </p>
    );
  }

  if (status === 'pending_payment') {
    return (
      <div className={`${frame} flex-col sm:flex-row sm:items-center sm:justify-between`} data-testid="order-next-step">
        <p className="flex items-start gap-2 text-muted">
          <CreditCard className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('nextStep.awaitingPayment')}
        </p>
        <Link to={paths.checkout({ orderId })} className={buttonClasses('accent', 'sm', 'shrink-0 self-start sm:self-auto')}>
          {t('nextStep.proceedToPayment')}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    );
  }
  if (status === 'completed') {
    return (
      <p className={`${frame} items-start text-green-800 dark:text-green-300`} data-testid="order-next-step">
        <CircleCheckBig className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('nextStep.completed')}
      </p>
    );
  }
  return (
    <p className={`${frame} items-start text-muted`} data-testid="order-next-step">
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {t('nextStep.inProgress')} <strong className="font-semibold text-fg">{t(`common:status.${status}`, { defaultValue: status })}</strong>
      </span>
    </p>
  );
}
