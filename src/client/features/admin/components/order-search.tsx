import { SearchBox } from '@client/components/ui/search-box';
import { useAdminTranslation } from '../../../lib/use-admin-translation';

interface OrderSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** a search is on its way */
  busy: boolean;
  /** the users page's words instead of the orders' */
  label?: string;
  placeholder?: string;
}

/** The search box of the order list: organizer name, email or nationality (SPEC section 5). */
export function OrderSearch({ label, placeholder, ...box }: OrderSearchProps) {
  const { t } = useAdminTranslation();
  return (
    <SearchBox {...box} label={label ?? t('list.searchLabel')} placeholder={placeholder ?? t('list.searchPlaceholder')} clearLabel={t('list.clearSearch')} />
  );
}
