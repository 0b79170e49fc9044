import { Suspense } from 'react';
import { Outlet, useLocation } from '@client/lib/router';
import { ErrorBoundary } from '@client/components/error-boundary';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { Footer } from './footer';
import { Header } from './header';

/** Header, page, footer: the frame of every public and customer page. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      {/* at least screen-tall: the footer starts below the fold, so a page whose content arrives
          late (data, a redirect to sign in) never moves it in view (layout shift) */}
      <main id="main" className="min-h-screen flex-1">
        <ErrorBoundary resetKey={pathname}>
          <Suspense
            fallback={
              <div className="min-h-screen">
                <PageSpinner />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
