import { AdminDeadlinesPage } from '@client/features/compliance/admin-deadlines-page';

export default function AdminComplianceRoute() {
  return <AdminDeadlinesPage />;
}
