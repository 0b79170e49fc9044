import { Plus, Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@client/components/ui/button';
import { usePrice } from '@client/lib/price';

/** No orders yet: one clear way to the first one. */
export function EmptyOrders() {
  const { t } = useTranslation('dashboard');
  const { price } = usePrice();
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-gold-300">
        <Rocket className="size-7" aria-hidden />
      </span>
      <h3 className="mt-4 text-lg font-bold">{t('orders.emptyTitle')}</h3>
      <p className="mt-1 max-w-sm text-sm text-muted">{t('orders.emptyBody', { price })}</p>
      <Link to="/order" className={buttonClasses('primary', 'md', 'mt-6')}>
        <Plus className="size-4" aria-hidden />
        {t('orders.createFirst')}
      </Link>
    </div>
  );
}
