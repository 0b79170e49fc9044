import { useTranslation } from '@client/lib/i18n';
import type { OrderStatus } from '@shared/order-status';

/** docs/product.md, "Order statuses" badge colours: paid yellow, processing blue, completed green, pending and anything else grey. */
const colours: Record<string, string> = {
  paid: 'bg-yellow-100 text-yellow-900 ring-yellow-300 dark:bg-yellow-900/40 dark:text-yellow-200 dark:ring-yellow-700',
  processing: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-900/40 dark:text-blue-200 dark:ring-blue-700',
  completed: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-900/40 dark:text-green-200 dark:ring-green-700',
};
const grey = 'bg-gray-100 text-gray-800 ring-gray-300 dark:bg-gray-800 dark:text-gray-200 dark:ring-gray-600';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours[status] ?? grey}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** Next to the status, in amber: something waits (a hold for review before payment, ADR 0012; a request to the customer). */
export function HoldBadge({ label, testId }: { label: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-400 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700"
    >
      {label}
    </span>
  );
}

/** A refund closed the order, in green like a completed one: the money is back. */
export function RefundedBadge() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="refunded-badge"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours.completed}`}
    >
      {t('refunded')}
    </span>
  );
}
