import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import enCommon from '@client/locales/en/common.json';
import enJv from '@client/locales/en/jv.json';
import enSupport from '@client/locales/en/support.json';

export function renderJv(ui: ReactNode) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['jv', 'support', 'common'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, jv: enJv, support: enSupport } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}
