import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import enCommon from '@client/locales/en/common.json';
import enGeo from '@client/locales/en/geo.json';
import enPayment from '@client/locales/en/payment.json';
import esCommon from '@client/locales/es/common.json';
import esGeo from '@client/locales/es/geo.json';
import esPayment from '@client/locales/es/payment.json';
import { CancelledPage } from '../components/cancelled-page';
import { CheckoutPage } from '../components/checkout-page';
import { SuccessPage } from '../components/success-page';

/** Where a redirect or link led: stands in for the pages the payment pages send people to. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname + location.search}</p>;
}

/**
 * Renders the payment pages at `url` as the app does: real translations, a fresh query
 * cache (no retries, so a failure shows at once), a router. Other paths render <Elsewhere>.
 */
export function renderPaymentPage(url: string, { language = 'en' }: { language?: 'en' | 'es' } = {}) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    ns: ['common', 'payment', 'geo'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, payment: enPayment, geo: enGeo }, es: { common: esCommon, payment: esPayment, geo: esGeo } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/payment-success" element={<SuccessPage />} />
            <Route path="/payment-cancelled" element={<CancelledPage />} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, user, queryClient };
}
