import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { Footer } from './footer';
import { Header } from './header';

/** Header, page, footer: the frame of every public and customer page. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
