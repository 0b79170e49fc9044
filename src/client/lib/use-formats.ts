import { useMemo } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { dateLocale, formatCalendarDay, formatDate, isLanguage, parseIsoDay, type Language } from '@shared/languages';
import { countryName, nationalityName } from '@shared/countries';
import { formatUsd } from '@shared/money';
import { formatPhone } from '@shared/phones';

/** The interface language as our formatters want it; re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * How every page shows an order's values in the interface language: money in US dollars, dates
 * with es-ES / en-US (SPEC), countries and nationalities (ISO codes) named by the platform
 * (src/shared/countries.ts), phones in international format, and states, translated by the shared
 * `geo` namespace; an unknown value shows as stored.
 */
export function useFormats() {
  const { t } = useTranslation('geo');
  const language = useLanguage();
  return useMemo(
    () => ({
      language,
      /** for Intl formatters of our own (e.g. file sizes) */
      locale: dateLocale[language],
      usd: (cents: number) => formatUsd(cents, language),
      /** 'medium' (Jun 3, 2026) in lists and details, 'long' (June 3, 2026) on a receipt */
      date: (iso: string, dateStyle: 'medium' | 'long' = 'medium') => formatDate(iso, language, { dateStyle }),
      /** a calendar day (YYYY-MM-DD: milestones, formation date) read as that day wherever the reader is */
      day: (isoDay: string) => formatCalendarDay(parseIsoDay(isoDay), language, 'medium'),
      dateTime: (iso: string) => formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short' }),
      country: (code: string) => countryName(code, language),
      nationality: (code: string) => nationalityName(code, language),
      phone: formatPhone,
      state: (code: string) => t(`states.${code}`, { defaultValue: code }),
    }),
    [t, language],
  );
}
