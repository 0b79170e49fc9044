import { BadgeCheck } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button';
import { paths } from '@shared/client-paths';

/** Shown instead of Complete Payment once the order has left pending_payment. */
export function AlreadyPaidNotice() {
  const { t } = useTranslation('payment');
  return (
    <div role="status" className="rounded-xl border border-green-300 bg-green-50 p-4 dark:border-green-800 dark:bg-green-950/50">
      <p className="flex items-center gap-2 font-semibold text-green-900 dark:text-green-100">
        <BadgeCheck className="size-5 shrink-0" aria-hidden />
        {t('checkout.alreadyPaidTitle')}
      </p>
      <p className="mt-1 text-sm text-green-900/80 dark:text-green-100/80">{t('checkout.alreadyPaidBody')}</p>
      <Link to={paths.dashboard()} className={buttonClasses('primary', 'md', 'mt-4 w-full sm:w-auto')}>
        {t('checkout.toDashboard')}
      </Link>
    </div>
  );
}
