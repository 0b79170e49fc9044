import { ArrowLeft } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { useListSearchToReturnTo } from '@client/lib/use-list-search-state';
import { paths } from '@shared/client-paths';

/** Back to the order list, to the search the admin came from. */
export function BackToOrders() {
  const { t } = useAdminTranslation();
  const search = useListSearchToReturnTo();
  return (
    <Link
      to={paths.adminOrders({ search })}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline dark:text-gold-300"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('order.back')}
    </Link>
  );
}
