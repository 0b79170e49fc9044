import { useTranslation } from '@client/lib/i18n';
import { Dashboard } from '@client/routes/dashboard/dashboard';
import { useSession } from '@client/lib/api/session';
import { usePageTitle } from '@client/lib/page-title';

/** /dashboard: behind RequireAuth, so there is a user; the feature does the rest. */
export default function DashboardRoute() {
  // the namespaces load together here, so the cards (state and country names, the progress timeline, the refund section)
  // never suspend the page again: a late one hid the page and took the focus off the linked order's card
  const { t } = useTranslation(['dashboard', 'geo', 'milestones', 'refunds', 'filing']);
  const { user } = useSession();
  usePageTitle(t('meta.title'));
  return user ? <Dashboard user={user} /> : null;
}
