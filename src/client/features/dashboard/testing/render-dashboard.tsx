import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { TSessionUser } from '@shared/auth';
import enCommon from '@client/locales/en/common.json';
import enDashboard from '@client/locales/en/dashboard.json';
import enGeo from '@client/locales/en/geo.json';
import esCommon from '@client/locales/es/common.json';
import esDashboard from '@client/locales/es/dashboard.json';
import esGeo from '@client/locales/es/geo.json';
import { Dashboard } from '../components/dashboard';

export const customer: TSessionUser = { id: 'user-1', name: 'Ana María Pérez', email: 'ana@example.com', isAdmin: false };

/** Renders the dashboard as the app does: real translations, a fresh query cache, a router. */
export function renderDashboard({ user = customer, language = 'en' }: { user?: TSessionUser; language?: 'en' | 'es' } = {}) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    ns: ['common', 'dashboard', 'geo'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, dashboard: enDashboard, geo: enGeo }, es: { common: esCommon, dashboard: esDashboard, geo: esGeo } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  // no retries: a failure shows at once, and every request the test sees is one the page made
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const events = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Dashboard user={user} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, user: events };
}
