import { Suspense } from 'react';
import { Outlet, useLocation } from '@client/lib/router';
import { ErrorBoundary } from '@client/components/error-boundary';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { AdminHeader } from './admin-header';

const pageLoading = (
  <div className="min-h-screen">
    <PageSpinner />
  </div>
);

/**
 * The frame of the admin pages: the admin header instead of the site header, no marketing footer.
 * The outer Suspense covers the header's own (lazy) translations, the inner one each page.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={pageLoading}>
      <div className="flex min-h-screen flex-col bg-surface-muted">
        <AdminHeader />
        <main id="main" className="flex-1">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={pageLoading}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </Suspense>
  );
}
