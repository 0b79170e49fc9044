import { StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from '@client/components/error-boundary';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { ScrollManager } from './scroll-manager';

/**
 * The whole app inside the router its entry gives it: the browser's (main.tsx) or a static one
 * (entry-server.tsx). One tree for both, so a prerendered page hydrates without a mismatch.
 */
export function App({ Router }: { Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <AppProvider>
        {/* the last resort, for a page without a layout (/v2) or a broken layout: never a blank screen */}
        <ErrorBoundary>
          <Router>
            <ScrollManager />
            <Suspense fallback={<PageSpinner />}>
              <AppRoutes />
            </Suspense>
          </Router>
        </ErrorBoundary>
      </AppProvider>
    </StrictMode>
  );
}
