import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@client/components/ui/button';
import { useOrders } from '../api/get-orders';
import { EmptyOrders } from './empty-orders';
import { InlineLoading } from './inline-loading';
import { LoadError } from './load-error';
import { OrderCard } from './order-card';

/** My Orders: loading, error (Try Again), empty, or the cards, of which one at most is open. */
export function MyOrders() {
  const { t } = useTranslation('dashboard');
  const orders = useOrders();
  const [openId, setOpenId] = useState<string | null>(null);

  let content;
  if (orders.isPending) content = <InlineLoading label={t('orders.loading')} />;
  // a failed refetch keeps the list it already has; only a list never read shows the error
  else if (!orders.data) content = <LoadError message={t('orders.loadError')} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  else if (orders.data.length === 0) content = <EmptyOrders />;
  else
    content = (
      <ul className="space-y-3">
        {orders.data.map((order, index) => (
          <OrderCard key={order.id} order={order} index={index} expanded={openId === order.id} onToggle={() => setOpenId((current) => (current === order.id ? null : order.id))} />
        ))}
      </ul>
    );

  // on phones the cards sit on the page itself: a frame around them would only eat width
  return (
    <section
      aria-labelledby="my-orders-title"
      className="min-w-0 sm:rounded-2xl sm:border sm:border-line sm:bg-surface sm:p-6 sm:shadow-sm">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="my-orders-title" className="text-xl font-bold tracking-tight">
          {t('orders.title')}
        </h2>
        <Link to="/order" className={buttonClasses('primary', 'sm')}>
          <Plus className="size-4" aria-hidden />
          {t('orders.newOrder')}
        </Link>
      </div>
      {content}
    </section>
  );
}
