import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@client/lib/router';
// loaded up front: the app loads toasts lazily on the first one, which can outlast findBy's wait in a cold test run
import { toast as sonner } from 'sonner';
import { copyVariables } from '@shared/figures';
import type { Language } from '@shared/languages';
import { ToastHost } from '@client/components/ui/toast';
import { createI18n, I18nProvider, type Resources } from '@client/lib/i18n';

// every namespace in both languages, synchronously: what the app has once a page's texts arrived
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const resources: Resources = {};
for (const [file, bundle] of Object.entries(bundles)) {
  const [, language, namespace] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  (resources[language!] ??= {})[namespace!] = bundle;
}

/** Shows the router's current URL, so a test can see where the page navigated (e.g. ?q=, a redirect). */
function LocationProbe() {
  const location = useLocation();
  return (
    <div hidden data-testid="location">
      {location.pathname + location.search}
    </div>
  );
}

export interface RenderOptions {
  /** the URL the page opens at */
  route?: string;
  /** the route pattern `ui` is mounted on (for its params); other URLs render nothing. Without it, `ui` shows at every URL */
  path?: string;
  language?: Language;
  /** mounts the toast host, for pages that report through toasts */
  toasts?: boolean;
}

/** An i18n instance with every text in both languages, for a hook or component tested on its own. */
export function createTestI18n(language: Language = 'en') {
  return createI18n({ language, resources, variables: copyVariables });
}

/**
 * Renders `ui` as the app does: real translations in the chosen language, a fresh query cache
 * (no retries: a failure shows at once, and every request the test sees is one the page made),
 * a router. Answer its requests with stubApi.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', path, language = 'en', toasts = false }: RenderOptions = {}) {
  const i18n = createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // a person can pick any file in the dialog ("All files"): the page checks the type itself
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={null} />
            </Routes>
          ) : (
            ui
          )}
          <LocationProbe />
        </MemoryRouter>
        {toasts && <ToastHost />}
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, user, queryClient, i18n, location: () => view.getByTestId('location').textContent };
}

/** Sonner keeps its toasts in a module-wide store: forget the last test's. */
export function clearToasts() {
  sonner.dismiss();
}
