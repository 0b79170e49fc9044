import { copyVariables } from '@shared/figures';
import { languageCookie, languageStorageKey, type Language } from '@shared/languages';
import { splitLanguagePath } from '@shared/locale-paths';
import { createI18n, type Texts } from '@shared/i18n/translator';
import type { TypedI18n } from '@shared/i18n/keys';

/**
 * Every namespace of every language is its own chunk: `common` of the visitor's language is
 * fetched before the first render (main.tsx waits for `i18nReady`; the server preloads it with
 * the page), the others when a route that uses them renders (useTranslation suspends until they
 * arrive). A visitor never downloads the other language's texts.
 */
const namespaceLoaders = import.meta.glob<{ default: Texts }>('../../locales/*/*.json');

/**
 * The app's texts, in the browser and in the server's page renderer (entry-server.tsx). No
 * fallback language: both have every key (locales.test.ts), and a fallback would make a Spanish
 * reader download every English namespace as well.
 */
export const appTranslator = createI18n({
  async load(language, namespace) {
    const load = namespaceLoaders[`../../locales/${language}/${namespace}.json`];
    if (!load) throw new Error(`missing namespace ${language}/${namespace}`);
    return (await load()).default;
  },
  // the figures the copy quotes, written in the language's format
  variables: copyVariables,
});

/** The app's translator with typed keys (keys.ts): the same object, seen through the English catalogue's types. */
export const i18n = appTranslator as unknown as TypedI18n;

// the same module renders pages on the server (entry-server.tsx), where there is no browser to ask
const inBrowser = typeof document !== 'undefined';

/**
 * The page's URL says its language (ADR 0016: Spanish under /es). A saved choice or the browser's
 * language only picks where / goes, on the server (platform/http/spa.ts).
 */
export const initialLanguage: Language = inBrowser ? splitLanguagePath(window.location.pathname).language : 'en';

/**
 * The choice is saved the moment it is made (`languageChanging`), not once the new language's
 * namespaces have arrived: a visitor who clicks the switch and at once opens another page by
 * its address still gets the language they chose. `<html lang>` follows the text on screen.
 */
function rememberLanguage(language: string) {
  // the cookie tells the server where / sends this browser next time (to /es/ or not)
  document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

function showLanguage(language: string) {
  document.documentElement.lang = language;
}

// attached before the first language is set, which emits both events too
if (inBrowser) {
  i18n.on('languageChanging', rememberLanguage);
  i18n.on('languageChanged', showLanguage);
}

/** Settles once the first language's `common` texts have arrived. */
export const i18nReady: Promise<unknown> = i18n.changeLanguage(initialLanguage);

export function currentLanguage(): Language {
  return i18n.language === 'es' ? 'es' : 'en';
}
