import type { Language } from './languages';

/**
 * One URL per page and language (ADR 0016): English keeps the plain paths, Spanish
 * lives under /es with the same path after it (/es/terms, /es/state-quiz). The client router
 * takes the prefix as its basename, so every link and redirect inside the app keeps the
 * language by itself; the server reads it here to prerender, redirect and link alternates.
 */
export const languagePrefix: Record<Language, string> = { en: '', es: '/es' };

/** The language a URL path is in, and the page path without its language prefix. */
export function splitLanguagePath(pathname: string): { language: Language; path: string } {
  // the same rule as React Router's basename: /es, /es/ and /es/… (never /estados)
  if (pathname === languagePrefix.es || pathname.startsWith(`${languagePrefix.es}/`)) {
    return { language: 'es', path: pathname.slice(languagePrefix.es.length) || '/' };
  }
  return { language: 'en', path: pathname || '/' };
}

/** The URL path of a page (a path without prefix, query allowed) in a language; Spanish home is /es/. */
export function localizedPath(path: string, language: Language): string {
  return `${languagePrefix[language]}${path}`;
}

/** An absolute link to a page of the app in a language (emails, calendar entries, search engines). */
export function appPageUrl(appUrl: string, path: string, language: Language): string {
  return new URL(localizedPath(path, language), appUrl).toString();
}
