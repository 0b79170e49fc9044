import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from '@client/lib/router';
import { useSession } from '@client/lib/api/session';
import { ErrorBoundary } from '@client/components/error-boundary';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { AdminHeader } from './admin-header';

// only administrators without a second factor see it: its own chunk
const AdminEnrolmentScreen = lazy(() => import('@client/features/security/components/admin-enrolment-screen'));

const pageLoading = (
  <div className="min-h-screen">
    <PageSpinner />
  </div>
);

/**
 * The frame of the admin pages: the admin header instead of the site header, no marketing footer.
 * The outer Suspense covers the header's own (lazy) translations, the inner one each page. An
 * administrator without a second factor sees its enrolment instead of any page: the server answers
 * 403 second_factor_required to every admin endpoint until then.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const { user } = useSession();
  return (
    <Suspense fallback={pageLoading}>
      <div className="flex min-h-screen flex-col bg-surface-muted">
        <AdminHeader />
        <main id="main" className="flex-1">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={pageLoading}>{user && !user.twoFactorEnabled ? <AdminEnrolmentScreen user={user} /> : <Outlet />}</Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </Suspense>
  );
}
