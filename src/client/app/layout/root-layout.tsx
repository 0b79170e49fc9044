import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
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
      <main id="main" className="flex-1">
        {/* screen-tall while a page loads, so the footer does not show and then jump away (layout shift) */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<div className="min-h-screen"><PageSpinner /></div>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
