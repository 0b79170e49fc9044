import { IntegrationsPage } from '@client/features/integrations/integrations-page';

export default function AdminIntegrationsRoute() {
  return <IntegrationsPage />;
}
