import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, languageStorageKey, languages, type Language } from '@shared/languages';
import enCommon from '../locales/en/common.json';
import esCommon from '../locales/es/common.json';

/**
 * `common` ships with the first load; every other namespace is its own chunk, fetched when a
 * route that uses it renders (react-i18next suspends until it arrives).
 */
const namespaceLoaders = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '!../locales/*/common.json']);

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespaceLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`missing namespace ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

export const initialLanguage: Language = detectLanguage(storedLanguage(), navigator.language);

function applyLanguage(language: string) {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

i18n.on('languageChanged', applyLanguage);

void i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    lng: initialLanguage,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    ns: ['common'],
    defaultNS: 'common',
    // a page's t() (bound to its feature namespace) still finds shared keys such as errors.*
    fallbackNS: 'common',
    resources: { en: { common: enCommon }, es: { common: esCommon } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });
applyLanguage(initialLanguage);

export function currentLanguage(): Language {
  return i18n.language === 'es' ? 'es' : 'en';
}

export { i18n };
