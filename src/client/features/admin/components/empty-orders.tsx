import { Inbox, SearchX } from 'lucide-react';
import { useAdminTranslation } from '../hooks/use-admin-translation';

/** SPEC section 8: admin.noOrders, or admin.noOrdersFound while searching. */
export function EmptyOrders({ searching }: { searching: boolean }) {
  const { t } = useAdminTranslation();
  const Icon = searching ? SearchX : Inbox;
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center text-muted">
      <Icon className="size-10" strokeWidth={1.5} aria-hidden />
      <p className="mt-3 max-w-sm">{t(searching ? 'noOrdersFound' : 'noOrders')}</p>
    </div>
  );
}
