import { AdminUsersPage } from '@client/features/users/admin-users-page';

export default function AdminUsersRoute() {
  return <AdminUsersPage />;
}
