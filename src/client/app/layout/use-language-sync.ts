import { useEffect } from 'react';
import { isLanguage } from '@shared/languages';
import { useTranslation } from '@client/lib/i18n';
import { saveLanguage, whenSessionKnown } from '@client/lib/api/session';

/**
 * A signed-in user's emails follow the language they use the site in: each switch is saved on the
 * account. Called once per page, by the site's header and by the admin area's. Who is signed in is
 * asked at switch time (a switch right after signing out must not call the API), and a switch made
 * while the session still loads is saved once it says someone is.
 */
export function useLanguageSync() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const save = (language: string) => {
      void whenSessionKnown()
        .then((user) => (user && isLanguage(language) ? saveLanguage(language) : undefined))
        .catch(() => undefined);
    };
    i18n.on('languageChanged', save);
    return () => i18n.off('languageChanged', save);
  }, [i18n]);
}
