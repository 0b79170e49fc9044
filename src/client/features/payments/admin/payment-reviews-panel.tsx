import { CircleAlert } from 'lucide-react';
import { Link } from '@client/lib/router';
// types only: this page adds no zod
import type { TPaymentReview } from '@shared/admin';
import { orderNumber } from '@shared/order-model';
import { Button } from '@client/components/ui/button';
import { ErrorBox, Panel } from '@client/components/ui/data-views';
import { usePaymentReviews, useResolvePaymentReview } from '@client/lib/api/admin-orders';
import { errorMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { paths } from '@shared/client-paths';

/**
 * Payment events that did not match their order, or paid a paid order again (docs/decisions/0010),
 * above the order list until an administrator marks them resolved. Nothing shows when there are none.
 */
export function PaymentReviewsPanel() {
  const { t } = useAdminTranslation();
  const reviews = usePaymentReviews();
  const resolve = useResolvePaymentReview();

  // the order list below shows its own loading line: one spinner for the page
  if (reviews.isPending) return null;
  if (reviews.isError)
    return (
      <ErrorBox title={t('reviews.loadError')} detail={errorMessage(t, reviews.error)} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
    );
  if (reviews.data.reviews.length === 0) return null;

  return (
    <Panel compact title={t('reviews.title')} icon={CircleAlert} lead={t('reviews.lead')} className="border-amber-300 dark:border-amber-700">
      {resolve.isError && <ErrorBox className="mb-3" title={t('reviews.resolveFailed')} detail={errorMessage(t, resolve.error)} />}
      <ul className="divide-y divide-line" data-testid="payment-reviews">
        {reviews.data.reviews.map((review) => (
          <ReviewRow key={review.id} review={review} busy={resolve.isPending && resolve.variables === review.id} onResolve={() => resolve.mutate(review.id)} />
        ))}
      </ul>
    </Panel>
  );
}

function ReviewRow({ review, busy, onResolve }: { review: TPaymentReview; busy: boolean; onResolve: () => void }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  // a payment of a discarded order names an order that is gone: its number, and no link
  const number = review.claimedOrderId || review.orderId ? orderNumber((review.orderId ?? review.claimedOrderId)!) : '—';
  // an amount in dollars reads as money; any other currency as the provider gave it (minor units)
  const amount =
    review.amount === null
      ? t('notProvided')
      : review.currency === 'usd'
        ? format.usd(review.amount)
        : `${review.amount} ${(review.currency ?? '').toUpperCase()}`.trim();
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p>
          {review.orderId ? (
            <Link to={paths.adminOrder({ id: review.orderId })} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-gold-300">
              {t('reviews.order', { number })}
            </Link>
          ) : (
            <span className="font-semibold">
              {t('reviews.order', { number })} ({t('reviews.discarded')})
            </span>
          )}
          <span className="text-muted"> · {format.dateTime(review.createdAt)}</span>
        </p>
        <p className="mt-0.5">{t(`reviews.reason.${review.reason}`)}</p>
        <p className="mt-0.5 text-xs break-all text-muted">
          {review.refundId
            ? t('reviews.refundDetails', { amount, refund: review.refundId })
            : t('reviews.details', { amount, session: review.sessionId ?? '' })}
        </p>
      </div>
      <Button variant="outline" size="sm" className="shrink-0" busy={busy} onClick={onResolve} aria-label={t('reviews.resolveLabel', { number })}>
        {t('reviews.resolve')}
      </Button>
    </li>
  );
}
