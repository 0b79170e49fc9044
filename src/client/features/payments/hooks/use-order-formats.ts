import { useTranslation } from 'react-i18next';
import { formatUsd } from '@shared/money';

/**
 * How the payment pages show an order's values in the interface language: countries,
 * nationalities and states are stored in English and translated through the shared `geo`
 * namespace (an unknown value is shown as it is); money in US dollars; dates per SPEC (es-ES / en-US).
 */
export function useOrderFormats() {
  const { t, i18n } = useTranslation('geo');
  const language = i18n.language === 'es' ? 'es' : 'en';
  const dates = new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'long' });
  return {
    language,
    country: (name: string) => t(`countries.${name}`, { defaultValue: name }),
    nationality: (name: string) => t(`nationalities.${name}`, { defaultValue: name }),
    state: (code: string) => t(`states.${code}`, { defaultValue: code }),
    money: (cents: number) => formatUsd(cents, language),
    date: (iso: string) => dates.format(new Date(iso)),
  } as const;
}
