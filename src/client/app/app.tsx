import { StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
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
        <Router>
          <ScrollManager />
          <Suspense fallback={<PageSpinner />}>
            <AppRoutes />
          </Suspense>
        </Router>
      </AppProvider>
    </StrictMode>
  );
}
