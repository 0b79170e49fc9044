import { useTranslation } from '@client/lib/i18n';
import { StateCostsPage } from '@client/features/compliance/state-costs-page';

export default function StateCostsRoute() {
  // both namespaces load together, so the state names never suspend the page again
  useTranslation(['compliance', 'geo']);
  return <StateCostsPage />;
}
