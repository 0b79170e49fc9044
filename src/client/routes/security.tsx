import { YourDataPanel } from '@client/features/account-data/components/your-data-panel';
import { SecurityPage } from '@client/features/security/components/security-page';
import { useSession } from '@client/lib/api/session';
import { useTranslation } from '@client/lib/i18n';
import { usePageTitle } from '@client/lib/page-title';

/** /dashboard/security: behind RequireAuth, so there is a user. */
export default function SecurityRoute() {
  // the panels' namespaces load together, so no panel suspends the page again
  const { t } = useTranslation(['security', 'accountData', 'auth']);
  const { user } = useSession();
  usePageTitle(t('meta.title'), t('meta.description'));
  return user ? (
    <SecurityPage user={user}>
      <YourDataPanel twoFactorEnabled={user.twoFactorEnabled} />
    </SecurityPage>
  ) : null;
}
