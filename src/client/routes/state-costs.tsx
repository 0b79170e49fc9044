import { useTranslation } from 'react-i18next';
import { StateCostsPage } from '@client/features/compliance/state-costs-page';

export default function StateCostsRoute() {
  // both namespaces load together, so the state names never suspend the page again
  useTranslation(['compliance', 'geo']);
  return <StateCostsPage />;
}
