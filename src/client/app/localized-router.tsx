import { createContext, startTransition, useCallback, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createBrowserHistory, Router, type Location } from '@client/lib/router';
import type { Language } from '@shared/languages';
import { languagePrefix, localizedPath, splitLanguagePath } from '@shared/locale-paths';
import { i18n } from '@client/lib/i18n';

/** Moves the current page to its URL in another language (the header's switch); null outside this router. */
const SwitchLanguageContext = createContext<((language: Language) => void) | null>(null);
export const useSwitchLanguage = () => useContext(SwitchLanguageContext);

/**
 * The browser's router with the page's language in its URL (ADR 0016): the /es prefix is the
 * basename, read from the same location on every render, so the routes see /terms in both
 * languages and every <Link> and navigate() keeps the prefix it was rendered under. Switching
 * language moves to the other URL of the same page; the routes match the same page, so nothing
 * is mounted again (a half-filled form keeps its values). Back and forward change the language
 * with the URL.
 */
export function LocalizedBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  const [state, setState] = useState<{ action: typeof history.action; location: Location }>({ action: history.action, location: history.location });
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);

  const { language } = splitLanguagePath(state.location.pathname);
  // the text follows the URL (a switch, Back after one, a link to the other language)
  useLayoutEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);

  const switchLanguage = useCallback(
    (next: Language) => {
      const { pathname, search, hash } = history.location;
      history.push(localizedPath(splitLanguagePath(pathname).path, next) + search + hash, history.location.state);
    },
    [history],
  );

  return (
    <SwitchLanguageContext value={switchLanguage}>
      <Router basename={languagePrefix[language] || '/'} location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </SwitchLanguageContext>
  );
}
