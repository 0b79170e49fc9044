import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { LocalizedBrowserRouter } from './app/localized-router';
import { captureEnrolmentLink } from './features/security/enrolment-link';
import { installChunkReload, isReloading } from './lib/chunk-reload';
import { installErrorReports, reportError } from './lib/error-reports';
import { i18nReady, initialLanguage } from './lib/i18n';
import { applyTheme, initialTheme } from './lib/theme';
import './styles.css';

// before the first render, so the page never flashes the wrong theme (the server's inline script
// already did this for prerendered pages; the Vite dev server has no such script)
applyTheme(initialTheme(), false);
// zod probes `new Function` on its first object parse to pick a faster path; the CSP forbids eval
// and reports the probe as a violation (Lighthouse best practices). This is zod's own
// `z.config({ jitless: true })` (its config lives on this global), without loading zod up front.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;
installChunkReload();
installErrorReports();
// before the router reads the address: an enrolment link's fragment is kept, then removed
captureEnrolmentLink();

const container = document.getElementById('root')!;
const app = <App Router={LocalizedBrowserRouter} />;
// the texts of the header and footer first: a prerendered page then hydrates in one pass. A page
// the server prerendered in this language is taken over in place; any other is rendered here.
// An error an error boundary shows is logged and reported; one while the page reloads for a
// missing chunk is not (the lazy page then has no module, which React reports as an unrelated TypeError).
const options = {
  onCaughtError(error: unknown, info: { componentStack?: string }) {
    if (isReloading()) return;
    console.error(error, info.componentStack);
    reportError(error, 'render');
  },
  onUncaughtError(error: unknown) {
    console.error(error);
    reportError(error, 'render');
  },
};
void i18nReady.then(() => {
  if (container.dataset.prerendered === initialLanguage) hydrateRoot(container, app, options);
  else createRoot(container, options).render(app);
});
