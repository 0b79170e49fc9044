import { useTranslation } from '@client/lib/i18n';
import { Spinner } from '@client/components/ui/button';
import type { OrderStatus } from '@shared/order-status';

const tones = {
  completed: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  processing: 'bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-100',
};

/**
 * SPEC section 4: the success page says Completed when the order is paid and Processing
 * otherwise (a spinner while the payment event is still expected).
 */
export function PaymentStatus({ status, confirming }: { status: OrderStatus; confirming: boolean }) {
  const { t } = useTranslation('payment');
  const shown = status === 'paid' ? 'completed' : 'processing';
  return (
    <span data-testid="payment-status" className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[shown]}`}>
      {confirming && <Spinner className="size-3" />}
      {shown === 'completed' ? t('success.statusCompleted') : t('success.statusProcessing')}
    </span>
  );
}
