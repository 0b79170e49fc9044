import { AdminActivityPage } from '@client/features/activity/admin-activity-page';

export default function AdminActivityRoute() {
  return <AdminActivityPage />;
}
