import { AdminActivityPage } from '@client/features/admin/components/admin-activity-page';

export default function AdminActivityRoute() {
  return <AdminActivityPage />;
}
