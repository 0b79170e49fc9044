import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@shared/languages';

/** The interface language as our formatters want it; re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
