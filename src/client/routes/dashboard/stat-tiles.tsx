import { CircleCheckBig, Hourglass, Package, Settings2 } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { useOrders } from '@client/lib/api/orders';
import { countOrders } from './order-groups';
import { StatTile } from './stat-tile';

/**
 * The four tiles of docs/product.md, "Client routes", grouped as docs/product.md, "Order statuses" says; 2 x 2 on
 * phones and at large text, one row on a 64rem page. Only with more than one order: for one, the
 * counts say nothing the order's own state (first on the page) does not.
 */
export function StatTiles() {
  const { t } = useTranslation('dashboard');
  const { data: orders } = useOrders();
  const counts = orders ? countOrders(orders) : undefined;
  if (!orders || orders.length < 2) return null;
  return (
    <ul aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 sm:gap-4 @5xl:grid-cols-4">
      <StatTile
        testId="stat-total"
        label={t('stats.total')}
        value={counts?.total}
        icon={Package}
        tone="bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-brand-100"
      />
      <StatTile
        testId="stat-pending"
        label={t('stats.pending')}
        value={counts?.pending}
        icon={Hourglass}
        tone="bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200"
      />
      <StatTile
        testId="stat-processing"
        label={t('stats.processing')}
        value={counts?.processing}
        icon={Settings2}
        tone="bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200"
      />
      <StatTile
        testId="stat-completed"
        label={t('stats.completed')}
        value={counts?.completed}
        icon={CircleCheckBig}
        tone="bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200"
      />
    </ul>
  );
}
