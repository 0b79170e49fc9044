import { SearchBox } from '@client/components/ui/search-box';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

interface ListSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** a search is on its way */
  busy: boolean;
  /** the users page's words instead of the orders' */
  label?: string;
  placeholder?: string;
}

/** The search box of the order list: organizer name, email or nationality (docs/product.md, "Validation"). */
export function ListSearch({ label, placeholder, ...box }: ListSearchProps) {
  const { t } = useAdminTranslation();
  return (
    <SearchBox {...box} label={label ?? t('list.searchLabel')} placeholder={placeholder ?? t('list.searchPlaceholder')} clearLabel={t('list.clearSearch')} />
  );
}
