import { AdminQueuePage } from '@client/features/admin/components/admin-queue-page';

export default function AdminQueueRoute() {
  return <AdminQueuePage />;
}
