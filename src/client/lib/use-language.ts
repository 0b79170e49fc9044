import { useMemo } from 'react';
import { translateUncheckedKey, useTranslation } from '@client/lib/i18n';
import { isLanguage, type Language } from '@shared/languages';
import { formatCalendarDay, formatDate, formatLocale, formatNumber, formatUsd, parseIsoDay } from '@shared/formats';
import { formatCount } from '@shared/list-counts';

/** The interface language as our formatters want it; re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * Money, dates and state names in the interface language: what public pages show. Countries and
 * phones are in useFormats (use-formats.ts), apart because the phone metadata is 100 KB of script
 * that a page without phone numbers should not load and evaluate.
 */
export function useBasicFormats() {
  const { t } = useTranslation('geo');
  const language = useLanguage();
  return useMemo(
    () => ({
      language,
      /** for Intl formatters of our own (e.g. file sizes) */
      locale: formatLocale[language],
      usd: (cents: number) => formatUsd(cents, language),
      /** a count or figure: "10,000" in both languages (es-419) */
      number: (value: number, fractionDigits = 0) => formatNumber(value, language, fractionDigits),
      /** a list's count of matches, "10,000+" at the cap (the lists' own, unless given) */
      count: (value: number, cap?: number) => formatCount(value, language, cap),
      /** 'medium' (Jun 3, 2026) in lists and details, 'long' (June 3, 2026) on a receipt */
      date: (iso: string, dateStyle: 'medium' | 'long' = 'medium') => formatDate(iso, language, { dateStyle }),
      /** a calendar day (YYYY-MM-DD: milestones, formation date) read as that day wherever the reader is */
      day: (isoDay: string) => formatCalendarDay(parseIsoDay(isoDay), language, 'medium'),
      /** a calendar day in running text, in long form: "Due on March 1, 2027", "Vence el 1 de marzo de 2027" */
      longDay: (isoDay: string) => formatCalendarDay(parseIsoDay(isoDay), language, 'long'),
      dateTime: (iso: string) => formatDate(iso, language, { dateStyle: 'medium', timeStyle: 'short' }),
      // a code as the API sends it (a string): one we have no name for reads as itself
      state: (code: string) => translateUncheckedKey(t, `states.${code}`, { defaultValue: code }),
    }),
    [t, language],
  );
}
