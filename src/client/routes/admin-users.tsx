import { Users } from 'lucide-react';
import { AdminPlaceholder } from '@client/features/admin/components/admin-placeholder';

export default function AdminUsersRoute() {
  return <AdminPlaceholder page="users" icon={Users} />;
}
