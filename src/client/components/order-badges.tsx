import type { TAdminOrderRow } from '@shared/admin';
import { HoldBadge, OrderStatusBadge } from '@client/components/order-status-badge';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { formatDuration, useNow } from '@client/lib/format-duration';

/** The status, and what needs an administrator: a hold (ADR 0012) or a payment to review (ADR 0010). */
export function OrderBadges({
  order,
}: {
  order: Pick<TAdminOrderRow, 'status' | 'holdReason' | 'paymentReview' | 'openRequests'> & { refundRequestedAt?: string | null };
}) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const now = useNow();
  return (
    <span className="flex flex-wrap justify-end gap-1 md:justify-start">
      <OrderStatusBadge status={order.status} />
      {order.holdReason && <HoldBadge label={t('hold.badge')} />}
      {order.paymentReview && (
        <span
          className="inline-flex items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300 ring-inset dark:bg-red-950 dark:text-red-100 dark:ring-red-800"
          data-testid="review-badge"
        >
          {t('reviewBadge')}
        </span>
      )}
      {/* the team asked the customer for something, still unanswered */}
      {order.openRequests > 0 && <HoldBadge label={t('requestsBadge', { count: order.openRequests })} testId="requests-badge" />}
      {/* a refund request waits for a decision, for this long */}
      {order.refundRequestedAt && (
        <HoldBadge label={t('refundBadge', { duration: formatDuration(now - Date.parse(order.refundRequestedAt), format.locale) })} testId="refund-badge" />
      )}
    </span>
  );
}
