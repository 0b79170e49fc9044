import { AdminQueuePage } from '@client/features/queue/admin-queue-page';

export default function AdminQueueRoute() {
  return <AdminQueuePage />;
}
