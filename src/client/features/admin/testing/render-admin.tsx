import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import enAdmin from '@client/locales/en/admin.json';
import enCommon from '@client/locales/en/common.json';
import enGeo from '@client/locales/en/geo.json';
import esAdmin from '@client/locales/es/admin.json';
import esCommon from '@client/locales/es/common.json';
import esGeo from '@client/locales/es/geo.json';

/** Shows the router's current URL, so a test can see where the page navigated (e.g. ?q=). */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

interface RenderOptions {
  /** the URL the page opens at */
  url?: string;
  /** the route pattern the element is mounted on */
  path?: string;
  language?: 'en' | 'es';
}

/** Renders an admin page as the app does: real translations, a fresh query cache, a router. */
export function renderAdmin(element: ReactElement, { url = '/admin/orders', path = '/admin/orders', language = 'en' }: RenderOptions = {}) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    ns: ['common', 'admin', 'geo'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, admin: enAdmin, geo: enGeo }, es: { common: esCommon, admin: esAdmin, geo: esGeo } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  // no retries: a failure shows at once, and every request the test sees is one the page made
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, user, location: () => view.getByTestId('location').textContent };
}
