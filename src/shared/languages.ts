export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/** docs/product.md, "Languages": localStorage key for the interface language. */
export const languageStorageKey = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** docs/product.md, "Languages": 'es' when the browser language starts with es, otherwise 'en'. */
export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** The same choice as a cookie, so the server can send a prerendered page in that language. */
export const languageCookie = 'lang';

/**
 * The language of a page rendered on the server: the visitor's saved choice (cookie), else the
 * first language the browser asks for, which is what navigator.language reports to the client.
 */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  return detectLanguage(cookie ?? null, acceptLanguage?.split(',')[0]?.trim());
}

/**
 * The title of a page the server sends as the plain app shell (not prerendered), until the page
 * sets its own: in the visitor's language, as the page will be. English is index.html's.
 */
export const shellTitle: Record<Language, string> = {
  en: 'Frontera — US LLC formation and EIN',
  es: 'Frontera — Constitución de LLC en EE. UU. y EIN',
};
