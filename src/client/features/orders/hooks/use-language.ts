import { useTranslation } from 'react-i18next';
import { dateLocale, isLanguage, type Language } from '@shared/languages';

/** The interface language (re-renders when it changes) and its number/date locale. */
export function useLanguage(): { language: Language; locale: string } {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return { language, locale: dateLocale[language] };
}
