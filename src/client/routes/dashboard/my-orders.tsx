import { Plus, Rocket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button';
import { EmptyState, ErrorBox, InlineLoading } from '@client/components/ui/data-views';
import { useOrders } from '@client/lib/api/orders';
import { usePrice } from '@client/lib/price';
import { OrderCard } from './order-card';
import { paths } from '@shared/client-paths';

/** My Orders: loading, error (Try Again), empty, or the cards, of which one at most is open. */
export function MyOrders() {
  const { t } = useTranslation('dashboard');
  const orders = useOrders();
  const { price } = usePrice();
  // /dashboard?order=ID (the payment email's link to the receipt) opens that order's card
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('order');
  const [openId, setOpenId] = useState<string | null>(linked);
  // a link to another order (the next step's button at the top) opens that card
  const [lastLinked, setLastLinked] = useState(linked);
  if (linked !== lastLinked) {
    setLastLinked(linked);
    if (linked) setOpenId(linked);
  }
  const linkedLoaded = !!linked && !!orders.data?.some((order) => order.id === linked);
  useEffect(() => {
    if (!linkedLoaded) return;
    // focusing scrolls it into view, clear of the sticky header (the page's scroll-padding)
    document.querySelector<HTMLElement>(`[data-order-id="${CSS.escape(linked)}"] h3 button`)?.focus();
  }, [linked, linkedLoaded]);

  let content;
  if (orders.isPending) content = <InlineLoading label={t('orders.loading')} />;
  // a failed refetch keeps the list it already has; only a list never read shows the error
  else if (!orders.data) content = <ErrorBox title={t('orders.loadError')} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  // no orders yet: one clear way to the first one
  else if (orders.data.length === 0)
    content = (
      <EmptyState
        icon={Rocket}
        title={t('orders.emptyTitle')}
        headingLevel={3}
        message={t('orders.emptyBody', { price })}
        className="rounded-xl border border-dashed border-line bg-surface"
        action={
          <Link to={paths.order()} className={buttonClasses('primary', 'md')}>
            <Plus className="size-4" aria-hidden />
            {t('orders.createFirst')}
          </Link>
        }
      />
    );
  else
    content = (
      <ul className="space-y-3">
        {orders.data.map((order, index) => (
          <OrderCard
            key={order.id}
            order={order}
            index={index}
            expanded={openId === order.id}
            onToggle={() => setOpenId((current) => (current === order.id ? null : order.id))}
          />
        ))}
      </ul>
    );

  // on phones the cards sit on the page itself: a frame around them would only eat width
  return (
    <section aria-labelledby="my-orders-title" className="min-w-0 sm:rounded-2xl sm:border sm:border-line sm:bg-surface sm:p-6 sm:shadow-sm">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="my-orders-title" className="text-xl font-bold tracking-tight">
          {t('orders.title')}
        </h2>
        <Link to={paths.order()} className={buttonClasses('primary', 'sm')}>
          <Plus className="size-4" aria-hidden />
          {t('orders.newOrder')}
        </Link>
      </div>
      {content}
    </section>
  );
}
