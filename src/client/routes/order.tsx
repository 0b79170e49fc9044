import { OrderWizard } from '@client/features/orders/components/order-wizard';
import { useOrderTranslation } from '@client/features/orders/namespaces';
import { useSession } from '@client/lib/api/session';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';

/** /order (signed-in only, behind RequireAuth): the wizard, for the signed-in account. */
export default function OrderRoute() {
  const { t } = useOrderTranslation();
  const { price } = usePrice();
  // the title says what the h1 says (OrderWizard's intro.title)
  usePageTitle(t('intro.title'), t('meta.description', { price }));
  const { user } = useSession();
  if (!user) return null;
  // keyed by user: another account in this tab starts from its own draft
  return <OrderWizard key={user.id} account={user} />;
}
