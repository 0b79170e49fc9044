import { useTranslation } from '@client/lib/i18n';
import { Spinner } from '@client/components/ui/button';
import type { OrderStatus } from '@shared/order-status';

const tones = {
  done: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  pending: 'bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-100',
};

function Badge({ tone, busy = false, testId, children }: { tone: keyof typeof tones; busy?: boolean; testId: string; children: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {busy && <Spinner className="size-3" />}
      {children}
    </span>
  );
}

/**
 * docs/product.md, "Order statuses"'s Completed / Processing, said of what each is about: the
 * payment is complete once the order left pending_payment (a spinner while its event is still
 * expected), and the LLC is in progress until the order is completed.
 */
export function PaymentStatus({ status, confirming }: { status: OrderStatus; confirming: boolean }) {
  const { t } = useTranslation('payment');
  const paid = status !== 'pending_payment';
  return (
    <Badge tone={paid ? 'done' : 'pending'} busy={confirming} testId="payment-status">
      {paid ? t('success.paymentComplete') : t('success.paymentConfirming')}
    </Badge>
  );
}
