import { Plug } from 'lucide-react';
import { AdminPlaceholder } from '@client/features/admin/components/admin-placeholder';

export default function AdminIntegrationsRoute() {
  return <AdminPlaceholder page="integrations" icon={Plug} />;
}
