import { IntegrationsPage } from '@client/features/admin/components/integrations-page';

export default function AdminIntegrationsRoute() {
  return <IntegrationsPage />;
}
