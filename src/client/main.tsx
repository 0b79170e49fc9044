import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { ScrollManager } from './app/scroll-manager';
import { PageSpinner } from './components/ui/page-spinner';
import './lib/i18n';
import { applyTheme, initialTheme } from './lib/theme';
import './styles.css';

// before the first render, so the page never flashes the wrong theme
applyTheme(initialTheme(), false);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <ScrollManager />
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
