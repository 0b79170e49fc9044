import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/languages';
import { formatUsd } from '@shared/money';
import { useLanguage } from './use-language';

/**
 * How the admin pages show values, in the interface language: money, dates, and the geography
 * that is stored in English (src/shared/geo.ts) and translated by the shared `geo` namespace.
 */
export function useFormats() {
  const { t } = useTranslation(['admin', 'geo']);
  const language = useLanguage();
  return {
    language,
    /** SPEC: amount paid is empty until a payment is confirmed */
    usd: (cents: number | null) => (cents == null ? t('notProvided') : formatUsd(cents, language)),
    date: (iso: string) => formatDate(iso, language, { dateStyle: 'medium' }),
    dateTime: (iso: string) => formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short' }),
    country: (name: string) => t(`countries.${name}`, { ns: 'geo', defaultValue: name }),
    nationality: (name: string) => t(`nationalities.${name}`, { ns: 'geo', defaultValue: name }),
    state: (code: string) => t(`states.${code}`, { ns: 'geo', defaultValue: code }),
  };
}
