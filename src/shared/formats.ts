import type { Language } from './languages';

/*
 * Every number, amount, percentage and date the product writes, for both halves: the pages, the
 * emails, the receipt, the test checkout page. English is en-US. Spanish is Latin
 * American, CLDR's es-419 (Mexico, Central America, US Hispanics): a decimal point and comma groups
 * ("10,000", "4.7", "6.6%"), and money always says its currency, "US$399" (docs/glossary.md), since
 * a bare "$399" reads as pesos in most of the region.
 *
 * Numbers, money, percentages and calendar days are written out, not asked of Intl: a browser's
 * first NumberFormat or DateTimeFormat loads ICU data, 20–110 ms of main thread on a phone, on the
 * public pages that show a price, a rate or a date. Written out, the server's and the browser's text
 * are the same by construction. formats.test.ts holds each to Intl's output.
 */

/** The locale each language's dates are written in (Intl, for dates with a time of day). */
export const formatLocale: Record<Language, string> = { en: 'en-US', es: 'es-419' };

/** "1,234,567" / "4.7": the same in en-US and es-419. Rounded to `fractionDigits` (0 by default), trailing zeros kept. */
export function formatNumber(value: number, _language: Language, fractionDigits = 0): string {
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole, fraction] = fixed.split('.');
  const negative = value < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** The currency sign before an amount: Spanish says whose dollars they are. */
const dollarSign: Record<Language, string> = { en: '$', es: 'US$' };

/** Integer cents as dollars: whole dollars without cents ("$399", "US$399"), else two decimals ("$4.50", "US$4.50"). */
export function formatUsd(cents: number, language: Language): string {
  const rounded = Math.round(Math.abs(cents));
  const amount = formatNumber(rounded / 100, language, rounded % 100 === 0 ? 0 : 2);
  return `${cents < 0 && rounded > 0 ? '-' : ''}${dollarSign[language]}${amount}`;
}

/** A percentage under 1,000 with up to two decimals: "5.75%" in both languages. */
export function formatPercent(percent: number, language: Language): string {
  const rounded = Math.round(percent * 100) / 100;
  return `${formatNumber(rounded, language, Number.isInteger(rounded) ? 0 : Number.isInteger(rounded * 10) ? 1 : 2)}%`;
}

/** A moment (with its time of day, in the reader's time zone) through Intl, in the language's locale. */
export function formatDate(value: Date | string, language: Language, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(formatLocale[language], options ?? { dateStyle: 'long' }).format(date);
}

const monthNames: Record<Language, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};
/** CLDR's abbreviations: three letters, but Spanish "sept" */
const shortMonth = (language: Language, month: number) => {
  const name = monthNames[language][month - 1]!;
  return name.slice(0, language === 'es' && month === 9 ? 4 : 3);
};

/**
 * A calendar day (no time of day, no time zone) as en-US / es-419 write it: 'month-day' "June 3" /
 * "3 de junio", 'medium' "Jun 3, 2026" / "3 jun 2026", 'long' "June 3, 2026" / "3 de junio de 2026".
 */
export function formatCalendarDay(day: Omit<CalendarDay, 'year'> & { year?: number }, language: Language, style: 'month-day' | 'medium' | 'long'): string {
  const month = style === 'medium' ? shortMonth(language, day.month) : monthNames[language][day.month - 1]!;
  if (language === 'es') {
    if (style === 'medium') return `${day.day} ${month} ${day.year}`;
    return style === 'long' ? `${day.day} de ${month} de ${day.year}` : `${day.day} de ${month}`;
  }
  return style === 'month-day' ? `${month} ${day.day}` : `${month} ${day.day}, ${day.year}`;
}

/** "2026-06-03" as the calendar day it names. */
export function parseIsoDay(isoDay: string): CalendarDay {
  const [year, month, day] = isoDay.slice(0, 10).split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The calendar day a moment falls on where this code runs (the reader's time zone, in a browser). */
export const localDay = (moment: Date): CalendarDay => ({ year: moment.getFullYear(), month: moment.getMonth() + 1, day: moment.getDate() });

/**
 * The two ends of a span of days as running text says them, in long form, the month and year
 * said once where they are shared: "December 11" … "25, 2026" ("between December 11 and 25, 2026"),
 * "11" … "25 de diciembre de 2026" ("entre el 11 y el 25 de diciembre de 2026").
 */
export function formatDayRange(from: CalendarDay, to: CalendarDay, language: Language): { from: string; to: string } {
  const long = formatCalendarDay(to, language, 'long');
  if (from.year !== to.year) return { from: formatCalendarDay(from, language, 'long'), to: long };
  if (from.month !== to.month) return { from: formatCalendarDay(from, language, 'month-day'), to: long };
  return language === 'es' ? { from: String(from.day), to: long } : { from: formatCalendarDay(from, language, 'month-day'), to: `${to.day}, ${to.year}` };
}

/**
 * A moment as the partner pages announce it, in US Eastern Standard Time (UTC−5, as the copy writes the
 * launch): "June 1, 2025 at 12:00 PM EST" / "1 de junio de 2025 a las 12:00 p.m. EST". Written out,
 * so the prerendered page and the browser agree.
 */
export function formatEasternMoment(iso: string, language: Language): string {
  const eastern = new Date(Date.parse(iso) - 5 * 3_600_000);
  const day = formatCalendarDay({ year: eastern.getUTCFullYear(), month: eastern.getUTCMonth() + 1, day: eastern.getUTCDate() }, language, 'long');
  const hours = eastern.getUTCHours();
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(eastern.getUTCMinutes()).padStart(2, '0')}`;
  return language === 'es' ? `${day} a las ${clock} ${hours < 12 ? 'a.m.' : 'p.m.'} EST` : `${day} at ${clock} ${hours < 12 ? 'AM' : 'PM'} EST`;
}

/** 10 MB, 2.5 MB, 240 kB (the SI symbols Intl writes): enough precision to recognise a file (the units read the same in both languages). */
export function formatFileSize(bytes: number, language: Language): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), language)} kB`;
  const megabytes = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${formatNumber(megabytes, language, Number.isInteger(megabytes) ? 0 : 1)} MB`;
}
